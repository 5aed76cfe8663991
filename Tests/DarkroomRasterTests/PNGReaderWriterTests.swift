import Testing

@testable import DarkroomRaster

/// The PNG files Darkroom writes and reads itself (through libdeflate), checked
/// against the fixtures' formulas and against libpng, which reads every file.
@Suite("PNG reader and writer")
struct PNGReaderWriterTests {
  func tone(_ x: Int, _ y: Int, _ k: Int) -> UInt8 { UInt8((x * 29 + y * 13 + k * 71 + (x * y) % 7) % 256) }

  func decodedByTheReader(_ name: String) throws -> PNGReader.Decoded? {
    PNGReader.decode(try Paths.fixture("png/" + name), limits: PNGDecodingLimits(), textKey: "darkroom-digest")
  }

  /// Rows cycling through all five filters, for every colour type, equal the
  /// fixture's formula.
  @Test func everyFilterOfEveryColourTypeIsUndone() throws {
    let expected: [(String, (Int, Int) -> [UInt8])] = [
      ("rgb8-filters.png", { x, y in [tone(x, y, 0), tone(x, y, 1), tone(x, y, 2), 255] }),
      ("rgba8-filters.png", { x, y in [tone(x, y, 0), tone(x, y, 1), tone(x, y, 2), tone(x, y, 3)] }),
      ("grey8-filters.png", { x, y in [tone(x, y, 0), tone(x, y, 0), tone(x, y, 0), 255] }),
      ("grey-alpha8-filters.png", { x, y in [tone(x, y, 0), tone(x, y, 0), tone(x, y, 0), tone(x, y, 3)] }),
      ("palette8-filters.png", { x, y in
        let colour = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [10, 20, 30, 255]][(x + 3 * y) % 4]
        return colour.map { UInt8($0) }
      }),
    ]
    for (name, pixel) in expected {
      let decoded = try #require(try decodedByTheReader(name), "\(name) is read without libpng")
      #expect(decoded.width == 37 && decoded.height == 12)
      for y in 0..<12 {
        for x in 0..<37 {
          let at = (y * 37 + x) * 4
          #expect(Array(decoded.bytes[at..<(at + 4)]) == pixel(x, y), "\(name) at \(x),\(y)")
        }
      }
    }
  }

  /// What the reader takes it reads exactly as libpng does; what it leaves to
  /// libpng is what it does not handle.
  @Test func theReaderAgreesWithLibpngAndLeavesItTheRest() throws {
    let read = [
      "grey8.png", "grey-alpha8.png", "palette8-trns.png", "rgb8-filters.png", "rgba8-filters.png",
      "grey8-filters.png", "grey-alpha8-filters.png", "palette8-filters.png",
    ]
    let left = [
      "grey1.png", "grey4.png", "grey8-trns.png", "palette2-trns.png", "rgb16.png", "rgba16.png",
      "rgb8-interlaced.png", "grey1-interlaced.png", "huge-dimensions.png",
    ]
    for name in read {
      let data = try Paths.fixture("png/" + name)
      let decoded = try #require(PNGReader.decode(data, limits: PNGDecodingLimits(), textKey: nil), "\(name)")
      let libpng = try StraightImage.decodeWithLibPNG(data, limits: PNGDecodingLimits(), textKey: nil).image
      #expect(decoded.bytes == libpng.bytes && decoded.width == libpng.width, "\(name)")
    }
    for name in left {
      #expect(PNGReader.decode(try Paths.fixture("png/" + name), limits: PNGDecodingLimits(), textKey: nil) == nil, "\(name)")
    }
  }

  @Test func textIsFoundAfterTheImageDataToo() throws {
    #expect(try decodedByTheReader("rgb8-filters.png")?.text == "after the data")
    #expect(try PixelBuffer.decodePNG(try Paths.fixture("png/rgb8-filters.png"), textKey: "darkroom-digest").text == "after the data")
  }

  @Test func aDamagedChunkIsLeftToLibpngWhichExplainsIt() throws {
    var png = try PixelBuffer(width: 30, height: 20, fill: RGBA8(r: 1, g: 2, b: 3)).pngData()
    png[png.count - 20] ^= 0x01  // inside IDAT
    #expect(PNGReader.decode(png, limits: PNGDecodingLimits(), textKey: nil) == nil)
    let error = expectThrows(PNGError.self) { try PixelBuffer(pngData: png) }
    #expect(error?.description.hasPrefix("corrupt PNG: ") == true)
  }

  /// Files written here are read back by libpng to the same pixels: opaque (RGB),
  /// translucent (RGBA), and a difference image's palette.
  @Test func writtenFilesAreReadByLibpngToTheSamePixels() throws {
    var generator = SplitMix(seed: 61)
    for (width, height) in [(1, 1), (3, 2), (37, 12), (129, 7)] {
      var opaque: [UInt8] = [], translucent: [UInt8] = []
      for _ in 0..<(width * height) {
        let a = UInt8(truncatingIfNeeded: generator.next())
        let c = RGBA8(
          r: UInt8(truncatingIfNeeded: generator.next()), g: UInt8(truncatingIfNeeded: generator.next()),
          b: UInt8(truncatingIfNeeded: generator.next()), a: a
        ).premultiplied
        translucent += [c.r, c.g, c.b, c.a]
        opaque += [UInt8(truncatingIfNeeded: generator.next() % 3 * 100), 7, 9, 255]
      }
      for (bytes, compression) in [(opaque, PixelBuffer.Compression.standard), (translucent, .standard), (opaque, .fast)] {
        let buffer = try PixelBuffer(width: width, height: height, premultipliedBytes: bytes)
        let png = try buffer.pngData(compression: compression)
        let libpng = try StraightImage.decodeWithLibPNG(png, limits: PNGDecodingLimits(), textKey: nil).image
        #expect(libpng.premultipliedBuffer == buffer, "\(width)×\(height) \(compression)")
        #expect(try PixelBuffer(pngData: png) == buffer)
        #expect(try buffer.pngData(compression: compression) == png, "the same pixels give the same bytes")
      }
    }
  }

  /// Large files — a screen of flat bands, repeated rows and noise, whose stream
  /// holds many blocks, and incompressible noise — are inflated by libpng's zlib
  /// to the same pixels, as valid files, and the same pixels give the same bytes.
  @Test func largeFilesOfManyBlocksAreReadByLibpng() throws {
    var generator = SplitMix(seed: 17)
    let (width, height) = (700, 900)
    var screen: [UInt8] = [], noise: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let band = UInt8(truncatingIfNeeded: y / 40 * 37)
        let noisy = (y / 100) % 3 == 1 && x % 5 != 0
        screen += noisy ? [UInt8(truncatingIfNeeded: generator.next()), band, 9, 255] : [band, band, 200, 255]
        if y < 400 && x < 400 { noise += [0, 1, 2].map { _ in UInt8(truncatingIfNeeded: generator.next()) } + [255] }
      }
    }
    let images = [
      try PixelBuffer(width: width, height: height, premultipliedBytes: screen),
      try PixelBuffer(width: 400, height: 400, premultipliedBytes: noise),
    ]
    for buffer in images {
      for compression in [PixelBuffer.Compression.standard, .fast] {
        let png = try buffer.pngData(compression: compression)
        #expect(PNGStructure.problem(in: png) == nil)
        let libpng = try StraightImage.decodeWithLibPNG(png, limits: PNGDecodingLimits(), textKey: nil).image
        #expect(libpng.premultipliedBuffer == buffer, "\(buffer.width)×\(buffer.height) \(compression)")
        #expect(try PixelBuffer(pngData: png) == buffer)
        #expect(try buffer.pngData(compression: compression) == png, "the same pixels give the same bytes")
      }
    }
  }

  @Test func bothTextChunksComeBeforeTheImageData() throws {
    let drawing = String(repeating: "a summary of what was drawn, ", count: 200)
    let png = try PixelBuffer(width: 5, height: 4, fill: RGBA8(r: 9, g: 8, b: 7)).pngData(
      text: (key: "darkroom-digest", value: "v2 xxh3:00"), compressedText: (key: "darkroom-drawing", value: drawing))
    #expect(PNGTextChunk.value(forKey: "darkroom-digest", in: png) == "v2 xxh3:00")
    #expect(PNGTextChunk.compressedValue(forKey: "darkroom-drawing", in: png) == drawing)
    #expect(PNGStructure.problem(in: png) == nil)
    #expect(PNGTextChunk.compressedValue(forKey: "darkroom-drawing", in: png, limit: 100) == nil, "past the limit")
  }
}
