/// Turns a filled path into exact-area coverage, one row at a time.
///
/// The technique is signed-area accumulation (as described for font-rs and
/// stb_truetype's v2 rasterizer): each edge adds, to the cells it crosses, the signed
/// area it sweeps to its right; a running sum along each row then gives, for every
/// pixel, the fraction of it inside the shape. There is no supersampling, so
/// coverage is exact for straight edges up to float rounding.
///
/// Rows are made top to bottom from the edges that cross them (a scanline over an
/// active edge list). A row's areas go into a dense accumulation row as wide as the
/// window, indexed by column, so nothing is sorted: each edge adds to the columns it
/// crosses, a contiguous run, and the running sum visits only the union of those
/// runs, left to right — between them the sum does not change, which makes the
/// interior of a shape one span per row, and the cost follows the outline, not the
/// area. A row crossed only by vertical edges that span it from top to bottom has
/// exactly the areas of the row above, so a run of such rows — most rows of a
/// rectangle or a card — is accumulated and scanned once and handed on as one block:
/// its spans, and the rows they are the same in.
///
/// Determinism: only IEEE additions and multiplications in a fixed order, with no
/// fused multiply-add (Swift never contracts). A column's area is the sum of its
/// edges' contributions in the order of the edges in the path (each edge adds to a
/// column at most once a row, in that order), and the running sum adds columns left
/// to right, so every build and thread gives the same bits. A column no edge touched
/// adds zero, which changes no sum. The vector lanes add each column's own value
/// (one independent addition a lane), never a reassociated sum.
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

  /// The columns, in window coordinates, one edge added to in the row being made:
  /// `first...last`.
  private struct Touched {
    var first: Int
    var last: Int
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
  /// Segments whose coordinates are measured from the pixel `origin` (default: the
  /// target's corner) give the target's pixels.
  func pixelBounds(
    of segments: [LineSegment], from origin: PixelOrigin = PixelOrigin(x: 0, y: 0)
  ) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    pixelExtent(of: segments, from: origin).flatMap(clipped)
  }

  /// Pixels cut to the clip window, or nil when none are left.
  private func clipped(
    _ extent: (left: Int, top: Int, right: Int, bottom: Int)
  ) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    let left = max(clipLeft, extent.left), top = max(clipTop, extent.top)
    let right = min(clipRight, extent.right), bottom = min(clipBottom, extent.bottom)
    guard left < right, top < bottom else { return nil }
    return (left, top, right, bottom)
  }

  /// The whole pixels the segments can touch, before the clip window: nil when
  /// they have no finite extent (a coordinate that is not a number is passed over),
  /// or the origin is too far out to draw from.
  private func pixelExtent(
    of segments: [LineSegment], from origin: PixelOrigin
  ) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    for s in segments {
      minX = min(minX, s.from.x, s.to.x)
      maxX = max(maxX, s.from.x, s.to.x)
      minY = min(minY, s.from.y, s.to.y)
      maxY = max(maxY, s.from.y, s.to.y)
    }
    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
    // An origin further out than any shape made from a layout (whose own origins
    // are within the limit below) draws nothing, so the sums below cannot overflow.
    guard origin.x.magnitude < 1 << 40, origin.y.magnitude < 1 << 40 else { return nil }
    // Far outside the grid nothing can be drawn: each coordinate is clamped to where
    // it is at most `limit` from the target's corner, which keeps Int() safe and the
    // window the one the coordinates moved to the target would give.
    let limit = Double(PixelBuffer.maximumSide) * 4
    func pixel(_ v: Double, _ o: Int, _ rounding: FloatingPointRoundingRule) -> Int {
      Int(max(-limit - Double(o), min(limit - Double(o), v)).rounded(rounding)) + o
    }
    return (pixel(minX, origin.x, .down), pixel(minY, origin.y, .down), pixel(maxX, origin.x, .up), pixel(maxY, origin.y, .up))
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

  /// The same, for edges already flattened whose coordinates are measured from the
  /// pixel `origin` (the rows and spans handed on are the target's), looking the
  /// shape up in `memo` first (a hit hands on the same runs a scan would) and
  /// keeping what a scan gives there.
  ///
  /// A shape made in coordinates of its own, from a whole pixel near its corner,
  /// has the same end points wherever it is drawn: the window's corner is then
  /// that origin plus a whole number of pixels, and measuring the edges from it
  /// subtracts exactly, so the twelve cards of a list are one shape to `memo`. Made
  /// in the target's coordinates instead, each card's end points carry rounding
  /// that depends on how far down the screen it is.
  func rasterize(
    _ segments: [LineSegment], from origin: PixelOrigin = PixelOrigin(x: 0, y: 0), rule: FillRule,
    memo: CoverageMemo? = nil,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) {
    rasterizeKeeping(segments, from: origin, rule: rule, memo: memo, rows: rows)
  }

  /// The same for a shape named by everything its outline is made from: one drawn
  /// before with the same name is replayed, moved to `origin`, without its outline
  /// (`segments`) being made at all — the outline, its flattening and the edges'
  /// key were most of what a memo hit cost.
  ///
  /// The name stands for the edges, and is kept only for a shape drawn whole — none
  /// of it cut off by the window — whose coverage the memo holds under them (or
  /// that has no edge crossing a row, and no coverage). The coverage of such a
  /// shape, relative to its corner, is a function of the edges measured from the
  /// origin alone, so the name hits wherever the shape falls wholly inside the
  /// window again. A coordinate clamped near the grid's limit
  /// (``pixelExtent(of:from:)``) depends on the origin too; a clamped shape can
  /// never lie wholly inside a window, and as a second guard, shapes and origins
  /// more than twice ``PixelBuffer/maximumSide`` out are not named.
  func rasterize(
    named name: ShapeName?, _ segments: () -> [LineSegment], from origin: PixelOrigin, rule: FillRule,
    memo: CoverageMemo?,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) {
    let reach = Double(PixelBuffer.maximumSide) * 2
    guard let memo, let name, Double(origin.x.magnitude) <= reach, Double(origin.y.magnitude) <= reach else {
      return rasterize(segments(), from: origin, rule: rule, memo: memo, rows: rows)
    }
    let key = CoverageMemo.Key(name: name, rule: rule, repeatsRows: repeatsRows)
    if let named = memo.named(key), clipLeft - origin.x <= named.left, named.right <= clipRight - origin.x,
      clipTop - origin.y <= named.top, named.bottom <= clipBottom - origin.y
    {
      // No edge crosses a row inside its extent (a line of no width).
      guard let shape = named.shape else { return }
      if let known = memo.coverage(for: shape) {
        return known.replay(left: origin.x + named.left, top: origin.y + named.top, rows: rows)
      }
    }
    let outline = segments()
    let kept = rasterizeKeeping(outline, from: origin, rule: rule, memo: memo, rows: rows)
    guard case .whole(let shape, let left, let top, let right, let bottom) = kept,
      outline.allSatisfy({ s in [s.from.x, s.from.y, s.to.x, s.to.y].allSatisfy { $0.magnitude <= reach } })
    else { return }
    memo.name(
      CoverageMemo.Named(
        shape: shape, left: left - origin.x, top: top - origin.y, right: right - origin.x, bottom: bottom - origin.y),
      for: key)
  }

  /// What the memo holds of a shape after it was drawn.
  private enum Kept {
    /// The shape lies wholly inside the window, in the pixels `left..<right` ×
    /// `top..<bottom`, and its coverage is kept under the edges' key (nil: it has no
    /// edge that crosses a row).
    case whole(CoverageMemo.Key?, left: Int, top: Int, right: Int, bottom: Int)
    /// The window cuts it, or it has no pixel there, or its coverage is not kept (no
    /// memo, or too large for it).
    case other
  }

  /// The same, saying what the memo holds of the shape after it.
  @discardableResult
  private func rasterizeKeeping(
    _ segments: [LineSegment], from origin: PixelOrigin, rule: FillRule, memo: CoverageMemo?,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) -> Kept {
    guard let extent = pixelExtent(of: segments, from: origin), let (left, top, right, bottom) = clipped(extent) else {
      return .other
    }
    let whole = extent == (left, top, right, bottom)
    let width = right - left
    let height = bottom - top

    // The edges inside the window (clamped onto its sides), in the path's order,
    // and which rows need cells of their own.
    var edges: [Edge] = []
    edges.reserveCapacity(segments.count)
    var words: [UInt64] = []
    if memo != nil { words.reserveCapacity(segments.count * 4) }
    let xMin = Double(left - origin.x), xMax = Double(right - origin.x)
    let yOrigin = Double(top - origin.y)
    for s in segments {
      Self.clippedToColumns(s, from: xMin, to: xMax) { a, b in
        let from = Point(x: a.x - xMin, y: a.y - yOrigin), to = Point(x: b.x - xMin, y: b.y - yOrigin)
        guard let edge = Edge(from: from, to: to, height: height) else { return }
        edges.append(edge)
        if memo != nil {
          words.append(from.x.bitPattern)
          words.append(from.y.bitPattern)
          words.append(to.x.bitPattern)
          words.append(to.y.bitPattern)
        }
      }
    }
    guard !edges.isEmpty else { return whole ? .whole(nil, left: left, top: top, right: right, bottom: bottom) : .other }
    guard let memo else {
      scanEdges(&edges, rule: rule, left: left, top: top, width: width, height: height, rows: rows)
      return .other
    }
    // Everything the scan below reads: the window's size, the rule, and the edges
    // measured from its corner, which is all that `Edge` is made of.
    let key = CoverageMemo.Key(width: width, height: height, rule: rule, repeatsRows: repeatsRows, words: words)
    if let known = memo.coverage(for: key) {
      known.replay(left: left, top: top, rows: rows)
      return whole ? .whole(key, left: left, top: top, right: right, bottom: bottom) : .other
    }
    // A shape whose spans would take more than a share of the memo is not kept (nor
    // recorded past that share), so one huge outline cannot push out every other.
    var recorded: RecordedCoverage? = RecordedCoverage()
    let share = memo.largestEntry
    scanEdges(&edges, rule: rule, left: left, top: top, width: width, height: height) { runTop, runBottom, spans in
      recorded?.record(top: runTop, bottom: runBottom, spans: spans, left: left, windowTop: top)
      if let cost = recorded?.cost, cost > share { recorded = nil }
      rows(runTop, runBottom, spans)
    }
    guard let recorded, memo.keep(recorded, for: key), whole else { return .other }
    return .whole(key, left: left, top: top, right: right, bottom: bottom)
  }

  /// Scans the edges of a window `width` × `height` pixels whose corner is (`left`,
  /// `top`), handing on runs of rows with the same spans.
  private func scanEdges(
    _ edges: inout [Edge], rule: FillRule, left: Int, top: Int, width: Int, height: Int,
    rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<Span>) -> Void
  ) {
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
    // edge), the columns each touched in the row, the accumulation row, and the row's
    // spans (at most one more than the columns the scan visits).
    var activeStore = [Int](repeating: 0, count: edges.count)
    var touchedStore = [Touched](repeating: Touched(first: 0, last: 0), count: edges.count)
    var areaStore = [Float](repeating: 0, count: width + 2 * Self.margin)
    var spanStore = [Span](repeating: Span(x0: 0, x1: 0, coverage: 0), count: 65)
    // Columns an edge can reach: rounding can put its x a hair outside the window
    // it was clamped to, so a cell or two either side; the ones at `width` and right
    // of it are never summed.
    let (lowest, highest) = (-Self.margin, width + Self.margin - 1)
    kinds.withUnsafeBufferPointer { kinds in
      edges.withUnsafeMutableBufferPointer { edges in
        activeStore.withUnsafeMutableBufferPointer { active in
          touchedStore.withUnsafeMutableBufferPointer { touched in
            areaStore.withUnsafeMutableBufferPointer { areaBuffer in
              guard let areaBase = areaBuffer.baseAddress else { return }
              let area = areaBase + Self.margin
              var activeCount = 0
              var y = 0
              // A repeated row always follows the first of its run, which takes it
              // along, so every row this loop visits gets areas of its own.
              while y < height {
                // Edges join in the path's order and leave when they end, so each
                // column gets its contributions in the order of a pass over the path.
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
                // The rows after the first of a run are crossed by the same vertical
                // edges (no edge joins or leaves there: its first and last rows are
                // rows of their own), whose x does not move: they have this row's spans.
                var end = y + 1
                if kinds[y] == .first {
                  while end < height && kinds[end] == .repeated { end += 1 }
                }
                var room = 1
                for i in 0..<activeCount {
                  let t = Self.accumulate(&edges[active[i]], row: y, into: area, lowest: lowest, highest: highest)
                  touched[i] = t
                  room += t.last - t.first + 1
                }
                if spanStore.count < room {
                  spanStore = [Span](repeating: Span(x0: 0, x1: 0, coverage: 0), count: room * 2)
                }
                spanStore.withUnsafeMutableBufferPointer { spans in
                  var made = 0
                  Self.scan(area, touched: touched, count: activeCount, rule: rule, width: width, highest: highest) {
                    x0, x1, coverage in
                    spans[made] = Span(x0: left + x0, x1: left + x1, coverage: coverage)
                    made += 1
                  }
                  if made > 0 { rows(top + y, top + end, UnsafeBufferPointer(rebasing: spans[0..<made])) }
                }
                y = end
              }
            }
          }
        }
      }
    }
  }

  /// Columns of the accumulation row either side of the window.
  private static let margin = 2

  /// Turns one row's areas into spans of equal coverage 1…255: a running sum over
  /// the union of the columns the edges touched, left to right (the sum does not
  /// change between them), zeroing each column it reads for the next row.
  @inline(__always)
  private static func scan(
    _ area: UnsafeMutablePointer<Float>, touched: UnsafeMutableBufferPointer<Touched>, count: Int,
    rule: FillRule, width: Int, highest: Int,
    span: (_ x0: Int, _ x1: Int, _ coverage: UInt8) -> Void
  ) {
    // By first column; a row has a handful of edges, so an insertion sort.
    var i = 1
    while i < count {
      let t = touched[i]
      var j = i
      while j > 0 && touched[j - 1].first > t.first {
        touched[j] = touched[j - 1]
        j -= 1
      }
      touched[j] = t
      i += 1
    }
    var sum: Float = 0
    var pending = (x: 0, coverage: UInt8(0))
    var next = Int.min
    for k in 0..<count {
      let t = touched[k]
      let start = max(t.first, next), last = min(t.last, width - 1)
      next = max(next, t.last + 1)
      guard start <= last else { continue }
      for x in start...last {
        sum += area[x]
        area[x] = 0
        let c = rule.coverage(sum)
        if c == pending.coverage { continue }
        if pending.coverage != 0 { span(pending.x, x, pending.coverage) }
        pending = (x, c)
      }
    }
    if pending.coverage != 0 { span(pending.x, width, pending.coverage) }
    // The columns at the window's right edge and beyond are never summed.
    for x in width...highest { area[x] = 0 }
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

  /// Splits an edge at the window's left and right columns and clamps the parts
  /// outside onto the boundary: a part left of the window becomes a vertical edge on
  /// its left side (it still changes the winding of every pixel to its right), and a
  /// part to the right becomes one on the right side (it changes nothing visible).
  static func clippedToColumns(
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

  /// Adds an edge's signed area in row `y` to the columns it crosses there (window
  /// coordinates, clamped to `lowest...highest`) of the accumulation row `area`,
  /// moves it to the next row, and says which columns it added to.
  @inline(__always)
  private static func accumulate(
    _ edge: inout Edge, row y: Int, into area: UnsafeMutablePointer<Float>, lowest: Int, highest: Int
  ) -> Touched {
    func add(_ column: Int, _ value: Double) {
      area[min(max(column, lowest), highest)] += Float(value)
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
    edge.x = xNext
    if x1i <= x0i + 1 {
      let xmf = 0.5 * (x + xNext) - x0Floor
      add(x0i, d - d * xmf)
      add(x0i + 1, d * xmf)
      return Touched(first: min(max(x0i, lowest), highest), last: min(max(x0i + 1, lowest), highest))
    }
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
      // The columns the edge crosses whole all get the same area: added in vector
      // lanes, each lane its own column's one addition.
      let from = max(x0i + 2, lowest), to = min(x1i - 1, highest + 1)
      if from < to { addSame(Float(d * s), to: area + from, count: to - from) }
      let a2 = a1 + Double(x1i - x0i - 3) * s
      add(x1i - 1, d * (1 - a2 - am))
    }
    add(x1i, d * am)
    return Touched(first: min(max(x0i, lowest), highest), last: min(max(x1i, lowest), highest))
  }

  /// Adds `value` to `count` floats from `area`, eight at a time.
  @inline(__always)
  private static func addSame(_ value: Float, to area: UnsafeMutablePointer<Float>, count: Int) {
    let raw = UnsafeMutableRawPointer(area)
    let lanes = SIMD8<Float>(repeating: value)
    var i = 0
    while i &+ 8 <= count {
      let sum = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<Float>.self) + lanes
      raw.storeBytes(of: sum, toByteOffset: i &* 4, as: SIMD8<Float>.self)
      i &+= 8
    }
    while i < count {
      area[i] += value
      i &+= 1
    }
  }
}

extension CoverageRasterizer.Edge {
  /// The edge from `p0` to `p1` (window coordinates) as the scanline walks it, or
  /// nil when it adds area to no row of a window `height` rows tall.
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
    self.init(
      a: a, b: b, direction: p0.y < p1.y ? 1 : -1, dxdy: dxdy, firstRow: firstRow, lastRow: lastRow, x: x)
  }
}
