import Synchronization

/// Shaped runs shared by every thread: shaping is in font units, so a run's glyphs
/// depend only on the face, the text and the direction, whatever size it is drawn
/// at. A hit and a miss give the same glyphs.
final class ShapingCache: Sendable {
  /// The cache every text layout uses.
  static let shared = ShapingCache()

  private struct Key: Hashable {
    let face: Int
    let text: [UInt16]
    let rightToLeft: Bool
  }

  /// Beyond this many runs the cache starts again; the glyphs do not change.
  private static let capacity = 8_192
  private let runs = Mutex<[Key: [ShapedGlyph]]>([:])

  /// The glyphs of `text` in `face`, clusters counted from the text's start.
  func shape(_ text: [UInt16], face: FontFace, rightToLeft: Bool) -> [ShapedGlyph] {
    let key = Key(face: face.serial, text: text, rightToLeft: rightToLeft)
    if let cached = runs.withLock({ $0[key] }) { return cached }
    let glyphs = face.shaping.shape(text, range: 0..<text.count, rightToLeft: rightToLeft)
    runs.withLock { runs in
      if runs.count >= Self.capacity { runs.removeAll(keepingCapacity: true) }
      runs[key] = glyphs
    }
    return glyphs
  }
}
