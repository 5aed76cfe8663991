/// The radius of each corner of a rectangle, in the rectangle's unit.
public struct CornerRadii: Sendable, Hashable {
  /// Top-left radius.
  public var topLeft: Double
  /// Top-right radius.
  public var topRight: Double
  /// Bottom-right radius.
  public var bottomRight: Double
  /// Bottom-left radius.
  public var bottomLeft: Double

  /// Four radii, clockwise from the top left; negative values become zero.
  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = max(0, topLeft)
    self.topRight = max(0, topRight)
    self.bottomRight = max(0, bottomRight)
    self.bottomLeft = max(0, bottomLeft)
  }

  /// The same radius at every corner.
  public init(_ radius: Double) {
    self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
  }

  /// Every radius multiplied by `factor`.
  public func scaled(by factor: Double) -> CornerRadii {
    CornerRadii(topLeft: topLeft * factor, topRight: topRight * factor, bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
  }

  /// Every radius reduced by `amount` (not below zero): the corners of a rectangle
  /// inset by `amount`, as a border's inner edge.
  public func inset(by amount: Double) -> CornerRadii {
    CornerRadii(topLeft: topLeft - amount, topRight: topRight - amount, bottomRight: bottomRight - amount, bottomLeft: bottomLeft - amount)
  }

  /// Whether every corner is square.
  public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }

  var clockwiseFromTopRight: [Double] { [topRight, bottomRight, bottomLeft, topLeft] }
}

/// The curve a rounded corner follows.
public enum CornerCurve: String, Sendable, CaseIterable {
  /// A quarter circle, tangent to both sides (CALayer's `.circular`).
  case circular
  /// iOS's continuous corner (CALayer's `.continuous`, the "squircle"): the curve
  /// leaves each side gradually, with no jump in curvature where the straight side
  /// ends, and reaches a circular arc only in the middle of the corner. It starts
  /// further from the corner than a circular one of the same radius.
  case continuous
}

/// A rectangle with rounded corners: the shape of cards, buttons, sheets and the
/// clip of an image.
public struct RoundedRect: Sendable, Hashable {
  /// The bounds.
  public var rect: Rect
  /// Each corner's radius.
  public var radii: CornerRadii
  /// The corner curve.
  public var curve: CornerCurve

  /// A rounded rectangle.
  public init(_ rect: Rect, radii: CornerRadii = CornerRadii(0), curve: CornerCurve = .circular) {
    self.rect = rect
    self.radii = radii
    self.curve = curve
  }

  /// The same radius at every corner.
  public init(_ rect: Rect, radius: Double, curve: CornerCurve = .circular) {
    self.init(rect, radii: CornerRadii(radius), curve: curve)
  }

  /// Coordinates and radii multiplied by `factor` (points to pixels).
  public func scaled(by factor: Double) -> RoundedRect {
    RoundedRect(rect.scaled(by: factor), radii: radii.scaled(by: factor), curve: curve)
  }

  /// The shape moved inwards by `amount`, its radii reduced by as much.
  public func insetBy(_ amount: Double) -> RoundedRect {
    RoundedRect(rect.insetBy(amount), radii: radii.inset(by: amount), curve: curve)
  }

  /// The shape moved by (`dx`, `dy`).
  public func offsetBy(dx: Double, dy: Double) -> RoundedRect {
    RoundedRect(Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height), radii: radii, curve: curve)
  }

  /// The shape in a frame of its own: moved by the whole pixels from the target's
  /// corner to the pixel its corner lies in, which is `origin`. Two shapes of one
  /// size a whole number of pixels apart then have the same coordinates here (taking
  /// its whole part from a coordinate is exact, except for one in (−0.5, 0), where
  /// it rounds and two such shapes may merely differ), and so does every point made
  /// from them (arcs, insets) — which is what lets ``CoverageMemo`` know them as
  /// one. A shape reaching too far out for such an origin stays where it is.
  public func inOwnFrame() -> (shape: RoundedRect, origin: PixelOrigin) {
    let limit = Double(PixelBuffer.maximumSide) * 4
    guard rect.x.magnitude < limit, rect.y.magnitude < limit, rect.maxX.magnitude < limit, rect.maxY.magnitude < limit
    else { return (self, PixelOrigin(x: 0, y: 0)) }
    let x = rect.x.rounded(.down), y = rect.y.rounded(.down)
    return (offsetBy(dx: -x, dy: -y), PixelOrigin(x: Int(x), y: Int(y)))
  }

  /// How much of each side, from each corner, the corner curves take: the radius
  /// for circular corners, 1.6 × the radius for continuous ones. When two corners
  /// on one side would need more than the side, every corner shrinks by the same
  /// factor (as CSS does); continuous corners first give up smoothness, down to
  /// circular ones.
  func corners() -> [(radius: Double, smoothing: Double)] {
    let w = rect.width, h = rect.height
    let r = radii.clockwiseFromTopRight  // TR, BR, BL, TL
    func fit(_ e: [Double]) -> Double {
      var f = 1.0
      for (a, b, side) in [(e[3], e[0], w), (e[1], e[2], w), (e[0], e[1], h), (e[2], e[3], h)] where a + b > side {
        f = min(f, side / (a + b))
      }
      return f
    }
    let f = fit(r)
    let radius = r.map { $0 * f }
    guard curve == .continuous else { return radius.map { ($0, 0) } }
    let smoothing = Self.continuousSmoothing
    let g = fit(radius.map { $0 * (1 + smoothing) })
    return radius.map { radius in
      guard radius > 0 else { return (0, 0) }
      let extent = max(radius, radius * (1 + smoothing) * g)
      return (radius, min(smoothing, extent / radius - 1))
    }
  }

  /// How far iOS's continuous corner is from a circular one: the curve spans
  /// (1 + 0.6) × the radius along each side, and the circular arc in its middle
  /// spans 90° × (1 - 0.6).
  static let continuousSmoothing = 0.6
}

extension Path {
  /// Adds a rounded rectangle as one closed contour, clockwise on a y-down screen
  /// (anticlockwise when `reversed`, which cuts a hole under the non-zero rule).
  public mutating func addRoundedRect(_ shape: RoundedRect, reversed: Bool = false) {
    let r = shape.rect
    guard !r.isEmpty else { return }
    // Each corner is drawn in a frame where the side arriving at the corner runs
    // along +u to the origin and the side leaving it runs along +v: a point (u, v)
    // is corner + u·in + v·out.
    let frames: [(corner: Point, incoming: Point, outgoing: Point)] = [
      (Point(x: r.maxX, y: r.y), Point(x: 1, y: 0), Point(x: 0, y: 1)),
      (Point(x: r.maxX, y: r.maxY), Point(x: 0, y: 1), Point(x: -1, y: 0)),
      (Point(x: r.x, y: r.maxY), Point(x: -1, y: 0), Point(x: 0, y: -1)),
      (Point(x: r.x, y: r.y), Point(x: 0, y: -1), Point(x: 1, y: 0)),
    ]
    var pieces: [Bezier] = []
    var first: Point? = nil, current: Point? = nil
    func connect(to p: Point) {
      if let from = current, from != p { pieces.append(Bezier(start: from, c1: from, c2: p, end: p, isLine: true)) }
      if first == nil { first = p }
      current = p
    }
    for (frame, corner) in zip(frames, shape.corners()) {
      func map(_ p: Point) -> Point {
        Point(
          x: frame.corner.x + p.x * frame.incoming.x + p.y * frame.outgoing.x,
          y: frame.corner.y + p.x * frame.incoming.y + p.y * frame.outgoing.y)
      }
      let local = Self.cornerCurve(radius: corner.radius, smoothing: corner.smoothing)
      guard let entry = local.first else {
        connect(to: frame.corner)
        continue
      }
      connect(to: map(entry.start))
      for piece in local {
        pieces.append(Bezier(start: map(piece.start), c1: map(piece.c1), c2: map(piece.c2), end: map(piece.end), isLine: false))
        current = map(piece.end)
      }
    }
    if let start = first { connect(to: start) }
    if reversed {
      pieces = pieces.reversed().map { Bezier(start: $0.end, c1: $0.c2, c2: $0.c1, end: $0.start, isLine: $0.isLine) }
    }
    guard let head = pieces.first else { return }
    move(to: head.start)
    for piece in pieces {
      if piece.isLine { line(to: piece.end) } else { cubic(control1: piece.c1, control2: piece.c2, to: piece.end) }
    }
    close()
  }

  private struct Bezier {
    var start, c1, c2, end: Point
    var isLine: Bool
  }

  /// One corner in its own frame (the incoming side is the negative u axis, the
  /// outgoing side the positive v axis, the corner at the origin).
  ///
  /// Circular: one cubic from (-r, 0) to (0, r) with the quarter-circle handle
  /// 0.5523·r. Continuous with smoothing s: the corner starts at (-(1 + s)·r, 0); a
  /// cubic whose first three points lie on the side (so it leaves the side with no
  /// curvature) meets, tangentially, the circle of radius r centred at (-r, r) at the
  /// angle α = 45°·s from the side; the arc runs to the mirror point, and a mirrored
  /// cubic runs to (0, (1 + s)·r). The tangent at the meeting point crosses the side
  /// r·tan(α/2) before it; the first handle sits two thirds of the way along.
  private static func cornerCurve(radius r: Double, smoothing s: Double) -> [Bezier] {
    guard r > 0 else { return [] }
    let k = 0.552_284_749_830_793_4
    guard s > 0 else {
      return [Bezier(start: Point(x: -r, y: 0), c1: Point(x: -r + k * r, y: 0), c2: Point(x: 0, y: r - k * r), end: Point(x: 0, y: r), isLine: false)]
    }
    let alpha = Double.pi / 4 * s
    let sinA = Trigonometry.sine(alpha), cosA = Trigonometry.cosine(alpha)
    let start = Point(x: -(1 + s) * r, y: 0)
    let meet = Point(x: -r + r * sinA, y: r - r * cosA)
    let crossing = Point(x: meet.x - r * Trigonometry.tangent(alpha / 2) * cosA, y: 0)
    let handle = Point(x: start.x + (crossing.x - start.x) * 2 / 3, y: 0)
    let entry = Bezier(start: start, c1: handle, c2: crossing, end: meet, isLine: false)
    func mirror(_ p: Point) -> Point { Point(x: -p.y, y: -p.x) }
    // The arc from the meeting point to its mirror, centred at (-r, r).
    let sweep = Double.pi / 2 - 2 * alpha
    let h = 4.0 / 3.0 * Trigonometry.tangent(sweep / 4) * r
    let from = -Double.pi / 2 + alpha, to = -alpha
    let arcEnd = mirror(meet)
    let arc = Bezier(
      start: meet,
      c1: Point(x: meet.x - h * Trigonometry.sine(from), y: meet.y + h * Trigonometry.cosine(from)),
      c2: Point(x: arcEnd.x + h * Trigonometry.sine(to), y: arcEnd.y - h * Trigonometry.cosine(to)),
      end: arcEnd, isLine: false)
    let exit = Bezier(start: arcEnd, c1: mirror(crossing), c2: mirror(handle), end: mirror(start), isLine: false)
    return [entry, arc, exit]
  }
}
