import Testing
import DarkroomRaster

@testable import DarkroomRaster

/// Decoding the fixtures written by Fixtures/make-png-fixtures.py. Each expected
/// pixel is recomputed here from the same formula the script drew with.
@Suite("PNG codec")
struct PNGCodecTests {
  let width = 13, height = 11

  func decode(_ name: String) throws -> PixelBuffer {
    try PixelBuffer(pngData: try Paths.fixture("png/" + name))
  }

  func expectEveryPixel(_ buffer: PixelBuffer, _ expected: (Int, Int) -> RGBA8) {
    #expect(buffer.width == width && buffer.height == height)
    var mismatches = 0
    for y in 0..<height {
      for x in 0..<width where buffer[x, y] != expected(x, y).premultiplied {
        mismatches += 1
        if mismatches == 1 { Issue.record("first mismatch at \(x),\(y): \(buffer[x, y]) vs \(expected(x, y))") }
      }
    }
    #expect(mismatches == 0)
  }

  func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 16 + y * 7) % 256) }
  func g(_ v: UInt8, _ a: UInt8 = 255) -> RGBA8 { RGBA8(r: v, g: v, b: v, a: a) }

  @Test func grey8() throws { expectEveryPixel(try decode("grey8.png")) { g(grey($0, $1)) } }

  @Test func grey1ExpandsToBlackAndWhite() throws {
    expectEveryPixel(try decode("grey1.png")) { g(($0 + $1) % 2 == 0 ? 0 : 255) }
  }

  @Test func grey4ScalesBySeventeen() throws {
    expectEveryPixel(try decode("grey4.png")) { g(UInt8((($0 + 2 * $1) % 16) * 17)) }
  }

  @Test func greyWithAlpha() throws {
    expectEveryPixel(try decode("grey-alpha8.png")) { g(grey($0, $1), UInt8(($0 * 17 + $1) % 256)) }
  }

  @Test func greyWithTransparentKey() throws {
    let key = grey(0, 0)
    expectEveryPixel(try decode("grey8-trns.png")) { x, y in
      grey(x, y) == key ? g(key, 0) : g(grey(x, y))
    }
  }

  static let palette: [RGBA8] = [
    RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 128),
    RGBA8(r: 0, g: 0, b: 255, a: 0), RGBA8(r: 10, g: 20, b: 30, a: 255),
  ]

  @Test(arguments: ["palette8-trns.png", "palette2-trns.png"])
  func paletteWithTransparency(_ name: String) throws {
    expectEveryPixel(try decode(name)) { Self.palette[($0 + $1) % 4] }
  }

  func wide(_ x: Int, _ y: Int, _ k: Int) -> UInt8 { UInt8((x * 20 + y * 3 + k * 50) % 256) }

  @Test func rgb16RoundsToEightBits() throws {
    expectEveryPixel(try decode("rgb16.png")) { x, y in
      RGBA8(r: wide(x, y, 0), g: wide(x, y, 1), b: wide(x, y, 2))
    }
  }

  @Test func rgba16() throws {
    expectEveryPixel(try decode("rgba16.png")) { x, y in
      RGBA8(r: wide(x, y, 0), g: wide(x, y, 1), b: wide(x, y, 2), a: UInt8((x * 19) % 256))
    }
  }

  @Test func interlacedRGB() throws {
    expectEveryPixel(try decode("rgb8-interlaced.png")) { x, y in
      RGBA8(r: UInt8((x * 20) % 256), g: UInt8((y * 20) % 256), b: UInt8((x * y) % 256))
    }
  }

  @Test func interlacedGrey1() throws {
    expectEveryPixel(try decode("grey1-interlaced.png")) { g(($0 + $1) % 2 == 0 ? 0 : 255) }
  }

  @Test func roundTripKeepsEveryPixelIncludingTranslucentOnes() throws {
    var bytes: [UInt8] = []
    var seed: UInt32 = 12345
    for _ in 0..<(64 * 48) {
      seed = seed &* 1_103_515_245 &+ 12345
      let a = UInt8(truncatingIfNeeded: seed >> 24)
      let c = RGBA8(
        r: UInt8(truncatingIfNeeded: seed >> 16), g: UInt8(truncatingIfNeeded: seed >> 8),
        b: UInt8(truncatingIfNeeded: seed), a: a
      ).premultiplied
      bytes += [c.r, c.g, c.b, c.a]
    }
    let original = try PixelBuffer(width: 64, height: 48, premultipliedBytes: bytes)
    let png = try original.pngData()
    #expect(try PixelBuffer(pngData: png) == original)
    #expect(try original.pngData() == png, "encoding twice gives the same bytes")
  }

  @Test func opaqueImagesAreStoredAsRGBWithoutTimeChunks() throws {
    let png = try PixelBuffer(width: 4, height: 4, fill: RGBA8(r: 1, g: 2, b: 3)).pngData()
    #expect(png[25] == 2, "colour type 2 (RGB) in IHDR")
    let text = String(decoding: png, as: UTF8.self)
    #expect(!text.contains("tIME"))
  }

  @Test func textChunkRoundTrips() throws {
    let buffer = try PixelBuffer(width: 2, height: 2, fill: RGBA8(r: 9, g: 9, b: 9))
    let png = try buffer.pngData(text: (key: "darkroom", value: "v1"))
    #expect(try PixelBuffer.decodePNG(png, textKey: "darkroom").text == "v1")
  }

  /// Every premultiplied value survives the straight-alpha form PNG stores.
  @Test func premultiplicationRoundTripIsExactForEveryValue() {
    for a in 0...255 {
      for c in 0...a {
        let p = PremultipliedRGBA8(r: UInt8(c), g: UInt8(c), b: UInt8(c), a: UInt8(a))
        #expect(p.straight.premultiplied == p || a == 0, "c \(c) a \(a)")
      }
    }
  }

  // MARK: Bad files

  func valid() throws -> [UInt8] {
    try PixelBuffer(width: 40, height: 30, fill: RGBA8(r: 200, g: 100, b: 50)).pngData()
  }

  @Test func truncatedFilesAreRejected() throws {
    let png = try valid()
    for length in [0, 7, 8, 20, 33, png.count / 2, png.count - 13, png.count - 1] {
      #expect(throws: PNGError.self, "length \(length)") { try PixelBuffer(pngData: Array(png.prefix(length))) }
    }
  }

  @Test func aChunkDeclaringMoreThanTheFileHoldsIsRefusedBeforeLibpngAllocatesIt() throws {
    let png = try valid()
    // A tEXt chunk after IHDR whose length field claims 2 GB (libpng would clear
    // 2 GB for it before finding the file short).
    let lie: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + Array(repeating: 0x78, count: 16)
    let damaged = Array(png[0..<33]) + lie + Array(png[33...])
    let error = expectThrows(PNGError.self) { try PixelBuffer(pngData: damaged) }
    #expect(error == .corrupt("the file is truncated (chunk tEXt at byte 33 declares 2147483647 bytes; \(damaged.count - 41) remain)"))
  }

  @Test func corruptDataIsRejectedWithAReason() throws {
    var png = try valid()
    png[40] ^= 0xFF  // inside IDAT: the CRC no longer matches
    let error = expectThrows(PNGError.self) { try PixelBuffer(pngData: png) }
    #expect(error?.description.hasPrefix("corrupt PNG: ") == true)
    let notPNG = expectThrows(PNGError.self) { try PixelBuffer(pngData: Array("hello, world".utf8)) }
    #expect(notPNG == .corrupt("not a PNG file (bad signature)"))
  }

  @Test func everySingleByteFlipIsHandledWithoutACrash() throws {
    let png = try valid()
    for index in 8..<png.count {
      var damaged = png
      damaged[index] ^= 0x5A
      _ = try? PixelBuffer(pngData: damaged)
    }
  }

  @Test func hostileDimensionsAreRefusedBeforeAllocation() throws {
    let error = expectThrows(PNGError.self) {
      try PixelBuffer(pngData: try Paths.fixture("png/huge-dimensions.png"))
    }
    guard case .tooLarge = error else {
      Issue.record("expected tooLarge, got \(String(describing: error))")
      return
    }
    let small = PNGDecodingLimits(maximumWidth: 10, maximumHeight: 10, maximumPixels: 100)
    #expect(throws: PNGError.self) { try PixelBuffer(pngData: try valid(), limits: small) }
  }
  /// A PNG of `header` (IHDR's 13 bytes) whose one IDAT holds `data` compressed.
  func png(header: [UInt8], data: [UInt8]) throws -> [UInt8] {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      let crc = Deflate.crc32(typed[...])
      func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
      return be(UInt32(body.count)) + typed + be(crc)
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", try Deflate.zlib(data, level: 9)) + chunk("IEND", [])
  }

  @Test(arguments: [8, 16] as [UInt8], [0, 1] as [UInt8])
  func imageDataThatInflatesPastItsRowsIsRefusedWithoutInflatingIt(_ depth: UInt8, _ interlace: UInt8) throws {
    // 64 × 64 RGB rows, then 64 MB more zeros (64 KB compressed): libpng inflates
    // the excess to its end before reading on, the fast reader hands such a file
    // to libpng, and a 1 GB stream of this kind took libpng seconds, 8 GB minutes.
    let header: [UInt8] = [0, 0, 0, 64, 0, 0, 0, 64, depth, 2, 0, 0, interlace]
    let rows = 64 * (1 + 64 * 3 * Int(depth) / 8)
    let bomb = try png(header: header, data: [UInt8](repeating: 0, count: rows + (64 << 20)))
    let error = expectThrows(PNGError.self) { try PixelBuffer(pngData: bomb) }
    #expect(error == .corrupt("its image data inflates to more bytes than its rows hold"))
    // Bytes after IEND, which libpng never reads, change nothing.
    let trailed = bomb + [0x7F, 0xFF, 0xFF, 0xFF] + Array("JUNK".utf8) + [UInt8](repeating: 0, count: 8)
    let trailedError = expectThrows(PNGError.self) { try PixelBuffer(pngData: trailed) }
    #expect(trailedError == .corrupt("its image data inflates to more bytes than its rows hold"))
    // The same image with a few bytes too many, as sloppy encoders write it, is read
    // as libpng reads it.
    if interlace == 0 {
      let padded = try png(header: header, data: [UInt8](repeating: 0, count: rows + 100))
      #expect(try PixelBuffer(pngData: padded).width == 64)
    }
  }
}
