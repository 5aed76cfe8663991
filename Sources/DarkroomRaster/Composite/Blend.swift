/// Integer arithmetic of compositing, correctly rounded.
enum Blend {
  /// `round(a * b / 255)` for 8-bit values, exact for every input.
  @inline(__always)
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(divide255(UInt32(a) * UInt32(b)))
  }

  /// `round(x / 255)` for x in 0…65025, without a division (Blinn's identity).
  @inline(__always)
  static func divide255(_ x: UInt32) -> UInt32 {
    let t = x + 128
    return (t + (t >> 8)) >> 8
  }

  /// Source-over of a premultiplied source, weighted by `coverage`, onto the pixel
  /// at `offset` of an RGBA8 premultiplied byte buffer.
  @inline(__always)
  static func sourceOver(
    _ source: PremultipliedRGBA8, coverage: UInt8,
    into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    sourceOverSpan(source, coverage: coverage, into: bytes, from: offset, count: 1)
  }

  /// Source-over of one colour at one coverage onto `count` pixels from `offset`,
  /// and onto the same columns of the `rows - 1` rows below, `rowBytes` apart: the
  /// weighted source is computed once, and an opaque span is a plain fill; four
  /// pixels at a time (``PixelLanes``).
  @inline(__always)
  static func sourceOverSpan(
    _ source: PremultipliedRGBA8, coverage: UInt8,
    into bytes: UnsafeMutableBufferPointer<UInt8>, from offset: Int, count: Int, rows: Int = 1, rowBytes: Int = 0
  ) {
    guard count > 0, rows > 0, let base = bytes.baseAddress else { return }
    var pixels = UnsafeMutableRawPointer(base + offset)
    if coverage == 255 && source.a == 255 {
      for _ in 0..<rows {
        PixelLanes.fill(pixels, count: count, with: source.word)
        pixels += rowBytes
      }
      return
    }
    let sa = UInt32(multiply(source.a, coverage))
    let weighted = scale(source.word, by: UInt32(coverage))
    guard weighted != 0 else { return }
    for _ in 0..<rows {
      PixelLanes.blend(pixels, count: count, weighted: weighted, inverse: 255 - sa)
      pixels += rowBytes
    }
  }

  /// One premultiplied pixel word of alpha `alpha`, weighted by `coverage`, over the
  /// word `under`: the same arithmetic as `sourceOverSpan`, for paths that blend
  /// pixel by pixel (glyphs, images). A fully covered opaque pixel is the word
  /// itself, whatever is under it.
  @inline(__always)
  static func sourceOver(_ word: UInt32, alpha: UInt8, coverage: UInt8, onto under: UInt32) -> UInt32 {
    if coverage == 255 && alpha == 255 { return word }
    let weighted = coverage == 255 ? word : scale(word, by: UInt32(coverage))
    return weighted &+ scale(under, by: 255 - UInt32(multiply(alpha, coverage)))
  }

  /// Each of the four bytes of a pixel word times `factor` (0…255), divided by 255
  /// and correctly rounded — `multiply` on all four channels at once, two per
  /// 16-bit lane (no lane can carry into the next: 255 × 255 + 255 < 65536), so the
  /// result equals the per-channel arithmetic bit for bit. The byte order does not
  /// matter: every byte is treated alike.
  @inline(__always)
  static func scale(_ word: UInt32, by factor: UInt32) -> UInt32 {
    var even = (word & 0x00FF_00FF) &* factor &+ 0x0080_0080
    even = ((even &+ ((even >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var odd = ((word >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
    odd = (odd &+ ((odd >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return even | odd
  }
}
