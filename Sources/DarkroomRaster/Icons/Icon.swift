/// Built-in vector icons, drawn from paths on a 24 × 24 grid and scaled to any size.
///
/// Names follow SF Symbols' so a layout reads like the app's code. Line icons are
/// strokes with round caps and joins, whose width follows the requested weight; the
/// filled ones (gear, heart.fill) are shapes.
public enum Icon: String, Sendable, CaseIterable {
  /// ›
  case chevronRight = "chevron.right"
  /// ‹
  case chevronLeft = "chevron.left"
  /// ⌄
  case chevronDown = "chevron.down"
  /// ⌃
  case chevronUp = "chevron.up"
  /// ✓
  case checkmark
  /// +
  case plus
  /// ×
  case xmark
  /// A magnifying glass (search).
  case magnifyingglass
  /// A gear (settings), filled.
  case gear
  /// A bell (notifications), outlined.
  case bell
  /// A heart, outlined.
  case heart
  /// A heart, filled.
  case heartFill = "heart.fill"
  /// A house (home), outlined.
  case house
  /// A person's head and shoulders (account), outlined.
  case person
  /// A shopping cart.
  case cart
  /// Three bulleted lines (a list).
  case listBullet = "list.bullet"
  /// Wi-Fi: a dot's wedge and two bands fanning out above it, filled, as the
  /// status bar draws it.
  case wifi
  /// Signal strength: four bars of rising height, filled, as the status bar draws it.
  case cellularbars

  /// The icon's grid: 24 units on each side.
  public static let gridSize = 24.0

  /// The shape to fill for the icon drawn in the square `frame` (any unit), its
  /// lines `lineWidth` grid units wide (2 is SF Symbols' regular weight at 24).
  public func outline(in frame: Rect, lineWidth: Double = 2) -> Path {
    let side = min(frame.width, frame.height)
    let factor = side / Self.gridSize
    let dx = frame.x + (frame.width - side) / 2, dy = frame.y + (frame.height - side) / 2
    let (lines, filled) = design
    var result = filled.scaled(by: factor, dx: dx, dy: dy)
    if !lines.elements.isEmpty {
      let style = StrokeStyle(width: lineWidth * factor, cap: .round, join: .round)
      result.append(Stroker(style: style).outline(of: lines.scaled(by: factor, dx: dx, dy: dy)))
    }
    return result
  }

  /// The icon on its grid: lines to stroke and shapes to fill.
  private var design: (lines: Path, filled: Path) {
    var lines = Path(), filled = Path()
    func polyline(_ points: [(Double, Double)]) {
      guard let first = points.first else { return }
      lines.move(to: Point(x: first.0, y: first.1))
      for p in points.dropFirst() { lines.line(to: Point(x: p.0, y: p.1)) }
    }
    switch self {
    case .chevronRight: polyline([(9, 5), (16, 12), (9, 19)])
    case .chevronLeft: polyline([(15, 5), (8, 12), (15, 19)])
    case .chevronDown: polyline([(5, 9), (12, 16), (19, 9)])
    case .chevronUp: polyline([(5, 15), (12, 8), (19, 15)])
    case .checkmark: polyline([(4.5, 12.5), (9.5, 17.5), (19.5, 6.5)])
    case .plus:
      polyline([(12, 4.5), (12, 19.5)])
      polyline([(4.5, 12), (19.5, 12)])
    case .xmark:
      polyline([(6, 6), (18, 18)])
      polyline([(18, 6), (6, 18)])
    case .magnifyingglass:
      lines.addCircle(center: Point(x: 10.5, y: 10.5), radius: 6.5)
      polyline([(15.4, 15.4), (20, 20)])
    case .gear:
      filled = Self.gearShape()
    case .bell:
      lines.move(to: Point(x: 4.5, y: 17))
      lines.line(to: Point(x: 19.5, y: 17))
      lines.move(to: Point(x: 6.5, y: 17))
      lines.line(to: Point(x: 6.5, y: 11))
      lines.cubic(control1: Point(x: 6.5, y: 7.5), control2: Point(x: 9, y: 5), to: Point(x: 12, y: 5))
      lines.cubic(control1: Point(x: 15, y: 5), control2: Point(x: 17.5, y: 7.5), to: Point(x: 17.5, y: 11))
      lines.line(to: Point(x: 17.5, y: 17))
      polyline([(12, 5), (12, 3.5)])
      lines.move(to: Point(x: 10, y: 19.5))
      lines.cubic(control1: Point(x: 10.5, y: 21), control2: Point(x: 13.5, y: 21), to: Point(x: 14, y: 19.5))
    case .house:
      polyline([(3.5, 11), (12, 3.5), (20.5, 11)])
      polyline([(5.5, 9.5), (5.5, 20), (18.5, 20), (18.5, 9.5)])
      polyline([(10, 20), (10, 14), (14, 14), (14, 20)])
    case .person:
      lines.addCircle(center: Point(x: 12, y: 8), radius: 4)
      lines.move(to: Point(x: 4.5, y: 20))
      lines.cubic(control1: Point(x: 5, y: 15.5), control2: Point(x: 8.5, y: 13.5), to: Point(x: 12, y: 13.5))
      lines.cubic(control1: Point(x: 15.5, y: 13.5), control2: Point(x: 19, y: 15.5), to: Point(x: 19.5, y: 20))
    case .cart:
      polyline([(2.5, 4), (5.5, 4), (8, 15.5), (18.5, 15.5), (20.5, 7.5), (6.5, 7.5)])
      filled.addCircle(center: Point(x: 9.5, y: 19.5), radius: 1.6)
      filled.addCircle(center: Point(x: 17, y: 19.5), radius: 1.6)
    case .listBullet:
      for y in [6.0, 12, 18] {
        polyline([(9, y), (20, y)])
        filled.addCircle(center: Point(x: 4.5, y: y), radius: 1.5)
      }
    case .heart:
      lines = Self.heartShape()
    case .heartFill:
      filled = Self.heartShape()
    case .wifi:
      filled = Self.wifiShape()
    case .cellularbars:
      filled = Self.cellularShape()
    }
    return (lines, filled)
  }

  private static func heartShape() -> Path {
    var p = Path()
    p.move(to: Point(x: 12, y: 20))
    p.cubic(control1: Point(x: 12, y: 20), control2: Point(x: 3, y: 14.5), to: Point(x: 3, y: 8.8))
    p.cubic(control1: Point(x: 3, y: 6), control2: Point(x: 5.2, y: 4), to: Point(x: 7.7, y: 4))
    p.cubic(control1: Point(x: 9.5, y: 4), control2: Point(x: 11, y: 5), to: Point(x: 12, y: 6.5))
    p.cubic(control1: Point(x: 13, y: 5), control2: Point(x: 14.5, y: 4), to: Point(x: 16.3, y: 4))
    p.cubic(control1: Point(x: 18.8, y: 4), control2: Point(x: 21, y: 6), to: Point(x: 21, y: 8.8))
    p.cubic(control1: Point(x: 21, y: 14.5), control2: Point(x: 12, y: 20), to: Point(x: 12, y: 20))
    p.close()
    return p
  }

  /// Eight trapezoid teeth round a ring, with a round hole (the hole is drawn the
  /// other way round, so the non-zero rule leaves it empty).
  private static func gearShape() -> Path {
    var p = Path()
    let centre = Point(x: 12, y: 12)
    let teeth = 8
    let outer = 10.0, inner = 7.6
    let step = 2 * Double.pi / Double(teeth)
    func at(_ angle: Double, _ radius: Double) -> Point {
      Point(x: centre.x + radius * Trigonometry.cosine(angle), y: centre.y + radius * Trigonometry.sine(angle))
    }
    for i in 0..<teeth {
      let a = Double(i) * step
      // The tooth's base is wider than its top: 0.30 and 0.20 of a step either side.
      let points = [at(a - step * 0.30, inner), at(a - step * 0.17, outer), at(a + step * 0.17, outer), at(a + step * 0.30, inner)]
      if i == 0 { p.move(to: points[0]) } else { p.line(to: points[0]) }
      for q in points.dropFirst() { p.line(to: q) }
    }
    p.close()
    p.addCircle(center: centre, radius: 3.4, reversed: true)
    return p
  }
}
