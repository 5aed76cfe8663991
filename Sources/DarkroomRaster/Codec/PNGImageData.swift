/// What a PNG file draws, told apart from what it says: every chunk but its text
/// chunks. A golden stores the hash of it beside its pixel digest, so the digest is
/// trusted only while the picture it was written with is still the file's (an image
/// replaced by any tool, its text chunks kept, no longer matches), and checking it
/// costs a hash of the compressed bytes, not an inflate.
public enum PNGImageData {
  /// Chunks that only say something about the image.
  static let textChunks: Set<String> = ["tEXt", "zTXt", "iTXt"]

  /// The hash of every chunk of `png` but its text chunks (type and data, in order),
  /// or nil when the file's chunks do not walk to its end.
  public static func digest(of png: [UInt8]) -> ContentHash? {
    var hasher = ContentHasher()
    hasher.update("darkroom-png-image-data-1")
    let walked = walk(png) { type, data in
      guard !textChunks.contains(type) else { return }
      hasher.update(type)
      data.withUnsafeBytes { hasher.update($0) }
    }
    return walked == nil ? nil : hasher.finalize()
  }

  /// `png` with a `tEXt` chunk holding `key` and `value` (Latin-1 text) put before
  /// its first `IDAT`; nil when it has none.
  public static func inserting(text key: String, _ value: String, into png: [UInt8]) -> [UInt8]? {
    guard let offset = walk(png, { _, _ in }) else { return nil }
    var body = Array(key.utf8) + [0] + Array(value.utf8)
    var chunk: [UInt8] = []
    let length = UInt32(body.count)
    chunk += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
    body = Array("tEXt".utf8) + body
    chunk += body
    let crc = PNGStructure.crc(body[...])
    chunk += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    return Array(png[..<offset]) + chunk + Array(png[offset...])
  }

  /// Calls `body` with each chunk's type and data, to the file's last byte, or
  /// through `IEND` only when `stoppingAtEnd` (what libpng reads, whatever follows
  /// the last whole chunk); returns the offset of the first `IDAT`, or nil when a
  /// chunk runs past the end, the file does not end where its chunks do (unless
  /// `stoppingAtEnd`), or there is no `IDAT`.
  static func walk(_ png: [UInt8], stoppingAtEnd: Bool = false, _ body: (String, ArraySlice<UInt8>) -> Void) -> Int? {
    guard png.count >= 8 else { return nil }
    var offset = 8
    var firstData: Int?
    while offset + 12 <= png.count {
      let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
      guard length <= png.count - offset - 12 else { return nil }
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "IDAT", firstData == nil { firstData = offset }
      body(type, png[(offset + 8)..<(offset + 8 + length)])
      offset += 12 + length
      if stoppingAtEnd && type == "IEND" { return firstData }
    }
    return offset == png.count || stoppingAtEnd ? firstData : nil
  }
}
