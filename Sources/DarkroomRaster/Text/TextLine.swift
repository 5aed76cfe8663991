/// A single line of text set in one face and size: glyphs placed side by side by
/// their advances (no kerning or shaping yet).
///
/// Drawn with ``PixelBuffer/draw(_:baselineOrigin:scale:with:clip:)``, glyph by glyph
/// from cached glyph images, or as one path with ``path(baselineOrigin:scale:)``.
public struct TextLine: Sendable {
  /// The text as given.
  public let text: String
  /// The size in the caller's unit (points) per em.
  public let size: Double
  /// The width of the line, in the caller's unit.
  public let width: Double
  /// Height above the baseline.
  public let ascent: Double
  /// Depth below the baseline, positive.
  public let descent: Double
  let glyphs: [(glyph: Glyph, x: Double)]
  let unitsPerEm: Double
  /// The face the line is set in.
  public let face: FontFace

  /// Sets `text` in `face` at `size` units per em.
  public init(_ text: String, face: FontFace, size: Double) {
    self.text = text
    self.size = size
    self.face = face
    let unitsPerEm = Double(face.metrics.unitsPerEm)
    self.unitsPerEm = unitsPerEm
    var pen = 0
    var placed: [(Glyph, Double)] = []
    for scalar in text.unicodeScalars {
      let glyph = face.glyph(for: scalar)
      placed.append((glyph, Double(pen)))
      pen += glyph.advance
    }
    glyphs = placed
    width = Double(pen) * size / unitsPerEm
    ascent = Double(face.metrics.ascender) * size / unitsPerEm
    descent = Double(-face.metrics.descender) * size / unitsPerEm
  }

  /// The line's outlines as one path, with the baseline's left end at `origin`,
  /// everything multiplied by `scale` (points to pixels), y growing downwards.
  public func path(baselineOrigin origin: Point, scale: Double) -> Path {
    let factor = size * scale / unitsPerEm
    var path = Path()
    for (glyph, x) in glyphs where !glyph.outline.elements.isEmpty {
      let left = origin.x * scale + x * factor
      let baseline = origin.y * scale
      path.append(glyph.outline.mapped { Point(x: left + $0.x * factor, y: baseline - $0.y * factor) })
    }
    return path
  }
}
