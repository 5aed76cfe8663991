/// Cuts contours into dashes by length along them.
struct Dasher {
  /// Alternating dash and gap lengths.
  let pattern: [Double]
  /// Distance into the pattern at the start of each contour.
  let phase: Double
  /// The most pattern periods one stroke is cut into.
  static let maximumDashes = 1_000_000.0

  /// The dashes of every contour, as open polylines. A closed contour is walked
  /// round once, including its closing segment.
  func dash(_ contours: [Polyline]) -> [Polyline] {
    let valid = pattern.allSatisfy { $0 >= 0 && $0.isFinite } && pattern.reduce(0, +) > 0
    guard valid else { return contours }
    // An odd-length pattern repeats twice, so dashes and gaps alternate.
    let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
    let period = lengths.reduce(0, +)
    // A pattern far finer than the path would make millions of dashes that no one
    // could see apart; past a million, the line is drawn solid.
    var total = 0.0
    for contour in contours {
      for (a, b) in zip(contour.points, contour.points.dropFirst()) { total += Self.distance(a, b) }
      if contour.closed, let first = contour.points.first, let last = contour.points.last {
        total += Self.distance(last, first)
      }
    }
    guard total / period <= Self.maximumDashes else { return contours }
    var result: [Polyline] = []
    for contour in contours {
      var points = contour.points
      if contour.closed, let first = points.first { points.append(first) }
      guard points.count > 1 else { continue }
      // Where in the pattern the contour starts.
      var index = 0
      var remaining = lengths[0]
      var offset = phase.truncatingRemainder(dividingBy: period)
      if offset < 0 { offset += period }
      while offset > 0 {
        if offset >= remaining {
          offset -= remaining
          index = (index + 1) % lengths.count
          remaining = lengths[index]
        } else {
          remaining -= offset
          offset = 0
        }
      }
      var current: [Point] = index % 2 == 0 ? [points[0]] : []
      for i in 1..<points.count {
        var from = points[i - 1]
        let to = points[i]
        var segment = Self.distance(from, to)
        while segment > 0 {
          if remaining >= segment {
            remaining -= segment
            if index % 2 == 0 { current.append(to) }
            segment = 0
          } else {
            let t = remaining / segment
            let cut = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            if index % 2 == 0 {
              current.append(cut)
              result.append(Polyline(points: current, closed: false))
              current = []
            } else {
              current = [cut]
            }
            segment -= remaining
            from = cut
            index = (index + 1) % lengths.count
            remaining = lengths[index]
          }
        }
      }
      if index % 2 == 0, current.count > 1 { result.append(Polyline(points: current, closed: false)) }
    }
    return result
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    return (dx * dx + dy * dy).squareRoot()
  }
}
