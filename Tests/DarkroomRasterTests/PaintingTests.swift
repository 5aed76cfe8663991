import Foundation
import DarkroomRaster
import Testing

@testable import DarkroomRaster

/// Strokes, dashes, masks, blur, gradients, images, icons and layers, checked against
/// geometry (areas, symmetry, conservation), not against pixels they produced.
@Suite("Painting")
struct PaintingTests {
  static let white = RGBA8(r: 255, g: 255, b: 255)

  /// Total alpha of what `draw` puts on a clear buffer, in pixels.
  func ink(width: Int = 200, height: Int = 200, _ draw: (inout PixelBuffer) throws -> Void) throws -> Double {
    var buffer = try PixelBuffer(width: width, height: height)
    try draw(&buffer)
    return alphaSum(buffer)
  }

  func alphaSum(_ buffer: PixelBuffer) -> Double {
    var total = 0
    for i in stride(from: 3, to: buffer.bytes.count, by: 4) { total += Int(buffer.bytes[i]) }
    return Double(total) / 255
  }

  func line(_ points: [(Double, Double)], closed: Bool = false) -> Path {
    var path = Path()
    path.move(to: Point(x: points[0].0, y: points[0].1))
    for p in points.dropFirst() { path.line(to: Point(x: p.0, y: p.1)) }
    if closed { path.close() }
    return path
  }

  func expectArea(_ measured: Double, _ exact: Double, _ what: String, tolerance: Double = 0.005) {
    #expect(abs(measured - exact) <= exact * tolerance, "\(what): \(measured) vs \(exact)")
  }

  // MARK: Strokes

  /// A 1-point hairline is s pixels wide at scale s; over L points it covers L·s
  /// pixels of length, so its ink is L·s², straight or slanted, on or off the grid.
  @Test(arguments: [1.0, 2.0, 3.0])
  func aOnePointHairlineHasTheExpectedInkAtEveryScale(scale: Double) throws {
    let length = 40.0
    for (angle, offset) in [(0.0, 0.0), (0.0, 0.5), (0.3, 0.25), (Double.pi / 4, 0.1), (1.2, 0.7)] {
      let start = Point(x: 8 + offset, y: 9 + offset)
      let end = Point(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
      let path = line([(start.x * scale, start.y * scale), (end.x * scale, end.y * scale)])
      let measured = try ink(width: 160, height: 160) {
        $0.stroke(path, style: StrokeStyle(width: scale), with: .solid(Self.white))
      }
      expectArea(measured, length * scale * scale, "angle \(angle) at \(scale)x")
    }
  }

  @Test func capsAddTheirExactArea() throws {
    let path = line([(30, 50), (130, 50)])
    let w = 20.0
    let butt = try ink { $0.stroke(path, style: StrokeStyle(width: w, cap: .butt), with: .solid(Self.white)) }
    let square = try ink { $0.stroke(path, style: StrokeStyle(width: w, cap: .square), with: .solid(Self.white)) }
    let round = try ink { $0.stroke(path, style: StrokeStyle(width: w, cap: .round), with: .solid(Self.white)) }
    expectArea(butt, 100 * w, "butt")
    expectArea(square, (100 + w) * w, "square")
    expectArea(round, 100 * w + Double.pi * (w / 2) * (w / 2), "round")
  }

  /// An L of arms a and b, width w: the arms overlap in a w/2 square inside the
  /// corner, and the join adds outside it a w/2 square (miter), half of it (bevel)
  /// or a quarter circle (round).
  @Test func joinsAddTheirExactArea() throws {
    let path = line([(30, 40), (130, 40), (130, 160)])
    let (a, b, w) = (100.0, 120.0, 24.0)
    let quarter = w * w / 4
    let cases: [(StrokeStyle.Join, Double)] = [
      (.miter, (a + b) * w - quarter + quarter),
      (.bevel, (a + b) * w - quarter + quarter / 2),
      (.round, (a + b) * w - quarter + Double.pi * w * w / 16),
    ]
    for (join, exact) in cases {
      let measured = try ink { $0.stroke(path, style: StrokeStyle(width: w, join: join), with: .solid(Self.white)) }
      expectArea(measured, exact, "\(join)")
    }
  }

  @Test func aSharpMiterPastTheLimitBecomesABevel() throws {
    // A 20° turn: the miter would reach 1/sin(10°) ≈ 5.8 half-widths out.
    let path = line([(20, 100), (180, 100), (20, 100 - 160 * tan(20 * Double.pi / 180))])
    let style = { (limit: Double) in StrokeStyle(width: 10, join: .miter, miterLimit: limit) }
    let limited = try ink { $0.stroke(path, style: style(2), with: .solid(Self.white)) }
    let bevel = try ink { $0.stroke(path, style: StrokeStyle(width: 10, join: .bevel), with: .solid(Self.white)) }
    let unlimited = try ink { $0.stroke(path, style: style(10), with: .solid(Self.white)) }
    #expect(abs(limited - bevel) < 0.01)
    #expect(unlimited > bevel + 10)
  }

  @Test func aRoundJoinThatTurnsBackIsHalfACircle() throws {
    // Out and back along the same line: one 100-long stroke, a round end at the turn.
    let path = line([(40, 100), (140, 100), (40, 100)])
    let w = 20.0
    let measured = try ink { $0.stroke(path, style: StrokeStyle(width: w, join: .round), with: .solid(Self.white)) }
    expectArea(measured, 100 * w + Double.pi * (w / 2) * (w / 2) / 2, "turn back")
  }

  @Test func aPatternTooFineToSeeIsDrawnSolidNotCutIntoMillions() throws {
    let path = line([(10, 50), (190, 50)])
    let fine = try ink { $0.stroke(path, style: StrokeStyle(width: 4, dashes: [1e-5, 1e-5]), with: .solid(Self.white)) }
    expectArea(fine, 180 * 4, "solid")
  }

  @Test func aClosedStrokeIsARingOfTheExactArea() throws {
    let square = line([(50, 50), (150, 50), (150, 150), (50, 150)], closed: true)
    let measured = try ink { $0.stroke(square, style: StrokeStyle(width: 10), with: .solid(Self.white)) }
    expectArea(measured, 110 * 110 - 90 * 90, "ring")
  }

  @Test func shapesOnThePixelGridHaveNoPartialPixels() throws {
    var buffer = try PixelBuffer(width: 64, height: 64)
    buffer.fill(line([(4, 4), (30, 4), (30, 20), (4, 20)], closed: true), with: Self.white)
    // A 2-pixel line centred on a grid line covers whole rows.
    buffer.stroke(line([(8, 40), (56, 40)]), style: StrokeStyle(width: 2), with: .solid(Self.white))
    buffer.stroke(line([(40, 4), (40, 30)]), style: StrokeStyle(width: 4, cap: .square), with: .solid(Self.white))
    var partial = 0
    for i in stride(from: 3, to: buffer.bytes.count, by: 4) where buffer.bytes[i] != 0 && buffer.bytes[i] != 255 {
      partial += 1
    }
    #expect(partial == 0)
    let rectangle: Double = 26 * 16
    let line: Double = 48 * 2
    let column: Double = 4 * 30
    #expect(alphaSum(buffer) == rectangle + line + column)
  }

  // MARK: Dashes

  @Test func dashesCoverTheirLengthsTimesTheWidth() throws {
    let path = line([(20, 50), (120, 50)])
    // 10 on, 5 off along 100: dashes start at 0, 15, …, 90: seven of 10.
    let plain = try ink { $0.stroke(path, style: StrokeStyle(width: 4, dashes: [10, 5]), with: .solid(Self.white)) }
    expectArea(plain, 7 * 10 * 4, "dashes")
    // Starting 5 into the pattern: 0–5, then dashes at 10, 25, …, 85 (six), and
    // 95–100 is a gap.
    let shifted = try ink {
      $0.stroke(path, style: StrokeStyle(width: 4, dashes: [10, 5], dashPhase: 5), with: .solid(Self.white))
    }
    expectArea(shifted, (5 + 6 * 10) * 4, "phase")
    // Dashes continue around corners of a closed contour: the 400-long perimeter
    // of a square with [20, 20] is half covered.
    let square = line([(50, 50), (150, 50), (150, 150), (50, 150)], closed: true)
    let around = try ink { $0.stroke(square, style: StrokeStyle(width: 2, dashes: [20, 20]), with: .solid(Self.white)) }
    expectArea(around, 200 * 2, "around", tolerance: 0.02)
  }

  // MARK: Masks and blur

  @Test func blurKeepsTheInkAndIsSymmetric() throws {
    var square = Path()
    square.addRect(Rect(x: 60, y: 60, width: 40, height: 40))
    let mask = AlphaMask(square, width: 160, height: 160)
    for sigma in [1.0, 3.5, 8.0] {
      let blurred = mask.blurred(sigma: sigma)
      let before = mask.values.reduce(0) { $0 + Int($1) }
      let after = blurred.values.reduce(0) { $0 + Int($1) }
      #expect(abs(Double(after - before)) <= Double(before) * 0.01, "σ \(sigma): \(before) → \(after)")
      // The square is centred on 80, 80; its blur must mirror left-right and
      // top-bottom. (Not across the diagonal: rows are blurred before columns and
      // each pass rounds, so a transposed input can differ by one level.)
      for y in blurred.y..<(blurred.y + blurred.height) {
        for x in blurred.x..<(blurred.x + blurred.width) {
          if blurred[x, y] != blurred[159 - x, y] || blurred[x, y] != blurred[x, 159 - y] {
            Issue.record("σ \(sigma): asymmetric at \(x), \(y)")
            return
          }
        }
      }
      #expect(blurred[80, 80] == 255 || sigma > 5, "the middle of a 40-pixel square stays solid under small blurs")
      #expect(blurred[60 - Int(3 * sigma) - 2, 80] == 0, "nothing beyond 3σ")
    }
  }

  @Test func aShapeJustOffTheCanvasStillCastsItsShadow() {
    var square = Path()
    square.addRect(Rect(x: -30, y: 20, width: 25, height: 40))
    let mask = AlphaMask(blurring: square, sigma: 6, width: 100, height: 100)
    #expect(mask[0, 40] > 10, "the blur reaches into the canvas")
    // The same shape 50 pixels to the right on a canvas 50 wider, where nothing is
    // cut: inside the original canvas the values must be the same.
    var moved = Path()
    moved.addRect(Rect(x: 20, y: 20, width: 25, height: 40))
    let whole = AlphaMask(blurring: moved, sigma: 6, width: 150, height: 100)
    for y in 0..<100 {
      for x in 0..<100 where mask[x, y] != whole[x + 50, y] {
        Issue.record("\(x), \(y): \(mask[x, y]) but \(whole[x + 50, y]) when nothing is cut")
        return
      }
    }
  }

  @Test func boxSizesMatchTheGaussiansVariance() {
    for sigma in stride(from: 0.5, through: 40, by: 0.75) {
      let boxes = AlphaMask.boxSizes(sigma: sigma)
      #expect(boxes.count == 3 && boxes.allSatisfy { $0 % 2 == 1 })
      let variance = boxes.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
      // Odd widths move the variance in steps; the nearest step is within one.
      #expect(abs(variance.squareRoot() - sigma) < 0.5, "σ \(sigma): boxes \(boxes)")
    }
  }

  @Test func aClipKeepsOnlyWhatIsInsideIt() throws {
    var circle = Path()
    circle.addCircle(center: Point(x: 100, y: 100), radius: 50)
    let clip = AlphaMask(circle, width: 200, height: 200)
    var everything = Path()
    everything.addRect(Rect(x: 0, y: 0, width: 200, height: 200))
    let clipped = try ink { $0.fill(everything, with: .solid(Self.white), clip: clip) }
    expectArea(clipped, Double.pi * 50 * 50, "circle clip")
    // Two clips intersect: a half-plane cuts the circle in half.
    var left = Path()
    left.addRect(Rect(x: 0, y: 0, width: 100, height: 200))
    let both = clip.intersected(with: AlphaMask(left, width: 200, height: 200))
    let half = try ink { $0.fill(everything, with: .solid(Self.white), clip: both) }
    expectArea(half, Double.pi * 50 * 50 / 2, "half circle")
  }

  @Test func aTranslucentLayerDoesNotShowItsOverlaps() throws {
    var layer = try PixelBuffer(width: 40, height: 20)
    layer.fill(Rect(x: 0, y: 0, width: 25, height: 20), with: RGBA8(r: 0, g: 0, b: 255))
    layer.fill(Rect(x: 15, y: 0, width: 25, height: 20), with: RGBA8(r: 0, g: 0, b: 255))
    var buffer = try PixelBuffer(width: 40, height: 20, fill: Self.white)
    buffer.draw(layer, atX: 0, y: 0, opacity: 128)
    let alone = buffer[5, 10], overlap = buffer[20, 10]
    #expect(alone == overlap)
    // Half of blue over white: red and green fall to 127 (255 · 127/255).
    #expect(alone.r == 127 && alone.b == 255)
  }

  // MARK: Gradients

  @Test func aGradientRunsLinearlyBetweenItsStops() throws {
    var buffer = try PixelBuffer(width: 256, height: 4)
    var all = Path()
    all.addRect(Rect(x: 0, y: 0, width: 256, height: 4))
    let gradient = LinearGradient(
      start: Point(x: 0.5, y: 0), end: Point(x: 255.5, y: 0),
      stops: [.init(location: 0, color: RGBA8(r: 0, g: 0, b: 0)), .init(location: 1, color: Self.white)])
    buffer.fill(all, with: .linearGradient(gradient))
    for x in 0..<256 {
      #expect(abs(Int(buffer[x, 2].r) - x) <= 1, "column \(x): \(buffer[x, 2].r)")
    }
    // Fading to transparent keeps the colour: premultiplied red stays pure red.
    var fade = try PixelBuffer(width: 256, height: 1)
    var row = Path()
    row.addRect(Rect(x: 0, y: 0, width: 256, height: 1))
    fade.fill(row, with: .linearGradient(LinearGradient(
      start: Point(x: 0, y: 0), end: Point(x: 256, y: 0),
      stops: [.init(location: 0, color: RGBA8(r: 255, g: 0, b: 0)), .init(location: 1, color: RGBA8(r: 255, g: 0, b: 0, a: 0))])))
    for x in 0..<256 {
      let p = fade[x, 0]
      #expect(p.r == p.a && p.g == 0 && p.b == 0, "column \(x)")
    }
  }

  // MARK: Images

  @Test func resamplingKeepsFlatColoursAndAverageBrightness() throws {
    let flat = try PixelBuffer(width: 37, height: 23, fill: RGBA8(r: 200, g: 100, b: 50, a: 180))
    for (w, h) in [(10, 10), (37, 23), (100, 61), (5, 90)] {
      let resized = try flat.resampled(width: w, height: h)
      let first = resized[0, 0]
      #expect(first == flat[0, 0], "\(w)×\(h)")
      #expect(resized.bytes.count == w * h * 4)
      var same = true
      for y in 0..<h { for x in 0..<w where resized[x, y] != first { same = false } }
      #expect(same, "\(w)×\(h) is flat")
    }
    // A one-pixel checkerboard shrunk by 4 is mid-grey, not a moiré.
    var checker = try PixelBuffer(width: 64, height: 64, fill: RGBA8(r: 0, g: 0, b: 0))
    for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { checker.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1), with: Self.white) } }
    let small = try checker.resampled(width: 16, height: 16)
    for y in 1..<15 {
      for x in 1..<15 {
        #expect(abs(Int(small[x, y].r) - 128) <= 2, "\(x), \(y): \(small[x, y].r)")
      }
    }
  }

  @Test func aspectFillKeepsTheMiddleUndistorted() throws {
    // 200×100: a red quarter, a green half, a blue quarter.
    var image = try PixelBuffer(width: 200, height: 100, fill: RGBA8(r: 0, g: 255, b: 0))
    image.fill(Rect(x: 0, y: 0, width: 50, height: 100), with: RGBA8(r: 255, g: 0, b: 0))
    image.fill(Rect(x: 150, y: 0, width: 50, height: 100), with: RGBA8(r: 0, g: 0, b: 255))
    let square = try image.aspectFilled(width: 100, height: 100)
    #expect(square.width == 100 && square.height == 100)
    for y in 0..<100 { for x in 0..<100 where square[x, y] != PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255) {
      Issue.record("\(x), \(y) is not green")
      return
    } }
    let wide = try image.aspectFilled(width: 400, height: 100)
    #expect(wide[0, 50].r == 255 && wide[399, 50].b == 255, "wider than the image: the sides are kept")
  }

  @Test func aWindowOfAResizedImageIsThatPartOfTheWholeOne() throws {
    var image = try PixelBuffer(width: 30, height: 20, fill: RGBA8(r: 20, g: 200, b: 90))
    image.fill(Rect(x: 3, y: 2, width: 11.5, height: 9.25), with: RGBA8(r: 250, g: 10, b: 10, a: 200))
    let whole = try image.aspectFilled(width: 97, height: 61)
    let part = try image.aspectFilled(width: 97, height: 61, columns: 40..<90, rows: 5..<33)
    #expect(part.width == 50 && part.height == 28)
    for y in 0..<28 { for x in 0..<50 where part[x, y] != whole[x + 40, y + 5] {
      Issue.record("\(x), \(y) differs from the whole")
      return
    } }
    // Far larger than any buffer, yet a small window is cheap and allowed.
    let huge = try image.aspectFilled(width: 100_000, height: 60_000, columns: 50_000..<50_010, rows: 0..<10)
    #expect(huge.width == 10 && huge.height == 10)
    #expect(throws: RasterError.self) { try image.resampled(width: 100_000, height: 60_000) }
  }

  // MARK: Icons

  @Test(arguments: Icon.allCases)
  func iconsDrawInsideTheirFrame(icon: Icon) throws {
    var buffer = try PixelBuffer(width: 100, height: 100)
    let frame = Rect(x: 20, y: 30, width: 48, height: 48)
    buffer.fill(icon.outline(in: frame), with: Self.white)
    var inside = 0, outside = 0
    for y in 0..<100 {
      for x in 0..<100 where buffer[x, y].a > 0 {
        if Double(x) >= frame.x && Double(x) < frame.maxX && Double(y) >= frame.y && Double(y) < frame.maxY {
          inside += 1
        } else {
          outside += 1
        }
      }
    }
    #expect(inside > 60, "\(icon.rawValue) draws something")
    #expect(outside == 0, "\(icon.rawValue) stays in its frame")
  }

  @Test func mirroredIconsGiveMirroredPixels() throws {
    func pixels(_ icon: Icon) throws -> PixelBuffer {
      var buffer = try PixelBuffer(width: 48, height: 48)
      buffer.fill(icon.outline(in: Rect(x: 0, y: 0, width: 48, height: 48)), with: Self.white)
      return buffer
    }
    let right = try pixels(.chevronRight), left = try pixels(.chevronLeft)
    let down = try pixels(.chevronDown), up = try pixels(.chevronUp)
    for y in 0..<48 {
      for x in 0..<48 {
        #expect(right[x, y] == left[47 - x, y])
        #expect(down[x, y] == up[x, 47 - y])
        #expect(right[x, y] == down[y, x], "a chevron turned a quarter is the other")
      }
    }
    for icon in [Icon.plus, .xmark, .heart, .heartFill] {
      let p = try pixels(icon)
      for y in 0..<48 { for x in 0..<48 where p[x, y] != p[47 - x, y] {
        Issue.record("\(icon.rawValue) is not left-right symmetric at \(x), \(y)")
        return
      } }
    }
  }
}
