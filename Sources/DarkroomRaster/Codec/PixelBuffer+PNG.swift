// The one Swift file that calls libpng (through the CDarkroomPNG shim), which reads
// the PNG files PNGReader leaves to it. Pointers from C stay inside this file's
// closures.
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
  /// first `tEXt` (or `zTXt`) chunk named `textKey`, if there is one.
  public static func decodePNG(
    _ data: [UInt8], limits: PNGDecodingLimits = PNGDecodingLimits(), textKey: String?
  ) throws(PNGError) -> (buffer: PixelBuffer, text: String?) {
    if let decoded = PNGReader.decode(data, limits: limits, textKey: textKey) {
      let image = StraightImage(validatedWidth: decoded.width, height: decoded.height, bytes: decoded.bytes)
      // An image whose colour type has no alpha has nothing to premultiply.
      let buffer =
        decoded.isOpaque
        ? PixelBuffer(validatedWidth: decoded.width, height: decoded.height, premultipliedBytes: decoded.bytes)
        : (consume image).premultiplied()
      return (buffer, decoded.text)
    }
    let (image, text) = try StraightImage.decodeWithLibPNG(data, limits: limits, textKey: textKey)
    return ((consume image).premultiplied(), text)
  }

  /// How hard the encoder compresses: each a fixed libdeflate level, so the same
  /// pixels always give the same bytes. Rows are stored unfiltered (filter type
  /// None).
  ///
  /// Chosen by measurement (`Benchmarks/encode/encode.py`): on UI screenshots the
  /// rows repeat whole, which DEFLATE finds one row back without help, and left
  /// unfiltered they compress smaller than with any of PNG's filters at every level
  /// (Up, the previous choice, gives files about 20% larger), with no filter pass.
  /// Level 1 is about a sixth of Pillow's time for a file about 15% smaller than
  /// Pillow's; each level above it costs about a third more time for 5–8% less.
  public enum Compression: Sendable {
    /// Snapshots and goldens, which are kept: libdeflate level 1.
    case standard
    /// Review images (diffs), written often and kept briefly: libdeflate level 1
    /// too, and an opaque image of at most 256 colours (a difference image) is
    /// written with a palette, a third of the bytes to compress.
    case fast

    /// The libdeflate level.
    var level: Int32 {
      switch self {
      case .standard: 1
      case .fast: 1
      }
    }
  }

  /// Encodes the buffer as a PNG with fixed settings: the same pixels (and text)
  /// give the same bytes, with no time stamp. An opaque buffer is stored as RGB.
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
      return try Self.indexedPNG(palette: palette, indices: indices, width: width, height: height, level: compression.level)
    }
    let (rows, colorType) = pngRows()
    let outcome: Result<[UInt8], PNGError> = rows.withUnsafeBytes { rows in
      do throws(PNGError) {
        return .success(
          try PNGWriter.file(
            width: width, height: height, colorType: colorType, rows: rows, level: compression.level, text: text,
            compressedText: compressedText))
      } catch { return .failure(error) }
    }
    return try outcome.get()
  }

  /// The rows as PNG stores them, each a filter byte (0, None) and its samples: RGB
  /// when every pixel is opaque — found while packing, row by row — else straight
  /// RGBA.
  func pngRows() -> (rows: [UInt8], colorType: PNGWriter.ColorType) {
    let (width, height) = (self.width, self.height)
    let rgbRow = width * 3 + 1
    var opaque = true
    let rgb = bytes.withUnsafeBytes { pixels in
      // A byte of room past the last row for the packing's last four-byte store.
      [UInt8](unsafeUninitializedCapacity: height * rgbRow + 1) { buffer, count in
        count = 0
        guard let out = UnsafeMutableRawPointer(buffer.baseAddress), let from = pixels.baseAddress else { return }
        for y in 0..<height {
          out.storeBytes(of: 0, toByteOffset: y * rgbRow, as: UInt8.self)
          guard PNGFilter.packRGB(from + y * width * 4, into: out + y * rgbRow + 1, count: width) else {
            opaque = false
            return
          }
        }
        count = height * rgbRow
      }
    }
    if opaque { return (rgb, .rgb) }
    let straight = straightBytes
    let rgbaRow = width * 4 + 1
    let rgba = [UInt8](unsafeUninitializedCapacity: height * rgbaRow) { buffer, count in
      straight.withUnsafeBufferPointer { pixels in
        for y in 0..<height {
          buffer[y * rgbaRow] = 0
          let row = UnsafeMutableBufferPointer(rebasing: buffer[(y * rgbaRow + 1)..<((y + 1) * rgbaRow)])
          _ = row.initialize(from: pixels[(y * width * 4)..<((y + 1) * width * 4)])
        }
      }
      count = height * rgbaRow
    }
    return (rgba, .rgba)
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
  /// value of the first `tEXt` (or `zTXt`) chunk named `textKey`: the files
  /// ``PNGReader`` reads in one pass through libdeflate, every other one through
  /// libpng.
  ///
  /// - Throws: ``PNGError``; never crashes on bad data.
  public static func decodePNG(
    _ data: [UInt8], limits: PNGDecodingLimits = PNGDecodingLimits(), textKey: String? = nil
  ) throws(PNGError) -> (image: StraightImage, text: String?) {
    if let decoded = PNGReader.decode(data, limits: limits, textKey: textKey) {
      return (StraightImage(validatedWidth: decoded.width, height: decoded.height, bytes: decoded.bytes), decoded.text)
    }
    return try decodeWithLibPNG(data, limits: limits, textKey: textKey)
  }

  /// Decodes a PNG with libpng, whatever it is, with libpng's reasons for a file it
  /// refuses.
  static func decodeWithLibPNG(
    _ data: [UInt8], limits: PNGDecodingLimits, textKey: String?
  ) throws(PNGError) -> (image: StraightImage, text: String?) {
    if PNGStructure.hasExcessImageData(data, limits: limits) {
      throw .corrupt("its image data inflates to more bytes than its rows hold")
    }
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

