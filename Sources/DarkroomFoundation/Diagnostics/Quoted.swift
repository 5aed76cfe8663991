/// Text from a file shown inside a message, so every diagnostic stays one line
/// whatever it quotes: line breaks, tabs and other control characters are written
/// as escapes (`\n`, `\t`, `\u{1B}`, as ``TerminalText`` writes them), and a very
/// long value is cut with an ellipsis.
package enum Quoted {
  /// The most characters of a value a message shows.
  static let maximumLength = 200

  /// `value` as a message quotes it (without the quotes), cut after `limit`
  /// characters (nil: kept whole, as the audit's findings show a label's text).
  package static func text(_ value: String, limit: Int? = maximumLength) -> String {
    var result = ""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      // A tab too: a message's columns stay where its reader expects them.
      result += scalar == "\t" ? "\\t" : TerminalText.visible(scalar)
    }
    return result
  }
}
