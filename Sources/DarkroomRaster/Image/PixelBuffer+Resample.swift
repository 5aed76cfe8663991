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
    try resampled(
      PixelRect(x: 0, y: 0, width: width, height: height), width: newWidth, height: newHeight, columns: columns,
      rows: rows)
  }

  /// The rectangle `region` of the image (clamped to it, at least one pixel, as
  /// ``cropped(x:y:width:height:)`` clamps) resized to `width` × `height`: the same
  /// pixels as cropping, then resizing, without the copy of the crop.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a bad target size.
  public func resampled(_ region: PixelRect, width newWidth: Int, height newHeight: Int) throws(RasterError)
    -> PixelBuffer
  {
    let left = min(max(0, region.x), width - 1), top = min(max(0, region.y), height - 1)
    let part = PixelRect(
      x: left, y: top, width: min(max(1, region.width), width - left), height: min(max(1, region.height), height - top))
    try Self.validate(width: newWidth, height: newHeight)
    if newWidth == part.width && newHeight == part.height {
      return cropped(x: left, y: top, width: part.width, height: part.height)
    }
    return try resampled(part, width: newWidth, height: newHeight, columns: 0..<newWidth, rows: 0..<newHeight)
  }

  /// The part `columns` × `rows` of `part` of the image (inside it) resized to
  /// `width` × `height`.
  private func resampled(
    _ part: PixelRect, width newWidth: Int, height newHeight: Int, columns: Range<Int>, rows: Range<Int>
  ) throws(RasterError) -> PixelBuffer {
    try Self.validate(width: columns.count, height: rows.count)
    let limit = Self.maximumSide * 16
    guard columns.lowerBound >= 0, rows.lowerBound >= 0, columns.upperBound <= newWidth, rows.upperBound <= newHeight,
      newWidth <= limit, newHeight <= limit
    else { throw RasterError.invalidSize(width: newWidth, height: newHeight) }
    let columnTaps = Taps(from: part.width, to: newWidth, outputs: columns)
    let rowTaps = Taps(from: part.height, to: newHeight, outputs: rows)
    let outWidth = columns.count
    // Rows first, only the source rows the kept output rows read: a
    // `needed.count` × outWidth intermediate.
    let needed = rowTaps.sourceRange
    var middle = [UInt8](repeating: 0, count: needed.count * outWidth * 4)
    bytes.withUnsafeBytes { source in
      middle.withUnsafeMutableBytes { out in
        columnTaps.withPointers { firsts, counts, starts, weights in
          guard let source = source.baseAddress, let out = out.baseAddress else { return }
          for y in needed {
            let row = source + ((part.y + y) * width + part.x) * 4
            let into = out + (y - needed.lowerBound) * outWidth * 4
            for x in 0..<outWidth {
              var sum = SIMD4<Int32>()
              var from = row + firsts[x] * 4
              for k in starts[x]..<(starts[x] + counts[x]) {
                sum &+= Self.lanes(from) &* SIMD4(repeating: weights[k])
                from += 4
              }
              into.storeBytes(of: Self.pixel(sum), toByteOffset: x * 4, as: UInt32.self)
            }
          }
        }
      }
    }
    // Then columns: each output row a weighted sum of whole intermediate rows.
    var result = [UInt8](repeating: 0, count: rows.count * outWidth * 4)
    var sums = [SIMD4<Int32>](repeating: SIMD4(), count: outWidth)
    middle.withUnsafeBytes { source in
      result.withUnsafeMutableBytes { out in
        sums.withUnsafeMutableBufferPointer { sums in
          rowTaps.withPointers { firsts, counts, starts, weights in
            guard let source = source.baseAddress, let out = out.baseAddress else { return }
            for y in 0..<rows.count {
              for x in 0..<outWidth { sums[x] = SIMD4() }
              for k in 0..<counts[y] {
                let weight = SIMD4(repeating: weights[starts[y] + k])
                let from = source + (firsts[y] + k - needed.lowerBound) * outWidth * 4
                for x in 0..<outWidth { sums[x] &+= Self.lanes(from + x * 4) &* weight }
              }
              let into = out + y * outWidth * 4
              for x in 0..<outWidth { into.storeBytes(of: Self.pixel(sums[x]), toByteOffset: x * 4, as: UInt32.self) }
            }
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: outWidth, height: rows.count, premultipliedBytes: result)
  }

  static let weightBits: Int32 = 14

  /// A pixel's four bytes as lanes: loaded as one vector, each lane widened by
  /// name. A release build is as fast with it as with the standard library's vector
  /// conversion (the 48 store pages, the same bytes), which a debug build (the
  /// tests') runs as a generic call.
  @inline(__always)
  private static func lanes(_ pixel: UnsafeRawPointer) -> SIMD4<Int32> {
    let bytes = pixel.loadUnaligned(as: SIMD4<UInt8>.self)
    return SIMD4(Int32(bytes[0]), Int32(bytes[1]), Int32(bytes[2]), Int32(bytes[3]))
  }

  /// A weighted sum back to a premultiplied pixel: rounded, clamped to 0…255, and
  /// no colour above its alpha; the four bytes in memory order, as the caller stores
  /// them. Lane by lane in scalars: on x86-64's baseline (SSE2) the vector form's
  /// clamps and narrowing took a third of the filter's time.
  @inline(__always)
  private static func pixel(_ sum: SIMD4<Int32>) -> UInt32 {
    let half: Int32 = 1 << (weightBits - 1)
    @inline(__always) func byte(_ value: Int32) -> UInt32 { UInt32(min(255, max(0, (value &+ half) &>> weightBits))) }
    let alpha = byte(sum[3])
    let packed = min(byte(sum[0]), alpha) | min(byte(sum[1]), alpha) << 8 | min(byte(sum[2]), alpha) << 16 | alpha << 24
    return packed.littleEndian
  }

  /// For each output pixel of a range, the source pixels it reads and their
  /// weights, in flat arrays: output `i` reads `counts[i]` pixels from `firsts[i]`,
  /// weighted by `weights[starts[i]...]`, integers that sum to 2^`bits`.
  struct Taps {
    var firsts: [Int] = []
    var counts: [Int] = []
    var starts: [Int] = []
    var weights: [Int32] = []

    /// The taps of `outputs` when `size` pixels are resized to `newSize`.
    init(from size: Int, to newSize: Int, outputs: Range<Int>, bits: Int32 = PixelBuffer.weightBits) {
      for i in outputs {
        let (first, taps) = PixelBuffer.weights(from: size, to: newSize, output: i, bits: bits)
        firsts.append(first)
        counts.append(taps.count)
        starts.append(weights.count)
        weights += taps
      }
    }

    /// The source pixels some output reads.
    var sourceRange: Range<Int> {
      guard let low = firsts.min() else { return 0..<0 }
      let high = zip(firsts, counts).map { $0 + $1 }.max() ?? low
      return low..<high
    }

    /// The four arrays, without bounds checks, for the pixel loops.
    func withPointers(
      _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int32>)
        -> Void
    ) {
      firsts.withUnsafeBufferPointer { f in
        counts.withUnsafeBufferPointer { c in
          starts.withUnsafeBufferPointer { s in weights.withUnsafeBufferPointer { w in body(f, c, s, w) } }
        }
      }
    }
  }

  /// The first source pixel output pixel `i` reads and the weights of it and those
  /// after it, when `size` pixels are resized to `newSize`: a tent as wide as the
  /// reduction (at least one pixel each side), in integers that sum to exactly one.
  private static func weights(from size: Int, to newSize: Int, output i: Int, bits: Int32) -> (
    first: Int, weights: [Int32]
  ) {
    let scale = Double(size) / Double(newSize)
    let support = max(1, scale)
    let one = Int32(1) << bits
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
      return (min(size - 1, max(0, Int(centre))), [one])
    }
    var weights = raw.map { Int32(($0 / total * Double(one)).rounded()) }
    // Make the integer weights sum to exactly one, adjusting the largest.
    let error = one - weights.reduce(0, +)
    if let index = weights.indices.max(by: { weights[$0] < weights[$1] }) { weights[index] += error }
    return (first, weights)
  }
}
