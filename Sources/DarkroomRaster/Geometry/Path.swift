/// A shape made of contours of lines and Bézier curves.
///
/// Filling closes every contour implicitly; stroking leaves a contour open unless it
/// ends with ``close()``. Paths are plain values; the rasterizer flattens curves
/// when it draws them.
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
    /// Ends the contour with a line back to its start; a stroke joins its ends.
    case close
  }

  /// The instructions, in order.
  public internal(set) var elements: [Element] = []

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
  /// Closes the current contour.
  public mutating func close() { elements.append(.close) }

  /// Appends every contour of another path.
  public mutating func append(_ other: Path) { elements += other.elements }

  /// Adds a rectangle as one closed contour, clockwise (on a y-down screen), or
  /// anticlockwise when `reversed` is true, which cuts a hole out of a clockwise
  /// shape under the non-zero rule.
  public mutating func addRect(_ r: Rect, reversed: Bool = false) {
    addRoundedRect(RoundedRect(r), reversed: reversed)
  }

  /// Adds a rectangle whose corners are all quarter circles of `radius`.
  public mutating func addRoundedRect(_ r: Rect, radius: Double, reversed: Bool = false) {
    addRoundedRect(RoundedRect(r, radius: radius), reversed: reversed)
  }

  /// Adds an arc of the circle around `center` as a new contour, or continuing the
  /// current one when `connect` is true, from `startAngle` to `endAngle` (radians;
  /// 0 points right, and angles grow clockwise on a y-down screen). `clockwise`
  /// says which way round to go; a sweep of 2π or more is a whole circle.
  ///
  /// Each piece of at most a quarter turn is one cubic curve with handles of
  /// 4/3·tan(θ/4), within 0.03% of the radius of a true circle.
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true,
    connect: Bool = false
  ) {
    guard radius > 0, startAngle.isFinite, endAngle.isFinite else { return }
    let fullTurn = 2 * Double.pi
    var sweep = endAngle - startAngle
    if clockwise {
      if sweep < 0 || sweep >= fullTurn { sweep = sweep >= fullTurn ? fullTurn : sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
    } else {
      if sweep > 0 || sweep <= -fullTurn { sweep = sweep <= -fullTurn ? -fullTurn : sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
    }
    func point(_ angle: Double) -> Point {
      Point(x: center.x + radius * Trigonometry.cosine(angle), y: center.y + radius * Trigonometry.sine(angle))
    }
    let start = point(startAngle)
    if connect, !elements.isEmpty { line(to: start) } else { move(to: start) }
    let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
    let step = sweep / Double(pieces)
    let handle = 4.0 / 3.0 * Trigonometry.tangent(step / 4) * radius
    var angle = startAngle
    for i in 1...pieces {
      let next = i == pieces ? startAngle + sweep : angle + step
      let a = point(angle), b = point(next)
      let c1 = Point(x: a.x - handle * Trigonometry.sine(angle), y: a.y + handle * Trigonometry.cosine(angle))
      let c2 = Point(x: b.x + handle * Trigonometry.sine(next), y: b.y - handle * Trigonometry.cosine(next))
      cubic(control1: c1, control2: c2, to: b)
      angle = next
    }
  }

  /// Adds the ellipse inscribed in `r` as one closed contour, clockwise (or
  /// anticlockwise when `reversed`).
  public mutating func addEllipse(in r: Rect, reversed: Bool = false) {
    guard !r.isEmpty else { return }
    let k = 0.552_284_749_830_793_4
    let cx = r.x + r.width / 2, cy = r.y + r.height / 2
    let rx = r.width / 2, ry = r.height / 2
    var points = [
      Point(x: r.maxX, y: cy), Point(x: r.maxX, y: cy + k * ry), Point(x: cx + k * rx, y: r.maxY),
      Point(x: cx, y: r.maxY), Point(x: cx - k * rx, y: r.maxY), Point(x: r.x, y: cy + k * ry),
      Point(x: r.x, y: cy), Point(x: r.x, y: cy - k * ry), Point(x: cx - k * rx, y: r.y),
      Point(x: cx, y: r.y), Point(x: cx + k * rx, y: r.y), Point(x: r.maxX, y: cy - k * ry),
      Point(x: r.maxX, y: cy),
    ]
    if reversed { points.reverse() }
    move(to: points[0])
    for i in Swift.stride(from: 1, to: points.count, by: 3) {
      cubic(control1: points[i], control2: points[i + 1], to: points[i + 2])
    }
    close()
  }

  /// Adds a circle as one closed contour.
  public mutating func addCircle(center: Point, radius: Double, reversed: Bool = false) {
    addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), reversed: reversed)
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
      case .close: .close
      }
    }
    return result
  }

  /// The path scaled by `factor` about the origin, then moved by (`dx`, `dy`).
  public func scaled(by factor: Double, dx: Double = 0, dy: Double = 0) -> Path {
    mapped { Point(x: $0.x * factor + dx, y: $0.y * factor + dy) }
  }
}
