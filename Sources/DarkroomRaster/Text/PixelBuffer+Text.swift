extension PixelBuffer {
  /// Draws a line of text with the left end of its baseline at `origin` (in the
  /// line's unit, multiplied by `scale` to pixels), glyph by glyph: each glyph's
  /// position is rounded to a quarter pixel and its cached image placed there; then
  /// the line's underline and strikethrough. Glyph masks are kept in `caches`.
  public mutating func draw(
    _ line: TextLine, baselineOrigin origin: Point, scale: Double, with paint: Paint, clip: AlphaMask? = nil,
    caches: TextCaches
  ) {
    let pixelsPerEm = line.size * scale
    var masks: [AlphaMask] = []
    masks.reserveCapacity(line.glyphs.count)
    for placed in line.glyphs {
      let pen = Self.quarters((origin.x + placed.x) * scale)
      let baseline = Self.quarters((origin.y - placed.y) * scale)
      let mask = caches.glyphs.mask(
        glyph: placed.index, face: placed.face, pixelsPerEm: pixelsPerEm, quarterX: pen.fraction,
        quarterY: baseline.fraction)
      // A glyph with no outline (a space) has an empty mask, which `fill(masks:)` leaves out.
      masks.append(mask.offsetBy(dx: pen.whole, dy: baseline.whole))
    }
    fill(masks: masks, with: paint, clip: clip)
    for rule in line.rules {
      var path = Path()
      path.addRect(
        Rect(x: (origin.x + rule.x) * scale, y: (origin.y + rule.y) * scale, width: rule.width * scale, height: rule.height * scale))
      fill(path, with: paint, clip: clip)
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
