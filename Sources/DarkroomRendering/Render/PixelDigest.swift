import DarkroomRaster
/// A fingerprint of a snapshot's pixels, stored in each golden's `tEXt` chunk so
/// verify can tell an unchanged render from its golden without decoding the golden.
///
/// It is XXH3-128 (`ContentHash`, from DarkroomRaster) over the format version, the size and the
/// premultiplied pixels, so a change to any pixel, to the size, or to Darkroom's
/// golden format changes it. Goldens written with an earlier format (`v1`, SHA-256)
/// never match a current digest: verify decodes and compares them, and `record`
/// rewrites them when their pixels match.
public struct PixelDigest: Sendable, Hashable, CustomStringConvertible {
  /// The PNG `tEXt` key the digest is stored under.
  public static let textKey = "darkroom-digest"
  /// The golden format version; bump it when the meaning of stored pixels or the
  /// digest changes. v1 was SHA-256; v2 is XXH3-128.
  public static let formatVersion = "v2"

  /// The hash of the pixels.
  public let hash: ContentHash

  /// The digest of a buffer's pixels.
  public init(_ buffer: PixelBuffer) {
    var rows = Rows(width: buffer.width, height: buffer.height)
    rows.add(buffer)
    self = rows.digest
  }

  private init(hash: ContentHash) { self.hash = hash }

  /// The digest of a canvas made from its rows, fed a band at a time from the top:
  /// the same as the digest of the whole buffer.
  struct Rows {
    private var hasher = ContentHasher()

    /// Nothing fed yet of a `width` × `height` canvas.
    init(width: Int, height: Int) {
      hasher.update("darkroom-pixels-\(PixelDigest.formatVersion)")
      hasher.update(width)
      hasher.update(height)
    }

    /// Feeds the next band's rows (the whole canvas, for a buffer that is one).
    mutating func add(_ band: PixelBuffer) { hasher.update(band.bytes) }

    /// The digest of what was fed.
    var digest: PixelDigest { PixelDigest(hash: hasher.finalize()) }
  }

  /// A digest read back from its stored form, if it is one of the current format.
  public init?(stored text: String) {
    let prefix = "\(Self.formatVersion) xxh3:"
    guard text.hasPrefix(prefix), let hash = ContentHash(hex: text.dropFirst(prefix.count)) else { return nil }
    self.hash = hash
  }

  /// `v2 xxh3:<32 hex digits>`, the stored form.
  public var description: String { "\(Self.formatVersion) xxh3:\(hash)" }

  /// The PNG `tEXt` key the hash of a golden's image data is stored under
  /// (``PNGImageData``).
  public static let dataKey = "darkroom-data"

  /// `xxh3:<32 hex digits>`, the stored form of an image data hash.
  static func dataForm(_ hash: ContentHash) -> String { "xxh3:\(hash)" }

  /// Whether a golden's stored digest may be trusted: the file holds the hash of its
  /// image data, and its image data still has that hash. A golden whose picture was
  /// replaced (its text chunks kept) or that predates the hash is decoded instead.
  public static func isTrusted(in png: [UInt8]) -> Bool {
    guard let stored = PNGTextChunk.value(forKey: dataKey, in: png), let data = PNGImageData.digest(of: png) else {
      return false
    }
    return stored == dataForm(data)
  }

  /// The digest stored in a PNG file, read without decoding its pixels.
  public static func stored(in png: [UInt8]) -> String? {
    PNGTextChunk.value(forKey: textKey, in: png)
  }
}

extension PixelBuffer {
  /// The PNG of a golden: the pixels, their digest (computed unless given) and
  /// the summary of what was drawn (``DrawingSummary``), when there is one.
  ///
  /// The file also holds the hash of its image data (``PixelDigest/dataKey``), so the
  /// pixel digest is trusted only while the picture is the one it was written with.
  package func goldenPNG(digest: String? = nil, drawing: String? = nil) throws(PNGError) -> [UInt8] {
    let png = try pngData(
      text: (key: PixelDigest.textKey, value: digest ?? PixelDigest(self).description),
      compressedText: drawing.map { (key: DrawingSummary.textKey, value: $0) })
    guard let data = PNGImageData.digest(of: png),
      let sealed = PNGImageData.inserting(text: PixelDigest.dataKey, PixelDigest.dataForm(data), into: png)
    else { return png }
    return sealed
  }
}
