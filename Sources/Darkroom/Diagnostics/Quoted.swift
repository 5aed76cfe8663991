/// Text from a file shown inside a message, so every diagnostic stays one line
/// whatever it quotes: line breaks, tabs and other control characters are written
/// as escapes (`\n`, `\t`, `\u{1B}`), and a very long value is cut with an ellipsis.
enum Quoted {
  /// The most characters of a value a message shows.
  static let maximumLength = 200

  /// `value` as a message quotes it (without the quotes), cut after `limit`
  /// characters (nil: kept whole, as the audit's findings show a label's text).
  static func text(_ value: String, limit: Int? = maximumLength) -> String {
    var result = ""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        let v = scalar.value
        // C0 and C1 controls, DEL, and the separators that end a line.
        if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
          result += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
