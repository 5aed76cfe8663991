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
    // stored groups of four), sixteen and more of none (skipped at once), fifteen of
    // none before a covered pixel (which must not be), and a tail.
    let coverage: [UInt8] = [(0...255).map { UInt8($0) }, [UInt8](repeating: 0, count: 8), [UInt8](repeating: 255, count: 8),
      [UInt8](repeating: 0, count: 20), [UInt8](repeating: 0, count: 15), [9], [7, 0, 255]].flatMap { $0 }
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
    let alphas: [UInt8] = [(0...255).map { UInt8($0) }, [UInt8](repeating: 0, count: 8), [UInt8](repeating: 255, count: 8),
      [9, 255, 0]].flatMap { $0 }
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

  /// Spans of every length up to a few turns of the 16-pixel loop, starting at every
  /// pixel offset from a 16-byte boundary (the fill stores single pixels up to one).
  @Test func aFillWritesTheWordToEveryPixelOfTheSpanAndNoOther() {
    for start in 0..<5 {
      for count in 0..<70 {
        var pixels = [UInt8](repeating: 7, count: 80 * 4)
        pixels.withUnsafeMutableBytes { PixelLanes.fill($0.baseAddress! + start * 4, count: count, with: 0x0403_0201) }
        for p in 0..<80 {
          let inside = p >= start && p < start + count
          #expect(
            Array(pixels[(p * 4)..<(p * 4 + 4)]) == (inside ? [1, 2, 3, 4] : [7, 7, 7, 7]),
            "start \(start) count \(count) pixel \(p)")
        }
      }
    }
  }

  func randomMask(_ generator: inout SplitMix, x: Int, y: Int, width: Int, height: Int) -> AlphaMask {
    var mask = AlphaMask(x: x, y: y, width: width, height: height)
    var i = 0
    while i < mask.values.count {
      // Runs of every length, as clips have: long insides and outsides, short edges.
      let value = [0, 255, UInt8(truncatingIfNeeded: generator.next())][Int(generator.next() % 3)]
      let run = Int(generator.next() % 40) + 1
      for j in i..<min(mask.values.count, i + run) { mask.values[j] = value }
      i += run
    }
    return mask
  }

  @Test func twoMasksMultiplyValueByValue() {
    var generator = SplitMix(seed: 34)
    for _ in 0..<50 {
      let a = randomMask(&generator, x: 3, y: -2, width: 70, height: 9)
      let b = randomMask(&generator, x: Int(generator.next() % 20), y: 0, width: 61, height: 12)
      let product = a.intersected(with: b)
      #expect(product.x == max(a.x, b.x) && product.width == min(a.x + a.width, b.x + b.width) - product.x)
      for y in product.y..<(product.y + product.height) {
        for x in product.x..<(product.x + product.width) {
          #expect(product[x, y] == Blend.multiply(a[x, y], b[x, y]), "(\(x), \(y))")
        }
      }
    }
  }

  @Test func aMasksRunsAreItsValues() {
    var generator = SplitMix(seed: 35)
    for _ in 0..<50 {
      let mask = randomMask(&generator, x: 5, y: 1, width: 90, height: 3)
      for y in 0..<5 {
        var seen = [UInt8](repeating: 0, count: 100)
        var previousEnd = -1
        mask.forEachRun(row: y, columns: 2..<98) { start, end, value in
          #expect(start < end && start >= previousEnd && value != 0)
          previousEnd = end
          for x in start..<end { seen[x] = value }
        }
        for x in 2..<98 { #expect(seen[x] == mask[x, y], "(\(x), \(y))") }
      }
    }
  }

  @Test func anImageThroughAClipIsEachPixelAtItsClipsCoverage() throws {
    var generator = SplitMix(seed: 36)
    var source: [UInt8] = []
    for _ in 0..<(40 * 6) { source += premultipliedPixel(&generator) }
    let image = try PixelBuffer(width: 40, height: 6, premultipliedBytes: source)
    let clip = randomMask(&generator, x: 4, y: 1, width: 50, height: 5)
    for opacity: UInt8 in [255, 128, 3] {
      var target = try PixelBuffer(width: 48, height: 8, premultipliedBytes: row(&generator, count: 48 * 8))
      let before = target
      target.draw(image, atX: 2, y: 1, opacity: opacity, clip: clip)
      for y in 0..<8 {
        for x in 0..<48 {
          let inside = (2..<42).contains(x) && (1..<7).contains(y)
          let under = before[x, y]
          var expected = [under.r, under.g, under.b, under.a]
          if inside {
            let p = image[x - 2, y - 1]
            let coverage = Blend.multiply(opacity, clip[x, y])
            if p.a != 0 && coverage != 0 { expected = sourceOver([p.r, p.g, p.b, p.a], coverage: coverage, onto: expected) }
          }
          let got = target[x, y]
          #expect([got.r, got.g, got.b, got.a] == expected, "(\(x), \(y)) opacity \(opacity)")
        }
      }
    }
  }

  /// A glyph's mask in one colour through a clip (a label in a list that clips its
  /// rows), with columns later drawing covers left alone: each pixel at its mask's
  /// coverage times the clip's, wherever the two overlap the target — a canvas, or a
  /// layer placed on it (whose pixels the masks reach in canvas coordinates).
  @Test(arguments: [
    (UInt8(255), false, 0, 0), (255, true, 0, 0), (128, false, 0, 0), (40, true, 0, 0), (255, true, 3, -2),
    (90, false, -4, 5),
  ])
  func aMaskThroughAClipIsEachPixelAtTheProductOfTheirCoverages(alpha: UInt8, hides: Bool, x: Int, y: Int) throws {
    var generator = SplitMix(seed: 37 + UInt64(alpha))
    let colour = RGBA8(r: 201, g: 17, b: 90, a: alpha)
    let p = colour.premultiplied
    let source = [p.r, p.g, p.b, p.a]
    let covering = [PixelRect(x: 10, y: 0, width: 7, height: 5), PixelRect(x: 30, y: 3, width: 30, height: 9)]
    let hidden = hides ? Occlusion(covering) : nil
    for _ in 0..<20 {
      // The mask runs past the target's left, top and bottom; the clip past its right.
      let mask = randomMask(&generator, x: -3, y: Int(generator.next() % 4) - 1, width: 45, height: 9)
      let clip = randomMask(&generator, x: Int(generator.next() % 12), y: 1, width: 50, height: 7)
      var target = try PixelBuffer(width: 48, height: 10, premultipliedBytes: row(&generator, count: 48 * 10))
      target.origin = PixelOrigin(x: x, y: y)
      let before = target
      target.fill(mask, with: .solid(colour), clip: clip, skipping: hidden)
      for row in 0..<10 {
        let (canvasY, covered) = (row + y, hidden.map { Array($0.coveredColumns(row: row + y)) } ?? [])
        for column in 0..<48 {
          let canvasX = column + x
          let under = before[column, row]
          var expected = [under.r, under.g, under.b, under.a]
          let coverage = Blend.multiply(mask[canvasX, canvasY], clip[canvasX, canvasY])
          if coverage != 0 && !covered.contains(where: { $0.contains(canvasX) }) {
            expected = sourceOver(source, coverage: coverage, onto: expected)
          }
          let got = target[column, row]
          #expect([got.r, got.g, got.b, got.a] == expected, "(\(canvasX), \(canvasY))")
        }
      }
    }
  }

  /// A line of text's glyphs painted row by row across all of them gives the bytes
  /// painting them one after another gives: where two overlap, the second over the
  /// first. Masks overlap each other, run past the target and the clip, and one lies
  /// wholly outside; the target is a canvas or a layer placed on it.
  @Test(arguments: [(UInt8(255), false, 0, 0), (255, true, 0, 0), (128, true, 3, -2), (40, false, -4, 5)])
  func masksPaintedTogetherEqualMasksPaintedOneAfterAnother(alpha: UInt8, clips: Bool, x: Int, y: Int) throws {
    var generator = SplitMix(seed: 53 + UInt64(alpha))
    let colour = RGBA8(r: 12, g: 140, b: 230, a: alpha)
    var painted = 0
    for _ in 0..<20 {
      var masks: [AlphaMask] = []
      for _ in 0..<6 {
        masks.append(
          randomMask(
            &generator, x: Int(generator.next() % 50) - 8, y: Int(generator.next() % 12) - 4,
            width: Int(generator.next() % 14) + 1, height: Int(generator.next() % 9) + 1))
      }
      masks.append(randomMask(&generator, x: 200, y: 0, width: 5, height: 5))
      let clip = clips ? randomMask(&generator, x: Int(generator.next() % 12), y: 1, width: 30, height: 7) : nil
      var together = try PixelBuffer(width: 48, height: 10, premultipliedBytes: row(&generator, count: 48 * 10))
      together.origin = PixelOrigin(x: x, y: y)
      let before = together
      var oneByOne = together
      together.fill(masks: masks, with: .solid(colour), clip: clip)
      for mask in masks { oneByOne.fill(mask, with: .solid(colour), clip: clip) }
      #expect(together.bytes == oneByOne.bytes)
      if together.bytes != before.bytes { painted += 1 }
    }
    // Most draws reach the target, so the comparison is not of untouched buffers.
    #expect(painted >= 15)
  }
}
