/// Glyph images (coverage masks).
///
/// A glyph is rasterized at a quarter-pixel offset (16 possible positions, as text
/// engines place glyphs) into a mask, and the mask is then placed at whole pixels.
/// A mask depends only on its key — the face, glyph, size in pixels and the
/// quarter-pixel offset — so a hit and a miss give the same pixels, whichever
/// thread drew the glyph first. Rasterizing happens outside the lock.
public struct GlyphMaskCache: Sendable {
  struct Key: Hashable, Sendable {
    var face: Int
    var glyph: UInt32
    var pixelsPerEm: UInt64
    var quarterX: UInt8
    var quarterY: UInt8
  }

  private let masks: BoundedCache<Key, AlphaMask>

  /// A cache keeping up to `budget` bytes of glyph masks.
  public init(budget: Int) { masks = BoundedCache(budget: budget) }

  /// The mask of glyph `index` of `face` with its origin at (quarterX / 4, quarterY
  /// / 4) pixels; empty for a glyph with no outline (a space). The glyph's outline is
  /// read from the face only to make a mask not kept yet: a hit takes one lookup.
  func mask(glyph index: UInt32, face: FontFace, pixelsPerEm: Double, quarterX: Int, quarterY: Int) -> AlphaMask {
    let key = Key(
      face: face.serial, glyph: index, pixelsPerEm: pixelsPerEm.bitPattern, quarterX: UInt8(quarterX),
      quarterY: UInt8(quarterY))
    return masks.value(for: key, cost: { 64 + $0.values.count }) {
      let factor = pixelsPerEm / Double(face.metrics.unitsPerEm)
      let ox = Double(quarterX) / 4, oy = Double(quarterY) / 4
      let outline = face.glyph(at: index).outline.mapped { Point(x: ox + $0.x * factor, y: oy - $0.y * factor) }
      let limit = PixelBuffer.maximumSide
      return AlphaMask(
        outline.flattened(), rule: .nonZero, clipLeft: -limit, clipTop: -limit, clipRight: limit, clipBottom: limit)
    }
  }
}
