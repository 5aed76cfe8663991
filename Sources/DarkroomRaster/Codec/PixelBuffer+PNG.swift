// The one Swift file that calls libpng (through the CDarkroomPNG shim). Pointers
// from C stay inside this file's closures.
import CDarkroomPNG

extension PixelBuffer {
  /// Decodes a PNG of any colour type, bit depth and interlacing to premultiplied
  /// RGBA8. 16-bit channels are rounded to 8 bits; no gamma or colour-space
  /// transform is applied, so the result is the same on every machine.
  ///
  /// - Parameters:
  ///   - pngData: the file's bytes.
  ///   - limits: the largest image accepted; checked before memory is allocated.
  /// - Throws: ``PNGError``; never crashes on bad data.
  public init(pngData: [UInt8], limits: PNGDecodingLimits = PNGDecodingLimits()) throws(PNGError) {
    let decoded = try Self.decodePNG(pngData, limits: limits, textKey: nil)
    self = decoded.buffer
  }

  /// Decodes a PNG like ``init(pngData:limits:)`` and also returns the value of the
  /// first `tEXt` chunk named `textKey`, if there is one.
  public static func decodePNG(
    _ data: [UInt8], limits: PNGDecodingLimits = PNGDecodingLimits(), textKey: String?
  ) throws(PNGError) -> (buffer: PixelBuffer, text: String?) {
    let (image, text) = try StraightImage.decodePNG(data, limits: limits, textKey: textKey)
    return (image.premultipliedBuffer, text)
  }

  /// Encodes the buffer as a PNG with fixed settings: the same pixels (and text)
  /// give the same bytes, with no time stamp.
  ///
  /// - Parameter text: an optional `tEXt` chunk (key, value), Latin-1 text.
  public func pngData(text: (key: String, value: String)? = nil) throws(PNGError) -> [UInt8] {
    let straight = straightBytes
    var message = [CChar](repeating: 0, count: 256)
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = straight.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { messageBuffer in
        CDarkroomPNG_encode(
          pixels.baseAddress, UInt32(width), UInt32(height), text?.key, text?.value,
          &output, &size, messageBuffer.baseAddress, messageBuffer.count)
      }
    }
    defer { CDarkroomPNG_free(output) }
    guard status == CDarkroomPNG_ok, let output else {
      throw Self.error(status: status, message: message)
    }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  static func error(status: Int32, message: [CChar]) -> PNGError {
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    switch status {
    case Int32(CDarkroomPNG_tooLarge): return .tooLarge(text)
    case Int32(CDarkroomPNG_noMemory): return .outOfMemory
    default: return .corrupt(text.isEmpty ? "unreadable data" : text)
    }
  }
}

extension StraightImage {
  /// Decodes a PNG of any colour type, bit depth and interlacing to straight RGBA8,
  /// exactly the values the file stores (16-bit channels rounded to 8 bits), and the
  /// value of the first `tEXt` chunk named `textKey`.
  ///
  /// - Throws: ``PNGError``; never crashes on bad data.
  public static func decodePNG(
    _ data: [UInt8], limits: PNGDecodingLimits = PNGDecodingLimits(), textKey: String? = nil
  ) throws(PNGError) -> (image: StraightImage, text: String?) {
    var message = [CChar](repeating: 0, count: 256)
    var image = CDarkroomPNG_image()
    let cLimits = CDarkroomPNG_limits(
      max_width: UInt32(clamping: limits.maximumWidth),
      max_height: UInt32(clamping: limits.maximumHeight),
      max_pixels: UInt64(clamping: limits.maximumPixels),
      max_chunk_bytes: UInt64(clamping: limits.maximumChunkBytes))
    let status = data.withUnsafeBufferPointer { bytes in
      message.withUnsafeMutableBufferPointer { text in
        CDarkroomPNG_decode(
          bytes.baseAddress, bytes.count, cLimits, textKey, &image, text.baseAddress, text.count)
      }
    }
    defer {
      CDarkroomPNG_free(image.pixels)
      CDarkroomPNG_free(image.text_value)
    }
    guard status == CDarkroomPNG_ok, let pixels = image.pixels else {
      throw PixelBuffer.error(status: status, message: message)
    }
    let width = Int(image.width), height = Int(image.height)
    let bytes = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
    let text = image.text_value.map { String(cString: $0) }
    do {
      return (try StraightImage(width: width, height: height, bytes: bytes), text)
    } catch {
      throw .tooLarge(error.description)
    }
  }

}
