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

  /// Source-over of the paint onto rows `top..<bottom`, each with the same `spans`
  /// (a block from ``CoverageRasterizer``): what later drawing covers is looked up
  /// once for each band of rows it covers alike, not once a span of every row.
  @inline(__always)
  func paint(
    rows top: Int, _ bottom: Int, spans: UnsafeBufferPointer<CoverageRasterizer.Span>,
    into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let hidden else {
      for y in top..<bottom {
        for s in spans { paintVisible(y: y, x0: s.x0, x1: s.x1, coverage: s.coverage, into: pixels) }
      }
      return
    }
    hidden.forEachBand(rows: top..<bottom) { bandTop, bandBottom, covered in
      for y in bandTop..<bandBottom {
        for s in spans {
          hidden.forEachVisible(covered: covered, from: s.x0, to: s.x1) { start, end in
            paintVisible(y: y, x0: start, x1: end, coverage: s.coverage, into: pixels)
          }
        }
      }
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
