/// Turns a path and a stroke style into the outline of the stroke, a path that is
/// filled with the non-zero rule.
///
/// Each contour becomes one closed outline (an open contour: its left side, the end
/// cap, its right side backwards and the start cap) or two (a closed contour: its
/// left side and its right side, in opposite directions, so the inside stays
/// empty). On the inside of a corner the outline passes through the corner point,
/// which makes small overlapping loops that the non-zero rule fills once; on the
/// outside it adds the join. Curves are flattened first, so the outline has only
/// straight edges, and round joins and caps are split by halving angles (only
/// square roots, which IEEE rounds exactly, so no trigonometry can differ).
struct Stroker {
  let style: StrokeStyle
  /// How far a chord may stray from a true arc, in pixels.
  let tolerance: Double

  init(style: StrokeStyle, tolerance: Double = 0.05) {
    self.style = style
    self.tolerance = tolerance
  }

  /// The stroke's outline.
  func outline(of path: Path) -> Path {
    var result = Path()
    guard style.width > 0, style.width.isFinite else { return result }
    var contours = path.polylines(tolerance: tolerance)
    if !style.dashes.isEmpty {
      contours = Dasher(pattern: style.dashes, phase: style.dashPhase).dash(contours)
    }
    for contour in contours { add(Self.withoutRepeats(contour), to: &result) }
    return result
  }

  private static func withoutRepeats(_ contour: Polyline) -> Polyline {
    var points: [Point] = []
    points.reserveCapacity(contour.points.count)
    for p in contour.points where points.last != p { points.append(p) }
    if contour.closed, points.count > 1, points.first == points.last { points.removeLast() }
    return Polyline(points: points, closed: contour.closed)
  }

  private var half: Double { style.width / 2 }

  private func add(_ contour: Polyline, to path: inout Path) {
    let points = contour.points
    guard let first = points.first else { return }
    if points.count == 1 {
      // A zero-length contour is a dot with round or square caps, nothing with butt.
      switch style.cap {
      case .butt: return
      case .round: path.addCircle(center: first, radius: half)
      case .square: path.addRect(Rect(x: first.x - half, y: first.y - half, width: style.width, height: style.width))
      }
      return
    }
    if contour.closed && points.count > 2 {
      emit(side(points, closed: true), to: &path)
      emit(side(points.reversed(), closed: true), to: &path)
      return
    }
    var outline = side(points, closed: false)
    let last = points[points.count - 1]
    outline += cap(at: last, direction: Self.unit(last - points[points.count - 2]))
    let reversed = Array(points.reversed())
    outline += side(reversed, closed: false)
    outline += cap(at: first, direction: Self.unit(first - points[1]))
    emit(outline, to: &path)
  }

  private func emit(_ points: [Point], to path: inout Path) {
    guard let first = points.first else { return }
    path.move(to: first)
    for p in points.dropFirst() { path.line(to: p) }
    path.close()
  }

  /// The left offset of a chain (left of the direction of travel, on a y-down
  /// screen: the normal is the direction turned by -90°), with joins at the inner
  /// points (and, when closed, at the first point too).
  private func side(_ points: [Point], closed: Bool) -> [Point] {
    let n = points.count
    let segmentCount = closed ? n : n - 1
    var directions: [Point] = []
    directions.reserveCapacity(segmentCount)
    for i in 0..<segmentCount { directions.append(Self.unit(points[(i + 1) % n] - points[i])) }
    var out: [Point] = []
    out.reserveCapacity(n * 2)
    if !closed { out.append(points[0] + Self.normal(directions[0]) * half) }
    for i in 0..<segmentCount {
      let d = directions[i]
      let end = points[(i + 1) % n]
      let isLastOpen = !closed && i == segmentCount - 1
      out.append(end + Self.normal(d) * half)
      if isLastOpen { break }
      join(at: end, from: d, to: directions[(i + 1) % segmentCount], into: &out)
    }
    return out
  }

  /// Adds, after the offset end of the incoming segment, what leads to the offset
  /// start of the outgoing one.
  private func join(at p: Point, from d0: Point, to d1: Point, into out: inout [Point]) {
    let n0 = Self.normal(d0), n1 = Self.normal(d1)
    let turn = d0.x * d1.y - d0.y * d1.x
    let along = d0.x * d1.x + d0.y * d1.y
    let next = p + n1 * half
    // Straight on: the two offsets meet.
    if abs(turn) < 1e-12 && along > 0 { return }
    // A turn towards the normal's side puts this side on the inside of the corner.
    let inner = (n0.x * d1.x + n0.y * d1.y) > 0
    if inner {
      out.append(p)
      out.append(next)
      return
    }
    switch style.join {
    case .bevel:
      break
    case .miter:
      // |n0 + n1| = 2·cos(θ/2); the miter is half/cos(θ/2) from the corner.
      let sum = n0 + n1
      let length = (sum.x * sum.x + sum.y * sum.y).squareRoot()
      if length > 1e-12, 2 / length <= style.miterLimit {
        out.append(p + sum * (2 * half / (length * length)))
      }
    case .round:
      if abs(turn) < 1e-12 {
        // Turning back on itself: half a circle, round the way the line was going.
        arc(around: p, from: n0, to: d0, into: &out)
        out.append(p + d0 * half)
        arc(around: p, from: d0, to: n1, into: &out)
      } else {
        arc(around: p, from: n0, to: n1, into: &out)
      }
    }
    out.append(next)
  }

  /// Points on the circle of radius `half` around `center` strictly between the
  /// unit directions `a` and `b` (less than half a turn apart), chords within the
  /// tolerance.
  private func arc(around center: Point, from a: Point, to b: Point, into out: inout [Point]) {
    let sum = a + b
    let length = (sum.x * sum.x + sum.y * sum.y).squareRoot()
    guard length > 1e-12 else { return }
    // The chord from a to b strays half·(1 - cos(θ/2)) = half·(1 - |a+b|/2).
    if half * (1 - length / 2) <= tolerance { return }
    let mid = sum * (1 / length)
    arc(around: center, from: a, to: mid, into: &out)
    out.append(center + mid * half)
    arc(around: center, from: mid, to: b, into: &out)
  }

  /// The cap at an end point, leaving from the left offset and arriving at the
  /// right one; `direction` points out of the stroke.
  private func cap(at p: Point, direction d: Point) -> [Point] {
    let n = Self.normal(d)
    switch style.cap {
    case .butt:
      return []
    case .square:
      return [p + n * half + d * half, p - n * half + d * half]
    case .round:
      var out: [Point] = []
      arc(around: p, from: n, to: d, into: &out)
      out.append(p + d * half)
      arc(around: p, from: d, to: Point(x: -n.x, y: -n.y), into: &out)
      return out
    }
  }

  private static func unit(_ v: Point) -> Point {
    let length = (v.x * v.x + v.y * v.y).squareRoot()
    return length > 0 ? v * (1 / length) : Point(x: 1, y: 0)
  }

  private static func normal(_ d: Point) -> Point { Point(x: d.y, y: -d.x) }
}
