extension PixelBuffer {
  /// The image mirrored left to right, as a right-to-left layout shows a
  /// directional symbol.
  public func mirroredHorizontally() -> PixelBuffer {
    var out = [UInt8](repeating: 0, count: bytes.count)
    for row in 0..<height {
      let start = row * width * 4
      for column in 0..<width {
        let from = start + column * 4, to = start + (width - 1 - column) * 4
        out[to] = bytes[from]
        out[to + 1] = bytes[from + 1]
        out[to + 2] = bytes[from + 2]
        out[to + 3] = bytes[from + 3]
      }
    }
    return PixelBuffer(validatedWidth: width, height: height, premultipliedBytes: out)
  }
}
