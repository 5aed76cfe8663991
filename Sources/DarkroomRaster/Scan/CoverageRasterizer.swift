/// Turns a filled path into exact-area coverage, one row at a time.
///
/// The technique is signed-area accumulation (as described for font-rs and
/// stb_truetype's v2 rasterizer): each edge adds, to the cells it crosses, the signed
/// area it sweeps to its right; a running sum along each row then gives, for every
/// pixel, the fraction of it inside the shape. There is no supersampling, so
/// coverage is exact for straight edges up to float rounding.
///
/// Winding: the accumulated value is the winding number weighted by area; its
/// absolute value, clamped to 1, is the coverage. Contours drawn the other way round
/// cancel, which is how a ring (a border) is a single path.
///
/// Determinism: only IEEE additions and multiplications in a fixed order, with no
/// fused multiply-add (Swift never contracts), so every build and thread gives the
/// same bits.
struct CoverageRasterizer {
  /// The region of the target, in pixels, that coverage may reach.
  let clipWidth: Int
  let clipHeight: Int

  /// Calls `span` for every run of pixels with the same coverage (1…255): row `y`,
  /// columns `x0..<x1`.
  ///
  /// Coverage only changes at cells an edge touched, so the interior of a shape is
  /// one span per row, which the compositor fills at memory speed; the work is at
  /// the edges. Skipping the untouched cells adds nothing to the running sum that it
  /// would not have added (x + 0 == x), so the pixels are those of a per-pixel walk.
  func rasterize(
    _ path: Path,
    span: (_ y: Int, _ x0: Int, _ x1: Int, _ coverage: UInt8) -> Void
  ) {
    let segments = path.flattened()
    guard !segments.isEmpty else { return }
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    for s in segments {
      minX = min(minX, s.from.x, s.to.x)
      maxX = max(maxX, s.from.x, s.to.x)
      minY = min(minY, s.from.y, s.to.y)
      maxY = max(maxY, s.from.y, s.to.y)
    }
    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
    let left = max(0, Int(minX.rounded(.down)))
    let top = max(0, Int(minY.rounded(.down)))
    let right = min(clipWidth, Int(maxX.rounded(.up)))
    let bottom = min(clipHeight, Int(maxY.rounded(.up)))
    // A shape entirely outside the clip is invisible; one that spans the clip's
    // left edge is clamped onto it below.
    guard left < right, top < bottom else { return }
    // The window spans from column `left` to `right`, plus one cell for the
    // contribution that spills past the last pixel.
    let width = right - left
    let height = bottom - top
    let stride = width + 2
    var cells = [Float](repeating: 0, count: stride * height)
    cells.withUnsafeMutableBufferPointer { cells in
      let xMin = Double(left), xMax = Double(right)
      let yOrigin = Double(top)
      for s in segments {
        Self.clippedToColumns(s, from: xMin, to: xMax) { a, b in
          Self.accumulate(
            from: Point(x: a.x - xMin, y: a.y - yOrigin),
            to: Point(x: b.x - xMin, y: b.y - yOrigin),
            into: cells, stride: stride, height: height)
        }
      }
    }
    cells.withUnsafeBufferPointer { cells in
      for y in 0..<height {
        var sum: Float = 0
        let base = y * stride
        var x = 0
        while x < width {
          sum += cells[base + x]
          let c = UInt8(min(abs(sum), 1) * 255 + 0.5)
          var end = x + 1
          while end < width && cells[base + end] == 0 { end += 1 }
          if c != 0 { span(top + y, left + x, left + end, c) }
          x = end
        }
      }
    }
  }

  /// Splits an edge at the window's left and right columns and clamps the parts
  /// outside onto the boundary: a part left of the window becomes a vertical edge on
  /// its left side (it still changes the winding of every pixel to its right), and a
  /// part to the right becomes one on the right side (it changes nothing visible).
  private static func clippedToColumns(
    _ s: LineSegment, from xMin: Double, to xMax: Double, emit: (Point, Point) -> Void
  ) {
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
  private static func accumulate(
    from p0: Point, to p1: Point, into cells: UnsafeMutableBufferPointer<Float>,
    stride: Int, height: Int
  ) {
    if p0.y == p1.y { return }
    let direction: Double = p0.y < p1.y ? 1 : -1
    let (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
    let dxdy = (b.x - a.x) / (b.y - a.y)
    var x = a.x
    let yStart = max(0, a.y)
    if a.y < 0 { x -= a.y * dxdy }
    let firstRow = Int(yStart.rounded(.down))
    let lastRow = min(height, Int(b.y.rounded(.up)))
    guard firstRow < lastRow else { return }
    for y in firstRow..<lastRow {
      let line = y * stride
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
        cells[line + x0i] += Float(d - d * xmf)
        cells[line + x0i + 1] += Float(d * xmf)
      } else {
        let s = 1 / (x1 - x0)
        let x0f = x0 - x0Floor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = x1 - x1Ceil + 1
        let am = 0.5 * s * x1f * x1f
        cells[line + x0i] += Float(d * a0)
        if x1i == x0i + 2 {
          cells[line + x0i + 1] += Float(d * (1 - a0 - am))
        } else {
          let a1 = s * (1.5 - x0f)
          cells[line + x0i + 1] += Float(d * (a1 - a0))
          if x0i + 2 < x1i - 1 {
            for xi in (x0i + 2)..<(x1i - 1) { cells[line + xi] += Float(d * s) }
          }
          let a2 = a1 + Double(x1i - x0i - 3) * s
          cells[line + x1i - 1] += Float(d * (1 - a2 - am))
        }
        cells[line + x1i] += Float(d * am)
      }
      x = xNext
    }
  }
}
