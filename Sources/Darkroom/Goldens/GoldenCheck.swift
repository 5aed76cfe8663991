import DarkroomRaster
import Foundation

/// One render checked against its golden file, and the golden written when the
/// record mode allows it — the decision `darkroom verify` makes for each snapshot
/// and `DarkroomTesting` makes for each mode of an assertion.
///
/// Goldens are written atomically and only when their pixels change; a golden whose
/// stored digest equals the render's passes without being decoded (unless `full`).
public struct GoldenCheck {
  /// What happened: passed, failed, missing, or recorded.
  public let status: SnapshotOutcome.Status
  /// Why a golden was recorded ("was missing", "failed: …").
  public let reason: String?
  /// The measured difference, when the golden was decoded and compared.
  public let comparison: Comparison?
  /// The golden's bytes as they were before the check, if there was a golden.
  public let goldenPNG: [UInt8]?
  /// Whether the golden had to be decoded.
  public let decodedGolden: Bool
  /// The digest of the render's pixels (what a golden of it would store).
  public let renderDigest: String
  /// A written golden (recorded by this check).
  public var recorded: Bool { status == .recorded }
  private let render: PixelBuffer
  /// The render's PNG when it was encoded (or is the golden's own bytes).
  private let encodedRender: [UInt8]?
  private let difference: (() throws(PNGError) -> [UInt8])?

  /// The render as a PNG file: the golden's own bytes when they hold the same
  /// pixels, else encoded now (a pass by digest never needs it).
  public func renderPNG() throws(PNGError) -> [UInt8] {
    if let encodedRender { return encodedRender }
    return try render.goldenPNG(digest: renderDigest)
  }

  /// The difference image (changed pixels in red over a faded golden) when the
  /// comparison failed; nil otherwise.
  public func differencePNG() throws(PNGError) -> [UInt8]? {
    guard let difference, comparison?.passed == false else { return nil }
    return try difference()
  }

  /// Whether the golden at `path` stores `digest`: a pass without drawing, for a
  /// render whose digest is known (the warm cache's). A missing golden, or one
  /// without a digest, does not pass this way.
  ///
  /// - Throws: ``DarkroomError`` when the golden is damaged or cannot be read.
  static func stores(_ digest: String, golden path: String) throws(DarkroomError) -> Bool {
    guard let bytes = try FileStore.readIfPresent(path) else { return false }
    if let problem = PNGStructure.problem(in: bytes) {
      throw DarkroomError("the golden is damaged: \(problem); darkroom record rewrites it", file: path)
    }
    return PixelDigest.stored(in: bytes) == digest
  }

  /// Compares `render` with the golden at `path` and, as `record` allows, writes
  /// the golden, with the summary `drawing` gives (asked only when one is written).
  ///
  /// - Throws: ``DarkroomError`` when the golden exists but is not a usable PNG, or
  ///   cannot be read or written.
  public static func check(
    _ render: PixelBuffer, golden path: String, compare: CompareOptions, record: RecordMode, full: Bool = false,
    drawing: () -> String? = { nil }
  ) throws(DarkroomError) -> GoldenCheck {
    let digest = PixelDigest(render).description
    func encoded() throws(DarkroomError) -> [UInt8] {
      do { return try render.goldenPNG(digest: digest, drawing: drawing()) } catch {
        throw DarkroomError("cannot encode the render: \(error)", file: path)
      }
    }
    func result(
      _ status: SnapshotOutcome.Status, _ reason: String? = nil, comparison: Comparison? = nil, png: [UInt8]? = nil,
      golden: [UInt8]? = nil, decoded: Bool = false, difference: (() throws(PNGError) -> [UInt8])? = nil
    ) -> GoldenCheck {
      GoldenCheck(
        status: status, reason: reason, comparison: comparison, goldenPNG: golden, decodedGolden: decoded,
        renderDigest: digest, render: render, encodedRender: png, difference: difference)
    }
    guard let bytes = try FileStore.readIfPresent(path) else {
      if record != .never {
        let png = try encoded()
        try FileStore.writeAtomically(png, to: path)
        return result(.recorded, "was missing", png: png)
      }
      return result(.missing)
    }
    if let problem = PNGStructure.problem(in: bytes) {
      throw DarkroomError("the golden is damaged: \(problem); darkroom record rewrites it", file: path)
    }
    if !full && PixelDigest.stored(in: bytes) == digest {
      return result(.passed, png: bytes, golden: bytes)
    }
    let expected: StraightImage
    do {
      expected = try StraightImage.decodePNG(bytes).image
    } catch {
      throw DarkroomError("the golden is not a usable PNG: \(error)", file: path)
    }
    let (comparison, difference) = Comparison.compare(expected: expected, actual: render.straightImage, options: compare)
    if comparison.passed {
      // Same pixels: rewritten only to add what the file lacks (the current digest),
      // never because the drawing's summary moved on.
      if record == .all, PixelDigest.stored(in: bytes) != digest {
        let png = try encoded()
        try FileStore.writeAtomically(png, to: path)
        return result(.recorded, "adds the pixel digest", comparison: comparison, png: png, golden: bytes, decoded: true)
      }
      return result(.passed, comparison: comparison, golden: bytes, decoded: true)
    }
    if record == .failed || record == .all {
      let png = try encoded()
      try FileStore.writeAtomically(png, to: path)
      return result(
        .recorded, "failed: " + comparison.summary, comparison: comparison, png: png, golden: bytes, decoded: true,
        difference: difference)
    }
    return result(.failed, comparison: comparison, golden: bytes, decoded: true, difference: difference)
  }
}
