import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Colour conversions use Darkroom's own power function, so every platform computes
/// the same bits; it gives the bytes libm's `pow` gave here, and is as accurate.
@Suite("Transfer functions without libm")
struct TransferFunctionTests {
  /// Inputs: every byte as a component, and a dense sweep of 0…1 and a little past.
  static let inputs: [Double] = (0...255).map { Double($0) / 255 } + (0...20_000).map { Double($0) / 19_000 }
  /// Components as colour sources write them: a byte over 255, or a decimal of up
  /// to four digits (asset catalogs write three).
  static let written: [Double] = (0...255).map { Double($0) / 255 } + (0...10_000).map { Double($0) / 10_000 }

  @Test func powerIsWithinATrillionthOfLibm() {
    for x in Self.inputs where x > 0 {
      for y in [2.2, 2.4, 1 / 2.4] {
        let own = ColorSpace.power(x, y), libm = Foundation.pow(x, y)
        // Relative 1e-14: y × ln x carries its last bit into the result, up to ~40 units.
        #expect(abs(own - libm) <= 1e-14 * libm, "power(\(x), \(y)) = \(own), libm \(libm)")
      }
    }
    #expect(ColorSpace.power(0, 2.2) == 0)
    #expect(ColorSpace.power(1, 2.4) == 1)
    #expect(ColorSpace.power(2, 10) == 1024)
  }

  @Test func everyConversionOfWrittenComponentsGivesTheBytesLibmGave() {
    func libmEncode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * Foundation.pow(v, 1 / 2.4) - 0.055 }
    func libmDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4) }
    var halves = 0
    for x in Self.written {
      #expect(ColorSpace.byte(ColorSpace.encode(x)) == ColorSpace.byte(libmEncode(x)))
      let grey = ColorSpace.grayGamma22.sRGB([x], alpha: 1)
      #expect(grey.r == ColorSpace.byte(libmEncode(x <= 0 ? 0 : Foundation.pow(x, 2.2))))
      let p3 = ColorSpace.displayP3.sRGB([x, 1 - x, x / 2], alpha: 1)
      let linear = [x, 1 - x, x / 2].map(libmDecode)
      let values = ColorSpace.p3ToSRGB.map { row in libmEncode(row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]) }
      // A channel within 1e-9 of half a byte is on the boundary in exact arithmetic
      // (P3 (0.5, 0.5, 0.25)'s red is sRGB's 0.5): either byte is rounding noise,
      // libm's as much as Darkroom's, and only these may differ.
      let onHalf = values.map { abs(($0 * 255).truncatingRemainder(dividingBy: 1) - 0.5) < 1e-9 }
      for (channel, value) in zip([p3.r, p3.g, p3.b].indices, values) where !onHalf[channel] {
        #expect([p3.r, p3.g, p3.b][channel] == ColorSpace.byte(value), "P3 \(x): channel \(channel)")
      }
      halves += onHalf.filter { $0 }.count
      // A grey in Display P3 is the same grey in sRGB.
      let greyP3 = ColorSpace.displayP3.sRGB([x, x, x], alpha: 1), greySRGB = ColorSpace.sRGB.sRGB([x, x, x], alpha: 1)
      #expect(greyP3 == greySRGB)
    }
    #expect(halves <= 2, "\(halves) channels on half a byte")
  }
}
