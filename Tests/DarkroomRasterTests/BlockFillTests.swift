import Testing

@testable import DarkroomRaster

/// A run of rows with the same spans is handed from the rasterizer to the painter as
/// one block; painting a block must give exactly the pixels of painting each of its
/// rows span by span, through every clip, occlusion, paint and layer origin.
@Suite("Block fills")
struct BlockFillTests {
  typealias Span = CoverageRasterizer.Span

  /// `spans` and the rows `top..<bottom` cut to the target, as the rasterizer's
  /// window makes them, painted on `target` as one block and on a copy span by span
  /// (the reference); nil when nothing of them is inside the target.
  func paintBothWays(
    _ spans: [Span], rows top: Int, _ bottom: Int, with painter: SpanPainter, on target: inout PixelBuffer
  ) -> (rows: Range<Int>, spans: [Span], reference: PixelBuffer)? {
    let bounds = target.canvasBounds
    let cut = spans.compactMap {
      let s = Span(x0: max($0.x0, bounds.left), x1: min($0.x1, bounds.right), coverage: $0.coverage)
      return s.x0 < s.x1 ? s : nil
    }
    guard !cut.isEmpty, max(top, bounds.top) < min(bottom, bounds.bottom) else { return nil }
    let rows = max(top, bounds.top)..<min(bottom, bounds.bottom)
    var reference = target
    target.bytes.withUnsafeMutableBufferPointer { pixels in
      cut.withUnsafeBufferPointer { painter.paint(rows: rows.lowerBound, rows.upperBound, spans: $0, into: pixels) }
    }
    reference.bytes.withUnsafeMutableBufferPointer { pixels in
      for y in rows {
        for s in cut { painter.paint(y: y, x0: s.x0, x1: s.x1, coverage: s.coverage, into: pixels) }
      }
    }
    return (rows, cut, reference)
  }

  /// A rounded rectangle at a fractional position, a ring (a border) or a plain
  /// rectangle, from `generator`.
  func randomShape(_ n: Int, _ generator: inout SplitMix) -> Path {
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    let rect = Rect(x: unit() * 30 - 6, y: unit() * 30 - 6, width: unit() * 60, height: unit() * 60)
    var path = Path()
    switch n % 3 {
    case 0:
      path.addRoundedRect(RoundedRect(rect, radius: unit() * 18, curve: n % 2 == 0 ? .continuous : .circular))
    case 1:
      let outer = RoundedRect(rect, radius: unit() * 15)
      path.addRoundedRect(outer)
      path.addRoundedRect(outer.insetBy(unit() * 5), reversed: true)
    default:
      path.addRect(rect)
    }
    return path
  }

  @Test func theBlocksOfAShapeAreTheRowsOfAScanOfEveryRow() {
    var generator = SplitMix(seed: 61)
    var blocksOfManyRows = 0
    for n in 0..<300 {
      let path = randomShape(n, &generator)
      for rule in FillRule.allCases {
        let window = CoverageRasterizer(clipLeft: 2, clipTop: 1, clipRight: 61, clipBottom: 58)
        var everyRow = window
        everyRow.repeatsRows = false
        var expected: [[Int]] = []
        everyRow.rasterize(path, rule: rule) { y, x0, x1, coverage in expected.append([y, x0, x1, Int(coverage)]) }
        var blocks: [[Int]] = []
        var nextRow = Int.min
        window.rasterize(path, rule: rule) { top, bottom, spans in
          #expect(top < bottom && top >= nextRow && !spans.isEmpty, "blocks are in order, apart and not empty")
          nextRow = bottom
          if bottom - top > 1 { blocksOfManyRows += 1 }
          for y in top..<bottom {
            for s in spans { blocks.append([y, s.x0, s.x1, Int(s.coverage)]) }
          }
        }
        #expect(blocks == expected, "shape \(n), rule \(rule)")
      }
    }
    #expect(blocksOfManyRows > 300, "straight sides make blocks of many rows")
  }

  /// A card 168 pixels tall with corners of 30: every row between its corners is one
  /// block, handed over once.
  @Test func aCardsInteriorIsOneBlock() {
    var path = Path()
    path.addRoundedRect(RoundedRect(Rect(x: 48, y: 60, width: 1074, height: 168), radius: 30))
    var calls = 0
    var tallest = 0..<0
    CoverageRasterizer(clipWidth: 1170, clipHeight: 300).rasterize(path, rule: .nonZero) { top, bottom, spans in
      calls += 1
      if bottom - top > tallest.count { tallest = top..<bottom }
      if bottom - top > 1 { #expect(spans.count == 1 && spans[0].x0 == 48 && spans[0].x1 == 1122 && spans[0].coverage == 255) }
    }
    // The corners' curves take up to 1.528 × 30 pixels of each side (the continuous
    // curve's extent); the rows between them are crossed by the two straight sides only.
    #expect(tallest.lowerBound <= 60 + 46 && tallest.upperBound >= 228 - 46, "\(tallest)")
    #expect(calls < 168 - tallest.count + 2)
  }

  /// Painting a block equals painting each of its rows span by span (the path every
  /// span took before), for opaque, translucent and gradient paints, with and
  /// without a clip and pixels later drawing covers, on a canvas and on a layer.
  @Test func aBlockPaintsWhatItsRowsPaintSpanBySpan() throws {
    var generator = SplitMix(seed: 62)
    func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(generator.next() % UInt64(range.count)) }
    let paints: [Paint] = [
      .solid(RGBA8(r: 200, g: 40, b: 10)), .solid(RGBA8(r: 20, g: 140, b: 210, a: 120)),
      .linearGradient(
        LinearGradient(
          start: Point(x: 0, y: 0), end: Point(x: 60, y: 40),
          stops: [
            .init(location: 0, color: RGBA8(r: 255, g: 0, b: 0)), .init(location: 1, color: RGBA8(r: 0, g: 0, b: 255, a: 90)),
          ])),
    ]
    var clipShape = Path()
    clipShape.addRoundedRect(Rect(x: 3.5, y: 2.25, width: 40, height: 33), radius: 11)
    let clip = AlphaMask(clipShape, width: 64, height: 48)
    var painted = 0
    for n in 0..<240 {
      var spans: [Span] = []
      var x = int(-3..<20)
      for _ in 0..<int(1..<6) {
        let start = x + int(0..<6), end = start + int(1..<14)
        spans.append(Span(x0: start, x1: end, coverage: UInt8(n % 4 == 0 ? 255 : int(1..<256))))
        x = end
      }
      let top = int(-2..<30), bottom = top + int(1..<20)
      let hidden = Occlusion(
        (0..<int(0..<4)).map { _ in
          let l = int(-4..<50), t = int(-4..<44)
          return PixelRect(left: l, top: t, right: l + int(0..<30), bottom: t + int(0..<20))
        })
      let onLayer = n % 5 == 0
      var target =
        onLayer
        ? try PixelBuffer(layerAt: PixelOrigin(x: 5, y: 3), width: 50, height: 40)
        : try PixelBuffer(width: 64, height: 48, fill: RGBA8(r: 30, g: 60, b: 90, a: 200))
      let painter = SpanPainter(
        paints[n % 3], clip: n % 2 == 0 ? clip : nil, skipping: n % 4 == 3 ? nil : hidden, target: target)
      guard let (rows, cut, reference) = paintBothWays(spans, rows: top, bottom, with: painter, on: &target) else {
        continue
      }
      #expect(target == reference, "case \(n): rows \(rows), spans \(cut)")
      painted += 1
    }
    #expect(painted > 150)
  }

  /// Runs of adjacent one-pixel spans — an anti-aliased slanted edge — are blended as
  /// one row of per-pixel coverage when the paint is a solid colour with no clip:
  /// runs longer than one turn of the blend and than the longest run blended at once,
  /// mixed with longer spans, over what later drawing covers, on a layer or the
  /// canvas, give exactly the pixels of painting span by span.
  @Test func runsOfOnePixelSpansPaintWhatTheirSpansPaintOneByOne() throws {
    var generator = SplitMix(seed: 64)
    func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(generator.next() % UInt64(range.count)) }
    let paints: [Paint] = [.solid(RGBA8(r: 200, g: 40, b: 10)), .solid(RGBA8(r: 20, g: 140, b: 210, a: 120))]
    var clipShape = Path()
    clipShape.addRoundedRect(Rect(x: 3.5, y: 2.25, width: 140, height: 33), radius: 11)
    let clip = AlphaMask(clipShape, width: 200, height: 48)
    var runs = 0
    for n in 0..<300 {
      var spans: [Span] = []
      var x = int(-3..<20)
      for _ in 0..<int(1..<5) {
        x += int(0..<3)
        // A run of one-pixel spans, then sometimes a longer span right after it.
        let length = int(1..<(n % 3 == 0 ? 150 : 20))
        for _ in 0..<length {
          spans.append(Span(x0: x, x1: x + 1, coverage: UInt8(int(1..<256))))
          x += 1
        }
        if length > 1 { runs += 1 }
        if n % 2 == 0 {
          let end = x + int(1..<9)
          spans.append(Span(x0: x, x1: end, coverage: n % 4 == 0 ? 255 : UInt8(int(1..<256))))
          x = end
        }
      }
      let top = int(-2..<30), bottom = top + int(1..<6)
      let hidden = Occlusion(
        (0..<int(0..<4)).map { _ in
          let l = int(-4..<150), t = int(-4..<44)
          return PixelRect(left: l, top: t, right: l + int(0..<40), bottom: t + int(0..<20))
        })
      var target =
        n % 5 == 0
        ? try PixelBuffer(layerAt: PixelOrigin(x: 5, y: 3), width: 180, height: 40)
        : try PixelBuffer(width: 200, height: 48, fill: RGBA8(r: 30, g: 60, b: 90, a: 200))
      let painter = SpanPainter(
        paints[n % 2], clip: n % 7 == 6 ? clip : nil, skipping: n % 4 == 3 ? nil : hidden, target: target)
      guard let (rows, cut, reference) = paintBothWays(spans, rows: top, bottom, with: painter, on: &target) else {
        continue
      }
      #expect(target == reference, "case \(n): rows \(rows), spans \(cut)")
    }
    #expect(runs > 300)
  }

  /// A fill of a rounded rectangle at a fractional position, translucent, through a
  /// clip, leaving out covered pixels, against pixels computed one at a time from
  /// its coverage mask with the one-pixel source-over.
  @Test func aFilledShapeIsItsCoverageBlendedPixelByPixel() throws {
    var generator = SplitMix(seed: 63)
    var clipShape = Path()
    clipShape.addRoundedRect(Rect(x: 6.5, y: 4.75, width: 44, height: 39), radius: 13)
    let clip = AlphaMask(clipShape, width: 64, height: 56)
    let hidden = Occlusion([PixelRect(left: 20, top: 18, right: 34, bottom: 30), PixelRect(left: 0, top: 40, right: 9, bottom: 56)])
    let background = RGBA8(r: 12, g: 200, b: 77, a: 230)
    for n in 0..<60 {
      let path = randomShape(n, &generator)
      let color = n % 2 == 0 ? RGBA8(r: 250, g: 120, b: 3, a: 160) : RGBA8(r: 9, g: 80, b: 200)
      let clipped = n % 3 != 0
      var buffer = try PixelBuffer(width: 64, height: 56, fill: background)
      buffer.fill(path, with: .solid(color), clip: clipped ? clip : nil, skipping: hidden)
      let mask = AlphaMask(path, width: 64, height: 56)
      let under = background.premultiplied.word
      for y in 0..<56 {
        for x in 0..<64 {
          var coverage = mask[x, y]
          if clipped { coverage = Blend.multiply(coverage, clip[x, y]) }
          let covered = hidden.coveredColumns(row: y).contains { $0.contains(x) }
          let expected =
            covered || coverage == 0
            ? under : Blend.sourceOver(color.premultiplied.word, alpha: color.a, coverage: coverage, onto: under)
          #expect(buffer[x, y].word == expected, "shape \(n) at (\(x), \(y)), coverage \(coverage)")
        }
      }
    }
  }

  /// An opaque pixel-aligned rectangle is filled a band of rows at a time around what
  /// later drawing covers: the pixels are those of the general path's fill.
  @Test func anAlignedRectangleLeavesOutTheCoveredBandsOnly() throws {
    var generator = SplitMix(seed: 64)
    func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(generator.next() % UInt64(range.count)) }
    for _ in 0..<80 {
      let rect = Rect(x: Double(int(-5..<30)), y: Double(int(-5..<30)), width: Double(int(0..<40)), height: Double(int(0..<40)))
      let hidden = Occlusion(
        (0..<int(0..<5)).map { _ in
          let l = int(-4..<40), t = int(-4..<40)
          return PixelRect(left: l, top: t, right: l + int(0..<25), bottom: t + int(0..<15))
        })
      let colour = RGBA8(r: 210, g: 30, b: 120)
      var fast = try PixelBuffer(width: 40, height: 36, fill: RGBA8(r: 1, g: 2, b: 3))
      var general = fast
      fast.fill(rect, with: colour, skipping: hidden)
      var path = Path()
      path.addRect(rect)
      general.fill(path, with: .solid(colour), skipping: hidden)
      #expect(fast == general, "\(rect), \(hidden.bands.count) bands")
    }
  }
}
