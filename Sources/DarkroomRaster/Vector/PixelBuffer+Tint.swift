extension PixelBuffer {
  /// Every pixel made `color`, as much of it as the pixel's alpha: what a template
  /// image (a symbol) becomes when tinted — its shape kept, its own colours dropped.
  public mutating func tint(_ color: RGBA8) {
    let ink = color.premultiplied
    for offset in stride(from: 0, to: bytes.count, by: 4) {
      let coverage = bytes[offset + 3]
      bytes[offset] = Blend.multiply(ink.r, coverage)
      bytes[offset + 1] = Blend.multiply(ink.g, coverage)
      bytes[offset + 2] = Blend.multiply(ink.b, coverage)
      bytes[offset + 3] = Blend.multiply(ink.a, coverage)
    }
  }
}
