/// Rows between their PNG form and RGBA: the five filters undone, samples widened
/// to four bytes a pixel, and RGBA rows packed to RGB for writing.
///
/// Pixels are moved as 32-bit words whose memory is their R, G, B, A bytes
/// (``word(r:g:b:a:)``), so no loop depends on the machine's byte order.
enum PNGFilter {
  /// The pixel word whose bytes in memory are r, g, b, a.
  @inline(__always)
  static func word(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
    (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24).littleEndian
  }

  /// A word of a pixel's alpha byte alone, at 255.
  static let alphaByte = word(r: 0, g: 0, b: 0, a: 255)
  /// A word of a pixel's colour bytes, at 255.
  static let colourBytes = word(r: 255, g: 255, b: 255, a: 0)
  /// A word with 1 in each colour byte: a grey value times it is the grey pixel.
  static let greyBytes = word(r: 1, g: 1, b: 1, a: 0)

  /// Undoes filter `type` on `count` bytes of a row (`raw`, after its filter byte)
  /// into `current`, given the row above unfiltered (`previous`; zeros for the
  /// first row), with `bytesPerPixel` bytes a pixel. False for a type PNG does not
  /// have (only 0–4 exist).
  static func unfilter(
    _ type: UInt8, _ raw: UnsafeRawPointer, into current: UnsafeMutableRawPointer, previous: UnsafeRawPointer,
    count: Int, bytesPerPixel bpp: Int
  ) -> Bool {
    let raw = raw.assumingMemoryBound(to: UInt8.self)
    let up = previous.assumingMemoryBound(to: UInt8.self)
    let out = current.assumingMemoryBound(to: UInt8.self)
    switch type {
    case 0:
      current.copyMemory(from: raw, byteCount: count)
    case 1:
      // Each byte plus the one a pixel to its left; four bytes at a time when a
      // pixel is four bytes (a byte-wise sum of words, no carry between bytes).
      for i in 0..<min(bpp, count) { out[i] = raw[i] }
      if bpp == 4 {
        var left = current.loadUnaligned(as: UInt32.self)
        var i = 4
        while i + 4 <= count {
          left = bytewiseSum(UnsafeRawPointer(raw).loadUnaligned(fromByteOffset: i, as: UInt32.self), left)
          current.storeBytes(of: left, toByteOffset: i, as: UInt32.self)
          i += 4
        }
      } else {
        for i in bpp..<max(bpp, count) { out[i] = raw[i] &+ out[i - bpp] }
      }
    case 2:
      var i = 0
      while i + 16 <= count {
        let sum =
          UnsafeRawPointer(raw).loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
          &+ previous.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        current.storeBytes(of: sum, toByteOffset: i, as: SIMD16<UInt8>.self)
        i += 16
      }
      while i < count {
        out[i] = raw[i] &+ up[i]
        i += 1
      }
    case 3:
      for i in 0..<min(bpp, count) { out[i] = raw[i] &+ up[i] >> 1 }
      for i in bpp..<max(bpp, count) { out[i] = raw[i] &+ UInt8((UInt16(out[i - bpp]) + UInt16(up[i])) >> 1) }
    case 4:
      // Paeth: with nothing to the left, the predictor is the byte above.
      for i in 0..<min(bpp, count) { out[i] = raw[i] &+ up[i] }
      if bpp == 4 || bpp == 3 {
        paeth(raw, into: out, previous: up, count: count, bytesPerPixel: bpp)
        return true
      }
      for i in bpp..<max(bpp, count) {
        let a = Int(out[i - bpp]), b = Int(up[i]), c = Int(up[i - bpp])
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        out[i] = raw[i] &+ UInt8(truncatingIfNeeded: predictor)
      }
    default:
      return false
    }
    return true
  }

  /// Paeth on pixels of three or four bytes, after the first pixel: one pixel's
  /// channels at once in four 32-bit lanes (the fourth unused for three bytes), the
  /// same choice as the byte-by-byte predictor — the left byte, then the one above,
  /// then the one above-left, ties in that order.
  @inline(__always)
  private static func paeth(
    _ raw: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, previous up: UnsafePointer<UInt8>, count: Int,
    bytesPerPixel bpp: Int
  ) {
    func lanes(_ p: UnsafePointer<UInt8>, _ at: Int) -> SIMD4<Int32> {
      SIMD4(Int32(p[at]), Int32(p[at + 1]), Int32(p[at + 2]), bpp == 4 ? Int32(p[at + 3]) : 0)
    }
    func magnitude(_ v: SIMD4<Int32>) -> SIMD4<Int32> { v.replacing(with: 0 &- v, where: v .< 0) }
    var left = lanes(UnsafePointer(out), 0)
    var upLeft = lanes(up, 0)
    var i = bpp
    while i + bpp <= count {
      let above = lanes(up, i)
      let pa = magnitude(above &- upLeft), pb = magnitude(left &- upLeft), pc = magnitude(left &+ above &- upLeft &* 2)
      var predictor = upLeft.replacing(with: above, where: pb .<= pc)
      predictor.replace(with: left, where: (pa .<= pb) .& (pa .<= pc))
      let value = (lanes(raw, i) &+ predictor) & 0xFF
      out[i] = UInt8(truncatingIfNeeded: value[0])
      out[i + 1] = UInt8(truncatingIfNeeded: value[1])
      out[i + 2] = UInt8(truncatingIfNeeded: value[2])
      if bpp == 4 { out[i + 3] = UInt8(truncatingIfNeeded: value[3]) }
      left = value
      upLeft = above
      i += bpp
    }
  }

  /// The byte-wise sum (mod 256) of two words.
  @inline(__always)
  private static func bytewiseSum(_ a: UInt32, _ b: UInt32) -> UInt32 {
    ((a & 0x7F7F_7F7F) &+ (b & 0x7F7F_7F7F)) ^ ((a ^ b) & 0x8080_8080)
  }

  /// `count` RGB pixels as opaque RGBA; reads one byte past the row.
  @inline(__always)
  static func widenRGB(_ row: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) {
    for x in 0..<count {
      let rgb = row.loadUnaligned(fromByteOffset: x * 3, as: UInt32.self)
      out.storeBytes(of: rgb & colourBytes | alphaByte, toByteOffset: x * 4, as: UInt32.self)
    }
  }

  /// `count` grey pixels as opaque RGBA.
  @inline(__always)
  static func widenGrey(_ row: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) {
    let grey = row.assumingMemoryBound(to: UInt8.self)
    for x in 0..<count {
      out.storeBytes(of: UInt32(grey[x]) &* greyBytes | alphaByte, toByteOffset: x * 4, as: UInt32.self)
    }
  }

  /// `count` grey-and-alpha pixels as RGBA.
  @inline(__always)
  static func widenGreyAlpha(_ row: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) {
    let samples = row.assumingMemoryBound(to: UInt8.self)
    for x in 0..<count {
      let pixel = word(r: samples[2 * x], g: samples[2 * x], b: samples[2 * x], a: samples[2 * x + 1])
      out.storeBytes(of: pixel, toByteOffset: x * 4, as: UInt32.self)
    }
  }

  /// `count` RGBA pixels packed to RGB into `out`, which must have a byte of room
  /// past the row; whether every pixel was opaque (when one is not, the row is not
  /// what PNG would store, and the image is written as RGBA instead).
  @inline(__always)
  static func packRGB(_ row: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) -> Bool {
    var alphas = alphaByte
    for x in 0..<count {
      let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
      alphas &= pixel
      // Four bytes stored three apart: each store's last byte is overwritten by the next.
      out.storeBytes(of: pixel, toByteOffset: x * 3, as: UInt32.self)
    }
    return alphas == alphaByte
  }
}
