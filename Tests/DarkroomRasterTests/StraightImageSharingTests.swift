import Testing

@testable import DarkroomRaster

/// Opaque images skip the conversions between premultiplied and straight alpha
/// (their bytes are the same either way); the result must equal the conversion.
@Suite("Straight and premultiplied images")
struct StraightImageSharingTests {
  @Test func conversionsEqualThePixelByPixelOnes() throws {
    var random = SplitMix(seed: 23)
    let cases: [(Int, Int, Int?)] = [(33, 17, nil), (33, 17, 560), (16, 1, 15), (1, 1, nil), (5, 3, 0)]
    for (width, height, translucentAt) in cases {
      var bytes: [UInt8] = []
      for i in 0..<(width * height) {
        let alpha: UInt8 = i == translucentAt ? 77 : 255
        bytes += (0..<3).map { _ in UInt8(truncatingIfNeeded: random.next() % (UInt64(alpha) + 1)) } + [alpha]
      }
      let buffer = try PixelBuffer(width: width, height: height, premultipliedBytes: bytes)
      #expect(StraightImage.allOpaque(bytes) == buffer.isOpaque)
      #expect(buffer.straightImage.bytes == buffer.straightBytes, "\(width)×\(height)")
      let straight = buffer.straightImage
      #expect(straight.premultipliedBuffer == straight.premultiplied(), "\(width)×\(height)")
    }
  }
}
