/// A pixel position on a canvas: where a layer's top-left pixel lies.
public struct PixelOrigin: Sendable, Hashable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int

  /// The position (x, y).
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
