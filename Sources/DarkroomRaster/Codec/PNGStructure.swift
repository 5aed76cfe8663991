/// Checks that PNG bytes are a whole file without decoding the image: the
/// signature, an `IHDR` first, every chunk's length inside the file and its CRC
/// correct, at least one `IDAT`, and an `IEND` that ends the file.
///
/// Fast verify trusts a golden's stored digest without inflating its pixels; this
/// makes sure the rest of the file is there and intact, so a golden cut short after
/// its text chunk, or with a flipped bit, cannot pass on its digest alone.
public enum PNGStructure {
  /// What is wrong with `data` as a PNG file, or nil when it is whole.
  public static func problem(in data: [UInt8]) -> String? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard data.count >= 8, Array(data[0..<8]) == signature else { return "not a PNG file (bad signature)" }
    var offset = 8
    var sawHeader = false, sawData = false
    while offset < data.count {
      guard offset + 12 <= data.count else { return "truncated in a chunk header" }
      let length = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
      let typeBytes = data[(offset + 4)..<(offset + 8)]
      guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
        return "a chunk at byte \(offset) has no valid type"
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard length <= data.count - offset - 12 else { return "truncated in chunk \(type)" }
      let end = offset + 8 + length
      let stored = UInt32(data[end]) << 24 | UInt32(data[end + 1]) << 16 | UInt32(data[end + 2]) << 8 | UInt32(data[end + 3])
      guard crc(data[(offset + 4)..<end]) == stored else { return "chunk \(type) has a bad CRC" }
      if !sawHeader {
        guard type == "IHDR", length == 13 else { return "the first chunk is \(type), not IHDR" }
        sawHeader = true
      }
      if type == "IDAT" { sawData = true }
      if type == "IEND" {
        guard sawData else { return "no image data (IDAT) before IEND" }
        guard end + 4 == data.count else { return "\(data.count - end - 4) bytes after IEND" }
        return nil
      }
      offset = end + 4
    }
    return sawData ? "no IEND: the file is cut short" : "no image data (IDAT): the file is cut short"
  }

  /// Extra image data libpng reads past the rows, with a warning, as sloppy
  /// encoders write it: a few bytes, never a megabyte.
  static let toleratedExcessImageData = 1 << 20

  /// Whether the image data inflates to more than the header's rows hold and
  /// ``toleratedExcessImageData`` more.
  ///
  /// libpng inflates what follows the last row to its end before it reads the
  /// chunks after the data, so a few megabytes of zeros compressed make it work for
  /// minutes; ``PixelBuffer/decodePNG(_:limits:textKey:)`` asks this first of the
  /// files it hands to libpng. The data is inflated through a small buffer,
  /// counted, and stopped past the limit. A file this cannot read is left to libpng.
  static func hasExcessImageData(_ data: [UInt8], limits: PNGDecodingLimits) -> Bool {
    var rows: Int? = nil
    var stream: [UInt8] = []
    // libpng reads no further than IEND, so neither does this.
    let walked = PNGImageData.walk(data, stoppingAtEnd: true) { type, body in
      if type == "IHDR" && body.count == 13 { rows = filteredBytes(header: body, limits: limits) }
      if type == "IDAT" { stream += body }
    }
    guard walked != nil, let rows, rows > 0 else { return false }
    return Deflate.inflatesPast(stream, bytes: rows + toleratedExcessImageData)
  }

  /// The bytes an image's filtered rows take (each row's filter byte and its
  /// packed samples, every pass of an interlaced one), from its `IHDR`; nil for a
  /// header libpng would refuse, or a size beyond `limits` (libpng's to refuse).
  private static func filteredBytes(header: ArraySlice<UInt8>, limits: PNGDecodingLimits) -> Int? {
    let h = Array(header)
    let width = Int(h[0]) << 24 | Int(h[1]) << 16 | Int(h[2]) << 8 | Int(h[3])
    let height = Int(h[4]) << 24 | Int(h[5]) << 16 | Int(h[6]) << 8 | Int(h[7])
    let samples: [UInt8: Int] = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4]
    guard let channels = samples[h[9]], width > 0, height > 0, width <= limits.maximumWidth,
      height <= limits.maximumHeight, width * height <= limits.maximumPixels
    else { return nil }
    let bits = Int(h[8]) * channels
    func bytes(_ w: Int, _ rows: Int) -> Int { w == 0 || rows == 0 ? 0 : rows * (1 + (w * bits + 7) / 8) }
    guard h[12] == 1 else { return bytes(width, height) }
    // Adam7: each pass's first column and row, and its steps.
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    return passes.reduce(0) { total, pass in
      let (x, y, dx, dy) = pass
      return total + bytes((width - x + dx - 1) / dx, (height - y + dy - 1) / dy)
    }
  }

  /// The CRC-32 PNG chunks carry.
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 { Deflate.crc32(bytes) }
}
