extension PixelBuffer {
  /// Fills a path (pixel coordinates) with a colour, source-over, anti-aliased by
  /// exact area coverage, under a fill rule (default non-zero: contours in opposite
  /// directions cancel).
  public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with color: RGBA8) {
    guard color.a != 0 else { return }
    let source = color.premultiplied
    let rasterizer = CoverageRasterizer(clipWidth: width, clipHeight: height)
    let rowBytes = width * 4
    bytes.withUnsafeMutableBufferPointer { pixels in
      rasterizer.rasterize(path, rule: rule) { y, x0, x1, coverage in
        Blend.sourceOverSpan(source, coverage: coverage, into: pixels, from: y * rowBytes + x0 * 4, count: x1 - x0)
      }
    }
  }

  /// Fills an axis-aligned rectangle (pixel coordinates) with a colour. Edges that
  /// fall inside a pixel cover it partially, exactly as ``fill(_:with:)`` would, but
  /// whole rows of the interior are written without a coverage pass.
  public mutating func fill(_ rect: Rect, with color: RGBA8) {
    var path = Path()
    path.addRect(rect)
    let isPixelAligned =
      rect.x == rect.x.rounded() && rect.y == rect.y.rounded()
      && rect.maxX == rect.maxX.rounded() && rect.maxY == rect.maxY.rounded()
    guard isPixelAligned, color.a == 255 else { return fill(path, with: color) }
    let left = max(0, Int(rect.x)), right = min(width, Int(rect.maxX))
    let top = max(0, Int(rect.y)), bottom = min(height, Int(rect.maxY))
    guard left < right, top < bottom else { return }
    let p = color.premultiplied
    bytes.withUnsafeMutableBufferPointer { pixels in
      for y in top..<bottom {
        var offset = (y * width + left) * 4
        for _ in left..<right {
          pixels[offset] = p.r
          pixels[offset + 1] = p.g
          pixels[offset + 2] = p.b
          pixels[offset + 3] = 255
          offset += 4
        }
      }
    }
  }
}

extension PixelBuffer {
  /// Draws another buffer with its top-left corner at (x, y), source-over, clipped
  /// to this buffer.
  public mutating func draw(_ image: PixelBuffer, atX x: Int, y: Int) {
    let width = self.width, height = self.height
    bytes.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<image.height where y + row >= 0 && y + row < height {
        for column in 0..<image.width where x + column >= 0 && x + column < width {
          let source = image[column, row]
          Blend.sourceOver(source, coverage: 255, into: pixels, at: ((y + row) * width + x + column) * 4)
        }
      }
    }
  }
}
