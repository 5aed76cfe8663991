import DarkroomRaster
/// The arithmetic of derived colours, on straight-alpha sRGB values.
package enum ColorMath {
  /// Multiplies HSB brightness by `factor`, clamping it to 0…1, with hue and
  /// saturation unchanged.
  ///
  /// In HSB, brightness is the largest channel and, for a fixed hue and saturation,
  /// every channel is proportional to it; so scaling brightness from V to V′ scales
  /// each channel by V′/V. That is the same result as a round trip through HSB,
  /// without its rounding.
  package static func scaleBrightness(_ c: RGBA8, by factor: Double) -> RGBA8 {
    let v = Double(max(c.r, c.g, c.b)) / 255
    guard v > 0 else { return c }
    let newV = min(max(v * factor, 0), 1)
    let ratio = newV / v
    func channel(_ x: UInt8) -> UInt8 { UInt8(min(255, (Double(x) * ratio).rounded())) }
    return RGBA8(r: channel(c.r), g: channel(c.g), b: channel(c.b), a: c.a)
  }

  /// The colour with alpha set to `alpha` (0…1).
  package static func withAlpha(_ c: RGBA8, _ alpha: Double) -> RGBA8 {
    RGBA8(r: c.r, g: c.g, b: c.b, a: UInt8((alpha * 255).rounded()))
  }

  /// Linear interpolation of every channel: `t` = 0 gives `a`, 1 gives `b`.
  package static func mix(_ a: RGBA8, _ b: RGBA8, _ t: Double) -> RGBA8 {
    func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Double(x) * (1 - t) + Double(y) * t).rounded())
    }
    return RGBA8(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: channel(a.a, b.a))
  }
}
