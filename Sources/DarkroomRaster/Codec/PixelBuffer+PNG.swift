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
    return ((consume image).premultiplied(), text)
  }

  /// How hard the encoder compresses; each is a fixed zlib level, so the same
  /// pixels always give the same bytes. Rows are always filtered with Up.
  ///
  /// Chosen by measurement (`Benchmarks/encode/encode.py`): on UI screenshots,
  /// level 3 with the Up filter encodes about 3× faster than level 6 or Pillow's
  /// default, for files about 10–15% larger; higher levels and adaptive filters
  /// cost far more time than they save bytes, and Z_RLE loses a third in size.
  public enum Compression: Int32, Sendable {
    /// zlib level 3: snapshots and goldens, which are kept.
    case standard = 3
    /// zlib level 1: review images (diffs), written often and kept briefly. An
    /// opaque image of at most 256 colours (a difference image) is written with a
    /// palette.
    case fast = 1
  }

  /// Encodes the buffer as a PNG with fixed settings: the same pixels (and text)
  /// give the same bytes, with no time stamp.
  ///
  /// - Parameters:
  ///   - text: an optional `tEXt` chunk (key, value), Latin-1 text.
  ///   - compressedText: an optional `zTXt` chunk (key, value), Latin-1 text.
  ///   - compression: default `.standard`.
  public func pngData(
    text: (key: String, value: String)? = nil, compressedText: (key: String, value: String)? = nil,
    compression: Compression = .standard
  ) throws(PNGError) -> [UInt8] {
    if compression == .fast, text == nil, compressedText == nil, let (palette, indices) = palettized() {
      return try Self.indexedPNG(palette: palette, indices: indices, width: width, height: height, level: compression.rawValue)
    }
    // An opaque buffer's premultiplied bytes are its straight bytes: no copy.
    let straight = isOpaque ? bytes : straightBytes
    return try Self.encoded { output, size, message, capacity in
      straight.withUnsafeBufferPointer { pixels in
        CDarkroomPNG_encode(
          pixels.baseAddress, UInt32(width), UInt32(height), compression.rawValue, text?.key, text?.value,
          compressedText?.key, compressedText?.value, output, size, message, capacity)
      }
    }
  }

  /// The bytes one of the shim's encoders writes, copied out and released, or its
  /// error: `encode` gets the output pointer, its size, and a message buffer.
  static func encoded(
    by encode: (
      _ output: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ size: UnsafeMutablePointer<Int>,
      _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int
    ) -> Int32
  ) throws(PNGError) -> [UInt8] {
    var message = [CChar](repeating: 0, count: 256)
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = message.withUnsafeMutableBufferPointer { buffer in encode(&output, &size, buffer.baseAddress, buffer.count) }
    defer { CDarkroomPNG_free(output) }
    guard status == CDarkroomPNG_ok, let output else { throw error(status: status, message: message) }
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
    let cLimits = CDarkroomPNG_limits(
      max_width: UInt32(clamping: limits.maximumWidth),
      max_height: UInt32(clamping: limits.maximumHeight),
      max_pixels: UInt64(clamping: limits.maximumPixels),
      max_chunk_bytes: UInt64(clamping: limits.maximumChunkBytes))
    // The decoder reads from `data` until it is closed, so everything happens
    // inside one borrow of its bytes.
    let outcome: Result<(StraightImage, String?), PNGError> = data.withUnsafeBufferPointer { input in
      message.withUnsafeMutableBufferPointer { text in
        var decoder: OpaquePointer? = nil
        var width: UInt32 = 0, height: UInt32 = 0
        let opened = CDarkroomPNG_decoder_open(
          input.baseAddress, input.count, cLimits, &decoder, &width, &height, text.baseAddress, text.count)
        guard opened == Int32(CDarkroomPNG_ok), let decoder else {
          return .failure(PixelBuffer.error(status: opened, message: Array(text)))
        }
        defer { CDarkroomPNG_decoder_close(decoder) }
        let count = Int(width) * Int(height) * 4
        var value: UnsafeMutablePointer<CChar>? = nil
        var status = Int32(CDarkroomPNG_ok)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
          status = CDarkroomPNG_decoder_read(
            decoder, buffer.baseAddress, count, textKey, &value, text.baseAddress, text.count)
          if status != Int32(CDarkroomPNG_ok) { buffer.initialize(repeating: 0) }
          initialized = count
        }
        defer { CDarkroomPNG_free(value) }
        guard status == Int32(CDarkroomPNG_ok) else { return .failure(PixelBuffer.error(status: status, message: Array(text))) }
        do {
          let image = try StraightImage(width: Int(width), height: Int(height), bytes: bytes)
          return .success((image, value.map { String(cString: $0) }))
        } catch {
          return .failure(.tooLarge("\(error)"))
        }
      }
    }
    return try outcome.get()
  }
}

extension PNGStructure {
  /// The CRC-32 PNG chunks carry, computed by zlib (through the shim).
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { CDarkroomPNG_crc32($0.baseAddress, $0.count) }
  }
}

extension PNGTextChunk {
  /// A zlib stream inflated, or nil when it is damaged or longer than `limit` bytes.
  static func inflated(_ stream: [UInt8], limit: Int) -> [UInt8]? {
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = stream.withUnsafeBufferPointer { input in
      CDarkroomPNG_inflate(input.baseAddress, input.count, limit, &output, &size)
    }
    defer { CDarkroomPNG_free(output) }
    guard status == CDarkroomPNG_ok, let output else { return nil }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}
