/// An axis-aligned rectangle with its origin at the top-left corner.
///
/// A rectangle may be empty (zero width or height); negative sizes are clamped to
/// zero when it is built, so code below never sees an inverted rectangle.
public struct Rect: Sendable, Hashable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width, never negative.
  public var width: Double
  /// The height, never negative.
  public var height: Double

  /// Creates a rectangle from its origin and size; a negative size becomes zero.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
  /// Whether the rectangle covers no area.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The rectangle moved inwards by `amount` on every side.
  public func insetBy(_ amount: Double) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The rectangle with every coordinate multiplied by `factor` (points to pixels).
  public func scaled(by factor: Double) -> Rect {
    Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
  }
}
