/// A straight edge of a flattened path, in pixel coordinates.
struct LineSegment {
  var from: Point
  var to: Point
}

/// One contour of a path as a chain of points, curves replaced by chords.
struct Polyline {
  var points: [Point]
  /// Whether the contour ended with `close`, so a stroke joins its ends.
  var closed: Bool
}

extension Path {
  /// The path as straight edges, every contour closed, curves split into lines no
  /// further than `tolerance` pixels from the true curve.
  func flattened(tolerance: Double = 0.05) -> [LineSegment] {
    var segments: [LineSegment] = []
    segments.reserveCapacity(elements.count * 4)
    for contour in polylines(tolerance: tolerance) {
      let points = contour.points
      guard points.count > 1 else { continue }
      for i in 1..<points.count { segments.append(LineSegment(from: points[i - 1], to: points[i])) }
      if let first = points.first, let last = points.last, first != last {
        segments.append(LineSegment(from: last, to: first))
      }
    }
    return segments
  }

  /// Each contour as a polyline. The number of chords depends only on a curve's
  /// control points, so the same path always flattens to the same points.
  func polylines(tolerance: Double = 0.05) -> [Polyline] {
    var contours: [Polyline] = []
    var points: [Point] = []
    var start = Point(x: 0, y: 0)

    func finish(closed: Bool) {
      if !points.isEmpty { contours.append(Polyline(points: points, closed: closed)) }
      points = []
    }

    for element in elements {
      switch element {
      case .move(let p):
        finish(closed: false)
        start = p
        points = [p]
      case .line(let p):
        if points.isEmpty { points = [start] }
        points.append(p)
      case .quad(let c, let p):
        if points.isEmpty { points = [start] }
        let current = points[points.count - 1]
        let dd = Self.length(current - c * 2 + p)
        let n = Self.pieces(forDeviation: dd * 0.25, tolerance: tolerance)
        if n > 1 {
          for i in 1..<n {
            let t = Double(i) / Double(n)
            let mt = 1 - t
            points.append(current * (mt * mt) + c * (2 * mt * t) + p * (t * t))
          }
        }
        points.append(p)
      case .cubic(let c1, let c2, let p):
        if points.isEmpty { points = [start] }
        let current = points[points.count - 1]
        let dd = max(Self.length(current - c1 * 2 + c2), Self.length(c1 - c2 * 2 + p))
        let n = Self.pieces(forDeviation: dd * 0.75, tolerance: tolerance)
        if n > 1 {
          for i in 1..<n {
            let t = Double(i) / Double(n)
            let mt = 1 - t
            points.append(
              current * (mt * mt * mt) + c1 * (3 * mt * mt * t) + c2 * (3 * mt * t * t) + p * (t * t * t))
          }
        }
        points.append(p)
      case .close:
        if let last = points.last, last == start, points.count > 1 { points.removeLast() }
        finish(closed: true)
      }
    }
    finish(closed: false)
    return contours
  }

  private static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

  /// Pieces needed so that a curve whose second difference is `deviation` stays
  /// within `tolerance` of its chords (the error of n chords is deviation / n²).
  private static func pieces(forDeviation deviation: Double, tolerance: Double) -> Int {
    guard deviation.isFinite, deviation > tolerance else { return 1 }
    return min(256, Int((deviation / tolerance).squareRoot().rounded(.up)))
  }
}
