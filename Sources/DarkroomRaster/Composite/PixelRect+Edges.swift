extension PixelRect {
  /// The pixels from column `left`, row `top` up to, not including, column `right`,
  /// row `bottom`; empty (not inverted) when a far edge is before its near one.
  public init(left: Int, top: Int, right: Int, bottom: Int) {
    self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// One past the last column.
  public var right: Int { x + width }
  /// One past the last row.
  public var bottom: Int { y + height }

  /// Whether it holds no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The pixels in both.
  public func intersection(_ other: PixelRect) -> PixelRect {
    PixelRect(left: max(x, other.x), top: max(y, other.y), right: min(right, other.right), bottom: min(bottom, other.bottom))
  }

  /// Whether the two share a pixel.
  public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }
}
