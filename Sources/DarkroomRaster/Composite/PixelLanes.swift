/// The compositing loops, four pixels at a time, in Swift's SIMD types.
///
/// Sixteen bytes of premultiplied RGBA8 are read as `SIMD8<UInt16>`: each 16-bit
/// lane holds two channels of one pixel (lanes 2p and 2p + 1 are pixel p's four
/// bytes, whatever the byte order). Scaling both bytes of a lane by the same factor
/// is `Blend.scale` done on eight lanes at once — the low bytes and the high bytes
/// each widened in place by a mask or a shift, multiplied, divided by 255 and
/// correctly rounded, with no lane able to carry into the next (255 × 255 + 255 <
/// 65,536) — so every result equals the one-pixel arithmetic bit for bit, on any
/// CPU: the vector types lower to whatever the target has (SSE2 on every x86-64,
/// NEON on arm64), and nothing here names an instruction.
///
/// A source-over sum never carries out of a byte (the weighted source of a channel
/// is at most its weighted alpha, and the scaled destination at most 255 minus
/// that), so adding lanes adds bytes.
enum PixelLanes {
  typealias Lanes = SIMD8<UInt16>

  /// Each byte of `bytes` times its lane's factor (0…255) / 255, correctly rounded.
  ///
  /// Written lane by lane: a release build draws as fast with it as with
  /// whole-vector operators (the showcase at one thread, the same bytes), while a
  /// debug build — the test suite's — runs it ten times faster, as the standard
  /// library's vector shifts and masks are generic calls there (about 200 ns each)
  /// and a lane's scalar operations are not.
  @inline(__always)
  static func scale(_ bytes: Lanes, by factors: Lanes) -> Lanes {
    var result = Lanes()
    for lane in 0..<8 {
      let b = bytes[lane], f = factors[lane]
      var low = (b & 0x00FF) &* f &+ 0x0080
      low = (low &+ (low &>> 8)) &>> 8
      var high = (b &>> 8) &* f &+ 0x0080
      high = (high &+ (high &>> 8)) & 0xFF00
      result[lane] = low | high
    }
    return result
  }

  /// Four copies of a pixel word, as lanes.
  @inline(__always)
  static func repeated(_ word: UInt32) -> Lanes {
    unsafeBitCast(SIMD4<UInt32>(repeating: word), to: Lanes.self)
  }

  /// Per-pixel factors (each 0…255) as lanes: each factor in both lanes of its pixel,
  /// by a shift and an or (a multiply of 32-bit lanes has no SSE2 instruction, and
  /// its emulation cost more than the blend around it).
  @inline(__always)
  static func factors(_ perPixel: SIMD4<UInt32>) -> Lanes {
    unsafeBitCast(perPixel | (perPixel &<< 16), to: Lanes.self)
  }

  /// Four consecutive bytes from `source` at `offset`, each in a 32-bit lane of its
  /// own: loaded as one vector and widened (two unpacking instructions), where four
  /// byte loads, each moved into its lane, were a third of a glyph's blend.
  @inline(__always)
  static func widened(_ source: UnsafeRawPointer, at offset: Int) -> SIMD4<UInt32> {
    SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self))
  }

  /// The factors of four consecutive coverage bytes from `values` at `offset`.
  @inline(__always)
  static func factors(of values: UnsafeRawPointer, at offset: Int) -> Lanes { factors(widened(values, at: offset)) }

  /// `Blend.multiply` of each pair of lanes (each 0…255), in the 16-bit lanes
  /// themselves: the product plus its rounding is at most 65,025 + 128 + 254, below
  /// 65,536, so no lane overflows and each result is the one-value arithmetic's.
  ///
  /// Lane by lane, as ``scale(_:by:)`` is and for the same reason.
  @inline(__always)
  static func multiply(_ a: Lanes, _ b: Lanes) -> Lanes {
    var result = Lanes()
    for lane in 0..<8 {
      let t = a[lane] &* b[lane] &+ 128
      result[lane] = (t &+ (t &>> 8)) &>> 8
    }
    return result
  }

  /// `count` pixels from `pixels` set to `word`.
  ///
  /// Sixteen pixels — a whole 64-byte cache line's worth — a turn of the loop: with
  /// one 16-byte store a turn, filling a buffer that is not in the near caches took
  /// about twice memset's time on this project's AMD EPYC machine, and with four it
  /// matched memset (a C loop over a 1170 × 2532 buffer, 0.63–0.70 ms against
  /// 0.32–0.42 ms and memset's 0.34–0.37 ms). Single pixels first up to a 16-byte
  /// boundary, as memset does: a row of 1170 pixels is 4680 bytes, so most rows'
  /// spans start between two, and every fourth wide store would straddle two cache
  /// lines (aligned, the same C loop took 0.30–0.32 ms against 0.37 ms).
  @inline(__always)
  static func fill(_ pixels: UnsafeMutableRawPointer, count: Int, with word: UInt32) {
    let lanes = repeated(word)
    var i = 0
    let lead = min(count, ((16 &- (Int(bitPattern: pixels) & 15)) & 15) &>> 2)
    while i < lead {
      pixels.storeBytes(of: word, toByteOffset: i &* 4, as: UInt32.self)
      i &+= 1
    }
    while i &+ 16 <= count {
      let at = i &* 4
      pixels.storeBytes(of: lanes, toByteOffset: at, as: Lanes.self)
      pixels.storeBytes(of: lanes, toByteOffset: at &+ 16, as: Lanes.self)
      pixels.storeBytes(of: lanes, toByteOffset: at &+ 32, as: Lanes.self)
      pixels.storeBytes(of: lanes, toByteOffset: at &+ 48, as: Lanes.self)
      i &+= 16
    }
    while i &+ 4 <= count {
      pixels.storeBytes(of: lanes, toByteOffset: i &* 4, as: Lanes.self)
      i &+= 4
    }
    while i < count {
      pixels.storeBytes(of: word, toByteOffset: i &* 4, as: UInt32.self)
      i &+= 1
    }
  }

  /// `count` pixels from `pixels` become `weighted + under × inverse / 255`: one
  /// colour already weighted by its coverage, over them (`Blend.sourceOverSpan`).
  @inline(__always)
  static func blend(_ pixels: UnsafeMutableRawPointer, count: Int, weighted: UInt32, inverse: UInt32) {
    let source = repeated(weighted)
    let factor = Lanes(repeating: UInt16(truncatingIfNeeded: inverse))
    var i = 0
    while i &+ 4 <= count {
      let under = pixels.loadUnaligned(fromByteOffset: i &* 4, as: Lanes.self)
      pixels.storeBytes(of: source &+ scale(under, by: factor), toByteOffset: i &* 4, as: Lanes.self)
      i &+= 4
    }
    while i < count {
      let under = pixels.load(fromByteOffset: i &* 4, as: UInt32.self)
      pixels.storeBytes(of: weighted &+ Blend.scale(under, by: inverse), toByteOffset: i &* 4, as: UInt32.self)
      i &+= 1
    }
  }

  /// One colour (premultiplied `word`, alpha `alpha`) over `count` pixels, each at
  /// its own coverage from `coverage` (a row of a glyph's or shadow's mask):
  /// `Blend.sourceOver(_:alpha:coverage:onto:)` for each. Groups of four pixels with
  /// no coverage are skipped, and fully covered ones of an opaque colour stored.
  @inline(__always)
  static func blend(
    _ pixels: UnsafeMutableRawPointer, count: Int, coverage: UnsafePointer<UInt8>, word: UInt32, alpha: UInt8
  ) {
    let source = repeated(word)
    let a = Lanes(repeating: UInt16(alpha))
    var i = 0
    let values = UnsafeRawPointer(coverage)
    while i &+ 4 <= count {
      // Sixteen pixels no glyph or shadow reaches, at once: about half of a glyph's box.
      // Two words, not a `SIMD16<UInt8>` compared with `==`, which compiles to a loop
      // over its lanes.
      if i &+ 16 <= count,
        values.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          | values.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self) == 0
      {
        i &+= 16
        continue
      }
      // Eight pixels a turn where eight remain: two groups of four whose arithmetic
      // does not depend on each other, so the CPU overlaps their loads and multiplies.
      if i &+ 8 <= count {
        // The factors first, from vector loads, then the tests on them (see
        // `isNone(_:)`).
        let c0 = factors(of: values, at: i)
        let c1 = factors(of: values, at: i &+ 4)
        if isNone(c0 | c1) {
          i &+= 8
          continue
        }
        let at = i &* 4
        if alpha == 255 && isFull(c0 & c1) {
          pixels.storeBytes(of: source, toByteOffset: at, as: Lanes.self)
          pixels.storeBytes(of: source, toByteOffset: at &+ 16, as: Lanes.self)
          i &+= 8
          continue
        }
        let under0 = pixels.loadUnaligned(fromByteOffset: at, as: Lanes.self)
        let under1 = pixels.loadUnaligned(fromByteOffset: at &+ 16, as: Lanes.self)
        let out0 = scale(source, by: c0) &+ scale(under0, by: 255 &- multiply(a, c0))
        let out1 = scale(source, by: c1) &+ scale(under1, by: 255 &- multiply(a, c1))
        pixels.storeBytes(of: out0, toByteOffset: at, as: Lanes.self)
        pixels.storeBytes(of: out1, toByteOffset: at &+ 16, as: Lanes.self)
        i &+= 8
        continue
      }
      // The four pixels' factors, tested as the eight's are.
      let c = factors(of: values, at: i)
      if isNone(c) {
        i &+= 4
        continue
      }
      if alpha == 255 && isFull(c) {
        pixels.storeBytes(of: source, toByteOffset: i &* 4, as: Lanes.self)
        i &+= 4
        continue
      }
      // Coverage 0 leaves a pixel as it was and 255 with alpha 255 gives the
      // colour: both fall out of the one formula.
      let inverse = 255 &- multiply(a, c)
      let under = pixels.loadUnaligned(fromByteOffset: i &* 4, as: Lanes.self)
      let out = scale(source, by: c) &+ scale(under, by: inverse)
      pixels.storeBytes(of: out, toByteOffset: i &* 4, as: Lanes.self)
      i &+= 4
    }
    while i < count {
      let c = coverage[i]
      if c != 0 {
        let under = pixels.load(fromByteOffset: i &* 4, as: UInt32.self)
        pixels.storeBytes(
          of: Blend.sourceOver(word, alpha: alpha, coverage: c, onto: under), toByteOffset: i &* 4, as: UInt32.self)
      }
      i &+= 1
    }
  }

  /// `count` pixels of another buffer (`source`, premultiplied) over `count`
  /// pixels from `pixels`, each at `opacity`: `Blend.sourceOver(_:alpha:coverage:onto:)`
  /// with the source pixel's own alpha. Transparent groups of four are skipped.
  @inline(__always)
  static func blend(
    _ pixels: UnsafeMutableRawPointer, count: Int, source: UnsafeRawPointer, opacity: UInt8
  ) {
    let alphas = source.assumingMemoryBound(to: UInt8.self) + 3
    let oLanes = Lanes(repeating: UInt16(opacity))
    var i = 0
    while i &+ 4 <= count {
      // The four alphas from the pixels' vector, a lane each (byte 3 of a pixel is
      // the top byte of its little-endian word), not four byte loads moved into
      // lanes one at a time.
      let words = source.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
      let alpha = factors(alphaLanes(words))
      if isNone(alpha) {
        i &+= 4
        continue
      }
      let from = unsafeBitCast(words, to: Lanes.self)
      if opacity == 255 && isFull(alpha) {
        pixels.storeBytes(of: from, toByteOffset: i &* 4, as: Lanes.self)
        i &+= 4
        continue
      }
      let inverse = 255 &- multiply(alpha, oLanes)
      let under = pixels.loadUnaligned(fromByteOffset: i &* 4, as: Lanes.self)
      let out = scale(from, by: oLanes) &+ scale(under, by: inverse)
      pixels.storeBytes(of: out, toByteOffset: i &* 4, as: Lanes.self)
      i &+= 4
    }
    while i < count {
      let alpha = alphas[i &* 4]
      if alpha != 0 {
        let word = source.load(fromByteOffset: i &* 4, as: UInt32.self)
        let under = pixels.load(fromByteOffset: i &* 4, as: UInt32.self)
        pixels.storeBytes(
          of: Blend.sourceOver(word, alpha: alpha, coverage: opacity, onto: under), toByteOffset: i &* 4,
          as: UInt32.self)
      }
      i &+= 1
    }
  }

  /// Whether every lane of `factors` is 0. Tested as two words: a SIMD `==` compiles
  /// to a loop over its lanes, and tested on the coverage bytes before their factors
  /// are made, the compiler built the factors from that word one byte at a time.
  @inline(__always)
  static func isNone(_ factors: Lanes) -> Bool {
    let words = unsafeBitCast(factors, to: SIMD2<UInt64>.self)
    return words[0] | words[1] == 0
  }

  /// Whether every lane of `factors` is 255: no lane is above it, so the AND of the
  /// two words has every lane at 255 only when each word does.
  @inline(__always)
  static func isFull(_ factors: Lanes) -> Bool {
    let words = unsafeBitCast(factors, to: SIMD2<UInt64>.self)
    return words[0] & words[1] == 0x00FF_00FF_00FF_00FF
  }

  /// Each pixel's alpha (its fourth byte) in its own 32-bit lane, from the pixels'
  /// words as loaded.
  @inline(__always)
  static func alphaLanes(_ words: SIMD4<UInt32>) -> SIMD4<UInt32> {
    #if _endian(little)
      words &>> 24
    #else
      words & 0xFF
    #endif
  }

  /// `count` bytes of `a` times those of `b`, each `Blend.multiply`: the product of
  /// two coverage masks, sixteen values at a time (the low and the high byte of each
  /// lane widened in place, as in ``scale(_:by:)``).
  @inline(__always)
  static func multiply(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) {
    var i = 0
    while i &+ 16 <= count {
      let x = a.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
      let y = b.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
      var low = (x & 0x00FF) &* (y & 0x00FF) &+ 0x0080
      low = (low &+ (low &>> 8)) &>> 8
      var high = (x &>> 8) &* (y &>> 8) &+ 0x0080
      high = (high &+ (high &>> 8)) & 0xFF00
      out.storeBytes(of: low | high, toByteOffset: i, as: SIMD8<UInt16>.self)
      i &+= 16
    }
    while i < count {
      out.storeBytes(
        of: Blend.multiply(a.load(fromByteOffset: i, as: UInt8.self), b.load(fromByteOffset: i, as: UInt8.self)),
        toByteOffset: i, as: UInt8.self)
      i &+= 1
    }
  }
}
