import Testing

@testable import DarkroomRaster

/// Decoding the fixtures written by Fixtures/make-jpeg-fixtures.py: flat 8×8 blocks
/// whose values are a formula of the block, which the accurate IDCT gives back
/// exactly. Each expected pixel is recomputed here from the script's formula.
@Suite("JPEG codec")
struct JPEGCodecTests {
  let width = 24, height = 16

  func decode(_ name: String, limits: JPEGDecodingLimits = JPEGDecodingLimits()) throws -> StraightImage {
    try StraightImage.decodeJPEG(try Paths.fixture("jpeg/" + name), limits: limits)
  }

  /// Every pixel against `expected(blockX, blockY)`, within `tolerance` per channel.
  func expectEveryPixel(_ image: StraightImage, tolerance: Int = 0, _ expected: (Int, Int) -> (Int, Int, Int)) {
    #expect(image.width == width && image.height == height)
    var mismatches = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = (y * image.width + x) * 4
        let got = (Int(image.bytes[i]), Int(image.bytes[i + 1]), Int(image.bytes[i + 2]), Int(image.bytes[i + 3]))
        let want = expected(x / 8, y / 8)
        let close = abs(got.0 - want.0) <= tolerance && abs(got.1 - want.1) <= tolerance && abs(got.2 - want.2) <= tolerance
        if !close || got.3 != 255 {
          mismatches += 1
          if mismatches == 1 { Issue.record("first mismatch at \(x),\(y): \(got) vs \(want)") }
        }
      }
    }
    #expect(mismatches == 0)
  }

  func rgb(_ bx: Int, _ by: Int) -> (Int, Int, Int) { ((bx * 100 + 20) % 256, (by * 120 + 40) % 256, ((bx + by) * 50 + 60) % 256) }

  @Test func greyscaleBecomesEqualChannels() throws {
    expectEveryPixel(try decode("grey.jpg")) { bx, by in
      let v = (bx * 70 + by * 90 + 10) % 256
      return (v, v, v)
    }
  }

  @Test func rgbComponentsAreExact() throws { expectEveryPixel(try decode("rgb.jpg"), rgb) }

  @Test func progressiveDecodesLikeBaseline() throws { expectEveryPixel(try decode("rgb-progressive.jpg"), rgb) }

  @Test func yCbCrIsConvertedByJFIFsFormula() throws {
    expectEveryPixel(try decode("ycc.jpg"), tolerance: 1) { bx, by in
      let y = Double(128 + bx * 20), cb = Double(100 + by * 40) - 128, cr = Double(160 - bx * 10) - 128
      func byte(_ v: Double) -> Int { Int(min(255, max(0, v)).rounded()) }
      return (byte(y + 1.402 * cr), byte(y - 0.344136 * cb - 0.714136 * cr), byte(y + 1.772 * cb))
    }
  }

  @Test func adobeCMYKIsInvertedInkTimesBlack() throws {
    expectEveryPixel(try decode("cmyk-adobe.jpg")) { bx, by in
      let c = (bx * 60 + 100) % 256, m = (by * 80 + 50) % 256, yellow = 200, k = (bx * 30 + by * 40 + 150) % 256
      return ((c * k + 127) / 255, (m * k + 127) / 255, (yellow * k + 127) / 255)
    }
  }

  @Test func decodingIsRepeatable() throws {
    #expect(try decode("ycc.jpg") == decode("ycc.jpg"))
  }

  @Test func aTruncatedFileIsAnErrorNotGreyRows() throws {
    #expect(throws: JPEGError.corrupt("Premature end of JPEG file")) { try decode("truncated.jpg") }
  }

  @Test func damagedFilesAreOneLineErrors() throws {
    for name in ["header-only.jpg", "garbage.jpg"] {
      let error = expectThrows(JPEGError.self) { try decode(name) }
      #expect(error?.description.hasPrefix("corrupt JPEG: ") == true, "\(name): \(String(describing: error))")
      #expect(error?.description.contains("\n") == false)
    }
    #expect(throws: JPEGError.corrupt("not a JPEG file (it does not start with a JPEG marker)")) {
      try StraightImage.decodeJPEG(Array("not a jpeg".utf8))
    }
  }

  @Test func hugeDimensionsAreRefusedBeforeAllocating() throws {
    let error = expectThrows(JPEGError.self) { try decode("huge-dimensions.jpg") }
    #expect(error == .tooLarge("image is 60000x60000 pixels, over the limit of 16384 per side and 67108864 pixels"))
    let small = JPEGDecodingLimits(maximumWidth: 10)
    #expect(throws: JPEGError.tooLarge("image is 24x16 pixels, over the limit of 10 per side and 67108864 pixels")) {
      try decode("rgb.jpg", limits: small)
    }
  }

  @Test func tooManyScansStopTheDecode() throws {
    // The progressive file has four scans: DC, then one per component.
    #expect(throws: JPEGError.tooLarge("the file has more than 2 scans")) {
      try decode("rgb-progressive.jpg", limits: JPEGDecodingLimits(maximumScans: 2))
    }
    _ = try decode("rgb-progressive.jpg", limits: JPEGDecodingLimits(maximumScans: 4))
  }

  @Test func formatsAreToldApartByTheirBytes() throws {
    let jpeg = try Paths.fixture("jpeg/grey.jpg")
    #expect(ImageFormat.of(jpeg) == .jpeg)
    #expect(ImageFormat.of(try Paths.fixture("png/grey8.png")) == .png)
    #expect(ImageFormat.of(Array("%PDF-1.4".utf8)) == nil)
    #expect(try StraightImage.decodeImage(jpeg) == decode("grey.jpg"))
    #expect(throws: ImageDecodingError.unknownFormat) { try StraightImage.decodeImage(Array("<svg/>".utf8)) }
  }
}
