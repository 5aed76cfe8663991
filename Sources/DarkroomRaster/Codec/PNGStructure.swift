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

  /// The CRC-32 PNG chunks carry.
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 { Deflate.crc32(bytes) }
}
