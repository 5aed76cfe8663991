extension PixelBuffer {
  /// Composites another buffer of any size with its top-left corner at (x, y),
  /// source-over, scaled by `opacity`, through an optional clip, cut to this
  /// buffer's edges. Group opacity is a layer drawn this way.
  public mutating func draw(_ image: PixelBuffer, atX x: Int, y: Int, opacity: UInt8 = 255, clip: AlphaMask? = nil) {
    guard opacity != 0 else { return }
    let top = max(0, y), bottom = min(height, y + image.height)
    let left = max(0, x), right = min(width, x + image.width)
    guard top < bottom, left < right else { return }
    let rowBytes = width * 4, imageRowBytes = image.width * 4
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
            Blend.sourceOver(color, coverage: coverage, into: pixels, at: row * rowBytes + column * 4)
          }
        }
      }
    }
  }
}
