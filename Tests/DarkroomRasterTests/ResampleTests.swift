import Testing

@testable import DarkroomRaster

/// The resampler against a reference written the plain way (each output pixel's
/// taps as its own array, a channel at a time, every source row filtered): the
/// same weights and rounding, so every pixel must be equal.
@Suite("Resampling against its reference")
struct ResampleTests {
  /// Premultiplied pixels: mostly flat runs, as UI is, with translucent and noisy ones.
  func image(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
    var random = SplitMix(seed: seed)
    var bytes: [UInt8] = []
    var pixel: [UInt8] = [0, 0, 0, 255]
    for _ in 0..<(width * height) {
      if random.next() % 5 == 0 {
        let alpha = random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : 255
        pixel = (0..<3).map { _ in UInt8(truncatingIfNeeded: random.next() % (UInt64(alpha) + 1)) } + [alpha]
      }
      bytes += pixel
    }
    return try PixelBuffer(width: width, height: height, premultipliedBytes: bytes)
  }

  /// The reference: the tent weights of every output pixel (integers summing to
  /// 2^`bits`), then rows, then columns.
  func reference(_ image: PixelBuffer, width newWidth: Int, height newHeight: Int, bits: Int32 = 14) -> [UInt8] {
    func weights(from size: Int, to newSize: Int) -> [(first: Int, weights: [Int32])] {
      let scale = Double(size) / Double(newSize), support = max(1, scale), one = Int32(1) << bits
      return (0..<newSize).map { i in
        let centre = (Double(i) + 0.5) * scale
        let first = max(0, Int((centre - support).rounded(.down)))
        let last = min(size - 1, Int((centre + support).rounded(.up)))
        let raw = (first...last).map { j in max(0, 1 - abs(Double(j) + 0.5 - centre) / support) }
        let total = raw.reduce(0, +)
        if total == 0 { return (min(size - 1, max(0, Int(centre))), [one]) }
        var w = raw.map { Int32(($0 / total * Double(one)).rounded()) }
        if let index = w.indices.max(by: { w[$0] < w[$1] }) { w[index] += one - w.reduce(0, +) }
        return (first, w)
      }
    }
    func apply(_ taps: (first: Int, weights: [Int32]), _ source: [UInt8], base: Int, stride: Int) -> [UInt8] {
      var sums = [Int32](repeating: 0, count: 4)
      for (k, w) in taps.weights.enumerated() {
        for c in 0..<4 { sums[c] += Int32(source[base + (taps.first + k) * stride + c]) * w }
      }
      let clamped = sums.map { min(255, max(0, ($0 + (1 << (bits - 1))) >> bits)) }
      return clamped.enumerated().map { c, v in UInt8(c == 3 ? v : min(v, clamped[3])) }
    }
    let columns = weights(from: image.width, to: newWidth), rows = weights(from: image.height, to: newHeight)
    var middle: [UInt8] = []
    for y in 0..<image.height {
      for taps in columns { middle += apply(taps, image.bytes, base: y * image.width * 4, stride: 4) }
    }
    var out: [UInt8] = []
    for taps in rows {
      for x in 0..<newWidth { out += apply(taps, middle, base: x * 4, stride: newWidth * 4) }
    }
    return out
  }

  @Test func everySizeEqualsTheReference() throws {
    let source = try image(width: 61, height: 47, seed: 7)
    for (w, h) in [(20, 15), (7, 40), (61, 12), (150, 90), (1, 1), (33, 47), (200, 3)] {
      let resized = try source.resampled(width: w, height: h)
      #expect(resized.width == w && resized.height == h)
      #expect(resized.bytes == reference(source, width: w, height: h), "\(w)×\(h)")
    }
  }

  @Test func aPartEqualsTheSameColumnsAndRowsOfTheWhole() throws {
    let source = try image(width: 40, height: 30, seed: 11)
    let whole = reference(source, width: 90, height: 13)
    let part = try source.resampled(width: 90, height: 13, columns: 17..<60, rows: 4..<11)
    var expected: [UInt8] = []
    for y in 4..<11 { expected += whole[((y * 90 + 17) * 4)..<((y * 90 + 60) * 4)] }
    #expect(part.bytes == expected)
  }

  /// A region resampled in place equals the region cut out, then resampled:
  /// clamped to the image the same way.
  @Test func aRegionEqualsItsCropResampled() throws {
    let source = try image(width: 120, height: 260, seed: 3)
    let regions = [
      PixelRect(x: 0, y: 0, width: 120, height: 260), PixelRect(x: 10, y: 30, width: 90, height: 200),
      PixelRect(x: 100, y: 250, width: 60, height: 40), PixelRect(x: -5, y: -5, width: 50, height: 50),
    ]
    for region in regions {
      let crop = source.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
      for (w, h) in [(40, 87), (crop.width, crop.height), (13, 5)] {
        let expected = try crop.resampled(width: w, height: h)
        let actual = try source.resampled(region, width: w, height: h)
        #expect(actual == expected, "\(region) at \(w)×\(h)")
        #expect(actual.bytes == reference(crop, width: w, height: h) || (w == crop.width && h == crop.height))
      }
    }
  }
}
