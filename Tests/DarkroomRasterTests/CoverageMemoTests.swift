import Testing

@testable import DarkroomRaster

/// A shape whose coverage the memo holds is handed on, not scanned again: the pixels
/// must be exactly those of a scan, wherever the shape is drawn again, and shapes
/// made in a frame of their own must be known as one.
@Suite("Coverage memo")
struct CoverageMemoTests {
  /// What shapes are drawn into: a 160 × 220 canvas, or a layer of it whose corner
  /// is not the canvas's; and a rounded clip over the canvas.
  static func target(layer: Bool) throws -> (PixelBuffer, AlphaMask) {
    var buffer = try PixelBuffer(width: 160, height: 220, fill: RGBA8(r: 10, g: 20, b: 30, a: 255))
    if layer { buffer = try PixelBuffer(layerAt: PixelOrigin(x: 13, y: -7), width: 120, height: 190) }
    var clip = Path()
    clip.addRoundedRect(RoundedRect(Rect(x: 10.5, y: 12.25, width: 120, height: 180), radius: 14))
    return (buffer, AlphaMask(clip, width: 160, height: 220))
  }

  /// Cards, rings and dashed outlines at whole and fractional positions, some cut by
  /// the canvas's sides or a clip, drawn into two canvases: one with a memo, one
  /// without.
  ///
  /// Also into a layer (a buffer whose corner is not the canvas's), and with a shape
  /// that the fill rule changes: two contours the same way round, which even-odd
  /// cuts a hole between and non-zero does not, drawn with both rules.
  @Test(arguments: [false, true])
  func aHitPaintsTheBytesOfAScan(layer: Bool) throws {
    var generator = SplitMix(seed: 42)
    func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
    let (target, clip) = try Self.target(layer: layer)
    var withMemo = target
    var without = withMemo
    let memo = CoverageMemo(budget: 1 << 20)
    var drawn = 0
    for n in 0..<240 {
      // Few sizes and offsets, so shapes repeat; some placed off the canvas's edges.
      let size = (width: Double(20 + 10 * (n % 3)), height: Double(12 + 6 * (n % 2)))
      let fraction = [0, 0.5, 0.25][n % 3]
      let x = (unit() * 170).rounded(.down) - 10 + fraction
      let y = (unit() * 230).rounded(.down) - 10 + fraction
      let shape = RoundedRect(Rect(x: x, y: y, width: size.width, height: size.height), radius: 4 + Double(n % 2) * 3)
      let (own, origin) = shape.inOwnFrame()
      var path = Path()
      path.addRoundedRect(own)
      if n % 4 == 1 { path.addRoundedRect(own.insetBy(1.5), reversed: true) }
      if n % 4 == 3 { path.addRoundedRect(own.insetBy(2.5)) }
      let rule: FillRule = n % 8 == 3 ? .evenOdd : .nonZero
      let paint = Paint.solid(RGBA8(r: UInt8(n % 256), g: 200, b: 90, a: n % 5 == 0 ? 128 : 255))
      let cut = n % 7 == 0 ? clip : nil
      if n % 6 == 5 {
        let style = StrokeStyle(width: 2, cap: .butt, join: .miter, dashes: [3, 2])
        withMemo.stroke(path, from: origin, style: style, with: paint, clip: cut, memo: memo)
        without.stroke(path, from: origin, style: style, with: paint, clip: cut)
      } else {
        withMemo.fill(path, from: origin, rule: rule, with: paint, clip: cut, memo: memo)
        without.fill(path, from: origin, rule: rule, with: paint, clip: cut)
      }
      drawn += 1
    }
    let differing = withMemo.firstByteDiffering(from: without)
    #expect(differing == nil, "byte \(differing ?? 0) (pixel \((differing ?? 0) / 4)) differs")
    // Most shapes were drawn again elsewhere: far fewer kept than drawn.
    #expect(memo.count > 0)
    #expect(memo.count < drawn / 2, "kept \(memo.count) shapes of \(drawn) drawn")
  }

  /// Drawn from an origin of its own, the same path gives the pixels it gives in
  /// the target's coordinates, moved.
  @Test func aPathFromAnOriginIsThePathMoved() throws {
    var a = try PixelBuffer(width: 64, height: 64, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    var b = a
    var local = Path()
    local.addRoundedRect(RoundedRect(Rect(x: 0.5, y: 0.25, width: 30, height: 20), radius: 6))
    var placed = Path()
    placed.addRoundedRect(RoundedRect(Rect(x: 17.5, y: 9.25, width: 30, height: 20), radius: 6))
    a.fill(local, from: PixelOrigin(x: 17, y: 9), with: .solid(RGBA8(r: 255, g: 128, b: 0, a: 255)))
    b.fill(placed, with: .solid(RGBA8(r: 255, g: 128, b: 0, a: 255)))
    let same = a.bytes == b.bytes
    #expect(same)
    let black = try PixelBuffer(width: 64, height: 64, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    #expect(a.bytes != black.bytes)
  }

  /// A shape reaching far past the canvas from an origin of its own is clamped as
  /// its coordinates moved onto the canvas are: the same window, not one cut short
  /// at the limit measured from its own origin.
  @Test func aFarReachingShapeHasTheWindowOfItsPlacedCoordinates() throws {
    let rasterizer = CoverageRasterizer(clipWidth: 100, clipHeight: 80)
    for (x, width) in [(-65500.5, 131_000.0), (-65535.5, 200_000.0), (-40000.25, 90_000.0), (30.5, 10.0)] {
      let placed = RoundedRect(Rect(x: x, y: x / 2, width: width, height: width / 2))
      let (own, origin) = placed.inOwnFrame()
      var local = Path(), absolute = Path()
      local.addRoundedRect(own)
      absolute.addRoundedRect(placed)
      let window = rasterizer.pixelBounds(of: local.flattened(), from: origin)
      let expected = rasterizer.pixelBounds(of: absolute.flattened())
      #expect(window?.left == expected?.left && window?.right == expected?.right, "x \(x), width \(width)")
      #expect(window?.top == expected?.top && window?.bottom == expected?.bottom, "x \(x), width \(width)")
      var a = try PixelBuffer(width: 100, height: 80, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
      var b = a
      a.fill(local, from: origin, with: .solid(RGBA8(r: 255, g: 255, b: 255, a: 255)))
      b.fill(absolute, with: .solid(RGBA8(r: 255, g: 255, b: 255, a: 255)))
      let same = a.bytes == b.bytes
      #expect(same, "x \(x), width \(width)")
    }
  }

  /// Two shapes of one size a whole number of pixels apart are the same shape in
  /// their own frames, and the origins carry the difference.
  @Test func shapesAWholeNumberApartAreOneInTheirOwnFrames() {
    let first = RoundedRect(Rect(x: 48.5, y: 60.25, width: 1074, height: 168), radius: 30).inOwnFrame()
    let second = RoundedRect(Rect(x: 48.5, y: 2304.25, width: 1074, height: 168), radius: 30).inOwnFrame()
    #expect(first.shape == second.shape)
    #expect(first.shape.rect.x == 0.5 && first.shape.rect.y == 0.25)
    #expect(first.origin == PixelOrigin(x: 48, y: 60))
    #expect(second.origin == PixelOrigin(x: 48, y: 2304))
    // Negative positions round down, and a shape too far out for an origin stays put.
    #expect(RoundedRect(Rect(x: -3.5, y: -0.75, width: 4, height: 4)).inOwnFrame().origin == PixelOrigin(x: -4, y: -1))
    let far = RoundedRect(Rect(x: 1e300, y: 0, width: 4, height: 4))
    #expect(far.inOwnFrame().shape == far && far.inOwnFrame().origin == PixelOrigin(x: 0, y: 0))
  }

  /// The memo keeps what its budget allows: past it, shapes used longest ago go,
  /// and a shape whose spans would take more than an eighth of it is not kept.
  @Test func theMemoStaysWithinItsBudget() throws {
    var canvas = try PixelBuffer(width: 200, height: 200, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    let memo = CoverageMemo(budget: 64 << 10)
    for n in 0..<200 {
      var path = Path()
      path.addRoundedRect(RoundedRect(Rect(x: 0, y: 0, width: 20 + Double(n) * 0.5, height: 60), radius: 6))
      canvas.fill(path, with: .solid(RGBA8(r: 255, g: 255, b: 255, a: 255)), memo: memo)
    }
    #expect(memo.count > 0 && memo.count < 40, "kept \(memo.count)")
    let kept = memo.count
    var large = Path()
    large.addRoundedRect(RoundedRect(Rect(x: 10.5, y: 5.5, width: 180, height: 190), radius: 80))
    canvas.fill(large, with: .solid(RGBA8(r: 255, g: 0, b: 0, a: 255)), memo: memo)
    #expect(memo.count == kept)
  }

  /// A shape named by what its outline is made from is painted, the second time
  /// its name and window come, without its outline being made — with the bytes of a
  /// scan, from any origin, through a clip, on a layer, and for strokes.
  @Test(arguments: [false, true])
  func aNamedShapeIsPaintedWithoutItsOutline(layer: Bool) throws {
    let (target, clip) = try Self.target(layer: layer)
    var withMemo = target
    var without = withMemo
    let memo = CoverageMemo(budget: 1 << 20)
    var outlines = 0
    for n in 0..<120 {
      // Three shapes at whole-pixel steps, so names repeat with other origins; a
      // tenth cut by the canvas's side, two outside it.
      let kind = n % 3
      let own = RoundedRect(
        Rect(x: 0.25 * Double(kind), y: 0.5, width: 24 + Double(kind) * 9, height: 14), radius: 5,
        curve: kind == 1 ? .continuous : .circular)
      let origin = PixelOrigin(x: n % 10 == 9 ? 140 : 15 + (n * 37) % 70, y: n == 7 || n == 10 ? 400 : 5 + (n * 53) % 150)
      let paint = Paint.solid(RGBA8(r: UInt8(n % 256), g: 200, b: 90, a: n % 5 == 0 ? 128 : 255))
      let cut = n % 7 == 0 ? clip : nil
      var path = Path()
      // A dashed ring's centre line is the shape inset by half its width.
      path.addRoundedRect(kind == 2 ? own.insetBy(1) : own)
      if kind == 2 {
        let style = StrokeStyle(width: 2, cap: .butt, join: .miter, dashes: [3, 2])
        withMemo.stroke(
          named: ShapeName(.dashedRing, own, [2, 3, 2]),
          {
            outlines += 1
            return path
          }, from: origin, style: style, with: paint, clip: cut, memo: memo)
        without.stroke(path, from: origin, style: style, with: paint, clip: cut)
      } else {
        withMemo.fill(
          named: ShapeName(.roundedRect, own),
          {
            outlines += 1
            return path
          }, from: origin, with: paint, clip: cut, memo: memo)
        without.fill(path, from: origin, with: paint, clip: cut)
      }
    }
    let differing = withMemo.firstByteDiffering(from: without)
    #expect(differing == nil, "byte \(differing ?? 0) (pixel \((differing ?? 0) / 4)) differs")
    // A name is outlined once while its shape falls wholly inside the canvas (and
    // the clip's rectangle), and every time the canvas's side or the clip cuts it.
    #expect(outlines > 3 && outlines < 40, "\(outlines) outlines made for 120 shapes")
  }

  /// A name leads only to coverage the memo holds of a shape drawn whole: a shape
  /// too large to keep is outlined every time, as is one the canvas's side cuts or
  /// that falls outside it; a shape inside is outlined once, wherever it is drawn
  /// again.
  @Test func aNameIsKeptOnlyForWhatTheMemoHolds() throws {
    var canvas = try PixelBuffer(width: 200, height: 200, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    let memo = CoverageMemo(budget: 64 << 10)
    var outlines = 0
    func draw(_ shape: RoundedRect, from origin: PixelOrigin) {
      canvas.fill(
        named: ShapeName(.roundedRect, shape),
        {
          outlines += 1
          var path = Path()
          path.addRoundedRect(shape)
          return path
        }, from: origin, with: .solid(RGBA8(r: 255, g: 255, b: 255, a: 255)), memo: memo)
    }
    let large = RoundedRect(Rect(x: 0.5, y: 0.5, width: 180, height: 190), radius: 80)
    draw(large, from: PixelOrigin(x: 10, y: 5))
    draw(large, from: PixelOrigin(x: 10, y: 5))
    #expect(outlines == 2, "a shape too large to keep was taken from its name")
    outlines = 0
    let small = RoundedRect(Rect(x: 0.5, y: 0.5, width: 18, height: 19), radius: 8)
    for x in [500, 190, 190] { draw(small, from: PixelOrigin(x: x, y: 5)) }
    #expect(outlines == 3, "a shape outside the canvas or cut by it: \(outlines) outlines")
    outlines = 0
    for x in [20, 40, 60] { draw(small, from: PixelOrigin(x: x, y: 5)) }
    #expect(outlines == 1, "a shape inside the canvas: \(outlines) outlines")
  }
}
