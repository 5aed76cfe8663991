/// The sizes a PDF's images declare, read from its bytes before poppler is given
/// them: poppler decodes an image whole, whatever size it is drawn at, so 110 KB of
/// compressed zeros declared 30000 × 30000 took 3.5 GB to draw an icon.
///
/// An image is a stream, and streams are never inside compressed object streams,
/// so every image dictionary's `/Width` and `/Height` (and an inline image's `/W`
/// and `/H`) are in the file as written — except an inline image inside a
/// compressed content stream, which this cannot see.
enum PDFImageSizes {
  /// The most pixels an image of a PDF image set may have: 4096 × 4096, far past
  /// any icon's.
  static let maximumPixels = 4096 * 4096

  /// Why the file is refused, or nil when every image it declares is within
  /// ``maximumPixels``.
  static func refusal(_ bytes: [UInt8]) -> String? {
    var width: Int? = nil
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "/") else {
        index += 1
        continue
      }
      let (name, afterName) = Self.name(bytes, from: index + 1)
      index = afterName
      let isWidth = name == "Width" || name == "W", isHeight = name == "Height" || name == "H"
      guard isWidth || isHeight else { continue }
      let (value, afterValue, byReference) = Self.number(bytes, from: afterName)
      guard let value else { continue }
      index = afterValue
      if byReference {
        return "an image's size is given by reference (\(name) \(value) … R), which Darkroom does not follow"
      }
      guard value <= PixelBuffer.maximumSide else {
        return "an image is \(value) pixels \(isWidth ? "wide" : "high"); an image in a PDF may have at most \(maximumPixels) pixels"
      }
      if isWidth {
        width = value
      } else if let across = width {
        guard across * value <= maximumPixels else {
          return "an image is \(across) × \(value) pixels; an image in a PDF may have at most \(maximumPixels) pixels"
        }
        width = nil
      }
    }
    return nil
  }

  /// The name starting at `start` (after its slash), and where it ends.
  private static func name(_ bytes: [UInt8], from start: Int) -> (String, Int) {
    var end = start
    while end < bytes.count, isRegular(bytes[end]) { end += 1 }
    return (String(decoding: bytes[start..<end], as: UTF8.self), end)
  }

  /// A whole number after whitespace, where it ends, and whether `0 R` follows it
  /// (an indirect reference); nil when there is none or it is absurdly long.
  private static func number(_ bytes: [UInt8], from start: Int) -> (Int?, Int, Bool) {
    var index = start
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    let digits = index
    while index < bytes.count, index - digits < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    guard index > digits else { return (nil, index, false) }
    let value = bytes[digits..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    // `12 0 R`: a generation number and R.
    var look = index
    while look < bytes.count, isSpace(bytes[look]) { look += 1 }
    let generation = look
    while look < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[look]) { look += 1 }
    guard look > generation else { return (value, index, false) }
    while look < bytes.count, isSpace(bytes[look]) { look += 1 }
    let reference = look < bytes.count && bytes[look] == UInt8(ascii: "R")
      && (look + 1 == bytes.count || !isRegular(bytes[look + 1]))
    return (value, index, reference)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
  }

  /// Not whitespace and not a delimiter: part of a name or number.
  private static func isRegular(_ byte: UInt8) -> Bool {
    !isSpace(byte) && !"()<>[]{}/%".utf8.contains(byte)
  }
}
