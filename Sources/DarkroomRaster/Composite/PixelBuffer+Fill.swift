extension PixelBuffer {
  /// Fills a path (pixel coordinates) with a paint, source-over, anti-aliased by
  /// exact area coverage, through an optional clip.
  public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with paint: Paint, clip: AlphaMask? = nil) {
    guard !paint.isInvisible else { return }
    let painter = SpanPainter(paint, clip: clip, target: self)
    let bounds = canvasBounds
    var rasterizer = CoverageRasterizer(clipLeft: bounds.left, clipTop: bounds.top, clipRight: bounds.right, clipBottom: bounds.bottom)
    if let clip {
      rasterizer = CoverageRasterizer(
        clipLeft: max(bounds.left, clip.x), clipTop: max(bounds.top, clip.y),
        clipRight: min(bounds.right, clip.x + clip.width), clipBottom: min(bounds.bottom, clip.y + clip.height))
    }
    bytes.withUnsafeMutableBufferPointer { pixels in
      rasterizer.rasterize(path, rule: rule) { y, x0, x1, coverage in
        painter.paint(y: y, x0: x0, x1: x1, coverage: coverage, into: pixels)
      }
    }
  }

  /// Fills a path with one colour, without a clip.
  public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with color: RGBA8) {
    fill(path, rule: rule, with: .solid(color))
  }

  /// Draws a path's outline with a stroke style.
  public mutating func stroke(_ path: Path, style: StrokeStyle, with paint: Paint, clip: AlphaMask? = nil) {
    fill(Stroker(style: style).outline(of: path), with: paint, clip: clip)
  }

  /// Paints through a mask: each pixel gets the paint at the mask's coverage
  /// (glyph images, shadows).
  public mutating func fill(_ mask: AlphaMask, with paint: Paint, clip: AlphaMask? = nil) {
    guard !paint.isInvisible, mask.width > 0, mask.height > 0 else { return }
    let painter = SpanPainter(paint, clip: clip, target: self)
    let bounds = canvasBounds
    let top = max(bounds.top, mask.y), bottom = min(bounds.bottom, mask.y + mask.height)
    let left = max(bounds.left, mask.x), right = min(bounds.right, mask.x + mask.width)
    guard top < bottom, left < right else { return }
    if clip == nil, case .solid(let color) = paint {
      fillUnclipped(mask, with: color.premultiplied, rows: top..<bottom, columns: left..<right)
      return
    }
    bytes.withUnsafeMutableBufferPointer { pixels in
      for y in top..<bottom {
        mask.forEachRun(row: y, columns: left..<right) { start, end, c in
          painter.paint(y: y, x0: start, x1: end, coverage: c, into: pixels)
        }
      }
    }
  }

  /// Fills an axis-aligned rectangle (pixel coordinates) with a colour. Edges that
  /// fall inside a pixel cover it partially, exactly as a path fill would, but
  /// whole rows of the interior are written without a coverage pass.
  public mutating func fill(_ rect: Rect, with color: RGBA8) {
    var path = Path()
    path.addRect(rect)
    let isPixelAligned =
      rect.x == rect.x.rounded() && rect.y == rect.y.rounded()
      && rect.maxX == rect.maxX.rounded() && rect.maxY == rect.maxY.rounded()
    guard isPixelAligned, color.a == 255 else { return fill(path, with: color) }
    let bounds = canvasBounds
    let (l, t, r, b) = (Double(bounds.left), Double(bounds.top), Double(bounds.right), Double(bounds.bottom))
    let left = Int(max(l, min(r, rect.x))), right = Int(max(l, min(r, rect.maxX)))
    let top = Int(max(t, min(b, rect.y))), bottom = Int(max(t, min(b, rect.maxY)))
    guard left < right, top < bottom else { return }
    let p = color.premultiplied
    let rowBytes = width * 4
    bytes.withUnsafeMutableBufferPointer { pixels in
      for y in top..<bottom {
        let start = (y - origin.y) * rowBytes + (left - origin.x) * 4
        Blend.sourceOverSpan(p, coverage: 255, into: pixels, from: start, count: right - left)
      }
    }
  }

  /// Paints a mask with one colour and no clip (glyphs, shadows), a pixel word at a
  /// time: a glyph's coverage changes nearly every pixel, so there are no runs to
  /// find, and the weighted colour is two multiplications of a word.
  private mutating func fillUnclipped(_ mask: AlphaMask, with source: PremultipliedRGBA8, rows: Range<Int>, columns: Range<Int>) {
    let width = self.width
    let origin = self.origin
    let word = source.word
    bytes.withUnsafeMutableBytes { pixels in
      mask.values.withUnsafeBufferPointer { values in
        for y in rows {
          let base = (y - mask.y) * mask.width - mask.x
          let row = (y - origin.y) * width - origin.x
          for x in columns {
            let c = values[base + x]
            guard c != 0 else { continue }
            let at = (row + x) * 4
            let under = pixels.load(fromByteOffset: at, as: UInt32.self)
            pixels.storeBytes(of: Blend.sourceOver(word, alpha: source.a, coverage: c, onto: under), toByteOffset: at, as: UInt32.self)
          }
        }
      }
    }
  }
}
