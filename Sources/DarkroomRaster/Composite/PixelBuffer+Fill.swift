extension PixelBuffer {
  /// Fills a path (pixel coordinates, measured from the pixel `origin`) with a
  /// paint, source-over, anti-aliased by exact area coverage, through an optional
  /// clip, leaving out the pixels of `hidden` (which later drawing covers). A shape
  /// whose coverage `memo` already holds is not scanned again; one made from an
  /// origin of its own hits wherever it is drawn again.
  ///
  /// A buffer that is a band of a larger target (``init(band:width:fill:skipping:)``)
  /// names the target's rows in `scanningRows`: the shape is then scanned over them,
  /// in the window it has on the whole target — so its coverage is the whole
  /// target's to the last bit, and `memo` knows it in every band after the first —
  /// and only the band's rows are painted.
  public mutating func fill(
    _ path: Path, from origin: PixelOrigin = PixelOrigin(x: 0, y: 0), rule: FillRule = .nonZero, with paint: Paint,
    clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil, memo: CoverageMemo? = nil,
    scanningRows: Range<Int>? = nil
  ) {
    fill(
      named: nil, { path }, from: origin, rule: rule, with: paint, clip: clip, skipping: hidden, memo: memo,
      scanningRows: scanningRows)
  }

  /// Fills the path `outline` makes, as ``fill(_:from:rule:with:clip:skipping:memo:scanningRows:)``,
  /// for a shape `name` names (``ShapeName``): one `memo` knows by its name is
  /// painted without `outline` being called.
  public mutating func fill(
    named name: ShapeName?, _ outline: () -> Path, from origin: PixelOrigin = PixelOrigin(x: 0, y: 0),
    rule: FillRule = .nonZero, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil,
    memo: CoverageMemo? = nil, scanningRows: Range<Int>? = nil
  ) {
    guard !paint.isInvisible else { return }
    let painter = SpanPainter(paint, clip: clip, skipping: hidden, target: self)
    let bounds = canvasBounds
    let scanned = scanningRows ?? bounds.top..<bounds.bottom
    var rasterizer = CoverageRasterizer(
      clipLeft: bounds.left, clipTop: scanned.lowerBound, clipRight: bounds.right, clipBottom: scanned.upperBound)
    if let clip {
      rasterizer = CoverageRasterizer(
        clipLeft: max(bounds.left, clip.x), clipTop: max(scanned.lowerBound, clip.y),
        clipRight: min(bounds.right, clip.x + clip.width), clipBottom: min(scanned.upperBound, clip.y + clip.height))
    }
    let (top, bottom) = (bounds.top, bounds.bottom)
    bytes.withUnsafeMutableBufferPointer { pixels in
      rasterizer.rasterize(named: name, { outline().flattened() }, from: origin, rule: rule, memo: memo) {
        runTop, runBottom, spans in
        let from = max(runTop, top), to = min(runBottom, bottom)
        if from < to { painter.paint(rows: from, to, spans: spans, into: pixels) }
      }
    }
  }

  /// Fills a path with one colour, without a clip.
  public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with color: RGBA8) {
    fill(path, rule: rule, with: .solid(color))
  }

  /// Draws a path's outline (measured from the pixel `origin`) with a stroke style,
  /// leaving out the pixels of `hidden`, the outline's coverage looked up in `memo`
  /// (`scanningRows`: as ``fill(_:from:rule:with:clip:skipping:memo:scanningRows:)``).
  public mutating func stroke(
    _ path: Path, from origin: PixelOrigin = PixelOrigin(x: 0, y: 0), style: StrokeStyle, with paint: Paint,
    clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil, memo: CoverageMemo? = nil,
    scanningRows: Range<Int>? = nil
  ) {
    stroke(
      named: nil, { path }, from: origin, style: style, with: paint, clip: clip, skipping: hidden, memo: memo,
      scanningRows: scanningRows)
  }

  /// Draws the outline of the path `centre` makes, as
  /// ``stroke(_:from:style:with:clip:skipping:memo:scanningRows:)``, for a stroke
  /// `name` names, style included (``ShapeName``): one `memo` knows by its name is
  /// painted without `centre` being called or stroked.
  public mutating func stroke(
    named name: ShapeName?, _ centre: () -> Path, from origin: PixelOrigin = PixelOrigin(x: 0, y: 0),
    style: StrokeStyle, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil,
    memo: CoverageMemo? = nil, scanningRows: Range<Int>? = nil
  ) {
    fill(
      named: name, { Stroker(style: style).outline(of: centre()) }, from: origin, with: paint, clip: clip,
      skipping: hidden, memo: memo, scanningRows: scanningRows)
  }

  /// Paints through a mask: each pixel gets the paint at the mask's coverage
  /// (glyph images, shadows), except the pixels of `hidden`.
  public mutating func fill(
    _ mask: AlphaMask, with paint: Paint, clip: AlphaMask? = nil, skipping hidden: Occlusion? = nil
  ) {
    guard !paint.isInvisible else { return }
    if case .solid(let color) = paint {
      guard let piece = piece(of: mask, clip: clip) else { return }
      return fillSolid([piece], with: color.premultiplied, clip: clip, skipping: hidden)
    }
    // The painter looks at the clip pixel by pixel.
    guard let piece = piece(of: mask, clip: nil) else { return }
    let painter = SpanPainter(paint, clip: clip, skipping: hidden, target: self)
    bytes.withUnsafeMutableBufferPointer { pixels in
      for y in piece.rows {
        mask.forEachRun(row: y, columns: piece.columns) { start, end, c in
          painter.paint(y: y, x0: start, x1: end, coverage: c, into: pixels)
        }
      }
    }
  }

  /// Paints through several masks in turn, as many calls of
  /// ``fill(_:with:clip:skipping:)`` would (the glyphs of a line of text), with
  /// the same bytes: one colour's set-up is done once for all of them. A pixel two
  /// masks reach still gets the first, then the second.
  public mutating func fill(masks: [AlphaMask], with paint: Paint, clip: AlphaMask? = nil) {
    guard !paint.isInvisible else { return }
    guard case .solid(let color) = paint else {
      for mask in masks { fill(mask, with: paint, clip: clip) }
      return
    }
    let pieces = masks.compactMap { piece(of: $0, clip: clip) }
    guard !pieces.isEmpty else { return }
    fillSolid(pieces, with: color.premultiplied, clip: clip, skipping: nil)
  }

  /// The rows and columns of `mask` inside the buffer and the clip's rectangle (nil:
  /// no clip), where alone anything can show; nil when there are none.
  private func piece(of mask: AlphaMask, clip: AlphaMask?) -> MaskPiece? {
    guard mask.width > 0, mask.height > 0 else { return nil }
    let bounds = canvasBounds
    var top = max(bounds.top, mask.y), bottom = min(bounds.bottom, mask.y + mask.height)
    var left = max(bounds.left, mask.x), right = min(bounds.right, mask.x + mask.width)
    if let clip {
      top = max(top, clip.y)
      bottom = min(bottom, clip.y + clip.height)
      left = max(left, clip.x)
      right = min(right, clip.x + clip.width)
    }
    guard top < bottom, left < right else { return nil }
    return MaskPiece(mask: mask, rows: top..<bottom, columns: left..<right)
  }

  /// Fills an axis-aligned rectangle (pixel coordinates) with a colour, leaving out
  /// the pixels of `hidden`. Edges that fall inside a pixel cover it partially,
  /// exactly as a path fill would, but whole rows of the interior are written
  /// without a coverage pass. A rectangle with an edge inside a pixel, or a
  /// translucent one, is scanned as a path, its coverage looked up in `memo` (`memo`
  /// and `scanningRows`: as ``fill(_:from:rule:with:clip:skipping:memo:scanningRows:)``).
  public mutating func fill(
    _ rect: Rect, with color: RGBA8, skipping hidden: Occlusion? = nil, memo: CoverageMemo? = nil,
    scanningRows: Range<Int>? = nil
  ) {
    let isPixelAligned =
      rect.x == rect.x.rounded() && rect.y == rect.y.rounded()
      && rect.maxX == rect.maxX.rounded() && rect.maxY == rect.maxY.rounded()
    guard isPixelAligned, color.a == 255 else {
      return fill(
        named: ShapeName(.rectangle, [rect.x, rect.y, rect.width, rect.height]),
        {
          var path = Path()
          path.addRect(rect)
          return path
        }, with: .solid(color),
        skipping: hidden, memo: memo, scanningRows: scanningRows)
    }
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

  /// A mask and the rows and columns of it that can show.
  private struct MaskPiece {
    let mask: AlphaMask
    let rows: Range<Int>
    let columns: Range<Int>
  }

  /// Paints masks with one colour (glyphs, shadows), four pixels at a time
  /// (``PixelLanes``): a glyph's coverage changes nearly every pixel, so there are no
  /// runs to find. Through a clip (a label in a list that clips its rows), each
  /// row's coverage is first multiplied by the clip's (`Blend.multiply`, sixteen at
  /// a time): the bytes a span at a time through the clip gives, without a call for
  /// every pixel. Each piece's rows and columns lie inside its mask's rectangle and
  /// the clip's.
  ///
  /// Piece by piece, each over all its rows: a pixel that several pieces cover gets
  /// them in their order, exactly as row by row across the pieces would give it,
  /// while a piece's set-up is done once and not once a row, and what later drawing
  /// hides is looked up a band of rows at a time.
  private mutating func fillSolid(
    _ pieces: [MaskPiece], with source: PremultipliedRGBA8, clip: AlphaMask?, skipping hidden: Occlusion?
  ) {
    guard !pieces.isEmpty else { return }
    let (width, origin) = (self.width, self.origin)
    let (word, alpha) = (source.word, source.a)
    let hidden = hidden.flatMap { $0.isEmpty ? nil : $0 }
    let widest = clip == nil ? 0 : pieces.map(\.columns.count).max() ?? 0
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: widest) { combined in
      bytes.withUnsafeMutableBytes { pixels in
        (clip?.values ?? []).withUnsafeBufferPointer { clipValues in
          guard let target = pixels.baseAddress else { return }
          for piece in pieces {
            let (mask, columns) = (piece.mask, piece.columns)
            mask.values.withUnsafeBufferPointer { values in
              guard let coverage = values.baseAddress else { return }
              // Row `y` of the piece, but for the columns of `hidden`'s `covered`. The
              // piece lies inside the buffer and the mask, so no offset can overflow:
              // wrapping arithmetic spares a text line's ~300 rows their checks.
              @inline(__always) func paint(row y: Int, covered: Range<Int>?) {
                let row = target + ((y &- origin.y) &* width &- origin.x) &* 4
                // The row's coverage by canvas column: the mask's, or its product with the clip's.
                var rowCoverage = coverage + ((y &- mask.y) &* mask.width &- mask.x)
                if let clip, let clipCoverage = clipValues.baseAddress, let product = combined.baseAddress {
                  let clipRow = clipCoverage + (y - clip.y) * clip.width - clip.x
                  PixelLanes.multiply(
                    rowCoverage + columns.lowerBound, clipRow + columns.lowerBound, into: product, count: columns.count)
                  rowCoverage = UnsafePointer(product - columns.lowerBound)
                }
                @inline(__always) func blend(_ start: Int, _ end: Int) {
                  PixelLanes.blend(
                    row + start * 4, count: end - start, coverage: rowCoverage + start, word: word, alpha: alpha)
                }
                guard let hidden, let covered else { return blend(columns.lowerBound, columns.upperBound) }
                hidden.forEachVisible(covered: covered, from: columns.lowerBound, to: columns.upperBound, blend)
              }
              guard let hidden else {
                for y in piece.rows { paint(row: y, covered: nil) }
                return
              }
              hidden.forEachBand(rows: piece.rows) { top, bottom, covered in
                for y in top..<bottom { paint(row: y, covered: covered) }
              }
            }
          }
        }
      }
    }
  }
}
