/// A straight edge of a flattened path, in pixel coordinates.
struct LineSegment {
  var from: Point
  var to: Point
}

extension Path {
  /// The path as straight edges, every contour closed, curves split into lines no
  /// further than about 1/20 pixel from the true curve.
  ///
  /// The number of pieces depends only on the curve's control points, so the same
  /// path always flattens to the same edges.
  func flattened(tolerance: Double = 0.05) -> [LineSegment] {
    var segments: [LineSegment] = []
    segments.reserveCapacity(elements.count * 4)
    var start = Point(x: 0, y: 0)
    var current = start
    var open = false

    func closeContour() {
      if open && current != start { segments.append(LineSegment(from: current, to: start)) }
      open = false
    }

    for element in elements {
      switch element {
      case .move(let p):
        closeContour()
        start = p
        current = p
        open = true
      case .line(let p):
        segments.append(LineSegment(from: current, to: p))
        current = p
        open = true
      case .quad(let c, let p):
        let dd = Self.length(current - c * 2 + p)
        let n = Self.pieces(forDeviation: dd * 0.25, tolerance: tolerance)
        var previous = current
        for i in 1...n {
          let t = Double(i) / Double(n)
          let mt = 1 - t
          let q = current * (mt * mt) + c * (2 * mt * t) + p * (t * t)
          let next = i == n ? p : q
          segments.append(LineSegment(from: previous, to: next))
          previous = next
        }
        current = p
        open = true
      case .cubic(let c1, let c2, let p):
        let dd = max(Self.length(current - c1 * 2 + c2), Self.length(c1 - c2 * 2 + p))
        let n = Self.pieces(forDeviation: dd * 0.75, tolerance: tolerance)
        var previous = current
        for i in 1...n {
          let t = Double(i) / Double(n)
          let mt = 1 - t
          let q = current * (mt * mt * mt) + c1 * (3 * mt * mt * t) + c2 * (3 * mt * t * t)
            + p * (t * t * t)
          let next = i == n ? p : q
          segments.append(LineSegment(from: previous, to: next))
          previous = next
        }
        current = p
        open = true
      }
    }
    closeContour()
    return segments
  }

  private static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

  /// Pieces needed so that a curve whose second difference is `deviation` stays
  /// within `tolerance` of its chords (the error of n chords is deviation / n²).
  private static func pieces(forDeviation deviation: Double, tolerance: Double) -> Int {
    guard deviation.isFinite, deviation > tolerance else { return 1 }
    return min(256, Int((deviation / tolerance).squareRoot().rounded(.up)))
  }
}
