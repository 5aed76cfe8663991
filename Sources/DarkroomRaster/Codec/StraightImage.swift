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

  /// The image premultiplied, rounded to nearest.
  public var premultipliedBuffer: PixelBuffer {
    let image = self
    return image.premultiplied()
  }

  /// The image premultiplied in its own memory: a large decoded image is never
  /// held twice.
  public consuming func premultiplied() -> PixelBuffer {
    var out: [UInt8] = []
    swap(&out, &bytes)
    out.withUnsafeMutableBufferPointer { b in
      for i in Swift.stride(from: 0, to: b.count, by: 4) where b[i + 3] != 255 {
        let p = RGBA8(r: b[i], g: b[i + 1], b: b[i + 2], a: b[i + 3]).premultiplied
        b[i] = p.r
        b[i + 1] = p.g
        b[i + 2] = p.b
      }
    }
    return PixelBuffer(validatedWidth: width, height: height, premultipliedBytes: out)
  }
}

extension PixelBuffer {
  /// The buffer in straight alpha, the form PNG stores and pixelmatch compares.
  public var straightImage: StraightImage {
    StraightImage(validatedWidth: width, height: height, bytes: straightBytes)
  }
}
