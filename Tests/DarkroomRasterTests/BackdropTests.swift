import DarkroomRaster
import Testing

@testable import DarkroomRaster

/// The backdrop blur a material starts from, and the status bar's signal glyphs,
/// checked against what they must do (edges, symmetry, conservation), not against
/// pixels they produced.
@Suite("Backdrop and status glyphs")
struct BackdropTests {
  func mask(_ rect: Rect, width: Int, height: Int) -> AlphaMask {
    var path = Path()
    path.addRect(rect)
    return AlphaMask(path, width: width, height: height)
  }

  /// A 40 × 20 buffer: black on the left half, white on the right.
  func halves() throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: 40, height: 20, fill: RGBA8(r: 0, g: 0, b: 0))
    buffer.fill(Rect(x: 20, y: 0, width: 20, height: 20), with: RGBA8(r: 255, g: 255, b: 255))
    return buffer
  }

  @Test func theBlurMixesAcrossAnEdgeAndLeavesEverythingOutsideTheMaskAlone() throws {
    let before = try halves()
    var after = before
    after.blurBackdrop(under: mask(Rect(x: 0, y: 5, width: 40, height: 10), width: 40, height: 20), sigma: 3)
    for y in 0..<20 where !(5..<15).contains(y) {
      for x in 0..<40 { #expect(after[x, y] == before[x, y], "outside the mask at \(x),\(y)") }
    }
    let row = (0..<40).map { Int(after[$0, 10].r) }
    #expect(row[0] == 0 && row[39] == 255, "far from the edge, and past the buffer's edge read as the edge pixel")
    #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "rising across the edge: \(row)")
    #expect(row[19] > 60 && row[20] < 195, "the edge is blurred")
    #expect(abs(row[19] + row[20] - 255) <= 1, "symmetric about it")
    #expect((0..<40).allSatisfy { after[$0, 10].a == 255 }, "opaque stays opaque")
  }

  @Test func aUniformBackdropStaysUniformUpToTheBuffersEdges() throws {
    let colour = RGBA8(r: 10, g: 120, b: 200, a: 180)
    let before = try PixelBuffer(width: 30, height: 30, fill: colour)
    var after = before
    after.blurBackdrop(under: mask(Rect(x: 0, y: 0, width: 30, height: 30), width: 30, height: 30), sigma: 4)
    #expect(after == before, "nothing beyond the edges darkens it")
  }

  @Test func partialCoverageMixesTheBlurredAndTheOriginalPixel() throws {
    let before = try halves()
    var full = before, half = before
    full.blurBackdrop(under: mask(Rect(x: 0, y: 0, width: 40, height: 20), width: 40, height: 20), sigma: 3)
    var covered = mask(Rect(x: 0, y: 0, width: 40, height: 20), width: 40, height: 20)
    covered.values = covered.values.map { _ in 128 }
    half.blurBackdrop(under: covered, sigma: 3)
    for x in 0..<40 {
      let expected = (Int(full[x, 10].r) * 128 + Int(before[x, 10].r) * 127 + 127) / 255
      #expect(Int(half[x, 10].r) == expected, "at \(x)")
      #expect(half[x, 10].r <= half[x, 10].a)
    }
  }

  @Test(arguments: [0.7, 3, 8.5, 20])
  func eachPixelIsTheBlurOfItsChannelsWholePlaneMixedByCoverage(sigma: Double) throws {
    // Premultiplied content that varies in every channel: stripes, a gradient and
    // alpha, so a channel mixed up with another, or a row cut short, shows.
    var before = try PixelBuffer(width: 61, height: 37, fill: RGBA8(r: 0, g: 0, b: 0, a: 0))
    for y in 0..<37 {
      for x in 0..<61 {
        let a = UInt8(90 + (x * 7 + y * 3) % 166)
        let i = (y * 61 + x) * 4
        before.bytes[i] = UInt8(x * 4 % Int(a))
        before.bytes[i + 1] = UInt8((y * 11 + x) % Int(a))
        before.bytes[i + 2] = UInt8((x ^ y) % Int(a))
        before.bytes[i + 3] = a
      }
    }
    // A mask with soft edges, reaching past the buffer's left and bottom edges.
    var path = Path()
    path.addRect(Rect(x: -4.5, y: 20.3, width: 40.25, height: 30))
    let covered = AlphaMask(path, width: 61, height: 37)
    var after = before
    after.blurBackdrop(under: covered, sigma: sigma)
    // The reference: each channel's plane, extended past every edge by repeating the
    // edge pixel far enough that the blur cannot tell, blurred whole.
    let margin = 3 * Int(sigma.rounded(.up)) + 4
    let planes = (0..<4).map { channel -> AlphaMask in
      var plane = AlphaMask(x: -margin, y: -margin, width: 61 + 2 * margin, height: 37 + 2 * margin)
      for row in 0..<plane.height {
        for column in 0..<plane.width {
          let x = min(max(column - margin, 0), 60), y = min(max(row - margin, 0), 36)
          let pixel = before[x, y]
          plane.values[row * plane.width + column] = [pixel.r, pixel.g, pixel.b, pixel.a][channel]
        }
      }
      return plane.blurred(sigma: sigma)
    }
    for y in 0..<37 {
      for x in 0..<61 {
        let coverage = Int(covered[x, y])
        let original = before[x, y]
        guard coverage > 0 else {
          #expect(after[x, y] == original, "outside the mask at \(x),\(y)")
          continue
        }
        let mixed = (0..<4).map { (channel: Int) -> UInt8 in
          let old = Int([original.r, original.g, original.b, original.a][channel])
          let sum = Int(planes[channel][x, y]) * coverage + old * (255 - coverage)
          return UInt8((sum + 127) / 255)
        }
        let expected = PremultipliedRGBA8(
          r: min(mixed[0], mixed[3]), g: min(mixed[1], mixed[3]), b: min(mixed[2], mixed[3]), a: mixed[3])
        #expect(after[x, y] == expected, "at \(x),\(y)")
      }
    }
  }

  /// Runs of ink down the glyph's middle column, drawn at 96 pixels.
  func inkRuns(_ icon: Icon) -> (runs: Int, rows: [Int]) {
    let mask = AlphaMask(icon.outline(in: Rect(x: 0, y: 0, width: 96, height: 96)), width: 96, height: 96)
    var runs = 0, inside = false
    for y in 0..<96 {
      let ink = mask[48, y] > 127
      if ink && !inside { runs += 1 }
      inside = ink
    }
    let widths = (0..<96).map { y in (0..<96).filter { mask[$0, y] > 127 }.count }
    return (runs, widths)
  }

  @Test func wiFiIsAFanOfArcsNotRisingBars() {
    let (runs, widths) = inkRuns(.wifi)
    #expect(runs == 3, "a wedge and two bands, one above another down the middle")
    // A fan widens upwards: its widest rows are in the top half, its narrowest ink at the bottom tip.
    let inked = widths.enumerated().filter { $0.element > 0 }
    let widest = inked.max { $0.element < $1.element }?.offset ?? 0
    #expect(widest < 48 && (inked.last?.element ?? 0) < 12)
    // Mirror-symmetric about the middle.
    let mask = AlphaMask(Icon.wifi.outline(in: Rect(x: 0, y: 0, width: 96, height: 96)), width: 96, height: 96)
    var asymmetric = 0
    for y in 0..<96 { for x in 0..<48 where abs(Int(mask[x, y]) - Int(mask[95 - x, y])) > 8 { asymmetric += 1 } }
    #expect(asymmetric == 0)
  }

  @Test func cellularIsFourRisingBarsOnOneBaseline() {
    let mask = AlphaMask(Icon.cellularbars.outline(in: Rect(x: 0, y: 0, width: 96, height: 96)), width: 96, height: 96)
    // Across the bottom row of ink: four separate bars.
    var bars: [(start: Int, top: Int)] = []
    var inside = false
    let inked = (0..<96).filter { y in (0..<96).contains { mask[$0, y] > 127 } }
    let baseline = inked.last ?? 0
    for x in 0..<96 {
      let ink = mask[x, baseline - 2] > 127
      if ink && !inside {
        let top = (0..<96).filter { mask[x + 3, $0] > 127 }.first ?? 0
        bars.append((x, top))
      }
      inside = ink
    }
    #expect(bars.count == 4)
    #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.top > $1.top }, "each taller than the one before")
  }
}
