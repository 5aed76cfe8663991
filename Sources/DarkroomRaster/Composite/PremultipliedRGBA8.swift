/// A colour whose red, green and blue are already multiplied by its alpha, the form
/// the compositor works in. Every channel is at most `a`.
public struct PremultipliedRGBA8: Sendable, Hashable {
  /// Red times alpha, 0…a.
  public var r: UInt8
  /// Green times alpha, 0…a.
  public var g: UInt8
  /// Blue times alpha, 0…a.
  public var b: UInt8
  /// Alpha, 0…255.
  public var a: UInt8

  /// Creates a premultiplied colour; channels above `a` are clamped to it.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    self.r = min(r, a)
    self.g = min(g, a)
    self.b = min(b, a)
    self.a = a
  }

  /// The straight-alpha colour, rounded to nearest; transparent black when a is 0.
  ///
  /// For every premultiplied value, `straight.premultiplied` gives it back exactly
  /// (tested exhaustively), so a PNG round trip never changes a pixel.
  public var straight: RGBA8 {
    guard a != 0 else { return .clear }
    func divide(_ c: UInt8) -> UInt8 {
      UInt8((UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a))
    }
    return RGBA8(r: divide(r), g: divide(g), b: divide(b), a: a)
  }

  /// The pixel as the 32-bit word whose memory is its bytes in R, G, B, A order,
  /// for filling runs of pixels one word at a time.
  var word: UInt32 {
    (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24).littleEndian
  }
}
