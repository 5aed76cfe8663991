import Testing

@testable import DarkroomRaster

/// The four-pixels-at-a-time loops (`PixelLanes`) against source-over written out
/// channel by channel: every source alpha with every coverage (or opacity), over
/// premultiplied pixels of every kind, in rows whose lengths leave a tail.
@Suite("Wide compositing")
struct WideCompositingTests {
  /// `source` at `coverage` over `under`, one channel at a time.
  func sourceOver(_ source: [UInt8], coverage: UInt8, onto under: [UInt8]) -> [UInt8] {
    let weighted = source.map { Blend.multiply($0, coverage) }
    return (0..<4).map { weighted[$0] + Blend.multiply(under[$0], 255 - weighted[3]) }
  }

  func premultipliedPixel(_ generator: inout SplitMix, alpha: UInt8? = nil) -> [UInt8] {
    let a = alpha ?? UInt8(truncatingIfNeeded: generator.next())
    var pixel: [UInt8] = []
    for _ in 0..<3 { pixel.append(UInt8(generator.next() % (UInt64(a) + 1))) }
    return pixel + [a]
  }

  func row(_ generator: inout SplitMix, count: Int) -> [UInt8] {
    var pixels: [UInt8] = []
    for _ in 0..<count { pixels += premultipliedPixel(&generator) }
    return pixels
  }

  @Test func oneColourOverASpanEqualsTheFormulaForEveryAlphaAndCoverage() {
    var generator = SplitMix(seed: 31)
    for alpha in 0...255 {
      let source = premultipliedPixel(&generator, alpha: UInt8(alpha))
      let colour = PremultipliedRGBA8(r: source[0], g: source[1], b: source[2], a: source[3])
      for coverage in 0...255 {
        let count = 5 + coverage % 4
        var pixels = row(&generator, count: count)
        let before = pixels
        pixels.withUnsafeMutableBufferPointer {
          Blend.sourceOverSpan(colour, coverage: UInt8(coverage), into: $0, from: 0, count: count)
        }
        for p in 0..<count {
          let expected = sourceOver(source, coverage: UInt8(coverage), onto: Array(before[(p * 4)..<(p * 4 + 4)]))
          #expect(Array(pixels[(p * 4)..<(p * 4 + 4)]) == expected, "alpha \(alpha) coverage \(coverage) pixel \(p)")
        }
      }
    }
  }

  @Test func aMaskRowEqualsTheFormulaForEveryAlphaAndCoverage() {
    var generator = SplitMix(seed: 32)
    // Every coverage, then runs of none and of full coverage (the skipped and the
    // stored groups of four), and a tail.
    let coverage = (0...255).map { UInt8($0) } + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 255, count: 8)
      + [7, 0, 255]
    for alpha in 0...255 {
      let source = premultipliedPixel(&generator, alpha: UInt8(alpha))
      let word = PremultipliedRGBA8(r: source[0], g: source[1], b: source[2], a: source[3]).word
      var pixels = row(&generator, count: coverage.count)
      let before = pixels
      pixels.withUnsafeMutableBytes { target in
        coverage.withUnsafeBufferPointer { mask in
          PixelLanes.blend(
            target.baseAddress!, count: coverage.count, coverage: mask.baseAddress!, word: word, alpha: UInt8(alpha))
        }
      }
      for p in coverage.indices {
        let expected = sourceOver(source, coverage: coverage[p], onto: Array(before[(p * 4)..<(p * 4 + 4)]))
        #expect(Array(pixels[(p * 4)..<(p * 4 + 4)]) == expected, "alpha \(alpha) coverage \(coverage[p])")
      }
    }
  }

  @Test func anImageRowEqualsTheFormulaForEveryOpacityAndAlpha() {
    var generator = SplitMix(seed: 33)
    // Every alpha, then transparent and opaque groups of four, and a tail.
    let alphas = (0...255).map { UInt8($0) } + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 255, count: 8)
      + [9, 255, 0]
    for opacity in 1...255 {
      var source: [UInt8] = []
      for alpha in alphas { source += premultipliedPixel(&generator, alpha: alpha) }
      var pixels = row(&generator, count: alphas.count)
      let before = pixels
      pixels.withUnsafeMutableBytes { target in
        source.withUnsafeBytes { from in
          PixelLanes.blend(target.baseAddress!, count: alphas.count, source: from.baseAddress!, opacity: UInt8(opacity))
        }
      }
      for p in alphas.indices {
        let expected = sourceOver(
          Array(source[(p * 4)..<(p * 4 + 4)]), coverage: UInt8(opacity), onto: Array(before[(p * 4)..<(p * 4 + 4)]))
        #expect(Array(pixels[(p * 4)..<(p * 4 + 4)]) == expected, "opacity \(opacity) alpha \(alphas[p])")
      }
    }
  }

  @Test func aFillWritesTheWordToEveryPixelOfTheSpanAndNoOther() {
    for count in 0..<11 {
      var pixels = [UInt8](repeating: 7, count: 13 * 4)
      pixels.withUnsafeMutableBytes { PixelLanes.fill($0.baseAddress! + 4, count: count, with: 0x0403_0201) }
      for p in 0..<13 {
        let inside = p >= 1 && p < 1 + count
        #expect(Array(pixels[(p * 4)..<(p * 4 + 4)]) == (inside ? [1, 2, 3, 4] : [7, 7, 7, 7]), "count \(count) pixel \(p)")
      }
    }
  }
}
