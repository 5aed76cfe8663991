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
    guard let hidden else { return paintVisible(rows: y..<y + 1, x0: x0, x1: x1, coverage: coverage, into: pixels) }
    hidden.forEachVisible(row: y, from: x0, to: x1) { start, end in
      paintVisible(rows: y..<y + 1, x0: start, x1: end, coverage: coverage, into: pixels)
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
    guard let hidden else { return paint(band: top..<bottom, spans: spans, covered: nil, into: pixels) }
    hidden.forEachBand(rows: top..<bottom) { bandTop, bandBottom, covered in
      paint(band: bandTop..<bandBottom, spans: spans, covered: covered, into: pixels)
    }
  }

  /// The most one-pixel spans blended as one run.
  private static let runLimit = 64

  /// The rows of a block that share their hidden columns: `covered` indexes those
  /// columns (nil when nothing is hidden).
  ///
  /// Span by span, each down every row before the next: the spans of a row do not
  /// overlap, so the bytes are those of row by row, while a span's set-up — the
  /// columns of it that show, its weighted colour — is done once for the rows and
  /// not once a row (a 1 pt border's straight sides are 3-pixel spans, 150 rows
  /// tall, and were more than half of the spans painted).
  ///
  /// An edge that crosses a row at a slant gives one span a pixel, each with its own
  /// coverage — most of the spans of a rounded corner. A run of such adjacent
  /// one-pixel spans of a solid colour with no clip is blended as one row of
  /// per-pixel coverage (``PixelLanes/blend(_:count:coverage:word:alpha:)``, eight
  /// pixels a turn), not one call a pixel; a run shorter than four pixels with
  /// nothing hidden goes to ``paintFew(rows:spans:color:into:)``. All give every
  /// pixel `Blend.sourceOver(_:alpha:coverage:onto:)`'s bytes.
  @inline(__always)
  private func paint(
    band rows: Range<Int>, spans: UnsafeBufferPointer<CoverageRasterizer.Span>, covered: Range<Int>?,
    into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    var k = 0
    while k < spans.count {
      let s = spans[k]
      if s.x1 &- s.x0 == 1, clip == nil, let color = source.solidColor {
        var end = k &+ 1
        while end < spans.count && end &- k < Self.runLimit && spans[end].x0 == spans[end &- 1].x1
          && spans[end].x1 &- spans[end].x0 == 1
        {
          end &+= 1
        }
        let count = end &- k
        if count < 4 && covered?.isEmpty ?? true {
          paintFew(rows: rows, spans: UnsafeBufferPointer(rebasing: spans[k..<end]), color: color, into: pixels)
          k = end
          continue
        }
        if count > 1 {
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { coverage in
            for j in 0..<count { coverage[j] = spans[k &+ j].coverage }
            for y in rows {
              paintRun(
                y: y, x0: s.x0, coverage: UnsafeBufferPointer(coverage), color: color, covered: covered, into: pixels)
            }
          }
          k = end
          continue
        }
      }
      if let hidden, let covered {
        hidden.forEachVisible(covered: covered, from: s.x0, to: s.x1) { start, end in
          paintVisible(rows: rows, x0: start, x1: end, coverage: s.coverage, into: pixels)
        }
      } else {
        paintVisible(rows: rows, x0: s.x0, x1: s.x1, coverage: s.coverage, into: pixels)
      }
      k &+= 1
    }
  }

  /// Adjacent one-pixel `spans`, fewer than the four pixels of a vector, of a solid
  /// colour with nothing hidden in `rows`: each pixel blended on its own, with
  /// `Blend.sourceOver(_:alpha:coverage:onto:)` as a run's or a span's pixels are,
  /// without a run's or a span's set-up. Most of a rounded corner's rows end in
  /// such spans: a drawing of the reference scene has 2.4K lone ones and 2.6K runs,
  /// four in five of them shorter than four pixels, and each paid over a hundred
  /// instructions of set-up for a pixel or three.
  @inline(__always)
  private func paintFew(
    rows: Range<Int>, spans: UnsafeBufferPointer<CoverageRasterizer.Span>, color: PremultipliedRGBA8,
    into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let base = pixels.baseAddress, let first = spans.first else { return }
    var row = UnsafeMutableRawPointer(base) + ((rows.lowerBound &- origin.y) &* rowBytes &+ (first.x0 &- origin.x) &* 4)
    for _ in rows {
      for j in 0..<spans.count {
        let under = row.load(fromByteOffset: j &* 4, as: UInt32.self)
        row.storeBytes(
          of: Blend.sourceOver(color.word, alpha: color.a, coverage: spans[j].coverage, onto: under),
          toByteOffset: j &* 4, as: UInt32.self)
      }
      row += rowBytes
    }
  }

  /// A solid colour over row `y` from column `x0`, each pixel at its own coverage,
  /// leaving out the hidden columns.
  @inline(__always)
  private func paintRun(
    y: Int, x0: Int, coverage: UnsafeBufferPointer<UInt8>, color: PremultipliedRGBA8, covered: Range<Int>?,
    into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let base = pixels.baseAddress, let values = coverage.baseAddress else { return }
    let row = UnsafeMutableRawPointer(base + (y - origin.y) * rowBytes - origin.x * 4)
    func blend(_ start: Int, _ end: Int) {
      PixelLanes.blend(
        row + start * 4, count: end - start, coverage: values + (start - x0), word: color.word, alpha: color.a)
    }
    if let hidden, let covered {
      hidden.forEachVisible(covered: covered, from: x0, to: x0 + coverage.count, blend)
    } else {
      blend(x0, x0 + coverage.count)
    }
  }

  /// Columns `x0..<x1` of `rows`, at `coverage`, through the clip.
  @inline(__always)
  private func paintVisible(
    rows: Range<Int>, x0: Int, x1: Int, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let clip else { return paintUnclipped(rows: rows, x0: x0, x1: x1, coverage: coverage, into: pixels) }
    for y in rows {
      clip.forEachRun(row: y, columns: x0..<x1) { start, end, c in
        paintUnclipped(rows: y..<y + 1, x0: start, x1: end, coverage: Blend.multiply(coverage, c), into: pixels)
      }
    }
  }

  @inline(__always)
  private func paintUnclipped(
    rows: Range<Int>, x0: Int, x1: Int, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard coverage != 0 else { return }
    if let color = source.solidColor {
      Blend.sourceOverSpan(
        color, coverage: coverage, into: pixels, from: (rows.lowerBound - origin.y) * rowBytes + (x0 - origin.x) * 4,
        count: x1 - x0, rows: rows.count, rowBytes: rowBytes)
      return
    }
    for y in rows {
      let row = (y - origin.y) * rowBytes - origin.x * 4
      for x in x0..<x1 {
        Blend.sourceOver(source.color(x: x, y: y), coverage: coverage, into: pixels, at: row + x * 4)
      }
    }
  }
}
