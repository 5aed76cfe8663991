/// A shape made of closed contours of lines and Bézier curves.
///
/// Every contour is closed implicitly when the next one starts or the path ends, as
/// a filled shape needs. Paths are plain values; the rasterizer flattens curves when
/// it fills them.
public struct Path: Sendable, Equatable {
  /// One drawing instruction.
  public enum Element: Sendable, Equatable {
    /// Starts a new contour at a point.
    case move(Point)
    /// A straight line to a point.
    case line(Point)
    /// A quadratic Bézier curve through a control point to a point.
    case quad(Point, Point)
    /// A cubic Bézier curve through two control points to a point.
    case cubic(Point, Point, Point)
  }

  /// The instructions, in order.
  public private(set) var elements: [Element] = []

  /// Creates an empty path.
  public init() {}

  /// Starts a new contour.
  public mutating func move(to p: Point) { elements.append(.move(p)) }
  /// Adds a line from the current point.
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  /// Adds a quadratic curve from the current point.
  public mutating func quad(control c: Point, to p: Point) { elements.append(.quad(c, p)) }
  /// Adds a cubic curve from the current point.
  public mutating func cubic(control1 c1: Point, control2 c2: Point, to p: Point) {
    elements.append(.cubic(c1, c2, p))
  }

  /// Appends every contour of another path.
  public mutating func append(_ other: Path) { elements += other.elements }

  /// Adds a rectangle as one contour, clockwise (on a y-down screen), or
  /// anticlockwise when `reversed` is true, which cuts a hole out of a clockwise shape.
  public mutating func addRect(_ r: Rect, reversed: Bool = false) {
    addRoundedRect(r, radius: 0, reversed: reversed)
  }

  /// Adds a rectangle whose corners are quarter circles of `radius` (clamped to half
  /// the shorter side). Quarter circles are cubic curves with the usual 4/3·tan(π/8)
  /// handle length, within 0.03% of the radius of a true circle.
  public mutating func addRoundedRect(_ r: Rect, radius: Double, reversed: Bool = false) {
    guard !r.isEmpty else { return }
    let radius = max(0, min(radius, r.width / 2, r.height / 2))
    let k = radius * (1 - 0.552_284_749_830_793_4)
    let (l, t, rt, b) = (r.x, r.y, r.maxX, r.maxY)
    // Corners in clockwise order, each with its entry point, two handles and exit.
    var points: [Point] = []
    var contour = Path()
    if radius == 0 {
      points = [Point(x: l, y: t), Point(x: rt, y: t), Point(x: rt, y: b), Point(x: l, y: b)]
      if reversed { points.reverse() }
      contour.move(to: points[0])
      for p in points.dropFirst() { contour.line(to: p) }
      append(contour)
      return
    }
    typealias Corner = (start: Point, c1: Point, c2: Point, end: Point)
    var corners: [Corner] = [
      (Point(x: rt - radius, y: t), Point(x: rt - k, y: t), Point(x: rt, y: t + k), Point(x: rt, y: t + radius)),
      (Point(x: rt, y: b - radius), Point(x: rt, y: b - k), Point(x: rt - k, y: b), Point(x: rt - radius, y: b)),
      (Point(x: l + radius, y: b), Point(x: l + k, y: b), Point(x: l, y: b - k), Point(x: l, y: b - radius)),
      (Point(x: l, y: t + radius), Point(x: l, y: t + k), Point(x: l + k, y: t), Point(x: l + radius, y: t)),
    ]
    if reversed {
      corners = corners.reversed().map { ($0.end, $0.c2, $0.c1, $0.start) }
    }
    contour.move(to: corners[0].start)
    for (index, corner) in corners.enumerated() {
      if index > 0 { contour.line(to: corner.start) }
      contour.cubic(control1: corner.c1, control2: corner.c2, to: corner.end)
    }
    append(contour)
  }

  /// The path with every point mapped through `transform`.
  public func mapped(_ transform: (Point) -> Point) -> Path {
    var result = Path()
    result.elements = elements.map { element in
      switch element {
      case .move(let p): .move(transform(p))
      case .line(let p): .line(transform(p))
      case .quad(let c, let p): .quad(transform(c), transform(p))
      case .cubic(let c1, let c2, let p): .cubic(transform(c1), transform(c2), transform(p))
      }
    }
    return result
  }
}
