import Testing

@testable import DarkroomRaster

/// Runs of rows crossed only by whole vertical edges are scanned once and their
/// spans repeated: the spans must be exactly those a scan of every row gives.
@Suite("Row repetition")
struct RowRepetitionTests {
  struct Span: Equatable, CustomStringConvertible {
    let y: Int, x0: Int, x1: Int, coverage: UInt8
    var description: String { "\(y):\(x0)..<\(x1)=\(coverage)" }
  }

  func spans(_ path: Path, rule: FillRule, window: (Int, Int, Int, Int), repeating: Bool) -> [Span] {
    var rasterizer = CoverageRasterizer(clipLeft: window.0, clipTop: window.1, clipRight: window.2, clipBottom: window.3)
    rasterizer.repeatsRows = repeating
    var out: [Span] = []
    rasterizer.rasterize(path, rule: rule) { out.append(Span(y: $0, x0: $1, x1: $2, coverage: $3)) }
    return out
  }

  @Test func repeatedRowsGiveTheSpansOfAScanOfEveryRow() {
    var generator = SplitMix(seed: 51)
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    var rowsWithSpans = 0
    for n in 0..<600 {
      var path = Path()
      let rect = Rect(x: unit() * 30 - 8, y: unit() * 30 - 8, width: unit() * 70, height: unit() * 70)
      switch n % 6 {
      case 0:
        path.addRect(rect)
      case 1:
        path.addRoundedRect(RoundedRect(rect, radius: unit() * 20, curve: n % 4 == 1 ? .continuous : .circular))
      case 2:
        // A ring: a border's outer edge and its inner edge reversed.
        let outer = RoundedRect(rect, radius: unit() * 15)
        path.addRoundedRect(outer)
        path.addRoundedRect(outer.insetBy(unit() * 6), reversed: true)
      case 3:
        // Overlapping rectangles, both ways round, for the even-odd rule.
        path.addRect(rect)
        path.addRect(Rect(x: rect.x + unit() * 10, y: rect.y + unit() * 20, width: unit() * 40, height: unit() * 50))
      case 4:
        // A staircase of vertical and horizontal edges, with an edge almost vertical.
        path.move(to: Point(x: rect.x, y: rect.y))
        path.line(to: Point(x: rect.maxX, y: rect.y))
        path.line(to: Point(x: rect.maxX, y: rect.y + rect.height / 3))
        path.line(to: Point(x: rect.maxX - 5.5, y: rect.y + rect.height / 3))
        path.line(to: Point(x: rect.maxX - 5.5 + 1e-9, y: rect.maxY))
        path.line(to: Point(x: rect.x, y: rect.maxY))
        path.close()
      default:
        // A triangle: no vertical edge at all.
        path.move(to: Point(x: rect.x, y: rect.y))
        path.line(to: Point(x: rect.maxX, y: rect.midY))
        path.line(to: Point(x: rect.x + 3, y: rect.maxY))
        path.close()
      }
      // Whole canvases and windows that cut the shape on every side.
      let window = n % 3 == 0 ? (0, 0, 80, 80) : (Int(unit() * 20), Int(unit() * 20), 30 + Int(unit() * 50), 30 + Int(unit() * 50))
      for rule in FillRule.allCases {
        let once = spans(path, rule: rule, window: window, repeating: true)
        let every = spans(path, rule: rule, window: window, repeating: false)
        #expect(once == every, "shape \(n), rule \(rule), window \(window)")
        rowsWithSpans += Set(once.map(\.y)).count
      }
    }
    #expect(rowsWithSpans > 10_000, "the shapes are not trivially empty")
  }
}

extension Rect {
  var midY: Double { y + height / 2 }
}
