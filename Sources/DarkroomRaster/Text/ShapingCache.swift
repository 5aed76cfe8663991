/// Shaped runs: shaping is in font units, so a run's glyphs depend only on the face,
/// the text and the direction, whatever size it is drawn at. A hit and a miss give
/// the same glyphs.
public struct ShapingCache: Sendable {
  struct Key: Hashable, Sendable {
    let face: Int
    let text: [UInt16]
    let rightToLeft: Bool
  }

  private let runs: BoundedCache<Key, [ShapedGlyph]>

  /// A cache keeping up to `budget` bytes of shaped runs.
  public init(budget: Int) { runs = BoundedCache(budget: budget) }

  /// The glyphs of `text` in `face`, clusters counted from the text's start.
  func shape(_ text: [UInt16], face: FontFace, rightToLeft: Bool) -> [ShapedGlyph] {
    runs.value(
      for: Key(face: face.serial, text: text, rightToLeft: rightToLeft),
      cost: { 64 + 2 * text.count + $0.count * MemoryLayout<ShapedGlyph>.stride },
      make: { face.shaping.shape(text, range: 0..<text.count, rightToLeft: rightToLeft) })
  }
}
