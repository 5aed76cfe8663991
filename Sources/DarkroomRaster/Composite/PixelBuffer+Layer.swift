extension PixelBuffer {
  /// Composites a layer (a buffer that knows where on the canvas it lies) at its
  /// place, at `opacity`, leaving out the pixels of `hidden`: how a group with
  /// opacity is drawn.
  public mutating func composite(_ layer: PixelBuffer, opacity: UInt8, skipping hidden: Occlusion? = nil) {
    draw(layer, atX: layer.origin.x, y: layer.origin.y, opacity: opacity, skipping: hidden)
  }

  /// Composites another buffer of any size with its top-left corner at canvas pixel
  /// (x, y), source-over, scaled by `opacity`, through an optional clip, cut to this
  /// buffer's edges, leaving out the pixels of `hidden`.
  public mutating func draw(
    _ image: PixelBuffer, atX x: Int, y: Int, opacity: UInt8 = 255, clip: AlphaMask? = nil,
    skipping hidden: Occlusion? = nil
  ) {
    guard opacity != 0 else { return }
    let bounds = canvasBounds
    let top = max(bounds.top, y), bottom = min(bounds.bottom, y + image.height)
    let left = max(bounds.left, x), right = min(bounds.right, x + image.width)
    guard top < bottom, left < right else { return }
    let origin = self.origin
    let hidden = hidden.flatMap { $0.isEmpty ? nil : $0 }
    let width = self.width
    bytes.withUnsafeMutableBufferPointer { pixels in
      image.bytes.withUnsafeBufferPointer { source in
        guard let target = pixels.baseAddress, let from = source.baseAddress else { return }
        // Whole pixel words (`Blend.sourceOver(_:alpha:coverage:onto:)`); alpha is
        // read as a byte, so the byte order of a word does not matter.
        let targetBytes = UnsafeMutableRawPointer(target), sourceBytes = UnsafeRawPointer(from)
        for row in top..<bottom {
          let sourceRow = (row - y) * image.width - x
          let targetRow = (row - origin.y) * width - origin.x
          func paint(_ left: Int, _ right: Int) {
            func blend(_ from: Int, _ to: Int, _ coverage: UInt8) {
              PixelLanes.blend(
                targetBytes + (targetRow + from) * 4, count: to - from, source: sourceBytes + (sourceRow + from) * 4,
                opacity: coverage)
            }
            guard let clip else { return blend(left, right, opacity) }
            // A run of equal clip coverage at a time: an image's rounded corners are
            // the only places the clip changes.
            clip.forEachRun(row: row, columns: left..<right) { from, to, c in blend(from, to, Blend.multiply(opacity, c)) }
          }
          guard let hidden else {
            paint(left, right)
            continue
          }
          hidden.forEachVisible(row: row, from: left, to: right, paint)
        }
      }
    }
  }
}
