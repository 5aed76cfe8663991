import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering
@testable import DarkroomRaster

/// Work shared between snapshots (blurred shadows, set text) and the smaller
/// encodings of review images give exactly what making them afresh gives.
@Suite("Shared work")
struct SharedWorkTests {
  private func card(x: Double, y: Double) -> Path {
    var path = Path()
    path.addRoundedRect(shape(x: x, y: y))
    return path
  }

  private func shape(x: Double, y: Double) -> RoundedRect {
    RoundedRect(Rect(x: x, y: y, width: 120.5, height: 64.25), radius: 12)
  }

  @Test func aSharedShadowIsTheBlurMadeAfresh() {
    let store = ShadowMasks(budget: 8 << 20)
    var outlines = 0
    func mask(x: Double, y: Double) -> AlphaMask {
      store.mask(
        named: ShapeName(.roundedRect, shape(x: x, y: y)),
        {
          outlines += 1
          return card(x: x, y: y)
        }, sigma: 7.5, width: 400, height: 300)
    }
    let first = mask(x: 20.25, y: 30.5)
    // The same shape moved by whole pixels finds the first blur; the fractional
    // position is the same, so the coverage is too.
    let moved = mask(x: 140.25, y: 200.5)
    #expect(first == AlphaMask(blurring: card(x: 20.25, y: 30.5), sigma: 7.5, width: 400, height: 300))
    #expect(moved == AlphaMask(blurring: card(x: 140.25, y: 200.5), sigma: 7.5, width: 400, height: 300))
    // A shape cut by the canvas edge has other values: it is not taken for the first.
    let cut = mask(x: 340.25, y: 30.5)
    #expect(cut == AlphaMask(blurring: card(x: 340.25, y: 30.5), sigma: 7.5, width: 400, height: 300))
    #expect(cut.width != first.width)
    #expect(outlines == 3)
    // Asked for again at the same place (another mode, the next band), a shadow is
    // found by its name, its shape neither made nor rasterized again; at another σ
    // or on another canvas it is a shadow of its own.
    #expect(mask(x: 20.25, y: 30.5) == first && mask(x: 340.25, y: 30.5) == cut)
    #expect(outlines == 3)
    // The cut card: on a wider canvas it is whole, and on a shorter one cut too.
    let wider = store.mask(
      named: ShapeName(.roundedRect, shape(x: 340.25, y: 30.5)), { card(x: 340.25, y: 30.5) }, sigma: 7.5,
      width: 500, height: 300)
    #expect(wider == AlphaMask(blurring: card(x: 340.25, y: 30.5), sigma: 7.5, width: 500, height: 300))
    #expect(wider.width > cut.width)
    let shorter = store.mask(
      named: ShapeName(.roundedRect, shape(x: 340.25, y: 30.5)), { card(x: 340.25, y: 30.5) }, sigma: 7.5,
      width: 400, height: 60)
    #expect(shorter == AlphaMask(blurring: card(x: 340.25, y: 30.5), sigma: 7.5, width: 400, height: 60))
    #expect(shorter.height < cut.height)
    let softer = store.mask(
      named: ShapeName(.roundedRect, shape(x: 20.25, y: 30.5)), { card(x: 20.25, y: 30.5) }, sigma: 9, width: 400,
      height: 300)
    #expect(softer == AlphaMask(blurring: card(x: 20.25, y: 30.5), sigma: 9, width: 400, height: 300))
  }

  @Test func canonicallyEquivalentTextsAreSetEachAsWritten() throws {
    // "é" as one scalar and as e + U+0301 are equal Swift strings, but other text
    // to shape: a memo keyed by String would give the second the first's glyphs.
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
    let layout = try CheckingParser(theme: theme).parse(
      "size: [200, 80]\nroot:\n  vstack:\n    children:\n      - label: { text: \"\(composed)\" }\n      - label: { text: \"\(decomposed)\" }\n",
      file: "Layouts/t.yml", name: "t")
    let lines = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout).textLines
    #expect(lines.count == 2)
    #expect(lines.map { Array($0.line.text.unicodeScalars) } == [Array(composed.unicodeScalars), Array(decomposed.unicodeScalars)])
  }

  @Test func theBlurSpreadsADotSymmetricallyAndKeepsItsMass() {
    var dot = AlphaMask(x: 0, y: 0, width: 41, height: 41)
    dot.values[20 * 41 + 20] = 255
    let blurred = dot.blurred(sigma: 2)
    // The dot is at canvas pixel (20, 20) before and after.
    let peak: UInt8 = blurred[20, 20]
    #expect(blurred.values.max() == peak)
    for d in 1..<5 {
      let left: UInt8 = blurred[20 - d, 20], right: UInt8 = blurred[20 + d, 20]
      let up: UInt8 = blurred[20, 20 - d], down: UInt8 = blurred[20, 20 + d]
      #expect(left == right && up == down && left == up, "distance \(d)")
    }
    let mass = blurred.values.reduce(0) { $0 + Int($1) }
    #expect(abs(mass - 255) < 40, "mass \(mass)")
  }

  @Test func aDifferenceImageIsWrittenWithAPaletteAndDecodesToItsPixels() throws {
    var expected = try PixelBuffer(width: 64, height: 48, fill: RGBA8(r: 30, g: 90, b: 200))
    expected.fill(Rect(x: 4, y: 4, width: 20, height: 9), with: RGBA8(r: 250, g: 250, b: 240))
    var actual = expected
    actual.fill(Rect(x: 30, y: 20, width: 7, height: 5), with: RGBA8(r: 0, g: 0, b: 0))
    let difference = DifferenceImage(expected: expected.straightImage, actual: actual.straightImage)
    let png = try difference.pngData()
    #expect(png[25] == 3, "colour type 3: a palette image")
    let decoded = try PixelBuffer.decodePNG(png, textKey: nil).buffer
    #expect(decoded == difference.pixels)
    #expect(decoded[32, 22] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(decoded[0, 0].r == decoded[0, 0].g && decoded[0, 0].r >= 229)
    #expect(PixelBuffer.differenceImage(expected: expected, actual: actual) == difference.pixels)
  }

  @Test func reviewImagesOfFewColoursArePalettedAndOthersAreNot() throws {
    var few = try PixelBuffer(width: 30, height: 20, fill: RGBA8(r: 10, g: 20, b: 30))
    few.fill(Rect(x: 3, y: 3, width: 5, height: 5), with: RGBA8(r: 200, g: 10, b: 10))
    let fast = try few.pngData(compression: .fast)
    #expect(fast[25] == 3)
    #expect(try PixelBuffer.decodePNG(fast, textKey: nil).buffer == few)
    // Kept images (goldens) stay RGB, and so does anything of more than 256 colours.
    #expect(try few.pngData()[25] == 2)
    var many = try PixelBuffer(width: 300, height: 2)
    for x in 0..<300 { many.fill(Rect(x: Double(x), y: 0, width: 1, height: 2), with: RGBA8(r: UInt8(x % 256), g: UInt8(x / 256), b: 0)) }
    let manyPNG = try many.pngData(compression: .fast)
    #expect(manyPNG[25] == 2)
    #expect(try PixelBuffer.decodePNG(manyPNG, textKey: nil).buffer == many)
  }
}
