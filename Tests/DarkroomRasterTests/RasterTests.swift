import Foundation
import DarkroomRaster
import Testing

@testable import DarkroomRaster

@Suite("Rasterizer")
struct RasterTests {
  /// Total coverage in pixels: the sum of alpha / 255 of a white shape on clear.
  func coveredArea(_ path: Path, width: Int, height: Int) throws -> Double {
    var buffer = try PixelBuffer(width: width, height: height)
    buffer.fill(path, with: RGBA8(r: 255, g: 255, b: 255))
    var total = 0
    for i in stride(from: 3, to: buffer.bytes.count, by: 4) { total += Int(buffer.bytes[i]) }
    return Double(total) / 255
  }

  @Test(arguments: [(0.0, 10.0), (8.0, 8.0), (20.0, 13.5), (30.0, 31.25)])
  func roundedRectangleCoverageMatchesItsExactArea(radius: Double, offset: Double) throws {
    var path = Path()
    let rect = Rect(x: offset, y: offset + 0.3, width: 150.5, height: 90.25)
    path.addRoundedRect(rect, radius: radius)
    let exact = rect.width * rect.height - (4 - Double.pi) * radius * radius
    let measured = try coveredArea(path, width: 200, height: 140)
    #expect(abs(measured - exact) / exact < 0.01, "measured \(measured), exact \(exact)")
  }

  @Test func circleCoverageIsWithinHalfAPercent() throws {
    var path = Path()
    path.addRoundedRect(Rect(x: 10.5, y: 10.5, width: 80, height: 80), radius: 40)
    let exact = Double.pi * 40 * 40
    let measured = try coveredArea(path, width: 100, height: 100)
    #expect(abs(measured - exact) / exact < 0.005, "measured \(measured), exact \(exact)")
  }

  @Test func triangleCoverageIsExact() throws {
    var path = Path()
    path.move(to: Point(x: 3.25, y: 2.5))
    path.line(to: Point(x: 60.75, y: 10))
    path.line(to: Point(x: 20, y: 47.5))
    // Shoelace formula.
    let cross: Double = (60.75 - 3.25) * (47.5 - 2.5) - (20.0 - 3.25) * (10.0 - 2.5)
    let exact = abs(cross) / 2
    let measured = try coveredArea(path, width: 64, height: 50)
    // Only the 8-bit rounding of each edge pixel separates them.
    #expect(abs(measured - exact) < 0.5, "measured \(measured), exact \(exact)")
  }

  @Test func aReversedInnerContourCutsAHole() throws {
    var path = Path()
    path.addRoundedRect(Rect(x: 10, y: 10, width: 60, height: 40), radius: 8)
    path.addRoundedRect(Rect(x: 12, y: 12, width: 56, height: 36), radius: 6, reversed: true)
    let corners: Double = 4 - .pi
    let ring: Double = (60.0 * 40 - corners * 64) - (56.0 * 36 - corners * 36)
    let measured = try coveredArea(path, width: 80, height: 60)
    #expect(abs(measured - ring) / ring < 0.01, "measured \(measured), exact \(ring)")
  }

  @Test func symmetricShapesGiveSymmetricPixels() throws {
    var buffer = try PixelBuffer(width: 64, height: 64)
    var path = Path()
    path.addRoundedRect(Rect(x: 7.3, y: 7.3, width: 49.4, height: 49.4), radius: 13.7)
    buffer.fill(path, with: RGBA8(r: 255, g: 255, b: 255))
    for y in 0..<64 {
      for x in 0..<64 {
        let a = buffer[x, y].a
        #expect(a == buffer[63 - x, y].a && a == buffer[x, 63 - y].a && a == buffer[y, x].a)
      }
    }
  }

  @Test func shapesPartlyOutsideTheBufferAreClippedNotWrapped() throws {
    var buffer = try PixelBuffer(width: 20, height: 20)
    var path = Path()
    path.addRect(Rect(x: -10.5, y: -5, width: 20, height: 40))
    buffer.fill(path, with: RGBA8(r: 255, g: 0, b: 0))
    #expect(buffer[0, 0].a == 255)
    #expect(buffer[9, 19].a == 128)  // half of column 9 is inside (edge at 9.5)
    #expect(buffer[10, 10].a == 0)
    #expect(buffer[19, 19].a == 0)
  }

  @Test func divideBy255IsCorrectlyRoundedForEveryProduct() {
    for x in 0...(255 * 255) {
      #expect(Blend.divide255(UInt32(x)) == UInt32((Double(x) / 255).rounded()), "x \(x)")
    }
  }

  @Test func sourceOverMatchesTheFormula() throws {
    var buffer = try PixelBuffer(width: 1, height: 1, fill: RGBA8(r: 0, g: 0, b: 255))
    buffer.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: RGBA8(r: 255, g: 0, b: 0, a: 128))
    // 255 × 128/255 = 128 red; blue 255 × (255 − 128)/255 = 127.
    #expect(buffer[0, 0] == PremultipliedRGBA8(r: 128, g: 0, b: 127, a: 255))
  }

  @Test func aWordScaledAtOnceEqualsEachChannelScaledAlone() {
    // Every byte value at every factor, in each of the four byte positions (the
    // other three bytes vary too, so a carry between lanes would show).
    for factor in UInt32(0)...255 {
      for value in UInt32(0)...255 {
        let word = value | (255 - value) << 8 | (value ^ 0x5A) << 16 | (value &* 7 & 0xFF) << 24
        let expected = (0..<4).reduce(UInt32(0)) { sum, byte in
          let channel = UInt8((word >> (8 * UInt32(byte))) & 0xFF)
          return sum | UInt32(Blend.multiply(channel, UInt8(factor))) << (8 * UInt32(byte))
        }
        if Blend.scale(word, by: factor) != expected {
          Issue.record("word \(String(word, radix: 16)) × \(factor)")
          return
        }
      }
    }
  }

  @Test func aTranslucentSpanBlendsEveryPixelByTheFormula() {
    // Source-over by the per-channel formula, on premultiplied pixels of every kind.
    var generator = SplitMix(seed: 15)
    for _ in 0..<2_000 {
      let sa = UInt8(truncatingIfNeeded: generator.next())
      let source = PremultipliedRGBA8(
        r: UInt8(generator.next() % (UInt64(sa) + 1)), g: UInt8(generator.next() % (UInt64(sa) + 1)),
        b: UInt8(generator.next() % (UInt64(sa) + 1)), a: sa)
      let coverage = UInt8(truncatingIfNeeded: generator.next())
      let da = UInt8(truncatingIfNeeded: generator.next())
      var bytes: [UInt8] = (0..<3).map { _ in UInt8(generator.next() % (UInt64(da) + 1)) } + [da]
      let before = bytes
      bytes.withUnsafeMutableBufferPointer { Blend.sourceOverSpan(source, coverage: coverage, into: $0, from: 0, count: 1) }
      let weighted = [source.r, source.g, source.b, source.a].map { Blend.multiply($0, coverage) }
      let expected = (0..<4).map { weighted[$0] + Blend.multiply(before[$0], 255 - weighted[3]) }
      #expect(bytes == expected, "source \(source) coverage \(coverage) onto \(before)")
    }
  }

  @Test func absurdBufferSizesAreRefused() {
    #expect(throws: RasterError.self) { try PixelBuffer(width: 0, height: 10) }
    #expect(throws: RasterError.self) { try PixelBuffer(width: 100_000, height: 10) }
    #expect(throws: RasterError.self) { try PixelBuffer(width: 16_384, height: 16_384) }
  }

  @Test func pixelDifferenceCountsAndLocatesChanges() throws {
    let a = try PixelBuffer(width: 10, height: 8, fill: RGBA8(r: 10, g: 10, b: 10))
    var b = a
    b.fill(Rect(x: 2, y: 3, width: 4, height: 2), with: RGBA8(r: 200, g: 0, b: 0))
    let difference = PixelDifference(expected: a, actual: b)
    #expect(difference.differingPixels == 8)
    #expect(difference.bounds == PixelRect(x: 2, y: 3, width: 4, height: 2))
    #expect(PixelDifference(expected: a, actual: a).isIdentical)
    let image = PixelBuffer.differenceImage(expected: a, actual: b)
    #expect(image[3, 4] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(image[0, 0].r == image[0, 0].g && image[0, 0].r > 200, "unchanged pixels are faded grey")
    let taller = try PixelBuffer(width: 10, height: 9, fill: RGBA8(r: 10, g: 10, b: 10))
    let resized = PixelDifference(expected: a, actual: taller)
    #expect(resized.sizeMismatch?.actual == PixelSize(width: 10, height: 9))
    #expect(!resized.isIdentical)
  }
}
