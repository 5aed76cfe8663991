extension PixelBuffer {
  /// `region` of the image (clamped to it, as ``resampled(_:width:height:)``
  /// clamps) made `width` × `height` pixels for a picture a person looks at, not one
  /// that is compared: while the part is at least twice as wide (or tall) as the
  /// target, it is first halved along that side by averaging pixel pairs, then what
  /// is left is resampled with the tent filter of ``resampled(width:height:)``, its
  /// weights in 8 bits instead of 14.
  ///
  /// Halving reads each source pixel once, and 8-bit weights keep every sum in
  /// 16-bit lanes (x86-64's baseline multiplies 16-bit lanes natively, 32-bit ones
  /// not), so a 3 Mpx screen becomes a 400-pixel-wide thumbnail in about a sixth of
  /// the time of the exact filter over the whole screen. The picture is as free of
  /// aliasing (every source pixel counts) but not the same pixels. The same image
  /// gives the same pixels anywhere.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a bad target size.
  public func thumbnail(_ region: PixelRect, width newWidth: Int, height newHeight: Int) throws(RasterError)
    -> PixelBuffer
  {
    try Self.validate(width: newWidth, height: newHeight)
    let left = min(max(0, region.x), width - 1), top = min(max(0, region.y), height - 1)
    var part = PixelRect(
      x: left, y: top, width: min(max(1, region.width), width - left), height: min(max(1, region.height), height - top))
    // At its own size the filter gives each pixel one weight of 256 — the pixel
    // itself — so a region shown unscaled (most snapshots' changes fit the report's
    // 400 × 900) is its pixels, copied.
    if part.width == newWidth && part.height == newHeight {
      return cropped(x: part.x, y: part.y, width: part.width, height: part.height)
    }
    var source = self
    while part.width >= 2 * newWidth || part.height >= 2 * newHeight {
      source = source.halved(part, across: part.width >= 2 * newWidth, down: part.height >= 2 * newHeight)
      part = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
    }
    return source.tentFiltered(part, width: newWidth, height: newHeight)
  }

  /// `part` (inside the image) resized to `width` × `height` by the tent filter with
  /// weights that sum to 256: rows, then columns, each rounded to a byte. As the
  /// weights are positive and sum to one, no sum passes 255 × 256 and no colour
  /// passes its alpha, so no lane overflows and nothing needs clamping.
  private func tentFiltered(_ part: PixelRect, width newWidth: Int, height newHeight: Int) -> PixelBuffer {
    let columnTaps = Taps(from: part.width, to: newWidth, outputs: 0..<newWidth, bits: 8)
    let rowTaps = Taps(from: part.height, to: newHeight, outputs: 0..<newHeight, bits: 8)
    let needed = rowTaps.sourceRange
    let rowBytes = newWidth * 4
    var middle = [UInt8](repeating: 0, count: needed.count * rowBytes)
    bytes.withUnsafeBytes { source in
      middle.withUnsafeMutableBytes { out in
        columnTaps.withPointers { firsts, counts, starts, weights in
          guard let source = source.baseAddress, let out = out.baseAddress else { return }
          for y in needed {
            let row = source + ((part.y + y) * width + part.x) * 4
            let into = out + (y - needed.lowerBound) * rowBytes
            for x in 0..<newWidth {
              var sum = SIMD4<UInt16>()
              var from = row + firsts[x] * 4
              for k in starts[x]..<(starts[x] + counts[x]) {
                sum &+= Self.wide(from) &* SIMD4(repeating: UInt16(truncatingIfNeeded: weights[k]))
                from += 4
              }
              into.storeBytes(of: Self.narrow(sum), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
            }
          }
        }
      }
    }
    // Columns: each output row a weighted sum of whole intermediate rows, two
    // pixels a lane group, then the odd pixel at the end.
    let pairs = newWidth / 2
    var result = [UInt8](repeating: 0, count: newHeight * rowBytes)
    var sums = [SIMD8<UInt16>](repeating: SIMD8(), count: pairs)
    middle.withUnsafeBytes { source in
      result.withUnsafeMutableBytes { out in
        sums.withUnsafeMutableBufferPointer { sums in
          rowTaps.withPointers { firsts, counts, starts, weights in
            guard let source = source.baseAddress, let out = out.baseAddress else { return }
            for y in 0..<newHeight {
              for x in 0..<pairs { sums[x] = SIMD8() }
              var last = SIMD4<UInt16>()
              for k in 0..<counts[y] {
                let weight = UInt16(truncatingIfNeeded: weights[starts[y] + k])
                let weights8 = SIMD8(repeating: weight), weights4 = SIMD4(repeating: weight)
                let from = source + (firsts[y] + k - needed.lowerBound) * rowBytes
                for x in 0..<pairs {
                  sums[x] &+= Self.wide(pair: from + x * 8) &* weights8
                }
                if newWidth % 2 == 1 { last &+= Self.wide(from + pairs * 8) &* weights4 }
              }
              let into = out + y * rowBytes
              for x in 0..<pairs {
                let sum = sums[x]
                var bytes = SIMD8<UInt8>()
                for lane in 0..<8 { bytes[lane] = UInt8(truncatingIfNeeded: (sum[lane] &+ 128) &>> 8) }
                into.storeBytes(of: bytes, toByteOffset: x * 8, as: SIMD8<UInt8>.self)
              }
              if newWidth % 2 == 1 {
                into.storeBytes(of: Self.narrow(last), toByteOffset: pairs * 8, as: SIMD4<UInt8>.self)
              }
            }
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: newWidth, height: newHeight, premultipliedBytes: result)
  }

  /// A pixel's 16-bit sums of 8-bit weights back to bytes, rounded.
  ///
  /// This and the widenings below are written lane by lane: a release build is as
  /// fast with them (a verify of 97 changes, the same images), and a debug build
  /// (the tests') runs them without the standard library's generic vector
  /// conversions and shifts.
  @inline(__always)
  private static func narrow(_ sum: SIMD4<UInt16>) -> SIMD4<UInt8> {
    @inline(__always) func byte(_ value: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: (value &+ 128) &>> 8) }
    return SIMD4(byte(sum[0]), byte(sum[1]), byte(sum[2]), byte(sum[3]))
  }

  /// `part` (inside the image) with each pair of columns (`across`) and of rows
  /// (`down`) averaged into one pixel, rounding halves up; an odd last column or row
  /// is averaged with itself. Averages of premultiplied pixels stay premultiplied:
  /// no colour sum exceeds its alpha sum.
  private func halved(_ part: PixelRect, across: Bool, down: Bool) -> PixelBuffer {
    let outWidth = across ? (part.width + 1) / 2 : part.width
    let outHeight = down ? (part.height + 1) / 2 : part.height
    let lastColumn = part.width - 1, lastRow = part.height - 1
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    bytes.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        guard let source = source.baseAddress, let target = target.baseAddress else { return }
        for y in 0..<outHeight {
          let first = down ? 2 * y : y
          let upper = source + ((part.y + first) * width + part.x) * 4
          let lower = down ? source + ((part.y + min(first + 1, lastRow)) * width + part.x) * 4 : upper
          let into = target + y * outWidth * 4
          for x in 0..<outWidth {
            let a = (across ? 2 * x : x) * 4
            let b = (across ? min(2 * x + 1, lastColumn) : x) * 4
            // Always four pixels, one counted twice along a side not halved.
            let sum = Self.wide(upper + a) &+ Self.wide(upper + b) &+ Self.wide(lower + a) &+ Self.wide(lower + b)
            @inline(__always) func average(_ lane: Int) -> UInt8 { UInt8(truncatingIfNeeded: (sum[lane] &+ 2) &>> 2) }
            let value = SIMD4(average(0), average(1), average(2), average(3))
            into.storeBytes(of: value, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: outWidth, height: outHeight, premultipliedBytes: out)
  }

  /// A pixel's four bytes as 16-bit lanes, room for sums of four pixels or of
  /// 8-bit-weighted products.
  @inline(__always)
  private static func wide(_ pixel: UnsafeRawPointer) -> SIMD4<UInt16> {
    let bytes = pixel.loadUnaligned(as: SIMD4<UInt8>.self)
    return SIMD4(UInt16(bytes[0]), UInt16(bytes[1]), UInt16(bytes[2]), UInt16(bytes[3]))
  }

  /// Two pixels' eight bytes as 16-bit lanes.
  @inline(__always)
  private static func wide(pair pixels: UnsafeRawPointer) -> SIMD8<UInt16> {
    let bytes = pixels.loadUnaligned(as: SIMD8<UInt8>.self)
    var lanes = SIMD8<UInt16>()
    for lane in 0..<8 { lanes[lane] = UInt16(bytes[lane]) }
    return lanes
  }
}
