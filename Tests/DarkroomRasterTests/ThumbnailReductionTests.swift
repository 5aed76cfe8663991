import Testing

@testable import DarkroomRaster

/// The thumbnail reduction (halving, then the tent filter in 8-bit weights) against
/// a reference that averages each pair of pixels one channel at a time and filters
/// as the resampler's reference does.
@Suite("Thumbnail reduction")
struct ThumbnailReductionTests {
  let images = ResampleTests()

  /// `part` of `image` with pairs of columns and rows averaged as the doc says:
  /// rounding halves up, an odd last column or row averaged with itself.
  func halvedReference(_ image: PixelBuffer, _ part: PixelRect, across: Bool, down: Bool) throws -> PixelBuffer {
    let width = across ? (part.width + 1) / 2 : part.width, height = down ? (part.height + 1) / 2 : part.height
    var bytes: [UInt8] = []
    for y in 0..<height {
      let rows = down ? [2 * y, min(2 * y + 1, part.height - 1)] : [y]
      for x in 0..<width {
        let columns = across ? [2 * x, min(2 * x + 1, part.width - 1)] : [x]
        for c in 0..<4 {
          var sum = 0
          for row in rows {
            for column in columns { sum += Int(image.bytes[((part.y + row) * image.width + part.x + column) * 4 + c]) }
          }
          let count = rows.count * columns.count
          bytes.append(UInt8((sum + count / 2) / count))
        }
      }
    }
    return try PixelBuffer(width: width, height: height, premultipliedBytes: bytes)
  }

  /// Halving as many times as the target allows, then the tent filter with weights
  /// that sum to 256.
  func reference(_ image: PixelBuffer, _ region: PixelRect, width: Int, height: Int) throws -> PixelBuffer {
    var source = image.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
    while source.width >= 2 * width || source.height >= 2 * height {
      source = try halvedReference(
        source, PixelRect(x: 0, y: 0, width: source.width, height: source.height), across: source.width >= 2 * width,
        down: source.height >= 2 * height)
    }
    return try PixelBuffer(
      width: width, height: height, premultipliedBytes: images.reference(source, width: width, height: height, bits: 8))
  }

  @Test func everyRegionAndSizeEqualsTheReference() throws {
    let source = try images.image(width: 117, height: 253, seed: 5)
    let regions = [
      PixelRect(x: 0, y: 0, width: 117, height: 253), PixelRect(x: 3, y: 7, width: 101, height: 200),
      PixelRect(x: 100, y: 250, width: 60, height: 40), PixelRect(x: -4, y: -9, width: 59, height: 131),
    ]
    // Each side halved zero to four times, odd and even, one side only or both; and
    // a region at its own size (the first two), which is its pixels copied.
    for region in regions {
      for (w, h) in [(40, 87), (13, 5), (117, 20), (7, 253), (1, 1), (30, 30), (117, 253), (101, 200)] {
        let actual = try source.thumbnail(region, width: w, height: h)
        #expect(actual.width == w && actual.height == h)
        let expected = try reference(source, region, width: w, height: h)
        #expect(actual == expected, "\(region) at \(w)×\(h)")
      }
    }
  }

  @Test func aTargetMoreThanHalfTheSizeIsTheTentFilterAlone() throws {
    let source = try images.image(width: 80, height: 60, seed: 9)
    let whole = PixelRect(x: 0, y: 0, width: 80, height: 60)
    let expected = images.reference(source, width: 41, height: 31, bits: 8)
    #expect(try source.thumbnail(whole, width: 41, height: 31).bytes == expected)
    // Only the weights' precision differs from the exact filter: here a step of at most one.
    let exact = try source.resampled(width: 41, height: 31).bytes
    #expect(zip(exact, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
  }

  /// Every source pixel counts: a one-pixel checkerboard of black and white becomes
  /// an even grey, not a pattern of its own (aliasing).
  @Test func aFineCheckerboardBecomesEvenGrey() throws {
    var bytes: [UInt8] = []
    for y in 0..<400 {
      for x in 0..<300 { bytes += (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
    }
    let board = try PixelBuffer(width: 300, height: 400, premultipliedBytes: bytes)
    let small = try board.thumbnail(PixelRect(x: 0, y: 0, width: 300, height: 400), width: 70, height: 93)
    for y in 1..<(small.height - 1) {
      for x in 1..<(small.width - 1) {
        let p = small[x, y]
        #expect((126...129).contains(p.r) && p.r == p.g && p.g == p.b && p.a == 255, "\(x),\(y): \(p)")
      }
    }
  }

  /// Averages of premultiplied pixels are premultiplied: no colour above its alpha.
  @Test func translucentPixelsStayPremultiplied() throws {
    let source = try images.image(width: 90, height: 90, seed: 21)
    let small = try source.thumbnail(PixelRect(x: 0, y: 0, width: 90, height: 90), width: 11, height: 19)
    for index in stride(from: 0, to: small.bytes.count, by: 4) {
      #expect(small.bytes[index..<(index + 3)].allSatisfy { $0 <= small.bytes[index + 3] })
    }
  }
}
