/// Turns a filled path into exact-area coverage, one row at a time.
///
/// The technique is signed-area accumulation (as described for font-rs and
/// stb_truetype's v2 rasterizer): each edge adds, to the cells it crosses, the signed
/// area it sweeps to its right; a running sum along each row then gives, for every
/// pixel, the fraction of it inside the shape. There is no supersampling, so
/// coverage is exact for straight edges up to float rounding.
///
/// Cells are kept sparse: only the cells an edge touches exist, bucketed by row and
/// ordered by column, so the cost is proportional to the length of the outline and
/// not to the area of the shape. Between two touched cells the running sum does not
/// change, which makes the interior of a shape one span per row.
///
/// Determinism: only IEEE additions and multiplications in a fixed order, with no
/// fused multiply-add (Swift never contracts). Contributions to one cell are summed
/// in the order the edges produced them, whatever the sort did, so every build and
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

  /// One edge's contribution to one cell, in window coordinates.
  private struct Cell {
    var row: Int32
    var column: Int32
    var area: Float
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
    guard let (left, top, right, bottom) = pixelBounds(of: segments) else { return }
    let width = right - left
    let height = bottom - top

    var cells: [Cell] = []
    cells.reserveCapacity(segments.count * 4)
    let xMin = Double(left), xMax = Double(right)
    let yOrigin = Double(top)
    for s in segments {
      Self.clippedToColumns(s, from: xMin, to: xMax) { a, b in
        Self.accumulate(
          from: Point(x: a.x - xMin, y: a.y - yOrigin),
          to: Point(x: b.x - xMin, y: b.y - yOrigin),
          height: height, into: &cells)
      }
    }
    guard !cells.isEmpty else { return }

    // Bucket by row with a counting sort, which keeps each row's cells in the order
    // the edges made them.
    var rowStart = [Int](repeating: 0, count: height + 1)
    for cell in cells { rowStart[Int(cell.row) + 1] += 1 }
    for y in 0..<height { rowStart[y + 1] += rowStart[y] }
    var next = rowStart
    var ordered = [Cell](repeating: Cell(row: 0, column: 0, area: 0), count: cells.count)
    for cell in cells {
      ordered[next[Int(cell.row)]] = cell
      next[Int(cell.row)] += 1
    }

    ordered.withUnsafeMutableBufferPointer { ordered in
      for y in 0..<height {
        let start = rowStart[y], end = rowStart[y + 1]
        guard start < end else { continue }
        Self.sortByColumn(ordered, start, end)
        var sum: Float = 0
        var i = start
        var pending: (x: Int, coverage: UInt8)? = nil
        while i < end {
          let x = Int(ordered[i].column)
          if x >= width { break }
          // One cell's value is the sum of its contributions in edge order.
          var area: Float = 0
          while i < end && Int(ordered[i].column) == x {
            area += ordered[i].area
            i += 1
          }
          sum += area
          let c = rule.coverage(sum)
          if let open = pending, open.coverage == c { continue }
          if let open = pending, open.coverage != 0 { span(top + y, left + open.x, left + x, open.coverage) }
          pending = (x, c)
        }
        if let open = pending, open.coverage != 0 { span(top + y, left + open.x, right, open.coverage) }
      }
    }
  }

  /// A stable insertion sort by column: rows hold a handful of cells, already
  /// nearly in order, where this beats any general sort.
  private static func sortByColumn(_ cells: UnsafeMutableBufferPointer<Cell>, _ start: Int, _ end: Int) {
    var i = start + 1
    while i < end {
      let cell = cells[i]
      var j = i
      while j > start && cells[j - 1].column > cell.column {
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

  /// Adds one edge's signed area to the cells it crosses (window coordinates).
  private static func accumulate(from p0: Point, to p1: Point, height: Int, into cells: inout [Cell]) {
    if p0.y == p1.y { return }
    let direction: Double = p0.y < p1.y ? 1 : -1
    let (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
    let dxdy = (b.x - a.x) / (b.y - a.y)
    var x = a.x
    let yStart = max(0, a.y)
    if a.y < 0 { x -= a.y * dxdy }
    guard yStart < Double(height) else { return }
    let firstRow = Int(yStart.rounded(.down))
    let lastRow = Int(min(Double(height), b.y).rounded(.up))
    guard firstRow < lastRow else { return }
    for y in firstRow..<lastRow {
      let row = Int32(y)
      func add(_ column: Int, _ area: Double) {
        cells.append(Cell(row: row, column: Int32(column), area: Float(area)))
      }
      let dy = min(Double(y + 1), b.y) - max(Double(y), a.y)
      let xNext = x + dxdy * dy
      let d = dy * direction
      let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
      let x0Floor = x0.rounded(.down)
      let x0i = Int(x0Floor)
      let x1Ceil = x1.rounded(.up)
      let x1i = Int(x1Ceil)
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
      x = xNext
    }
  }
}
