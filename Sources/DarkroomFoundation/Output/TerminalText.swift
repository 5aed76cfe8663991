/// Text that came from input, made safe to print as one line of a log.
///
/// Darkroom's output is read by people and by CI runners: GitHub's runner obeys a
/// line that starts with `::` (after leading spaces) as a workflow command, and the
/// older `##[` form anywhere in a line; terminals obey escape sequences; a newline
/// would let a label's text forge a line of its own. Every line the command line
/// prints goes through ``line(_:)`` (in `Console`), so a message that quotes input
/// cannot forget it.
public enum TerminalText {
  /// `text` as one printable line: control characters, line and paragraph
  /// separators and bidirectional overrides written as visible escapes (`\n`,
  /// `\u{1B}`, `\u{202E}`), a leading `::` and any `##[` defused.
  public static func line(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars { out += visible(scalar) }
    // GitHub's runner trims leading whitespace and takes `::` as a command.
    let start = out.firstIndex { !$0.isWhitespace } ?? out.endIndex
    if out[start...].hasPrefix("::") { out.replaceSubrange(start..<out.index(after: start), with: "\\u{3A}") }
    if out.contains("##[") { out = out.replacingOccurrences(of: "##[", with: "#\\u{23}[") }
    return out
  }

  /// `text` as one line, and every line of it so: for a block of several lines
  /// written at once (a display list's dump), each line made safe.
  public static func lines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
  }

  /// A scalar as printed: itself, or a visible escape for what would move the
  /// cursor, end the line, or reorder the text around it.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x09: return "\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: return String(scalar)
    }
  }
}
