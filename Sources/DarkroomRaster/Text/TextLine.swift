/// One line of text, shaped and placed: glyphs from one or more faces (a fallback
/// face where the first lacks a character), in visual order, with positions in the
/// caller's unit (points) from the left end of the baseline.
///
/// Drawn with ``PixelBuffer/draw(_:baselineOrigin:scale:with:clip:)``, glyph by glyph
/// from cached glyph images, with its underline and strikethrough; or as one path
/// with ``path(baselineOrigin:scale:)``.
public struct TextLine: Sendable {
  /// One glyph placed on the line.
  public struct PlacedGlyph: Sendable {
    /// The face the glyph comes from.
    public let face: FontFace
    /// The glyph's index in that face.
    public let index: UInt32
    /// From the line's left end to the glyph's origin.
    public let x: Double
    /// Up from the baseline (marks placed by shaping).
    public let y: Double
  }

  /// A rule drawn with the text (underline, strikethrough), from the baseline's
  /// left end: `y` is the rule's top, downwards positive.
  public struct Rule: Sendable, Equatable {
    /// From the line's left end.
    public let x: Double
    /// The rule's top edge, below the baseline when positive.
    public let y: Double
    /// Its length.
    public let width: Double
    /// Its thickness.
    public let height: Double
  }

  /// The text the line shows (with an ellipsis where it was truncated).
  public let text: String
  /// The size in the caller's unit (points) per em.
  public let size: Double
  /// The line's width: its last glyph's advance end, trailing spaces excluded.
  public let width: Double
  /// Height above the baseline (the first face's).
  public let ascent: Double
  /// Depth below the baseline, positive.
  public let descent: Double
  /// The glyphs, left to right.
  public let glyphs: [PlacedGlyph]
  /// Underline and strikethrough rules.
  public let rules: [Rule]
  /// The first face of the chain the line was set with.
  public let face: FontFace

  init(text: String, size: Double, width: Double, glyphs: [PlacedGlyph], rules: [Rule], face: FontFace) {
    self.text = text
    self.size = size
    self.width = width
    self.glyphs = glyphs
    self.rules = rules
    self.face = face
    let unitsPerEm = Double(face.metrics.unitsPerEm)
    ascent = Double(face.metrics.ascender) * size / unitsPerEm
    descent = Double(-face.metrics.descender) * size / unitsPerEm
  }

  /// Sets `text` on one line in `face` at `size` units per em, shaped, with no
  /// fallback, wrapping or truncation; shaped through `caches` (default: caches of
  /// its own).
  public init(_ text: String, face: FontFace, size: Double, caches: TextCaches = TextCaches()) {
    var style = ParagraphStyle(size: size)
    style.lines = 0
    let layout = TextLayout(text, fonts: FontChain([face]), style: style, width: nil, caches: caches)
    self = layout.lines.first?.line ?? TextLine(text: text, size: size, width: 0, glyphs: [], rules: [], face: face)
  }

  /// The line's outlines as one path, with the baseline's left end at `origin`,
  /// everything multiplied by `scale` (points to pixels), y growing downwards.
  public func path(baselineOrigin origin: Point, scale: Double) -> Path {
    var path = Path()
    for placed in glyphs {
      let glyph = placed.face.glyph(at: placed.index)
      guard !glyph.outline.elements.isEmpty else { continue }
      let factor = size * scale / Double(placed.face.metrics.unitsPerEm)
      let left = (origin.x + placed.x) * scale
      let baseline = (origin.y - placed.y) * scale
      path.append(glyph.outline.mapped { Point(x: left + $0.x * factor, y: baseline - $0.y * factor) })
    }
    return path
  }
}
