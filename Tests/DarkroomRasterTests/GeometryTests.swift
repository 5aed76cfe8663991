import Foundation
import DarkroomRaster
import Testing

@testable import DarkroomRaster

@Suite("Geometry")
struct GeometryTests {
  /// The alpha of a white shape on clear, summed, in pixels.
  func coveredArea(_ path: Path, rule: FillRule = .nonZero, width: Int, height: Int) throws -> Double {
    var buffer = try PixelBuffer(width: width, height: height)
    buffer.fill(path, rule: rule, with: RGBA8(r: 255, g: 255, b: 255))
    var total = 0
    for i in stride(from: 3, to: buffer.bytes.count, by: 4) { total += Int(buffer.bytes[i]) }
    return Double(total) / 255
  }

  @Test func ownSineAndCosineAgreeWithTheSystemsToTheLastBits() {
    var angle = -20.0
    while angle < 20 {
      #expect(abs(Trigonometry.sine(angle) - sin(angle)) <= 4e-16 * max(1, abs(angle)), "sin \(angle)")
      #expect(abs(Trigonometry.cosine(angle) - cos(angle)) <= 4e-16 * max(1, abs(angle)), "cos \(angle)")
      angle += 0.0137
    }
  }

  @Test func oddQuarterTurnsGiveExactlyOne() {
    // k·π/2 as a double is not exactly a quarter turn, so sin there is a tiny
    // non-zero number (as libm says too); but the extremes are exactly ±1, which is
    // what puts a circle's extreme points on its bounding box.
    for k in -8...8 {
      let angle = Double(k) * Double.pi / 2
      let sign: [Double] = [0, 1, 0, -1]
      let s = sign[((k % 4) + 4) % 4], c = sign[((k % 4) + 5) % 4]
      if s != 0 { #expect(Trigonometry.sine(angle) == s, "sin at \(k) quarter turns") }
      if c != 0 { #expect(Trigonometry.cosine(angle) == c, "cos at \(k) quarter turns") }
    }
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func circleFromArcsAndEllipseCoverTheCircleArea(rule: FillRule) throws {
    let exact = Double.pi * 30 * 30
    var ellipse = Path()
    ellipse.addCircle(center: Point(x: 40.25, y: 40.5), radius: 30)
    var arcs = Path()
    arcs.addArc(center: Point(x: 40.25, y: 40.5), radius: 30, startAngle: 0.3, endAngle: 0.3 + 2 * Double.pi)
    for path in [ellipse, arcs] {
      let measured = try coveredArea(path, rule: rule, width: 80, height: 80)
      #expect(abs(measured - exact) / exact < 0.005, "measured \(measured), exact \(exact)")
    }
  }

  @Test func evenOddCutsTheOverlapOfTwoSquaresAndNonZeroDoesNot() throws {
    // Two clockwise squares of 20 × 20 overlapping in a 10 × 10 square.
    var path = Path()
    path.addRect(Rect(x: 5, y: 5, width: 20, height: 20))
    path.addRect(Rect(x: 15, y: 15, width: 20, height: 20))
    var nonZero = try PixelBuffer(width: 40, height: 40)
    nonZero.fill(path, rule: .nonZero, with: RGBA8(r: 255, g: 255, b: 255))
    var evenOdd = try PixelBuffer(width: 40, height: 40)
    evenOdd.fill(path, rule: .evenOdd, with: RGBA8(r: 255, g: 255, b: 255))
    for y in 0..<40 {
      for x in 0..<40 {
        let inOverlap = (15..<25).contains(x) && (15..<25).contains(y)
        if inOverlap {
          #expect(nonZero[x, y].a == 255 && evenOdd[x, y].a == 0, "overlap pixel \(x),\(y)")
        } else {
          #expect(nonZero[x, y].a == evenOdd[x, y].a, "pixel \(x),\(y) outside the overlap")
        }
      }
    }
  }

  @Test func eachCornerTakesItsOwnRadius() throws {
    let rect = Rect(x: 4.5, y: 6, width: 90, height: 50)
    let radii = CornerRadii(topLeft: 20, topRight: 0, bottomRight: 8, bottomLeft: 3)
    var path = Path()
    path.addRoundedRect(RoundedRect(rect, radii: radii))
    let cut = (1 - Double.pi / 4) * Double(20 * 20 + 8 * 8 + 3 * 3 as Int)
    let exact = rect.width * rect.height - cut
    let measured = try coveredArea(path, width: 100, height: 64)
    #expect(abs(measured - exact) / exact < 0.005, "measured \(measured), exact \(exact)")
    // The square corner is fully covered right up to it; the round one is not.
    var buffer = try PixelBuffer(width: 100, height: 64)
    buffer.fill(path, with: RGBA8(r: 255, g: 255, b: 255))
    #expect(buffer[94, 6].a == 128)  // half of the pixel column is inside at x = 94.5
    #expect(buffer[5, 6].a == 0)
  }

  @Test func radiiLargerThanTheSideShrinkTogether() throws {
    // 60 + 60 on a 100-wide side: every radius shrinks by 100/120, as in CSS.
    let rect = Rect(x: 0, y: 0, width: 100, height: 100)
    var path = Path()
    path.addRoundedRect(RoundedRect(rect, radii: CornerRadii(60)))
    let r = 50.0
    let exact = 100 * 100 - (4 - Double.pi) * r * r
    let measured = try coveredArea(path, width: 100, height: 100)
    #expect(abs(measured - exact) / exact < 0.005)
  }

  @Test func continuousCornersAreSymmetricStayInsideAndLeaveTheSideLater() throws {
    let rect = Rect(x: 8, y: 8, width: 48, height: 48)
    var continuous = Path()
    continuous.addRoundedRect(RoundedRect(rect, radius: 12, curve: .continuous))
    var circular = Path()
    circular.addRoundedRect(RoundedRect(rect, radius: 12))
    var a = try PixelBuffer(width: 64, height: 64)
    a.fill(continuous, with: RGBA8(r: 255, g: 255, b: 255))
    var b = try PixelBuffer(width: 64, height: 64)
    b.fill(circular, with: RGBA8(r: 255, g: 255, b: 255))
    for y in 0..<64 {
      for x in 0..<64 {
        let v = a[x, y].a
        #expect(v == a[63 - x, y].a && v == a[x, 63 - y].a && v == a[y, x].a, "asymmetric at \(x),\(y)")
        if !(8..<56).contains(x) || !(8..<56).contains(y) { #expect(v == 0, "outside at \(x),\(y)") }
      }
    }
    // Along the top edge, a circular corner is straight from 12 pt in; the
    // continuous one still curves there (it takes 1.6 × 12 = 19.2 pt).
    #expect(b[8 + 14, 8].a == 255)
    #expect(a[8 + 14, 8].a < 255)
    #expect(a[8 + 24, 8].a == 255)
  }
}
