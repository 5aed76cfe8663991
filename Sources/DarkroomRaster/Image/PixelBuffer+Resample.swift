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
    return try resampled(width: newWidth, height: newHeight, columns: 0..<newWidth, rows: 0..<newHeight)
  }

  /// Only the part `columns` × `rows` of the image resized to `width` × `height`:
  /// the same pixels as cutting them from the whole, without making the whole (an
  /// image scaled far past the canvas costs only what shows).
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` when the part is not a
  ///   valid buffer size or lies outside the resized image.
  public func resampled(width newWidth: Int, height newHeight: Int, columns: Range<Int>, rows: Range<Int>) throws(RasterError)
    -> PixelBuffer
  {
    try Self.validate(width: columns.count, height: rows.count)
    let limit = Self.maximumSide * 16
    guard columns.lowerBound >= 0, rows.lowerBound >= 0, columns.upperBound <= newWidth, rows.upperBound <= newHeight,
      newWidth <= limit, newHeight <= limit
    else { throw RasterError.invalidSize(width: newWidth, height: newHeight) }
    let columnTaps = Array(Self.weights(from: width, to: newWidth)[columns])
    let rowTaps = Array(Self.weights(from: height, to: newHeight)[rows])
    let outWidth = columns.count
    // Rows first: height × outWidth intermediate.
    var middle = [UInt8](repeating: 0, count: height * outWidth * 4)
    bytes.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          for (x, taps) in columnTaps.enumerated() {
            Self.apply(taps, source: source, base: y * width * 4, stride: 4, into: out, at: (y * outWidth + x) * 4)
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: rows.count * outWidth * 4)
    middle.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        for (y, taps) in rowTaps.enumerated() {
          for x in 0..<outWidth {
            Self.apply(taps, source: source, base: x * 4, stride: outWidth * 4, into: out, at: (y * outWidth + x) * 4)
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: outWidth, height: rows.count, premultipliedBytes: result)
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
