extension PixelBuffer {
  /// The image resized to `width` × `height` pixels with a triangle (tent) filter
  /// widened by the reduction factor when shrinking, so every source pixel counts
  /// (no aliasing), and plain bilinear interpolation when enlarging.
  ///
  /// Filtering is done on premultiplied pixels (so transparent pixels do not bleed
  /// their colour into edges) with integer weights that sum to exactly 1 (14 bits),
  /// separably: rows, then columns. The same image gives the same pixels anywhere.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a bad target size.
  public func resampled(width newWidth: Int, height newHeight: Int) throws(RasterError) -> PixelBuffer {
    try Self.validate(width: newWidth, height: newHeight)
    if newWidth == width && newHeight == height { return self }
    let columns = Self.weights(from: width, to: newWidth)
    let rows = Self.weights(from: height, to: newHeight)
    // Rows first: height × newWidth intermediate.
    var middle = [UInt8](repeating: 0, count: height * newWidth * 4)
    bytes.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          for (x, taps) in columns.enumerated() {
            Self.apply(taps, source: source, base: y * width * 4, stride: 4, into: out, at: (y * newWidth + x) * 4)
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: newHeight * newWidth * 4)
    middle.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        for (y, taps) in rows.enumerated() {
          for x in 0..<newWidth {
            Self.apply(taps, source: source, base: x * 4, stride: newWidth * 4, into: out, at: (y * newWidth + x) * 4)
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: newWidth, height: newHeight, premultipliedBytes: result)
  }

  private struct Taps {
    var first: Int
    var weights: [Int32]
  }

  private static let weightBits: Int32 = 14

  @inline(__always)
  private static func apply(
    _ taps: Taps, source: UnsafeBufferPointer<UInt8>, base: Int, stride: Int,
    into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0, a: Int32 = 0
    var s = base + taps.first * stride
    for w in taps.weights {
      r += Int32(source[s]) * w
      g += Int32(source[s + 1]) * w
      b += Int32(source[s + 2]) * w
      a += Int32(source[s + 3]) * w
      s += stride
    }
    let half: Int32 = 1 << (weightBits - 1)
    func clamp(_ v: Int32) -> Int32 { min(255, max(0, (v + half) >> weightBits)) }
    let alpha = clamp(a)
    out[offset] = UInt8(min(clamp(r), alpha))
    out[offset + 1] = UInt8(min(clamp(g), alpha))
    out[offset + 2] = UInt8(min(clamp(b), alpha))
    out[offset + 3] = UInt8(alpha)
  }

  /// For each output pixel, the source pixels it reads and their weights.
  private static func weights(from size: Int, to newSize: Int) -> [Taps] {
    let scale = Double(size) / Double(newSize)
    let support = max(1, scale)
    let one = Int32(1) << weightBits
    var result: [Taps] = []
    result.reserveCapacity(newSize)
    for i in 0..<newSize {
      let centre = (Double(i) + 0.5) * scale
      let first = max(0, Int((centre - support).rounded(.down)))
      let last = min(size - 1, Int((centre + support).rounded(.up)))
      var raw: [Double] = []
      var total = 0.0
      for j in first...last {
        let distance = abs(Double(j) + 0.5 - centre) / support
        let w = max(0, 1 - distance)
        raw.append(w)
        total += w
      }
      if total == 0 {
        // The centre sits exactly between taps that all got zero: take the nearest.
        let nearest = min(size - 1, max(0, Int(centre)))
        result.append(Taps(first: nearest, weights: [one]))
        continue
      }
      var weights = raw.map { Int32(($0 / total * Double(one)).rounded()) }
      // Make the integer weights sum to exactly one, adjusting the largest.
      let error = one - weights.reduce(0, +)
      if let index = weights.indices.max(by: { weights[$0] < weights[$1] }) { weights[index] += error }
      result.append(Taps(first: first, weights: weights))
    }
    return result
  }
}
