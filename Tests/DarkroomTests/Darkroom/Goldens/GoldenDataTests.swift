import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A golden never passes unless its pixels are what its digest says: the digest is
/// trusted only while the file's image data has the hash stored beside it.
@Suite("A golden's digest speaks for its pixels")
struct GoldenDataTests {
  /// Other pixels than card/light's: the same size, the first row changed.
  static func otherPixels(_ path: String) throws -> PixelBuffer {
    var buffer = try PixelBuffer(pngData: try FileStore.read(path, what: "the golden", from: .root))
    buffer.fill(Rect(x: 0, y: 0, width: Double(buffer.width), height: 1), with: RGBA8(r: 255, g: 0, b: 255))
    return buffer
  }

  @Test func aPictureReplacedWithItsTextKeptFails() throws {
    let project = try TestProject()
    let path = project.golden + "/card/light.png"
    let original = try FileStore.read(path, what: "the golden", from: .root)
    let digest = try #require(PixelDigest.stored(in: original))
    let sealedData = try #require(PNGTextChunk.value(forKey: PixelDigest.dataKey, in: original))
    // Another picture, every text chunk of the original kept: its digest, and the
    // hash of the image data it was written with.
    let replaced = try Self.otherPixels(path).pngData(text: (key: PixelDigest.textKey, value: digest))
    let forged = try #require(PNGImageData.inserting(text: PixelDigest.dataKey, sealedData, into: replaced))
    #expect(PNGStructure.problem(in: forged) == nil, "a valid PNG with valid CRCs")
    try FileStore.writeAtomically(forged, to: path, from: .root, interruption: Interruption())

    let run = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(run.status == 1)
    #expect(run.stdout.contains("FAIL card/light: "), "\(run.stdout)")
    // The warm cache cannot pass it either.
    #expect(darkroom(["verify"], in: project.path).status == 1)
  }

  @Test func aGoldenWithoutTheHashIsDecodedAndRecordAddsItOnce() throws {
    let project = try TestProject()
    let path = project.golden + "/card/light.png"
    let bytes = try FileStore.read(path, what: "the golden", from: .root)
    let pixels = try PixelBuffer(pngData: bytes)
    let unsealed = try pixels.pngData(
      text: (key: PixelDigest.textKey, value: try #require(PixelDigest.stored(in: bytes))),
      compressedText: (key: DrawingSummary.textKey, value: try #require(DrawingSummary.stored(in: bytes)).encoded))
    try FileStore.writeAtomically(unsealed, to: path, from: .root, interruption: Interruption())
    #expect(!PixelDigest.isTrusted(in: unsealed))

    let verify = try project.session().verify(golden: project.golden, report: project.path + "/report")
    #expect(verify.succeeded)
    #expect(verify.outcomes.first { $0.name == "card/light" }?.decodedGolden == true, "decoded, not trusted")

    let record = darkroom(["record"], in: project.path)
    #expect(record.stdout.contains("recorded Golden/card/light.png (adds the hash of its image data)"), "\(record.stdout)")
    #expect(PixelDigest.isTrusted(in: try FileStore.read(path, what: "the golden", from: .root)))
    #expect(!darkroom(["record"], in: project.path).stdout.contains("recorded "))
  }

  @Test func aForgerWhoRecomputesEveryHashIsCaughtByAFullVerify() throws {
    let project = try TestProject()
    let path = project.golden + "/card/light.png"
    let digest = try #require(PixelDigest.stored(in: try FileStore.read(path, what: "the golden", from: .root)))
    // Knowing Darkroom's hashes, a forger keeps the render's digest over other pixels.
    try FileStore.writeAtomically(try Self.otherPixels(path).goldenPNG(digest: digest), to: path, from: .root, interruption: Interruption())
    // The threat model README states: a fast verify trusts the digest ...
    #expect(darkroom(["verify", "--no-cache"], in: project.path).status == 0)
    // ... and a full verify decodes every golden and compares its pixels.
    let full = darkroom(["verify", "--full", "--no-cache"], in: project.path)
    #expect(full.status == 1)
    #expect(full.stdout.contains("FAIL card/light: "), "\(full.stdout)")
  }
}
