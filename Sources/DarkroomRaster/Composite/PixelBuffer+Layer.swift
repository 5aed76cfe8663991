extension PixelBuffer {
  /// Composites a layer (a buffer that knows where on the canvas it lies) at its
  /// place, at `opacity`: how a group with opacity is drawn.
  public mutating func composite(_ layer: PixelBuffer, opacity: UInt8) {
    draw(layer, atX: layer.origin.x, y: layer.origin.y, opacity: opacity)
  }

  /// Composites another buffer of any size with its top-left corner at canvas pixel
  /// (x, y), source-over, scaled by `opacity`, through an optional clip, cut to this
  /// buffer's edges.
  public mutating func draw(_ image: PixelBuffer, atX x: Int, y: Int, opacity: UInt8 = 255, clip: AlphaMask? = nil) {
    guard opacity != 0 else { return }
    let bounds = canvasBounds
    let top = max(bounds.top, y), bottom = min(bounds.bottom, y + image.height)
    let left = max(bounds.left, x), right = min(bounds.right, x + image.width)
    guard top < bottom, left < right else { return }
    let rowBytes = width * 4, imageRowBytes = image.width * 4
    let origin = self.origin
    bytes.withUnsafeMutableBufferPointer { pixels in
      image.bytes.withUnsafeBufferPointer { source in
        for row in top..<bottom {
          for column in left..<right {
            let s = (row - y) * imageRowBytes + (column - x) * 4
            guard source[s + 3] != 0 else { continue }
            var coverage = opacity
            if let clip {
              coverage = Blend.multiply(coverage, clip[column, row])
              if coverage == 0 { continue }
            }
            let color = PremultipliedRGBA8(r: source[s], g: source[s + 1], b: source[s + 2], a: source[s + 3])
            Blend.sourceOver(color, coverage: coverage, into: pixels, at: (row - origin.y) * rowBytes + (column - origin.x) * 4)
          }
        }
      }
    }
  }
}
