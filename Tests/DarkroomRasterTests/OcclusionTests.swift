import Testing

@testable import DarkroomRaster

/// Leaving out what later drawing covers: which pixels count as covered, and that
/// drawing calls skip exactly those.
@Suite("Occlusion")
struct OcclusionTests {
  func randomRect(_ generator: inout SplitMix, within size: Int) -> PixelRect {
    let x = Int(generator.next() % UInt64(size)), y = Int(generator.next() % UInt64(size))
    return PixelRect(
      left: x, top: y, right: x + Int(generator.next() % UInt64(size / 2)), bottom: y + Int(generator.next() % 12))
  }

  @Test func theVisibleRunsOfARowAreThePixelsNoRectangleCovers() {
    var generator = SplitMix(seed: 41)
    for _ in 0..<300 {
      let rects = (0..<Int(generator.next() % 6)).map { _ in randomRect(&generator, within: 40) }
      let occlusion = Occlusion(rects)
      for y in -1..<45 {
        let x0 = Int(generator.next() % 30) - 3, x1 = x0 + Int(generator.next() % 30)
        var visible = Set<Int>()
        var previousEnd = Int.min
        occlusion.forEachVisible(row: y, from: x0, to: x1) { start, end in
          #expect(start < end && start > previousEnd, "runs are non-empty, in order and apart")
          previousEnd = end
          visible.formUnion(start..<end)
        }
        let expected = Set((x0..<max(x0, x1)).filter { x in
          !rects.contains { $0.x <= x && x < $0.right && $0.y <= y && y < $0.bottom }
        })
        #expect(visible == expected, "row \(y), columns \(x0)..<\(x1), rects \(rects)")
      }
    }
  }

  /// A rounded rectangle's covered pixels are painted at full coverage by its fill,
  /// for every corner curve, radii up to larger than the sides allow, and positions
  /// and sizes off the pixel grid.
  @Test func everyPixelARoundedRectangleClaimsToCoverIsFullyCovered() {
    var generator = SplitMix(seed: 42)
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    var claimed = 0
    for n in 0..<400 {
      let rect = Rect(x: unit() * 20 - 4, y: unit() * 20 - 4, width: unit() * 60, height: unit() * 60)
      let radii =
        n % 3 == 0
        ? CornerRadii(unit() * 40)
        : CornerRadii(topLeft: unit() * 30, topRight: unit() * 12, bottomRight: unit() * 50, bottomLeft: unit() * 3)
      let shape = RoundedRect(rect, radii: radii, curve: n % 2 == 0 ? .continuous : .circular)
      var path = Path()
      path.addRoundedRect(shape)
      let mask = AlphaMask(path, width: 64, height: 64)
      for r in shape.coveredPixels {
        let inside = r.intersection(PixelRect(left: 0, top: 0, right: 64, bottom: 64))
        for y in inside.y..<inside.bottom {
          for x in inside.x..<inside.right {
            claimed += 1
            #expect(mask[x, y] == 255, "\(shape) covers (\(x), \(y)) at \(mask[x, y])")
          }
        }
      }
    }
    #expect(claimed > 100_000, "the claims are not trivially empty")
  }

  @Test func aCardClaimsAllButItsCornerSquares() {
    let card = RoundedRect(Rect(x: 48, y: 60, width: 1074, height: 168), radius: 30)
    let covered = card.coveredPixels
    #expect(covered == [PixelRect(left: 48, top: 90, right: 1122, bottom: 198), PixelRect(left: 78, top: 60, right: 1092, bottom: 228)])
    #expect(RoundedRect(Rect(x: 0.5, y: 0, width: 10, height: 0)).coveredPixels.isEmpty)
    #expect(RoundedRect(Rect(x: .nan, y: 0, width: 10, height: 10)).coveredPixels.isEmpty)
    #expect(RoundedRect(Rect(x: 0.5, y: 0.25, width: 10, height: 10)).coveredPixels == [PixelRect(left: 1, top: 1, right: 10, bottom: 10)])
  }

  @Test func drawingSkipsTheCoveredPixelsAndPaintsTheRestAsBefore() throws {
    let hidden = Occlusion([PixelRect(left: 10, top: 5, right: 30, bottom: 25), PixelRect(left: 25, top: 20, right: 40, bottom: 35)])
    var path = Path()
    path.addRoundedRect(Rect(x: 3.3, y: 2.7, width: 44, height: 40), radius: 9)
    let paints: [Paint] = [
      .solid(RGBA8(r: 200, g: 40, b: 10)), .solid(RGBA8(r: 20, g: 140, b: 210, a: 120)),
      .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 50, y: 50), stops: [
        .init(location: 0, color: RGBA8(r: 255, g: 0, b: 0)), .init(location: 1, color: RGBA8(r: 0, g: 0, b: 255, a: 90)),
      ])),
    ]
    var shapeClip = Path()
    shapeClip.addRoundedRect(Rect(x: 0, y: 0, width: 36, height: 50), radius: 12)
    for paint in paints {
      for clip in [nil, AlphaMask(shapeClip, width: 50, height: 50)] {
        var plain = try PixelBuffer(width: 50, height: 50, fill: RGBA8(r: 9, g: 9, b: 9))
        var skipping = plain
        plain.fill(path, with: paint, clip: clip)
        skipping.fill(path, with: paint, clip: clip, skipping: hidden)
        let mask = AlphaMask(path, width: 50, height: 50)
        plain.fill(mask.offsetBy(dx: 2, dy: 1), with: paint, clip: clip)
        skipping.fill(mask.offsetBy(dx: 2, dy: 1), with: paint, clip: clip, skipping: hidden)
        for y in 0..<50 {
          for x in 0..<50 {
            let covered = hidden.coveredColumns(row: y).contains { $0.contains(x) }
            if !covered { #expect(plain[x, y] == skipping[x, y], "(\(x), \(y)) outside the covered pixels") }
            else { #expect(skipping[x, y] == PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 255), "(\(x), \(y)) was painted") }
          }
        }
      }
    }
  }

  @Test func aBackgroundLeavesOutOnlyTheCoveredPixels() throws {
    let hidden = Occlusion([PixelRect(left: 2, top: 1, right: 7, bottom: 4)])
    let buffer = try PixelBuffer(width: 9, height: 6, fill: RGBA8(r: 1, g: 2, b: 3), skipping: hidden)
    for y in 0..<6 {
      for x in 0..<9 where !(2..<7).contains(x) || !(1..<4).contains(y) {
        #expect(buffer[x, y] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
      }
    }
    #if DEBUG
      // Debug builds paint what is left out magenta, so a pixel left unpainted shows.
      #expect(buffer[2, 1] == PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255))
    #endif
  }

  /// Bands of rows with and without covered columns, rectangles that reach past the
  /// buffer on every side: the background is every pixel outside them.
  @Test func aBackgroundFillsEveryPixelNoRectangleCovers() throws {
    var generator = SplitMix(seed: 43)
    let colour = RGBA8(r: 40, g: 50, b: 60)
    #if DEBUG
      var left = 0
    #endif
    for _ in 0..<200 {
      let rects = (0..<Int(generator.next() % 7)).map { _ in
        let r = randomRect(&generator, within: 46)
        return PixelRect(left: r.x - 4, top: r.y - 4, right: r.right - 4, bottom: r.bottom - 4)
      }
      let buffer = try PixelBuffer(width: 37, height: 29, fill: colour, skipping: Occlusion(rects))
      for y in 0..<29 {
        for x in 0..<37 {
          let covered = rects.contains { $0.x <= x && x < $0.right && $0.y <= y && y < $0.bottom }
          if !covered { #expect(buffer[x, y] == colour.premultiplied, "(\(x), \(y)) of \(rects)") }
          #if DEBUG
            if covered {
              left += 1
              #expect(buffer[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255), "(\(x), \(y)) of \(rects)")
            }
          #endif
        }
      }
    }
    #if DEBUG
      #expect(left > 1_000, "rectangles cover some of the buffer")
    #endif
  }
}
