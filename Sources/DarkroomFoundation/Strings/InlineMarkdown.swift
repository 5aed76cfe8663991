// The one Swift file that calls cmark-gfm (through the CDarkroomMarkdown shim).
import CDarkroomMarkdown

/// A string's inline Markdown as SwiftUI's `Text` shows a `LocalizedStringKey`'s
/// value: `**bold**`, `*italic*`, `` `code` ``, `~~struck~~` and `[links](url)` are
/// styles; block syntax (`# `, `- `, `> `, `1. `) stays text; whitespace and line
/// breaks are kept as written — Foundation's `inlineOnlyPreservingWhitespace`.
///
/// Parsed by cmark-gfm (CommonMark with GitHub's extensions, the dialect
/// Foundation's `AttributedString(markdown:)` reads), one line at a time; a line's leading and trailing whitespace is set aside
/// before parsing, and a character that would start a block is escaped, so the
/// parser only ever sees one paragraph of inline text.
public enum InlineMarkdown {
  /// A stretch of text in one set of styles.
  public struct Span: Sendable, Hashable {
    /// The shown text.
    public var text: String
    /// Inside `**…**` or `__…__`.
    public var strong = false
    /// Inside `*…*` or `_…_`.
    public var emphasis = false
    /// Inside backticks.
    public var code = false
    /// Inside `~~…~~`.
    public var strikethrough = false
    /// A link's text.
    public var link = false

    /// A stretch of `text` in no style.
    public init(_ text: String) { self.text = text }

    /// Whether the stretch is in no style.
    package var isPlain: Bool { !strong && !emphasis && !code && !strikethrough && !link }

    /// Whether the stretch has the same styles as `other`.
    func styled(like other: Span) -> Bool {
      strong == other.strong && emphasis == other.emphasis && code == other.code
        && strikethrough == other.strikethrough && link == other.link
    }
  }

  /// The characters that make a line worth parsing: with none of them, Markdown
  /// leaves it as it is.
  static let markers: Set<Unicode.Scalar> = ["*", "_", "`", "~", "[", "<", "&", "\\"]

  /// The spans of `text`, in order; a text with no Markdown is one plain span.
  public static func spans(_ text: String) -> [Span] {
    guard text.unicodeScalars.contains(where: { markers.contains($0) }) else { return [Span(text)] }
    var spans: [Span] = []
    // Lines end where a label's paragraphs do (LF, CR, CR LF, U+2028, U+2029), and
    // their breaks are kept as written.
    var line = ""
    for character in text {
      if character == "\n" || character == "\r" || character == "\r\n" || character == "\u{2028}" || character == "\u{2029}" {
        for span in lineSpans(Substring(line)) { append(span, to: &spans) }
        append(Span(String(character)), to: &spans)
        line = ""
      } else {
        line.append(character)
      }
    }
    for span in lineSpans(Substring(line)) { append(span, to: &spans) }
    return spans.isEmpty ? [Span("")] : spans
  }

  private static func append(_ span: Span, to spans: inout [Span]) {
    guard !span.text.isEmpty else { return }
    if let last = spans.last, last.styled(like: span) {
      spans[spans.count - 1].text += span.text
    } else {
      spans.append(span)
    }
  }

  /// One line: its whitespace at either end kept as plain text, the rest parsed.
  private static func lineSpans(_ line: Substring) -> [Span] {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    let lead = line.prefix(while: isSpace)
    let rest = line.dropFirst(lead.count)
    let trail = rest.reversed().prefix(while: isSpace).count
    let core = rest.dropLast(trail)
    guard core.unicodeScalars.contains(where: { markers.contains($0) }) else { return [Span(String(line))] }
    guard let parsed = parse(escapingBlockStart(core)) else { return [Span(String(line))] }
    return [Span(String(lead))] + parsed + [Span(String(rest.suffix(trail)))]
  }

  /// The line with a backslash before the character that would make it a block
  /// (heading, quote, list item, rule, fence, HTML block, link definition), which
  /// CommonMark then shows as itself.
  static func escapingBlockStart(_ line: Substring) -> String {
    let s = Array(line.unicodeScalars)
    guard let c = s.first else { return "" }
    func isBlank(_ i: Int) -> Bool { i >= s.count || s[i] == " " || s[i] == "\t" }
    func escaped(at i: Int) -> String {
      var out = String.UnicodeScalarView()
      out.append(contentsOf: s[..<i])
      out.append("\\")
      out.append(contentsOf: s[i...])
      return String(out)
    }
    switch c {
    case "<":
      // An autolink (`<https://…>`, `<a@b.c>`) is inline; anything else may open an
      // HTML block.
      let close = s.firstIndex(of: ">") ?? s.count
      let inner = s[1..<close]
      let isAutolink = close < s.count && !inner.isEmpty && !inner.contains { $0 == " " || $0 == "<" }
        && (inner.contains(":") || inner.contains("@"))
      return isAutolink ? String(line) : escaped(at: 0)
    case ">", "=", "|":
      return escaped(at: 0)
    case "#":
      let hashes = s.prefix { $0 == "#" }.count
      return hashes <= 6 && isBlank(hashes) ? escaped(at: 0) : String(line)
    case "-", "+", "*", "_":
      // A list item's bullet, or a thematic break (three or more of one of - * _).
      let rule = c != "+" && s.filter { $0 != " " && $0 != "\t" }.allSatisfy { $0 == c } && s.filter { $0 == c }.count >= 3
      return (c != "_" && isBlank(1)) || rule ? escaped(at: 0) : String(line)
    case "`", "~":
      return s.prefix { $0 == c }.count >= 3 ? escaped(at: 0) : String(line)
    case "[":
      // A link reference definition, `[label]: destination`.
      if let close = s.firstIndex(of: "]"), close + 1 < s.count, s[close + 1] == ":" { return escaped(at: 0) }
      return String(line)
    case "0"..."9":
      let digits = s.prefix { ("0"..."9").contains($0) }.count
      guard digits <= 9, digits < s.count, s[digits] == "." || s[digits] == ")", isBlank(digits + 1) else { return String(line) }
      return escaped(at: digits)
    default:
      return String(line)
    }
  }

  /// cmark-gfm's stretches of one escaped line; nil when it did not parse as one
  /// paragraph (the line is then shown as written).
  private static func parse(_ line: String) -> [Span]? {
    let bytes = Array(line.utf8)
    var textCapacity = bytes.count * 4 + 16
    var capacity = bytes.count + 2
    for _ in 0..<3 {
      var text = [CChar](repeating: 0, count: textCapacity)
      var lengths = [Int32](repeating: 0, count: capacity)
      var flags = [UInt8](repeating: 0, count: capacity)
      let count = bytes.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) { source in
          CDarkroomMarkdown_parse(
            source.baseAddress, source.count, &text, text.count, &lengths, &flags, Int32(capacity))
        }
      }
      if count == Int32(CDarkroomMarkdown_tooSmall) {
        textCapacity *= 4
        capacity *= 4
        continue
      }
      guard count >= 0 else { return nil }
      var spans: [Span] = []
      var offset = 0
      for i in 0..<Int(count) {
        let length = Int(lengths[i])
        let piece = text[offset..<offset + length].map { UInt8(bitPattern: $0) }
        offset += length
        var span = Span(String(decoding: piece, as: UTF8.self))
        let bits = Int32(flags[i])
        span.strong = bits & Int32(CDarkroomMarkdown_strong) != 0
        span.emphasis = bits & Int32(CDarkroomMarkdown_emphasis) != 0
        span.code = bits & Int32(CDarkroomMarkdown_code) != 0
        span.strikethrough = bits & Int32(CDarkroomMarkdown_strikethrough) != 0
        span.link = bits & Int32(CDarkroomMarkdown_link) != 0
        spans.append(span)
      }
      return spans
    }
    return nil
  }
}
