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

  /// Source-over of one colour at one coverage onto `count` pixels from `offset`:
  /// the weighted source is computed once, and an opaque span is a plain fill.
  @inline(__always)
  static func sourceOverSpan(
    _ source: PremultipliedRGBA8, coverage: UInt8,
    into bytes: UnsafeMutableBufferPointer<UInt8>, from offset: Int, count: Int
  ) {
    if coverage == 255 && source.a == 255 {
      guard count > 0, let base = bytes.baseAddress else { return }
      // As whole 32-bit pixels, which the compiler turns into wide vector stores;
      // byte-offset stores stay scalar.
      UnsafeMutableRawPointer(base + offset).withMemoryRebound(to: UInt32.self, capacity: count) {
        $0.update(repeating: source.word, count: count)
      }
      return
    }
    let sr = UInt32(multiply(source.r, coverage))
    let sg = UInt32(multiply(source.g, coverage))
    let sb = UInt32(multiply(source.b, coverage))
    let sa = UInt32(multiply(source.a, coverage))
    if sa == 0 && sr == 0 && sg == 0 && sb == 0 { return }
    let inverse = 255 - sa
    var o = offset
    for _ in 0..<count {
      bytes[o] = UInt8(sr + divide255(UInt32(bytes[o]) * inverse))
      bytes[o + 1] = UInt8(sg + divide255(UInt32(bytes[o + 1]) * inverse))
      bytes[o + 2] = UInt8(sb + divide255(UInt32(bytes[o + 2]) * inverse))
      bytes[o + 3] = UInt8(sa + divide255(UInt32(bytes[o + 3]) * inverse))
      o += 4
    }
  }
}
