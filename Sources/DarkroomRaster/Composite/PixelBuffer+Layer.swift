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
    let origin = self.origin
    bytes.withUnsafeMutableBufferPointer { pixels in
      image.bytes.withUnsafeBufferPointer { source in
        guard let target = pixels.baseAddress, let from = source.baseAddress else { return }
        // Whole pixel words (`Blend.sourceOver(_:alpha:coverage:onto:)`); alpha is
        // read as a byte, so the byte order of a word does not matter.
        let targetBytes = UnsafeMutableRawPointer(target), sourceBytes = UnsafeRawPointer(from)
        for row in top..<bottom {
          let sourceRow = (row - y) * image.width - x
          let targetRow = (row - origin.y) * width - origin.x
          for column in left..<right {
            let alpha = source[(sourceRow + column) * 4 + 3]
            guard alpha != 0 else { continue }
            var coverage = opacity
            if let clip {
              coverage = Blend.multiply(coverage, clip[column, row])
              if coverage == 0 { continue }
            }
            let word = sourceBytes.load(fromByteOffset: (sourceRow + column) * 4, as: UInt32.self)
            let at = (targetRow + column) * 4
            let under = targetBytes.load(fromByteOffset: at, as: UInt32.self)
            targetBytes.storeBytes(of: Blend.sourceOver(word, alpha: alpha, coverage: coverage, onto: under), toByteOffset: at, as: UInt32.self)
          }
        }
      }
    }
  }
}
