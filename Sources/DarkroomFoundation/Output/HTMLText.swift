/// Text from input made safe inside HTML and XML (the report page, JUnit): the five
/// characters markup gives meaning to are written as entities, and control
/// characters XML cannot hold as visible escapes.
public enum HTMLText {
  /// `text` as element content or an attribute value.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        // XML 1.0 cannot hold the other C0 controls at all, nor lone U+FFFE/FFFF.
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || (0x7F...0x9F).contains(scalar.value) {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
