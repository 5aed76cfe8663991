/// Markdown (GitHub's flavour, which also renders HTML) made from trusted text and
/// input: a literal is written as it is, and everything interpolated is escaped —
/// as text by default, or as a code span with `\(code: name)` — so a label's text,
/// a file name or a colour name from a pull request cannot add a heading, a link,
/// an image or a tag to a job summary.
///
/// ```swift
/// let line: MarkdownText = "### \(count) snapshot(s): \(code: cause)"
/// ```
public struct MarkdownText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The Markdown.
  public private(set) var description: String

  /// Trusted Markdown, as written in Darkroom's source.
  public init(stringLiteral value: String) { description = value }

  /// Text Darkroom made itself (counts, measurements, its own words), kept as it is;
  /// never text that came from input.
  public init(trusted text: String) { description = text }

  /// Markdown built from literals and escaped values.
  public init(stringInterpolation: Interpolation) { description = stringInterpolation.text }

  /// Literals kept, values escaped.
  public struct Interpolation: StringInterpolationProtocol {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

    /// A literal part, trusted.
    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// A value from input, as plain text: Markdown's punctuation and HTML's
    /// characters escaped, on one line.
    public mutating func appendInterpolation(_ value: String) { text += MarkdownText.escaped(value) }

    /// A number or another value Darkroom made, as it prints.
    public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) { text += "\(value)" }

    /// A value from input as a code span, which shows it literally.
    public mutating func appendInterpolation(code value: String) { text += MarkdownText.code(value) }

    /// Markdown built the same way, already safe.
    public mutating func appendInterpolation(_ value: MarkdownText) { text += value.description }
  }

  /// Joins pieces of Markdown.
  public static func + (a: MarkdownText, b: MarkdownText) -> MarkdownText {
    var joined = a
    joined.description += b.description
    return joined
  }

  /// `text` as Markdown text that shows exactly it, on one line: HTML's characters
  /// as entities; emphasis, code, link, table and strike-through punctuation
  /// escaped; `:`, `.` and `@` escaped so no URL, `www.` address or e-mail becomes
  /// a link; and a leading `#`, `+`, `-` or `=` escaped so it starts no heading or
  /// list.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in TerminalText.line(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\\", "`", "*", "_", "[", "]", "|", "~", ":", ".", "@", "!":
        out += "\\" + String(scalar)
      case "#", "+", "-", "=":
        out += out.isEmpty ? "\\" + String(scalar) : String(scalar)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` as a code span on one line: fenced with more backticks than it holds,
  /// its pipes escaped (a table cell ends at a bare pipe, even in code).
  public static func code(_ text: String) -> String {
    let body = TerminalText.line(text).replacingOccurrences(of: "|", with: "\\|")
    var longest = 0, run = 0
    for character in body {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.isEmpty ? " \(body) " : body
    return fence + padded + fence
  }
}
