/// A point in a two-dimensional space, in whatever unit its user chose (points for
/// layout, pixels for the rasterizer).
public struct Point: Sendable, Hashable {
  /// Horizontal position; grows to the right.
  public var x: Double
  /// Vertical position; grows downwards.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
}
