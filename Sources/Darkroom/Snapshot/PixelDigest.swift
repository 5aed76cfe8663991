import Crypto

/// A fingerprint of a snapshot's pixels, stored in each golden's `tEXt` chunk so
/// verify can tell an unchanged render from its golden without decoding the golden.
///
/// It is SHA-256 over the format version, the size and the premultiplied pixels,
/// so a change to any pixel, to the size, or to Darkroom's golden format changes it.
public struct PixelDigest: Sendable, Hashable, CustomStringConvertible {
  /// The PNG `tEXt` key the digest is stored under.
  public static let textKey = "darkroom-digest"
  /// The golden format version; bump it when the meaning of stored pixels changes.
  public static let formatVersion = "v1"

  /// `v1 sha256:<64 hex digits>`, the stored form.
  public let description: String

  /// The digest of a buffer's pixels.
  public init(_ buffer: PixelBuffer) {
    var hasher = SHA256()
    hasher.update(data: Array("darkroom-pixels-\(Self.formatVersion)".utf8))
    for value in [buffer.width, buffer.height] {
      hasher.update(data: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
    hasher.update(data: buffer.bytes)
    let hex = hasher.finalize().map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }.joined()
    description = "\(Self.formatVersion) sha256:\(hex)"
  }

  /// The digest stored in a PNG file, read without decoding its pixels.
  public static func stored(in png: [UInt8]) -> String? {
    PNGTextChunk.value(forKey: textKey, in: png)
  }
}

extension PixelBuffer {
  /// The PNG of a golden: the pixels and their digest.
  func goldenPNG() throws(PNGError) -> [UInt8] {
    try pngData(text: (key: PixelDigest.textKey, value: PixelDigest(self).description))
  }
}
