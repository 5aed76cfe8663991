/// The sizes a PDF's images declare, read from its bytes before poppler is given
/// them: poppler decodes an image whole, whatever size it is drawn at, so 110 KB of
/// compressed zeros declared 30000 × 30000 took 3.5 GB to draw an icon.
///
/// An image is a stream, and streams are never inside compressed object streams, so
/// every image dictionary's `/Width` and `/Height` (and an inline image's `/W` and
/// `/H`, between `BI` and `ID`) are in the file as written — except an inline
/// image inside a compressed content stream, which this cannot see. Keys are read
/// as PDF reads them: in either order, with `#xx` escapes in names, comments between
/// tokens, signs and leading zeros in numbers.
enum PDFImageSizes {
  /// The most pixels an image of a PDF image set may have: 4096 × 4096, far past
  /// any icon's.
  static let maximumPixels = 4096 * 4096

  /// A dictionary being read: the image size keys it has had so far.
  private struct Frame {
    var width: Int?
    var height: Int?
  }

  /// Why the file is refused, or nil when every image it declares is within
  /// ``maximumPixels``.
  static func refusal(_ bytes: [UInt8]) -> String? {
    var reader = Reader(bytes: bytes)
    var frames: [Frame] = []
    while let token = reader.next() {
      switch token {
      case .open:
        frames.append(Frame())
      case .close:
        guard let frame = frames.popLast() else { continue }
        if let refusal = check(frame) { return refusal }
      case .name(let name):
        let isWidth = name == "Width" || name == "W", isHeight = name == "Height" || name == "H"
        guard isWidth || isHeight else { continue }
        guard case .number(let value)? = reader.peek() else { continue }
        _ = reader.next()
        if reader.referenceFollows() {
          return "an image's size is given by reference (/\(name) \(value) … R), which Darkroom does not follow"
        }
        guard value <= PixelBuffer.maximumSide else {
          return "an image is \(value) pixels \(isWidth ? "wide" : "high"); an image in a PDF may have at most \(maximumPixels) pixels"
        }
        if frames.isEmpty { frames.append(Frame()) }
        if isWidth { frames[frames.count - 1].width = value } else { frames[frames.count - 1].height = value }
        if let refusal = check(frames[frames.count - 1]) { return refusal }
      case .number, .other:
        continue
      }
    }
    return nil
  }

  private static func check(_ frame: Frame) -> String? {
    guard let width = frame.width, let height = frame.height, width * height > maximumPixels else { return nil }
    return "an image is \(width) × \(height) pixels; an image in a PDF may have at most \(maximumPixels) pixels"
  }

  private enum Token: Equatable {
    /// `<<`, or an inline image's `BI`.
    case open
    /// `>>`, or an inline image's `ID`.
    case close
    /// A name, its `#xx` escapes decoded.
    case name(String)
    /// A number's whole part, at least 0, at most a billion.
    case number(Int)
    case other
  }

  /// PDF's tokens, as far as sizes need them.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func peek() -> Token? {
      let saved = index
      defer { index = saved }
      return next()
    }

    /// Whether `generation R` follows: the number read was an object number.
    mutating func referenceFollows() -> Bool {
      let saved = index
      guard case .number? = next(), case .other? = next(), index > 0, bytes[index - 1] == UInt8(ascii: "R") else {
        index = saved
        return false
      }
      return true
    }

    mutating func next() -> Token? {
      skipSpaceAndComments()
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
        index += 2
        return .open
      }
      if byte == UInt8(ascii: ">"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
        index += 2
        return .close
      }
      if byte == UInt8(ascii: "<") {
        // A hex string, whose closing `>` must not be read as half of a `>>`.
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        index += 1
        return .other
      }
      if byte == UInt8(ascii: "/") {
        index += 1
        var name: [UInt8] = []
        while index < bytes.count, isRegular(bytes[index]) {
          if bytes[index] == UInt8(ascii: "#"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
            let low = hex(bytes[index + 2])
          {
            name.append(high << 4 | low)
            index += 3
          } else {
            name.append(bytes[index])
            index += 1
          }
        }
        return .name(String(decoding: name, as: UTF8.self))
      }
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || isDigit(byte) {
        let negative = byte == UInt8(ascii: "-")
        if !isDigit(byte) { index += 1 }
        var value = 0
        while index < bytes.count, isDigit(bytes[index]) {
          value = min(1_000_000_000, value * 10 + Int(bytes[index] - UInt8(ascii: "0")))
          index += 1
        }
        // A fraction rounds the size up, as a reader that truncates could not use less.
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
          index += 1
          var fraction = false
          while index < bytes.count, isDigit(bytes[index]) {
            fraction = fraction || bytes[index] != UInt8(ascii: "0")
            index += 1
          }
          if fraction { value = min(1_000_000_000, value + 1) }
        }
        return .number(negative ? 0 : value)
      }
      var word: [UInt8] = []
      while index < bytes.count, isRegular(bytes[index]), word.count < 3 {
        word.append(bytes[index])
        index += 1
      }
      if word.isEmpty {
        index += 1
        return .other
      }
      while index < bytes.count, isRegular(bytes[index]) { index += 1 }
      if word == Array("BI".utf8) { return .open }
      if word == Array("ID".utf8) { return .close }
      return .other
    }

    private mutating func skipSpaceAndComments() {
      while index < bytes.count {
        if isSpace(bytes[index]) {
          index += 1
        } else if bytes[index] == UInt8(ascii: "%") {
          while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        } else {
          return
        }
      }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }

    private func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    /// Not whitespace and not a delimiter: part of a name, number or keyword.
    private func isRegular(_ byte: UInt8) -> Bool {
      !isSpace(byte) && !"()<>[]{}/%".utf8.contains(byte)
    }
  }
}
