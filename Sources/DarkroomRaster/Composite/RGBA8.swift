/// A colour in sRGB with straight (not premultiplied) alpha, 8 bits per channel.
///
/// This is the form colours are written in (`#rrggbbaa`) and stored in PNG files.
/// Drawing converts it to ``PremultipliedRGBA8`` once.
public struct RGBA8: Sendable, Hashable {
  /// Red, 0…255.
  public var r: UInt8
  /// Green, 0…255.
  public var g: UInt8
  /// Blue, 0…255.
  public var b: UInt8
  /// Alpha (opacity), 0…255; 255 is opaque.
  public var a: UInt8

  /// Creates a colour from its channels. Default alpha: 255 (opaque).
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Transparent black.
  public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

  /// The colour with each channel multiplied by alpha, rounded to nearest.
  public var premultiplied: PremultipliedRGBA8 {
    PremultipliedRGBA8(
      r: Blend.multiply(r, a), g: Blend.multiply(g, a), b: Blend.multiply(b, a), a: a)
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque; lower-case.
  public var hex: String {
    func two(_ v: UInt8) -> String {
      let digits = Array("0123456789abcdef")
      return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }
    return "#" + two(r) + two(g) + two(b) + (a == 255 ? "" : two(a))
  }
}
