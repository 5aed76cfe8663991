/// The memos text needs — shaped runs and glyph masks — passed to the code that sets
/// and draws text (``TextLayout``, ``PixelBuffer/draw(_:baselineOrigin:scale:with:clip:caches:)``)
/// rather than kept in globals, so a run owns what it caches and tests start clean.
public struct TextCaches: Sendable {
  /// Shaped runs by face, text and direction.
  public let shaping: ShapingCache
  /// Glyph coverage masks by face, glyph, size and quarter-pixel offset.
  public let glyphs: GlyphMaskCache

  /// Empty caches within `budgets`' sizes for shaped runs and glyph masks.
  public init(budgets: CacheBudgets = CacheBudgets()) {
    shaping = ShapingCache(budget: budgets.shapedRuns)
    glyphs = GlyphMaskCache(budget: budgets.glyphMasks)
  }
}
