import Testing

@testable import DarkroomRaster

/// The rasterizer accumulates a row's areas in a dense row indexed by column and
/// sums the columns the edges touched; before, it kept each row's cells sparse,
/// sorted them by column and summed them. Both must give the same coverage bit for
/// bit (the goldens and the determinism tests depend on it), so the sparse
/// algorithm is kept here, row by row with no repetition, as the oracle.
@Suite("Dense coverage accumulation")
struct DenseCoverageTests {
  struct Span: Equatable, CustomStringConvertible {
    let y: Int, x0: Int, x1: Int, coverage: UInt8
    var description: String { "\(y):\(x0)..<\(x1)=\(coverage)" }
  }

  func dense(_ segments: [LineSegment], rule: FillRule, window: (Int, Int, Int, Int)) -> [Span] {
    let rasterizer = CoverageRasterizer(clipLeft: window.0, clipTop: window.1, clipRight: window.2, clipBottom: window.3)
    var out: [Span] = []
    rasterizer.rasterize(segments, rule: rule) { out.append(Span(y: $0, x0: $1, x1: $2, coverage: $3)) }
    return out
  }

  func sparse(_ segments: [LineSegment], rule: FillRule, window: (Int, Int, Int, Int)) -> [Span] {
    var out: [Span] = []
    SparseCellOracle(clipLeft: window.0, clipTop: window.1, clipRight: window.2, clipBottom: window.3)
      .rasterize(segments, rule: rule) { out.append(Span(y: $0, x0: $1, x1: $2, coverage: $3)) }
    return out
  }

  /// Random polygons and curves: many crossings, both directions, slivers thinner
  /// than a pixel, edges nearly vertical and nearly horizontal, coordinates far off
  /// the canvas, windows that cut the shape on every side.
  @Test func denseRowsGiveTheSparseCellsSpans() {
    var generator = SplitMix(seed: 31)
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    var rowsWithSpans = 0
    for n in 0..<1_500 {
      var path = Path()
      let rect = Rect(x: unit() * 40 - 10, y: unit() * 40 - 10, width: unit() * 80, height: unit() * 80)
      switch n % 8 {
      case 0:
        // A star polygon of many points: edges that cross each other many times a row.
        let points = 5 + Int(unit() * 20)
        for i in 0..<points {
          let p = Point(x: rect.x + unit() * rect.width, y: rect.y + unit() * rect.height)
          if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
      case 1:
        path.addRoundedRect(RoundedRect(rect, radius: unit() * 25, curve: n % 16 == 1 ? .continuous : .circular))
      case 2:
        // A ring, the shape of a border.
        let outer = RoundedRect(rect, radius: unit() * 15)
        path.addRoundedRect(outer)
        path.addRoundedRect(outer.insetBy(unit() * 6), reversed: true)
      case 3:
        // Slivers: rectangles and triangles thinner than a pixel, at subpixel offsets.
        for _ in 0..<6 {
          let x = rect.x + unit() * rect.width, y = rect.y + unit() * rect.height
          path.addRect(Rect(x: x, y: y, width: unit() * 0.3, height: unit() * 30))
          path.addRect(Rect(x: x + 0.37, y: y, width: unit() * 40, height: unit() * 0.2))
          path.move(to: Point(x: x, y: y))
          path.line(to: Point(x: x + unit() * 0.01, y: y + unit() * 50))
          path.line(to: Point(x: x + unit() * 60, y: y + unit() * 0.01))
          path.close()
        }
      case 4:
        // Circles and arcs, overlapping, both ways round.
        for _ in 0..<3 {
          path.addArc(
            center: Point(x: rect.x + unit() * rect.width, y: rect.y + unit() * rect.height), radius: unit() * 30,
            startAngle: 0, endAngle: 2 * Double.pi, clockwise: unit() < 0.5)
        }
      case 5:
        // Huge and far-off coordinates: edges from far outside the window into it.
        path.move(to: Point(x: -1e7 * unit(), y: -1e6 * unit()))
        path.line(to: Point(x: rect.maxX, y: rect.midY))
        path.line(to: Point(x: 1e9 * unit(), y: 3e8 * unit()))
        path.line(to: Point(x: rect.x, y: rect.maxY + 1e5 * unit()))
        path.close()
      case 6:
        // Cubic curves with wild control points.
        path.move(to: Point(x: rect.x, y: rect.y))
        for _ in 0..<4 {
          path.cubic(
            control1: Point(x: rect.x + unit() * 120 - 20, y: rect.y + unit() * 120 - 20),
            control2: Point(x: rect.x + unit() * 120 - 20, y: rect.y + unit() * 120 - 20),
            to: Point(x: rect.x + unit() * rect.width, y: rect.y + unit() * rect.height))
        }
        path.close()
      default:
        // Edges exactly on pixel boundaries and the window's sides, and a very wide
        // shallow edge.
        let x = Double(Int(rect.x)), y = Double(Int(rect.y))
        path.addRect(Rect(x: x, y: y, width: Double(Int(rect.width)), height: Double(Int(rect.height))))
        path.move(to: Point(x: -5, y: y))
        path.line(to: Point(x: 200, y: y + 1.5))
        path.line(to: Point(x: -5, y: y + 3))
        path.close()
      }
      let window = n % 3 == 0 ? (0, 0, 90, 90) : (Int(unit() * 20), Int(unit() * 20), 30 + Int(unit() * 60), 30 + Int(unit() * 60))
      let segments = path.flattened()
      for rule in FillRule.allCases {
        let expected = sparse(segments, rule: rule, window: window)
        let got = dense(segments, rule: rule, window: window)
        #expect(got == expected, "shape \(n), rule \(rule), window \(window)")
        rowsWithSpans += Set(got.map(\.y)).count
      }
    }
    #expect(rowsWithSpans > 30_000, "the shapes are not trivially empty")
  }

  /// A window as wide as the widest canvas, with shapes across all of it: the dense
  /// row must be cleared after every row, or one row's areas leak into the next.
  @Test func wideWindowsGiveTheSparseCellsSpans() {
    var generator = SplitMix(seed: 7)
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    for n in 0..<20 {
      var path = Path()
      for _ in 0..<8 {
        path.addRoundedRect(
          RoundedRect(Rect(x: unit() * 3000, y: unit() * 40, width: unit() * 3000, height: unit() * 40), radius: unit() * 30))
      }
      let segments = path.flattened()
      for rule in FillRule.allCases {
        let window = (0, 0, 4096, 80)
        #expect(dense(segments, rule: rule, window: window) == sparse(segments, rule: rule, window: window), "shape \(n)")
      }
    }
  }
}

/// The sparse-cell rasterizer Darkroom used before its rows were dense, kept as the
/// oracle: every row's cells made from the edges in the path's order, sorted by
/// column (stably), a cell's contributions summed in that order and the cells'
/// values summed left to right.
private struct SparseCellOracle {
  let clipLeft: Int, clipTop: Int, clipRight: Int, clipBottom: Int

  struct Cell {
    var column: Int
    var area: Float
  }

  struct Edge {
    let a: Point, b: Point
    let direction: Double
    let dxdy: Double
    let firstRow: Int, lastRow: Int
    var x: Double

    init?(from p0: Point, to p1: Point, height: Int) {
      if p0.y == p1.y { return nil }
      let (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
      let dxdy = (b.x - a.x) / (b.y - a.y)
      var x = a.x
      let yStart = max(0, a.y)
      if a.y < 0 { x -= a.y * dxdy }
      guard yStart < Double(height) else { return nil }
      let firstRow = Int(yStart.rounded(.down))
      let lastRow = Int(min(Double(height), b.y).rounded(.up))
      guard firstRow < lastRow else { return nil }
      (self.a, self.b, self.direction, self.dxdy) = (a, b, p0.y < p1.y ? 1 : -1, dxdy)
      (self.firstRow, self.lastRow, self.x) = (firstRow, lastRow, x)
    }
  }

  func rasterize(_ segments: [LineSegment], rule: FillRule, span: (Int, Int, Int, UInt8) -> Void) {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for s in segments {
      minX = min(minX, s.from.x, s.to.x)
      maxX = max(maxX, s.from.x, s.to.x)
      minY = min(minY, s.from.y, s.to.y)
      maxY = max(maxY, s.from.y, s.to.y)
    }
    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
    let limit = Double(PixelBuffer.maximumSide) * 4
    let left = max(clipLeft, Int(max(-limit, min(limit, minX)).rounded(.down)))
    let top = max(clipTop, Int(max(-limit, min(limit, minY)).rounded(.down)))
    let right = min(clipRight, Int(max(-limit, min(limit, maxX)).rounded(.up)))
    let bottom = min(clipBottom, Int(max(-limit, min(limit, maxY)).rounded(.up)))
    guard left < right, top < bottom else { return }
    let (width, height) = (right - left, bottom - top)
    let xMin = Double(left), xMax = Double(right), yOrigin = Double(top)
    var edges: [Edge] = []
    for s in segments {
      // Clipping is the same in both algorithms; only the accumulation is the oracle.
      CoverageRasterizer.clippedToColumns(s, from: xMin, to: xMax) { a, b in
        let from = Point(x: a.x - xMin, y: a.y - yOrigin), to = Point(x: b.x - xMin, y: b.y - yOrigin)
        if let edge = Edge(from: from, to: to, height: height) { edges.append(edge) }
      }
    }
    for y in 0..<height {
      var cells: [Cell] = []
      for i in edges.indices where edges[i].firstRow <= y && edges[i].lastRow > y {
        Self.accumulate(&edges[i], row: y) { cells.append(Cell(column: $0, area: Float($1))) }
      }
      // A stable sort: contributions to one cell stay in the path's order.
      var i = 1
      while i < cells.count {
        let cell = cells[i]
        var j = i
        while j > 0 && cells[j - 1].column > cell.column {
          cells[j] = cells[j - 1]
          j -= 1
        }
        cells[j] = cell
        i += 1
      }
      var sum: Float = 0
      var k = 0
      var pending: (x: Int, coverage: UInt8)? = nil
      while k < cells.count {
        let x = cells[k].column
        if x >= width { break }
        var area: Float = 0
        while k < cells.count && cells[k].column == x {
          area += cells[k].area
          k += 1
        }
        sum += area
        let c = rule.coverage(sum)
        if let open = pending, open.coverage == c { continue }
        if let open = pending, open.coverage != 0 { span(top + y, left + open.x, left + x, open.coverage) }
        pending = (x, c)
      }
      if let open = pending, open.coverage != 0 { span(top + y, left + open.x, left + width, open.coverage) }
    }
  }

  static func accumulate(_ edge: inout Edge, row y: Int, add: (Int, Double) -> Void) {
    let (a, b, dxdy, x) = (edge.a, edge.b, edge.dxdy, edge.x)
    let dy = min(Double(y + 1), b.y) - max(Double(y), a.y)
    let xNext = x + dxdy * dy
    let d = dy * edge.direction
    let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
    let x0i = Int(x0.rounded(.down)), x1i = Int(x1.rounded(.up))
    let x0Floor = Double(x0i), x1Ceil = Double(x1i)
    if x1i <= x0i + 1 {
      let xmf = 0.5 * (x + xNext) - x0Floor
      add(x0i, d - d * xmf)
      add(x0i + 1, d * xmf)
    } else {
      let s = 1 / (x1 - x0)
      let x0f = x0 - x0Floor
      let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
      let x1f = x1 - x1Ceil + 1
      let am = 0.5 * s * x1f * x1f
      add(x0i, d * a0)
      if x1i == x0i + 2 {
        add(x0i + 1, d * (1 - a0 - am))
      } else {
        let a1 = s * (1.5 - x0f)
        add(x0i + 1, d * (a1 - a0))
        if x0i + 2 < x1i - 1 {
          for xi in (x0i + 2)..<(x1i - 1) { add(xi, d * s) }
        }
        let a2 = a1 + Double(x1i - x0i - 3) * s
        add(x1i - 1, d * (1 - a2 - am))
      }
      add(x1i, d * am)
    }
    edge.x = xNext
  }
}
