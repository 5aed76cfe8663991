extension PixelBuffer {
  /// Draws a line of text with the left end of its baseline at `origin` (in the
  /// line's unit, multiplied by `scale` to pixels), glyph by glyph: each pen
  /// position is rounded to a quarter pixel and the glyph's cached image placed
  /// there.
  public mutating func draw(
    _ line: TextLine, baselineOrigin origin: Point, scale: Double, with paint: Paint, clip: AlphaMask? = nil
  ) {
    let pixelsPerEm = line.size * scale
    let factor = pixelsPerEm / line.unitsPerEm
    let baseline = Self.quarters(origin.y * scale)
    for (glyph, x) in line.glyphs where !glyph.outline.elements.isEmpty {
      let pen = Self.quarters(origin.x * scale + x * factor)
      let mask = GlyphMaskCache.shared.mask(
        for: glyph, face: line.face, unitsPerEm: line.unitsPerEm, pixelsPerEm: pixelsPerEm,
        quarterX: pen.fraction, quarterY: baseline.fraction)
      fill(mask.offsetBy(dx: pen.whole, dy: baseline.whole), with: paint, clip: clip)
    }
  }

  /// A coordinate rounded to the nearest quarter pixel, as whole pixels and quarters.
  private static func quarters(_ v: Double) -> (whole: Int, fraction: Int) {
    let limit = Double(maximumSide) * 4
    let q = Int((max(-limit, min(limit, v)) * 4).rounded())
    let whole = q >= 0 ? q / 4 : -((-q + 3) / 4)
    return (whole, q - whole * 4)
  }
}
