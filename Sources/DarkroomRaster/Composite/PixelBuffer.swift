/// A rectangle of pixels in premultiplied RGBA8, rows packed top to bottom.
///
/// A value type with copy-on-write storage. A new buffer is filled with one colour
/// (transparent black by default).
///
/// # Guarantees
/// - `width` and `height` are at least 1 and at most ``maximumSide``, and
///   `width * height` is at most ``maximumPixelCount``.
/// - `bytes.count == width * height * 4`, and every colour channel is at most its
///   pixel's alpha.
public struct PixelBuffer: Sendable, Equatable {
  /// The widest or tallest buffer Darkroom will make, in pixels.
  public static let maximumSide = 16_384
  /// The most pixels one buffer may hold (a 256 MiB buffer).
  public static let maximumPixelCount = 64 * 1024 * 1024

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The pixels, premultiplied RGBA8, `width * 4` bytes a row.
  public internal(set) var bytes: [UInt8]
  /// Where the buffer's top-left pixel is on the canvas it is part of: a group's
  /// layer covers only the group's pixels. Drawing takes canvas coordinates, and
  /// everything outside the buffer is cut. Default: (0, 0), the whole canvas.
  public internal(set) var origin = PixelOrigin(x: 0, y: 0)

  /// Creates a buffer of the given size, filled with `color`.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` when a side is below 1, above
  ///   ``maximumSide``, or the area is above ``maximumPixelCount``.
  public init(width: Int, height: Int, fill color: RGBA8 = .clear) throws(RasterError) {
    try Self.validate(width: width, height: height)
    self.width = width
    self.height = height
    let p = color.premultiplied
    if p.r == p.g && p.g == p.b && p.b == p.a {
      bytes = [UInt8](repeating: p.a, count: width * height * 4)
    } else {
      // Whole cache lines of pixels a store loop turn, at memset's speed (see
      // `PixelLanes.fill`).
      let word = p.word
      let pixels = width * height
      bytes = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
        if let base = buffer.baseAddress { PixelLanes.fill(UnsafeMutableRawPointer(base), count: pixels, with: word) }
        count = pixels * 4
      }
    }
  }

  /// A buffer of the given size filled with `color` except the pixels of `hidden`,
  /// which the caller's later drawing covers completely: their bytes are left as
  /// memory had them until then, so a canvas is written once, not twice. Debug
  /// builds fill them with opaque magenta instead, so a pixel left unpainted by
  /// mistake shows in every test that looks at pixels.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` as ``init(width:height:fill:)``.
  package init(width: Int, height: Int, fill color: RGBA8, skipping hidden: Occlusion) throws(RasterError) {
    guard !hidden.isEmpty else {
      try self.init(width: width, height: height, fill: color)
      return
    }
    try self.init(band: 0..<height, width: width, fill: color, skipping: hidden)
  }

  /// Rows `rows` of a canvas `width` pixels wide — a band of it, which drawing in
  /// canvas coordinates then fills as it would the whole — filled as
  /// ``init(width:height:fill:skipping:)`` fills the whole canvas: `color` except
  /// the pixels of `hidden` (canvas coordinates).
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` as ``init(width:height:fill:)``.
  package init(band rows: Range<Int>, width: Int, fill color: RGBA8, skipping hidden: Occlusion) throws(RasterError) {
    try Self.validate(width: width, height: rows.count)
    let word = color.premultiplied.word
    let count = width * rows.count * 4
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      let pixels = UnsafeMutableRawPointer(base)
      #if DEBUG
        PixelLanes.fill(pixels, count: width * rows.count, with: RGBA8(r: 255, g: 0, b: 255).premultiplied.word)
      #endif
      // Rows nothing covers are one fill together, as if the buffer were new; the
      // others are filled between their covered columns.
      let first = rows.lowerBound
      hidden.forEachBand(rows: rows) { top, bottom, covered in
        guard !covered.isEmpty else {
          return PixelLanes.fill(pixels + (top - first) * width * 4, count: (bottom - top) * width, with: word)
        }
        for y in top..<bottom {
          let row = pixels + (y - first) * width * 4
          var start = 0
          for index in covered {
            let columns = hidden.columns[index]
            let end = min(width, max(start, columns.lowerBound))
            PixelLanes.fill(row + start * 4, count: end - start, with: word)
            start = min(width, max(start, columns.upperBound))
          }
          PixelLanes.fill(row + start * 4, count: width - start, with: word)
        }
      }
      initialized = count
    }
    self.init(validatedWidth: width, height: rows.count, premultipliedBytes: bytes)
    origin = PixelOrigin(x: 0, y: rows.lowerBound)
  }

  /// A transparent layer covering `width` × `height` pixels of a canvas from
  /// `origin`.
  public init(layerAt origin: PixelOrigin, width: Int, height: Int) throws(RasterError) {
    try self.init(width: width, height: height)
    self.origin = origin
  }

  /// Creates a buffer from premultiplied RGBA8 bytes.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a bad size, and
  ///   ``RasterError/byteCountMismatch(expected:actual:)`` when `bytes` is not
  ///   `width * height * 4` long.
  public init(width: Int, height: Int, premultipliedBytes bytes: [UInt8]) throws(RasterError) {
    try Self.validate(width: width, height: height, byteCount: bytes.count)
    self.width = width
    self.height = height
    self.bytes = bytes
    // Enforce the premultiplied invariant on bytes that came from outside.
    self.bytes.withUnsafeMutableBufferPointer { b in
      for i in Swift.stride(from: 0, to: b.count, by: 4) {
        let a = b[i + 3]
        b[i] = min(b[i], a)
        b[i + 1] = min(b[i + 1], a)
        b[i + 2] = min(b[i + 2], a)
      }
    }
  }

  /// For sizes already known to be valid and bytes already premultiplied.
  init(validatedWidth width: Int, height: Int, premultipliedBytes bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// Checks a size and that `byteCount` is four bytes a pixel of it.
  static func validate(width: Int, height: Int, byteCount: Int) throws(RasterError) {
    try validate(width: width, height: height)
    guard byteCount == width * height * 4 else {
      throw .byteCountMismatch(expected: width * height * 4, actual: byteCount)
    }
  }

  /// The canvas pixels this buffer covers: columns `left..<right`, rows
  /// `top..<bottom`.
  public var canvasBounds: (left: Int, top: Int, right: Int, bottom: Int) {
    (origin.x, origin.y, origin.x + width, origin.y + height)
  }

  /// Checks that a buffer of this size may be made.
  ///
  /// - Throws: ``RasterError/invalidSize(width:height:)`` as ``init(width:height:fill:)``.
  package static func validate(width: Int, height: Int) throws(RasterError) {
    guard width >= 1, height >= 1, width <= maximumSide, height <= maximumSide,
      width * height <= maximumPixelCount
    else { throw .invalidSize(width: width, height: height) }
  }

  /// The pixel at column `x`, row `y` (both must be inside the buffer).
  public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
    let i = (y * width + x) * 4
    return PremultipliedRGBA8(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
  }

  /// Whether every pixel's alpha is 255.
  public var isOpaque: Bool {
    bytes.withUnsafeBytes { raw in
      var i = 3
      while i < raw.count {
        if raw[i] != 255 { return false }
        i += 4
      }
      return true
    }
  }

  /// The pixels as straight-alpha RGBA8 bytes, the form PNG stores.
  public var straightBytes: [UInt8] {
    var out = bytes
    out.withUnsafeMutableBufferPointer { b in
      for i in Swift.stride(from: 0, to: b.count, by: 4) {
        let a = b[i + 3]
        if a == 255 { continue }
        let s = PremultipliedRGBA8(r: b[i], g: b[i + 1], b: b[i + 2], a: a).straight
        b[i] = s.r
        b[i + 1] = s.g
        b[i + 2] = s.b
      }
    }
    return out
  }
}
