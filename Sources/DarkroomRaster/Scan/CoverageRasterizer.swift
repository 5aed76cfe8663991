/// Turns a filled path into exact-area coverage, one row at a time.
///
/// The technique is signed-area accumulation (as described for font-rs and
/// stb_truetype's v2 rasterizer): each edge adds, to the cells it crosses, the signed
/// area it sweeps to its right; a running sum along each row then gives, for every
/// pixel, the fraction of it inside the shape. There is no supersampling, so
/// coverage is exact for straight edges up to float rounding.
///
/// Rows are made top to bottom from the edges that cross them (a scanline over an
/// active edge list), and cells are kept sparse: only the cells an edge touches in a
/// row exist, ordered by column, so the cost is proportional to the length of the
/// outline and not to the area of the shape. Between two touched cells the running
/// sum does not change, which makes the interior of a shape one span per row. A row
/// crossed only by vertical edges that span it from top to bottom has exactly the
/// cells of the row above (the same columns and areas in the same order), so a run of
/// such rows — most rows of a rectangle or a card — is accumulated and scanned once
/// and handed on as one block: its spans, and the rows they are the same in.
///
/// Determinism: only IEEE additions and multiplications in a fixed order, with no
/// fused multiply-add (Swift never contracts). Contributions to one cell are summed
/// in the order of the edges in the path, whatever the sort did, so every build and
/// thread gives the same bits.
struct CoverageRasterizer {
  /// The region of the target, in pixels, that coverage may reach: columns
  /// `clipLeft..<clipRight`, rows `clipTop..<clipBottom`.
  let clipLeft: Int
  let clipTop: Int
  let clipRight: Int
  let clipBottom: Int

  /// A rasterizer for a target of `width` × `height` pixels.
  init(clipWidth width: Int, clipHeight height: Int) {
    self.init(clipLeft: 0, clipTop: 0, clipRight: width, clipBottom: height)
  }

  /// A rasterizer whose coverage stays inside a window of the pixel grid; the
  /// pixels inside are exactly those a whole-target rasterizer gives.
  init(clipLeft: Int, clipTop: Int, clipRight: Int, clipBottom: Int) {
    self.clipLeft = clipLeft
    self.clipTop = clipTop
    self.clipRight = clipRight
    self.clipBottom = clipBottom
  }

  /// Whether runs of rows crossed only by whole vertical edges are scanned once
  /// (the spans of their first row repeated). Off only to test that it changes
  /// nothing.
  var repeatsRows = true

  /// A run of pixels of one row with the same coverage (1…255): columns `x0..<x1`
  /// of the target.
  struct Span: Equatable {
    var x0: Int
    var x1: Int
    var coverage: UInt8
  }

  /// One edge's contribution to one cell of the row being made, in window
  /// coordinates.
  private struct Cell {
    var column: Int32
    var area: Float
  }

  /// An edge inside the window, as the scanline walks down it.
  fileprivate struct Edge {
    /// The end with the smaller y, and the other.
    let a: Point
    let b: Point
    /// +1 for an edge going down, -1 going up.
    let direction: Double
    let dxdy: Double
    /// The rows it adds area to.
    let firstRow: Int
    let lastRow: Int
    /// The most cells it can touch in one row.
    let cellsPerRow: Int
    /// Where it enters the next row it adds to.
    var x: Double
  }

  /// Calls `span` for every run of pixels with the same coverage (1…255): row `y`,
  /// columns `x0..<x1`, rows in increasing order and spans left to right.
  func rasterize(
    _ path: Path, rule: FillRule = .nonZero,
    span: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: UInt8) -> Void
  ) {
    rasterize(path.flattened(), rule: rule, span: span)
  }

  /// The whole pixels the segments can touch, inside the clip window: left, top,
  /// right and bottom (exclusive), or nil when that is empty. A shape entirely
  /// outside the clip is invisible; one that spans the clip's left edge is clamped
  /// onto it when rasterized.
  func pixelBounds(of segments: [LineSegment]) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    for s in segments {
      minX = min(minX, s.from.x, s.to.x)
      maxX = max(maxX, s.from.x, s.to.x)
      minY = min(minY, s.from.y, s.to.y)
      maxY = max(maxY, s.from.y, s.to.y)
    }
    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
    // Far outside the grid nothing can be drawn; clamping first keeps Int() safe.
    let limit = Double(PixelBuffer.maximumSide) * 4
    let left = max(clipLeft, Int(max(-limit, min(limit, minX)).rounded(.down)))
    let top = max(clipTop, Int(max(-limit, min(limit, minY)).rounded(.down)))
    let right = min(clipRight, Int(max(-limit, min(limit, maxX)).rounded(.up)))
    let bottom = min(clipBottom, Int(max(-limit, min(limit, maxY)).rounded(.up)))
    guard left < right, top < bottom else { return nil }
    return (left, top, right, bottom)
  }

  /// The same, for edges already flattened.
  func rasterize(
    _ segments: [LineSegment], rule: FillRule,
    span: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: UInt8) -> Void
  ) {
    rasterize(segments, rule: rule) { top, bottom, spans in
      for y in top..<bottom {
        for s in spans { span(y, s.x0, s.x1, s.coverage) }
      }
    }
  }

  /// Calls `rows(top, bottom, spans)` for every run of rows `top..<bottom` whose
  /// spans of equal coverage are the same, top to bottom, spans left to right and
  /// none empty: a rectangle's or a card's interior is one call, not one a row.
  func rasterize(
    _ path: Path, rule: FillRule = .nonZero,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) {
    rasterize(path.flattened(), rule: rule, rows: rows)
  }

  /// The same, for edges already flattened.
  func rasterize(
    _ segments: [LineSegment], rule: FillRule,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) {
    guard let (left, top, right, bottom) = pixelBounds(of: segments) else { return }
    let width = right - left
    let height = bottom - top

    // The edges inside the window (clamped onto its sides), in the path's order,
    // and which rows need cells of their own.
    var edges: [Edge] = []
    edges.reserveCapacity(segments.count)
    let xMin = Double(left), xMax = Double(right)
    let yOrigin = Double(top)
    for s in segments {
      Self.clippedToColumns(s, from: xMin, to: xMax) { a, b in
        let from = Point(x: a.x - xMin, y: a.y - yOrigin), to = Point(x: b.x - xMin, y: b.y - yOrigin)
        if let edge = Edge(from: from, to: to, height: height, width: width) { edges.append(edge) }
      }
    }
    guard !edges.isEmpty else { return }
    var kinds = [RowKind](repeating: repeatsRows ? .repeated : .own, count: height)
    for edge in edges {
      if edge.a.x == edge.b.x {
        kinds[edge.firstRow] = .own
        kinds[edge.lastRow - 1] = .own
      } else {
        for y in edge.firstRow..<edge.lastRow { kinds[y] = .own }
      }
    }
    var previous = RowKind.own
    for y in 0..<height {
      if kinds[y] == .repeated && previous == .own { kinds[y] = .first }
      previous = kinds[y]
    }
    // The order edges join the scanline: by first row, and in the path's order
    // (a counting sort, which keeps it).
    var joins = [Int](repeating: 0, count: height + 1)
    for edge in edges { joins[edge.firstRow + 1] += 1 }
    for y in 0..<height { joins[y + 1] += joins[y] }
    var starts = [Int](repeating: 0, count: edges.count)
    var place = joins
    for (index, edge) in edges.enumerated() {
      starts[place[edge.firstRow]] = index
      place[edge.firstRow] += 1
    }

    // Scratch made once a fill and used through pointers, so the row loop checks no
    // array's uniqueness and calls no array method: the active edges (at most every
    // edge), each row's cells (at most the edges' reach) and its spans (at most one
    // more than its cells).
    var activeStore = [Int](repeating: 0, count: edges.count)
    var cellStore = [Cell](repeating: Cell(column: 0, area: 0), count: 64)
    var spanStore = [Span](repeating: Span(x0: 0, x1: 0, coverage: 0), count: 65)
    kinds.withUnsafeBufferPointer { kinds in
      edges.withUnsafeMutableBufferPointer { edges in
        activeStore.withUnsafeMutableBufferPointer { active in
          var activeCount = 0
          var y = 0
          // A repeated row always follows the first of its run, which takes it along,
          // so every row this loop visits gets cells of its own.
          while y < height {
            // Edges join in the path's order and leave when they end, so a row's
            // cells come in the order a pass over the path would make them.
            var kept = 0
            for i in 0..<activeCount where edges[active[i]].lastRow > y {
              active[kept] = active[i]
              kept += 1
            }
            activeCount = kept
            for join in joins[y]..<joins[y + 1] {
              let index = starts[join]
              var at = activeCount
              activeCount += 1
              while at > 0 && active[at - 1] > index {
                active[at] = active[at - 1]
                at -= 1
              }
              active[at] = index
            }
            var room = 0
            for i in 0..<activeCount { room += edges[active[i]].cellsPerRow }
            if cellStore.count < room {
              cellStore = [Cell](repeating: Cell(column: 0, area: 0), count: room * 2)
              spanStore = [Span](repeating: Span(x0: 0, x1: 0, coverage: 0), count: room * 2 + 1)
            }
            // The rows after the first of a run are crossed by the same vertical edges
            // (no edge joins or leaves there: its first and last rows are rows of their
            // own), whose x does not move: they have this row's spans.
            var end = y + 1
            if kinds[y] == .first {
              while end < height && kinds[end] == .repeated { end += 1 }
            }
            cellStore.withUnsafeMutableBufferPointer { cells in
              spanStore.withUnsafeMutableBufferPointer { spans in
                var count = 0
                for i in 0..<activeCount { Self.accumulate(&edges[active[i]], row: y, into: cells, count: &count) }
                Self.sortByColumn(cells, count)
                var made = 0
                Self.scan(cells, count: count, rule: rule, width: width) { x0, x1, coverage in
                  spans[made] = Span(x0: left + x0, x1: left + x1, coverage: coverage)
                  made += 1
                }
                if made > 0 { rows(top + y, top + end, UnsafeBufferPointer(rebasing: spans[0..<made])) }
              }
            }
            y = end
          }
        }
      }
    }
  }

  /// Turns one row's cells, sorted by column, into spans of equal coverage 1…255:
  /// a running sum of the cells' areas, left to right.
  @inline(__always)
  private static func scan(
    _ cells: UnsafeMutableBufferPointer<Cell>, count: Int, rule: FillRule, width: Int,
    span: (_ x0: Int, _ x1: Int, _ coverage: UInt8) -> Void
  ) {
    var sum: Float = 0
    var i = 0
    var pending: (x: Int, coverage: UInt8)? = nil
    while i < count {
      let x = Int(cells[i].column)
      if x >= width { break }
      // One cell's value is the sum of its contributions in edge order.
      var area: Float = 0
      while i < count && Int(cells[i].column) == x {
        area += cells[i].area
        i += 1
      }
      sum += area
      let c = rule.coverage(sum)
      if let open = pending, open.coverage == c { continue }
      if let open = pending, open.coverage != 0 { span(open.x, x, open.coverage) }
      pending = (x, c)
    }
    if let open = pending, open.coverage != 0 { span(open.x, width, open.coverage) }
  }

  /// Whether a row of the window gets cells of its own.
  private enum RowKind {
    /// Crossed by an edge that is not vertical, or where a vertical edge ends.
    case own
    /// The first of a run of rows crossed only by whole vertical edges.
    case first
    /// A later row of such a run: the spans of the run's first row.
    case repeated
  }

  /// ⌊v⌋ as an integer — `Int(v.rounded(.down))` for a finite v — without the call
  /// into the C library's `floor` that Swift makes on x86-64 CPUs without SSE4.1.
  /// As a double it can differ from `floor(v)` only in the sign of a zero, which no
  /// coverage sees (coverage is taken from a magnitude).
  @inline(__always)
  static func floor(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) > v ? t - 1 : t
  }

  /// ⌈v⌉ as an integer, the same way.
  @inline(__always)
  static func ceiling(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
  }

  /// A stable insertion sort by column: rows hold a handful of cells, already
  /// nearly in order, where this beats any general sort.
  @inline(__always)
  private static func sortByColumn(_ cells: UnsafeMutableBufferPointer<Cell>, _ count: Int) {
    var i = 1
    while i < count {
      let cell = cells[i]
      var j = i
      while j > 0 && cells[j - 1].column > cell.column {
        cells[j] = cells[j - 1]
        j -= 1
      }
      cells[j] = cell
      i += 1
    }
  }

  /// Splits an edge at the window's left and right columns and clamps the parts
  /// outside onto the boundary: a part left of the window becomes a vertical edge on
  /// its left side (it still changes the winding of every pixel to its right), and a
  /// part to the right becomes one on the right side (it changes nothing visible).
  private static func clippedToColumns(
    _ s: LineSegment, from xMin: Double, to xMax: Double, emit: (Point, Point) -> Void
  ) {
    let lo = min(s.from.x, s.to.x), hi = max(s.from.x, s.to.x)
    if lo >= xMin && hi <= xMax { return emit(s.from, s.to) }
    var cuts: [Double] = [0, 1]
    let dx = s.to.x - s.from.x
    if dx != 0 {
      for boundary in [xMin, xMax] {
        let t = (boundary - s.from.x) / dx
        if t > 0 && t < 1 { cuts.append(t) }
      }
    }
    cuts.sort()
    let dy = s.to.y - s.from.y
    var previous = s.from
    for t in cuts.dropFirst() {
      let raw = t == 1 ? s.to : Point(x: s.from.x + dx * t, y: s.from.y + dy * t)
      let a = Point(x: min(max(previous.x, xMin), xMax), y: previous.y)
      let b = Point(x: min(max(raw.x, xMin), xMax), y: raw.y)
      emit(a, b)
      previous = raw
    }
  }

  /// Adds an edge's signed area in row `y` to the cells it crosses there (window
  /// coordinates), after the `count` cells already made, and moves it to the next
  /// row.
  @inline(__always)
  private static func accumulate(
    _ edge: inout Edge, row y: Int, into cells: UnsafeMutableBufferPointer<Cell>, count: inout Int
  ) {
    func add(_ column: Int, _ area: Double) {
      cells[count] = Cell(column: Int32(column), area: Float(area))
      count += 1
    }
    let (a, b, dxdy, x) = (edge.a, edge.b, edge.dxdy, edge.x)
    let dy = min(Double(y + 1), b.y) - max(Double(y), a.y)
    let xNext = x + dxdy * dy
    let d = dy * edge.direction
    let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
    let x0i = Self.floor(x0)
    let x0Floor = Double(x0i)
    let x1i = Self.ceiling(x1)
    let x1Ceil = Double(x1i)
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

extension CoverageRasterizer.Edge {
  /// The edge from `p0` to `p1` (window coordinates) as the scanline walks it, or
  /// nil when it adds area to no row of a window `height` rows tall.
  init?(from p0: Point, to p1: Point, height: Int, width: Int) {
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
    // In one row x moves at most |dx/dy| and stays within the window, give or take
    // rounding: the cells run from ⌊x0⌋ to ⌈x1⌉.
    let reach = abs(dxdy).isFinite ? min(abs(dxdy), Double(width)) : Double(width)
    self.init(
      a: a, b: b, direction: p0.y < p1.y ? 1 : -1, dxdy: dxdy, firstRow: firstRow, lastRow: lastRow,
      cellsPerRow: Int(reach) + 4, x: x)
  }
}
