/// An image in straight-alpha RGBA8, as PNG files store it.
///
/// Comparisons that must reproduce other tools' numbers (pixelmatch) work on these
/// values, because premultiplying loses information in translucent pixels.
public struct StraightImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Straight RGBA8 bytes, `width * 4` a row.
  public private(set) var bytes: [UInt8]

  /// Creates an image from straight RGBA8 bytes.
  ///
  /// - Throws: ``RasterError`` for a size outside the buffer limits or a byte count
  ///   that does not match it.
  public init(width: Int, height: Int, bytes: [UInt8]) throws(RasterError) {
    try PixelBuffer.validate(width: width, height: height, byteCount: bytes.count)
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// For sizes and byte counts already known to be valid (taken from another image).
  init(validatedWidth width: Int, height: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// The image premultiplied, rounded to nearest. An opaque image's bytes are
  /// already premultiplied, and are shared, not copied.
  public var premultipliedBuffer: PixelBuffer {
    if Self.allOpaque(bytes) { return PixelBuffer(validatedWidth: width, height: height, premultipliedBytes: bytes) }
    let image = self
    return image.premultiplied()
  }

  /// Whether every pixel of RGBA bytes has alpha 255: the AND of every pixel's word
  /// keeps the alpha byte whole only if each does. Two pixels a step as one 64-bit
  /// word, which an optimised build widens into vectors as it did a `SIMD16` loop,
  /// and which a debug build (the tests') runs as plain integer operations, where
  /// the standard library's vector `&=` is a generic call per step.
  static func allOpaque(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var all = UInt64.max
      var offset = 0
      while offset + 8 <= raw.count {
        all &= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
      }
      var word = UInt32(truncatingIfNeeded: all) & UInt32(truncatingIfNeeded: all >> 32)
      if offset + 4 <= raw.count { word &= raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
      return word & PNGFilter.alphaByte == PNGFilter.alphaByte
    }
  }

  /// The image premultiplied in its own memory: a large decoded image is never
  /// held twice. Opaque pixels, most of a screen, are skipped four at a time.
  public consuming func premultiplied() -> PixelBuffer {
    var out: [UInt8] = []
    swap(&out, &bytes)
    out.withUnsafeMutableBytes { raw in
      let count = raw.count / 4
      let opaque = SIMD4<UInt32>(repeating: PNGFilter.alphaByte)
      var p = 0
      while p < count {
        if p + 4 <= count, raw.loadUnaligned(fromByteOffset: p * 4, as: SIMD4<UInt32>.self) & opaque == opaque {
          p += 4
          continue
        }
        let i = p * 4
        if raw[i + 3] != 255 {
          let c = RGBA8(r: raw[i], g: raw[i + 1], b: raw[i + 2], a: raw[i + 3]).premultiplied
          raw[i] = c.r
          raw[i + 1] = c.g
          raw[i + 2] = c.b
        }
        p += 1
      }
    }
    return PixelBuffer(validatedWidth: width, height: height, premultipliedBytes: out)
  }
}

extension PixelBuffer {
  /// The buffer in straight alpha, the form PNG stores and pixelmatch compares. An
  /// opaque buffer's bytes are already straight, and are shared, not copied.
  public var straightImage: StraightImage {
    StraightImage(validatedWidth: width, height: height, bytes: StraightImage.allOpaque(bytes) ? bytes : straightBytes)
  }
}
