/// Coverage values (0…255) over a rectangle of the pixel grid, zero outside it: a
/// clip, a shadow's shape, a glyph's image.
public struct AlphaMask: Sendable, Equatable {
  /// The left column of the rectangle, in target pixels.
  public let x: Int
  /// The top row.
  public let y: Int
  /// Width in pixels (may be 0).
  public let width: Int
  /// Height in pixels (may be 0).
  public let height: Int
  /// `width * height` values, rows top to bottom.
  public internal(set) var values: [UInt8]

  /// An empty (all zero) mask over a rectangle.
  init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
    values = [UInt8](repeating: 0, count: self.width * self.height)
  }

  /// The coverage of a path, over the part of its bounds inside `bounds` (the
  /// target's size), with exactly the values a fill of the path would use.
  public init(_ path: Path, rule: FillRule = .nonZero, width canvasWidth: Int, height canvasHeight: Int) {
    self.init(path.flattened(), rule: rule, clipLeft: 0, clipTop: 0, clipRight: canvasWidth, clipBottom: canvasHeight)
  }

  init(_ segments: [LineSegment], rule: FillRule, clipLeft: Int, clipTop: Int, clipRight: Int, clipBottom: Int) {
    let window = CoverageRasterizer(clipLeft: clipLeft, clipTop: clipTop, clipRight: clipRight, clipBottom: clipBottom)
    guard let (left, top, right, bottom) = window.pixelBounds(of: segments) else {
      self.init(x: 0, y: 0, width: 0, height: 0)
      return
    }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
    let (mx, my, w) = (x, y, width)
    values.withUnsafeMutableBufferPointer { values in
      guard let start = values.baseAddress else { return }
      window.rasterize(segments, rule: rule) { top, bottom, spans in
        for row in top..<bottom {
          // A run at once (memset), not a byte at a time.
          for s in spans { (start + (row - my) * w - mx + s.x0).update(repeating: s.coverage, count: s.x1 - s.x0) }
        }
      }
    }
  }

  /// The coverage at pixel (x, y) of the target; 0 outside the mask.
  @inline(__always)
  public subscript(x: Int, y: Int) -> UInt8 {
    let cx = x - self.x, cy = y - self.y
    guard cx >= 0, cy >= 0, cx < width, cy < height else { return 0 }
    return values[cy * width + cx]
  }

  /// Where both masks cover: the product of their values (correctly rounded), over
  /// the overlap of their rectangles.
  public func intersected(with other: AlphaMask) -> AlphaMask {
    let left = max(x, other.x), top = max(y, other.y)
    let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
    var result = AlphaMask(x: left, y: top, width: right - left, height: bottom - top)
    guard result.width > 0, result.height > 0 else { return result }
    let count = result.width
    result.values.withUnsafeMutableBytes { out in
      values.withUnsafeBytes { a in
        other.values.withUnsafeBytes { b in
          guard let out = out.baseAddress, let a = a.baseAddress, let b = b.baseAddress else { return }
          for row in top..<bottom {
            let target = out + (row - top) * count
            let first = a + (row - y) * width + (left - x), second = b + (row - other.y) * other.width + (left - other.x)
            PixelLanes.multiply(first, second, into: target, count: count)
          }
        }
      }
    }
    return result
  }

  /// Calls `body(start, end, value)` for each run of equal, non-zero values in row
  /// `y` of the target between `columns` (values outside the mask are 0): how a
  /// mask is painted, a span at a time.
  @inline(__always)
  func forEachRun(row y: Int, columns: Range<Int>, _ body: (Int, Int, UInt8) -> Void) {
    guard y >= self.y, y < self.y + height else { return }
    let left = max(columns.lowerBound, x), right = min(columns.upperBound, x + width)
    guard left < right else { return }
    values.withUnsafeBufferPointer { values in
      let base = (y - self.y) * width - x
      guard let start = values.baseAddress else { return }
      let raw = UnsafeRawPointer(start + base)
      var column = left
      while column < right {
        let value = values[base + column]
        var end = column + 1
        // Sixteen equal values at a time: a clip's inside and outside are long runs.
        // Two words, not a `SIMD16<UInt8>` compared with `==`, which compiles to a loop
        // over its lanes.
        let same = UInt64(value) &* 0x0101_0101_0101_0101
        while end + 16 <= right && raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == same
          && raw.loadUnaligned(fromByteOffset: end + 8, as: UInt64.self) == same
        { end += 16 }
        while end < right && values[base + end] == value { end += 1 }
        if value != 0 { body(column, end, value) }
        column = end
      }
    }
  }

  /// The mask moved by whole pixels: the same values, shared, not copied (nor a
  /// zeroed array made first for them, as a glyph placed on a line used to be).
  public func offsetBy(dx: Int, dy: Int) -> AlphaMask {
    AlphaMask(x: x + dx, y: y + dy, width: width, height: height, values: values)
  }

  /// A mask over a rectangle with `values` (`width * height` of them, both sides
  /// at least 0).
  private init(x: Int, y: Int, width: Int, height: Int, values: [UInt8]) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.values = values
  }
}
