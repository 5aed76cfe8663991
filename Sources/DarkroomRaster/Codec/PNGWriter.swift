/// Writes PNG files: rows already in PNG's form (a filter byte, then the samples),
/// compressed as one zlib stream (``Deflate``) into one `IDAT` chunk, with fixed
/// settings and no time chunk, so the same pixels and text always give the same
/// bytes.
///
/// Chunks: `IHDR` (8-bit, no interlacing), `PLTE` for a palette, then a `tEXt` and
/// a `zTXt` chunk when given — before the image data, where fast verify looks for
/// them — then `IDAT` and `IEND`.
enum PNGWriter {
  /// The colour types Darkroom writes.
  enum ColorType: UInt8 {
    /// Red, green, blue: an opaque image.
    case rgb = 2
    /// One byte a pixel into a palette of RGB colours: an opaque image of at most 256.
    case palette = 3
    /// Red, green, blue and straight alpha.
    case rgba = 6

    /// Bytes a pixel.
    var bytesPerPixel: Int {
      switch self {
      case .rgb: 3
      case .palette: 1
      case .rgba: 4
      }
    }
  }

  /// The level `zTXt` text is compressed at: fixed, so the same text gives the same
  /// bytes. Text is small; its level costs nothing measurable.
  static let textLevel: Int32 = 9

  /// A PNG file of `width` × `height` pixels whose rows (`rows`, each a filter byte
  /// and the row's samples) are compressed at a libdeflate `level`.
  static func file(
    width: Int, height: Int, colorType: ColorType, rows: UnsafeRawBufferPointer, level: Int32,
    palette: [UInt8] = [], text: (key: String, value: String)? = nil,
    compressedText: (key: String, value: String)? = nil
  ) throws(PNGError) -> [UInt8] {
    let stream = try Deflate.zlib(rows, level: level)
    var header: [UInt8] = []
    header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, colorType.rawValue, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.reserveCapacity(stream.count + 256 + palette.count + (compressedText?.value.utf8.count ?? 0))
    append("IHDR", header, to: &png)
    if colorType == .palette { append("PLTE", palette, to: &png) }
    if let text { append("tEXt", keyword(text.key) + [0] + latin1(text.value), to: &png) }
    if let compressedText {
      let stream = try Deflate.zlib(latin1(compressedText.value), level: textLevel)
      append("zTXt", keyword(compressedText.key) + [0, 0] + stream, to: &png)
    }
    append("IDAT", stream, to: &png)
    append("IEND", [], to: &png)
    return png
  }

  /// A chunk: its length, type, data and the CRC of type and data.
  private static func append(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let start = png.count
    png += bigEndian(UInt32(data.count))
    png += Array(type.utf8)
    png += data
    png += bigEndian(Deflate.crc32(png[(start + 4)...]))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  /// A text's bytes up to its first NUL, which would end it in the chunk.
  private static func latin1(_ text: String) -> [UInt8] { Array(text.utf8.prefix { $0 != 0 }) }

  /// A keyword as PNG allows it: 1–79 bytes, no NUL.
  private static func keyword(_ key: String) -> [UInt8] {
    let bytes = Array(latin1(key).prefix(79))
    return bytes.isEmpty ? Array("text".utf8) : bytes
  }
}
