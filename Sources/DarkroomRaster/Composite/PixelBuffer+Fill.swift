extension PixelBuffer {
  /// Fills a path (pixel coordinates) with a paint, source-over, anti-aliased by
  /// exact area coverage, through an optional clip, leaving out the pixels of
  /// `hidden` (which later drawing covers).
  public mutating func fill(
    _ path: Path, rule: FillRule = .nonZero, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil
  ) {
    guard !paint.isInvisible else { return }
    let painter = SpanPainter(paint, clip: clip, skipping: hidden, target: self)
    let bounds = canvasBounds
    var rasterizer = CoverageRasterizer(clipLeft: bounds.left, clipTop: bounds.top, clipRight: bounds.right, clipBottom: bounds.bottom)
    if let clip {
      rasterizer = CoverageRasterizer(
        clipLeft: max(bounds.left, clip.x), clipTop: max(bounds.top, clip.y),
        clipRight: min(bounds.right, clip.x + clip.width), clipBottom: min(bounds.bottom, clip.y + clip.height))
    }
    bytes.withUnsafeMutableBufferPointer { pixels in
      rasterizer.rasterize(path, rule: rule) { top, bottom, spans in
        painter.paint(rows: top, bottom, spans: spans, into: pixels)
      }
    }
  }

  /// Fills a path with one colour, without a clip.
  public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with color: RGBA8) {
    fill(path, rule: rule, with: .solid(color))
  }

  /// Draws a path's outline with a stroke style, leaving out the pixels of `hidden`.
  public mutating func stroke(
    _ path: Path, style: StrokeStyle, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil
  ) {
    fill(Stroker(style: style).outline(of: path), with: paint, clip: clip, skipping: hidden)
  }

  /// Paints through a mask: each pixel gets the paint at the mask's coverage
  /// (glyph images, shadows), except the pixels of `hidden`.
  public mutating func fill(
    _ mask: AlphaMask, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil
  ) {
    guard !paint.isInvisible, mask.width > 0, mask.height > 0 else { return }
    let bounds = canvasBounds
    let top = max(bounds.top, mask.y), bottom = min(bounds.bottom, mask.y + mask.height)
    let left = max(bounds.left, mask.x), right = min(bounds.right, mask.x + mask.width)
    guard top < bottom, left < right else { return }
    if case .solid(let color) = paint {
      // Only where the clip's rectangle is can anything show.
      let rows = clip.map { max(top, $0.y)..<min(bottom, $0.y + $0.height) } ?? top..<bottom
      let columns = clip.map { max(left, $0.x)..<min(right, $0.x + $0.width) } ?? left..<right
      guard !rows.isEmpty, !columns.isEmpty else { return }
      fillSolid(mask, with: color.premultiplied, clip: clip, rows: rows, columns: columns, skipping: hidden)
      return
    }
    let painter = SpanPainter(paint, clip: clip, skipping: hidden, target: self)
    bytes.withUnsafeMutableBufferPointer { pixels in
      for y in top..<bottom {
        mask.forEachRun(row: y, columns: left..<right) { start, end, c in
          painter.paint(y: y, x0: start, x1: end, coverage: c, into: pixels)
        }
      }
    }
  }

  /// Fills an axis-aligned rectangle (pixel coordinates) with a colour, leaving out
  /// the pixels of `hidden`. Edges that fall inside a pixel cover it partially,
  /// exactly as a path fill would, but whole rows of the interior are written
  /// without a coverage pass.
  public mutating func fill(_ rect: Rect, with color: RGBA8, skipping hidden: Occlusion? = nil) {
    var path = Path()
    path.addRect(rect)
    let isPixelAligned =
      rect.x == rect.x.rounded() && rect.y == rect.y.rounded()
      && rect.maxX == rect.maxX.rounded() && rect.maxY == rect.maxY.rounded()
    guard isPixelAligned, color.a == 255 else { return fill(path, with: .solid(color), skipping: hidden) }
    let bounds = canvasBounds
    let (l, t, r, b) = (Double(bounds.left), Double(bounds.top), Double(bounds.right), Double(bounds.bottom))
    let left = Int(max(l, min(r, rect.x))), right = Int(max(l, min(r, rect.maxX)))
    let top = Int(max(t, min(b, rect.y))), bottom = Int(max(t, min(b, rect.maxY)))
    guard left < right, top < bottom else { return }
    let word = color.premultiplied.word
    let (width, origin) = (self.width, self.origin)
    let hidden = hidden.flatMap { $0.isEmpty ? nil : $0 }
    bytes.withUnsafeMutableBytes { pixels in
      guard let base = pixels.baseAddress else { return }
      func row(_ y: Int) -> UnsafeMutableRawPointer { base + ((y - origin.y) * width - origin.x) * 4 }
      guard let hidden else {
        for y in top..<bottom { PixelLanes.fill(row(y) + left * 4, count: right - left, with: word) }
        return
      }
      hidden.forEachBand(rows: top..<bottom) { bandTop, bandBottom, covered in
        for y in bandTop..<bandBottom {
          hidden.forEachVisible(covered: covered, from: left, to: right) { start, end in
            PixelLanes.fill(row(y) + start * 4, count: end - start, with: word)
          }
        }
      }
    }
  }

  /// Paints a mask with one colour (glyphs, shadows), four pixels at a time
  /// (``PixelLanes``): a glyph's coverage changes nearly every pixel, so there are no
  /// runs to find. Through a clip (a label in a list that clips its rows), each
  /// row's coverage is first multiplied by the clip's (`Blend.multiply`, sixteen at
  /// a time): the bytes a span at a time through the clip gives, without a call for
  /// every pixel. `rows` and `columns` lie inside the mask's rectangle and the
  /// clip's.
  private mutating func fillSolid(
    _ mask: AlphaMask, with source: PremultipliedRGBA8, clip: AlphaMask?, rows: Range<Int>, columns: Range<Int>,
    skipping hidden: Occlusion?
  ) {
    let (width, origin) = (self.width, self.origin)
    let (word, alpha) = (source.word, source.a)
    let hidden = hidden.flatMap { $0.isEmpty ? nil : $0 }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: clip == nil ? 0 : columns.count) { combined in
      bytes.withUnsafeMutableBytes { pixels in
        mask.values.withUnsafeBufferPointer { values in
          (clip?.values ?? []).withUnsafeBufferPointer { clipValues in
            guard let target = pixels.baseAddress, let coverage = values.baseAddress else { return }
            for y in rows {
              let maskRow = coverage + (y - mask.y) * mask.width - mask.x
              // The row's coverage by canvas column: the mask's, or its product with the clip's.
              var rowCoverage = maskRow
              if let clip, let clipCoverage = clipValues.baseAddress, let product = combined.baseAddress {
                let clipRow = clipCoverage + (y - clip.y) * clip.width - clip.x
                PixelLanes.multiply(
                  maskRow + columns.lowerBound, clipRow + columns.lowerBound, into: product, count: columns.count)
                rowCoverage = UnsafePointer(product - columns.lowerBound)
              }
              let row = target + ((y - origin.y) * width - origin.x) * 4
              func paint(_ start: Int, _ end: Int) {
                PixelLanes.blend(
                  row + start * 4, count: end - start, coverage: rowCoverage + start, word: word, alpha: alpha)
              }
              guard let hidden else {
                paint(columns.lowerBound, columns.upperBound)
                continue
              }
              hidden.forEachVisible(row: y, from: columns.lowerBound, to: columns.upperBound, paint)
            }
          }
        }
      }
    }
  }
}
