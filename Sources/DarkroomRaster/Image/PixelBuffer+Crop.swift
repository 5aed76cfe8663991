extension PixelBuffer {
  /// The pixels of a rectangle inside the buffer (clamped to it; at least one pixel).
  public func cropped(x: Int, y: Int, width newWidth: Int, height newHeight: Int) -> PixelBuffer {
    let left = min(max(0, x), width - 1), top = min(max(0, y), height - 1)
    let w = min(max(1, newWidth), width - left), h = min(max(1, newHeight), height - top)
    if left == 0 && top == 0 && w == width && h == height { return self }
    var out = [UInt8]()
    out.reserveCapacity(w * h * 4)
    for row in top..<(top + h) {
      let start = (row * width + left) * 4
      out.append(contentsOf: bytes[start..<(start + w * 4)])
    }
    return PixelBuffer(validatedWidth: w, height: h, premultipliedBytes: out)
  }

  /// The image scaled to cover `width` × `height` pixels without distortion, its
  /// overflow cut evenly from both sides (UIKit's aspect fill): the source is cropped
  /// to the target's aspect ratio in whole source pixels, then resampled. Only
  /// `columns` × `rows` of the result are made (all of it by default).
  public func aspectFilled(
    width newWidth: Int, height newHeight: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil
  ) throws(RasterError) -> PixelBuffer {
    guard newWidth > 0, newHeight > 0 else { throw RasterError.invalidSize(width: newWidth, height: newHeight) }
    // Compare width/height ratios in integers: w·H against W·h.
    let wide = width * newHeight, tall = height * newWidth
    var source = self
    if wide > tall {
      let keep = max(1, (height * newWidth + newHeight / 2) / newHeight)
      source = cropped(x: (width - keep) / 2, y: 0, width: keep, height: height)
    } else if tall > wide {
      let keep = max(1, (width * newHeight + newWidth / 2) / newWidth)
      source = cropped(x: 0, y: (height - keep) / 2, width: width, height: keep)
    }
    return try source.resampled(
      width: newWidth, height: newHeight, columns: columns ?? 0..<newWidth, rows: rows ?? 0..<newHeight)
  }
}
