import Testing

@testable import DarkroomRaster

/// The report's thumbnail of changed pixels, made directly from two images,
/// against the full-size difference image shrunk the general way.
@Suite("Difference thumbnails")
struct DifferenceThumbnailTests {
  func pair(width: Int, height: Int, changes: Int, seed: UInt64) throws -> (StraightImage, StraightImage) {
    var random = SplitMix(seed: seed)
    var bytes: [UInt8] = []
    for i in 0..<(width * height) {
      let grey = UInt8(truncatingIfNeeded: (i / 7) % 251)
      bytes += [grey, grey &+ 3, grey &+ 5, i % 13 == 0 ? 128 : 255]
    }
    var changed = bytes
    for _ in 0..<changes {
      let pixel = Int(random.next() % UInt64(width * height))
      // One channel off by one: the smallest change is still red.
      changed[pixel * 4 + Int(random.next() % 4)] &+= 1
    }
    return (
      try StraightImage(width: width, height: height, bytes: bytes),
      try StraightImage(width: width, height: height, bytes: changed)
    )
  }

  @Test func equalsTheFullDifferenceShrunk() throws {
    for (seed, changes) in [(1, 0), (2, 1), (3, 9), (4, 400)] as [(UInt64, Int)] {
      let (golden, render) = try pair(width: 97, height: 211, changes: changes, seed: seed)
      let regions = [
        PixelRect(x: 0, y: 0, width: 97, height: 211), PixelRect(x: 13, y: 40, width: 51, height: 77),
        PixelRect(x: 90, y: 200, width: 30, height: 30), PixelRect(x: 0, y: 0, width: 1, height: 1),
      ]
      for region in regions {
        for (w, h) in [(40, 90), (97, 211), (7, 3), (200, 400)] {
          let expected = DifferenceImage(expected: golden, actual: render).thumbnail(of: region, width: w, height: h)
            .changedPixels
          let actual = DifferenceImage.changedThumbnail(
            expected: golden, actual: render, of: region, width: w, height: h)
          #expect(actual.width == expected.width && actual.height == expected.height)
          #expect(actual.indices == expected.indices, "seed \(seed), \(region), \(w)×\(h)")
          #expect(try actual.pngData() == expected.pngData())
        }
      }
    }
  }

  @Test func imagesOfDifferentSizesAreShrunkTheGeneralWay() throws {
    let (golden, _) = try pair(width: 30, height: 40, changes: 0, seed: 5)
    let (render, _) = try pair(width: 36, height: 40, changes: 0, seed: 5)
    let region = PixelRect(x: 0, y: 0, width: 36, height: 40)
    let expected = DifferenceImage(expected: golden, actual: render).thumbnail(of: region, width: 12, height: 13)
    let actual = DifferenceImage.changedThumbnail(expected: golden, actual: render, of: region, width: 12, height: 13)
    #expect(actual.indices == expected.changedPixels.indices)
    let red = UInt8(DifferenceImage.palette.count / 3 - 1)
    #expect(actual.indices.contains(red), "the columns only the render has are red")
  }
}
