import DarkroomRaster

/// What makes a face draw the glyphs it draws, as a hash: every table of the face
/// except those that only name or sign it (`name`, `DSIG`, FontForge's `FFTM`
/// timestamp), with the `head` table's checksum adjustment and dates left out.
///
/// Two files of the same face repackaged by another distribution (rebuilt, signed
/// or renamed) have the same identity; a face whose outlines, metrics or shaping
/// rules changed has another. Goldens record it, so a machine whose faces differ is
/// named and a face that only got a new timestamp is not blamed for a change.
public enum FaceIdentity {
  /// Tables that say nothing about how text is drawn.
  static let ignoredTables: Set<String> = ["name", "DSIG", "FFTM"]

  /// The identity goldens record for face `index` of `bytes`: ``of(_:index:)``, or,
  /// for a file FreeType draws from but whose tables this reader cannot walk, the
  /// hash of the whole file (`file:…`) — such a face is still recorded and compared,
  /// if only by its bytes.
  public static func recorded(_ bytes: [UInt8], index: UInt32 = 0) -> String {
    of(bytes, index: index).map { "\($0)" } ?? "file:\(ContentHash(bytes))"
  }

  /// The identity of face `index` of the font file `bytes` (a collection's face by
  /// its index), or nil when the bytes are not an OpenType font.
  public static func of(_ bytes: [UInt8], index: UInt32 = 0) -> ContentHash? {
    var start = 0
    if tag(bytes, at: 0) == "ttcf" {
      guard let count = u32(bytes, at: 8), index < count, let offset = u32(bytes, at: 12 + 4 * Int(index)) else {
        return nil
      }
      start = Int(offset)
    }
    guard let tables = u16(bytes, at: start + 4), tables <= 512 else { return nil }
    var records: [(tag: String, range: Range<Int>)] = []
    // A font's tables do not overlap: more bytes in them than the file holds is a
    // file made to be hashed many times over.
    var total = 0
    for n in 0..<Int(tables) {
      let record = start + 12 + 16 * n
      guard let name = tag(bytes, at: record), let offset = u32(bytes, at: record + 8),
        let length = u32(bytes, at: record + 12)
      else { return nil }
      let lower = Int(offset), upper = lower + Int(length)
      total += upper - lower
      guard upper <= bytes.count, total <= bytes.count else { return nil }
      if !ignoredTables.contains(name) { records.append((name, lower..<upper)) }
    }
    var hasher = ContentHasher()
    hasher.update("darkroom-face-1")
    for record in records.sorted(by: { $0.tag < $1.tag }) {
      hasher.update(record.tag)
      var table = Array(bytes[record.range])
      if record.tag == "head" {
        // checkSumAdjustment (8..<12), created and modified (20..<36).
        for i in Array(8..<12) + Array(20..<36) where i < table.count { table[i] = 0 }
      }
      hasher.update(table)
    }
    return hasher.finalize()
  }

  private static func tag(_ bytes: [UInt8], at offset: Int) -> String? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
  }

  private static func u16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  private static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
