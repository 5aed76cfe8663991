/// Composites a paint onto runs of pixels that share one coverage, through an
/// optional clip, leaving out the pixels later drawing covers: the one place every
/// fill, stroke, glyph and shadow ends up.
struct SpanPainter {
  let source: PaintSource
  let clip: AlphaMask?
  let hidden: Occlusion?
  let rowBytes: Int
  /// The target's origin on the canvas: spans come in canvas coordinates.
  let origin: PixelOrigin

  init(_ paint: Paint, clip: AlphaMask?, skipping hidden: Occlusion?, target: PixelBuffer) {
    source = PaintSource(paint)
    self.clip = clip
    self.hidden = hidden.flatMap { $0.isEmpty ? nil : $0 }
    rowBytes = target.width * 4
    origin = target.origin
  }

  /// Source-over of the paint at `coverage` onto row `y`, columns `x0..<x1`.
  @inline(__always)
  func paint(y: Int, x0: Int, x1: Int, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>) {
    guard let hidden else { return paintVisible(y: y, x0: x0, x1: x1, coverage: coverage, into: pixels) }
    hidden.forEachVisible(row: y, from: x0, to: x1) { start, end in
      paintVisible(y: y, x0: start, x1: end, coverage: coverage, into: pixels)
    }
  }

  @inline(__always)
  private func paintVisible(y: Int, x0: Int, x1: Int, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>) {
    guard let clip else { return paintUnclipped(y: y, x0: x0, x1: x1, coverage: coverage, into: pixels) }
    clip.forEachRun(row: y, columns: x0..<x1) { start, end, c in
      paintUnclipped(y: y, x0: start, x1: end, coverage: Blend.multiply(coverage, c), into: pixels)
    }
  }

  @inline(__always)
  private func paintUnclipped(y: Int, x0: Int, x1: Int, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>) {
    guard coverage != 0 else { return }
    let row = (y - origin.y) * rowBytes - origin.x * 4
    if let color = source.solidColor {
      Blend.sourceOverSpan(color, coverage: coverage, into: pixels, from: row + x0 * 4, count: x1 - x0)
      return
    }
    for x in x0..<x1 {
      Blend.sourceOver(source.color(x: x, y: y), coverage: coverage, into: pixels, at: row + x * 4)
    }
  }
}
