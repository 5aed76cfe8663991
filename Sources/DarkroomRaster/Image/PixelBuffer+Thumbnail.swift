extension PixelBuffer {
  /// `region` of the image (clamped to it, as ``resampled(_:width:height:)``
  /// clamps) made `width` × `height` pixels for a picture a person looks at, not one
  /// that is compared: while the part is at least twice as wide (or tall) as the
  /// target, it is first halved along that side by averaging pixel pairs, then
  /// resampled with the tent filter over what is left.
  ///
  /// Halving reads each source pixel once, at memory speed, so a 3 Mpx screen
  /// becomes a 400-pixel-wide thumbnail in a third of the tent filter's time over
  /// the whole screen; the picture is as free of aliasing (every source pixel still
  /// counts) but not the same pixels. The same image gives the same pixels
  /// anywhere.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a bad target size.
  public func thumbnail(_ region: PixelRect, width newWidth: Int, height newHeight: Int) throws(RasterError)
    -> PixelBuffer
  {
    try Self.validate(width: newWidth, height: newHeight)
    let left = min(max(0, region.x), width - 1), top = min(max(0, region.y), height - 1)
    var part = PixelRect(
      x: left, y: top, width: min(max(1, region.width), width - left), height: min(max(1, region.height), height - top))
    var source = self
    while part.width >= 2 * newWidth || part.height >= 2 * newHeight {
      source = source.halved(part, across: part.width >= 2 * newWidth, down: part.height >= 2 * newHeight)
      part = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
    }
    return try source.resampled(part, width: newWidth, height: newHeight)
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
            let value = (sum &+ SIMD4(repeating: 2)) &>> 2
            into.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: value), toByteOffset: x * 4, as: SIMD4<UInt8>.self)
          }
        }
      }
    }
    return PixelBuffer(validatedWidth: outWidth, height: outHeight, premultipliedBytes: out)
  }

  /// A pixel's four bytes as 16-bit lanes, room for the sum of four.
  @inline(__always)
  private static func wide(_ pixel: UnsafeRawPointer) -> SIMD4<UInt16> {
    SIMD4<UInt16>(truncatingIfNeeded: pixel.loadUnaligned(as: SIMD4<UInt8>.self))
  }
}
