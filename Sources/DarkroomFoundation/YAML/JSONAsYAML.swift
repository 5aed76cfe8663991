/// JSON made into the YAML that libyaml reads as the same values.
///
/// JSON is nearly a subset of YAML's flow style; two things differ. A tab may
/// separate JSON's tokens but not YAML's, and since a raw tab cannot occur inside a
/// JSON string, every tab becomes a space. A character outside the Basic
/// Multilingual Plane may be written in JSON as two `\u` escapes of UTF-16
/// surrogates (`\ud83d\ude00`), which YAML refuses; such a pair becomes YAML's one
/// eight-digit escape (`\U0001F600`), two characters shorter, so columns after it
/// on its line are two less than in the file.
enum JSONAsYAML {
  /// `json` as YAML text.
  static func text(_ json: String) -> String {
    let bytes = Array(json.utf8)
    guard bytes.contains(UInt8(ascii: "\t")) || bytes.contains(UInt8(ascii: "\\")) else { return json }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\t") {
        out.append(UInt8(ascii: " "))
        i += 1
      } else if byte == UInt8(ascii: "\\") && i + 1 < bytes.count {
        // An escape is two characters at least; `\\` must not start another.
        if let high = unit(bytes, at: i), (0xD800...0xDBFF).contains(high), let low = unit(bytes, at: i + 6),
          (0xDC00...0xDFFF).contains(low)
        {
          let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
          let hex = String(scalar, radix: 16, uppercase: true)
          out += Array(("\\U" + String(repeating: "0", count: 8 - hex.count) + hex).utf8)
          i += 12
        } else {
          out += [byte, bytes[i + 1]]
          i += 2
        }
      } else {
        out.append(byte)
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The code unit of a `\uXXXX` escape starting at `i`, or nil.
  private static func unit(_ bytes: [UInt8], at i: Int) -> Int? {
    guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { return nil }
    var value = 0
    for byte in bytes[(i + 2)..<(i + 6)] {
      guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
      value = value * 16 + digit
    }
    return value
  }
}
