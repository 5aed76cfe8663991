/// Reads Darkroom's text chunks from PNG bytes without decoding the image.
///
/// Fast verify needs a golden's stored digest, not its pixels: this walks the chunk
/// headers up to the first `IDAT` (Darkroom writes its text chunks before the image
/// data). A `tEXt` value is read as it is; a `zTXt` value (the drawing summary) is
/// inflated only when asked for, within a limit, and the image data never is. Every
/// length is bounds-checked; malformed input gives `nil`, and the caller falls back
/// to a full decode, which reports the problem properly.
public enum PNGTextChunk {
  /// The value of the first `tEXt` chunk named `key` before the image data, if any.
  public static func value(forKey key: String, in data: [UInt8]) -> String? {
    guard let body = body(of: "tEXt", key: key, in: data) else { return nil }
    // tEXt is Latin-1; Darkroom's values are ASCII.
    return String(decoding: body, as: UTF8.self)
  }

  /// The inflated value of the first `zTXt` chunk named `key` before the image
  /// data: nil when there is none, or when it is damaged or would inflate past
  /// `limit` bytes (a hostile file gets no more memory than that).
  public static func compressedValue(forKey key: String, in data: [UInt8], limit: Int = 4 << 20) -> String? {
    // The compression method (0, zlib) precedes the stream.
    guard let body = body(of: "zTXt", key: key, in: data), body.first == 0 else { return nil }
    guard let text = Deflate.inflate(Array(body.dropFirst()), limit: limit) else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether there is a `zTXt` chunk named `key` before the image data, without
  /// inflating it.
  public static func hasCompressedValue(forKey key: String, in data: [UInt8]) -> Bool {
    body(of: "zTXt", key: key, in: data) != nil
  }

  /// The bytes after the key of the first chunk of `type` named `key`.
  private static func body(of chunkType: String, key: String, in data: [UInt8]) -> ArraySlice<UInt8>? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard data.count >= 8, Array(data[0..<8]) == signature else { return nil }
    let keyBytes = Array(key.utf8)
    var offset = 8
    while offset + 12 <= data.count {
      let length = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let start = offset + 8
      guard length >= 0, length <= data.count - start - 4 else { return nil }
      if type == "IDAT" || type == "IEND" { return nil }
      if type == chunkType {
        let body = data[start..<(start + length)]
        if let separator = body.firstIndex(of: 0), Array(body[start..<separator]) == keyBytes {
          return body[(separator + 1)...]
        }
      }
      offset = start + length + 4
    }
    return nil
  }
}
