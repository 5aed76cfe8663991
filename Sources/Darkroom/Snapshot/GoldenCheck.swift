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
  /// The render as a PNG file (the golden's own bytes when they hold the same pixels).
  public let renderPNG: [UInt8]
  /// The golden's bytes as they were before the check, if there was a golden.
  public let goldenPNG: [UInt8]?
  /// Whether the golden had to be decoded.
  public let decodedGolden: Bool
  /// A written golden (recorded by this check).
  public var recorded: Bool { status == .recorded }
  private let difference: (() -> PixelBuffer)?

  /// The difference image (changed pixels in red over a faded golden) when the
  /// comparison failed; nil otherwise.
  public func differencePNG() throws(PNGError) -> [UInt8]? {
    guard let difference, comparison?.passed == false else { return nil }
    return try difference().pngData(compression: .fast)
  }

  /// Compares `render` with the golden at `path` and, as `record` allows, writes
  /// the golden.
  ///
  /// - Throws: ``DarkroomError`` when the golden exists but is not a usable PNG, or
  ///   cannot be read or written.
  public static func check(
    _ render: PixelBuffer, golden path: String, compare: CompareOptions, record: RecordMode, full: Bool = false
  ) throws(DarkroomError) -> GoldenCheck {
    func encoded() throws(DarkroomError) -> [UInt8] {
      do { return try render.goldenPNG() } catch { throw DarkroomError("cannot encode the render: \(error)", file: path) }
    }
    guard let bytes = try FileStore.readIfPresent(path) else {
      let png = try encoded()
      if record != .never {
        try FileStore.writeAtomically(png, to: path)
        return GoldenCheck(
          status: .recorded, reason: "was missing", comparison: nil, renderPNG: png, goldenPNG: nil,
          decodedGolden: false, difference: nil)
      }
      return GoldenCheck(
        status: .missing, reason: nil, comparison: nil, renderPNG: png, goldenPNG: nil, decodedGolden: false,
        difference: nil)
    }
    if let problem = PNGStructure.problem(in: bytes) {
      throw DarkroomError("the golden is damaged: \(problem); darkroom record rewrites it", file: path)
    }
    if !full && PixelDigest.stored(in: bytes) == PixelDigest(render).description {
      return GoldenCheck(
        status: .passed, reason: nil, comparison: nil, renderPNG: bytes, goldenPNG: bytes, decodedGolden: false,
        difference: nil)
    }
    let expected: StraightImage
    do {
      expected = try StraightImage.decodePNG(bytes).image
    } catch {
      throw DarkroomError("the golden is not a usable PNG: \(error)", file: path)
    }
    let (comparison, difference) = Comparison.compare(expected: expected, actual: render.straightImage, options: compare)
    let png = try encoded()
    if comparison.passed {
      if record == .all && png != bytes {
        try FileStore.writeAtomically(png, to: path)
        return GoldenCheck(
          status: .recorded, reason: "adds the pixel digest", comparison: comparison, renderPNG: png, goldenPNG: bytes,
          decodedGolden: true, difference: nil)
      }
      return GoldenCheck(
        status: .passed, reason: nil, comparison: comparison, renderPNG: bytes, goldenPNG: bytes, decodedGolden: true,
        difference: nil)
    }
    if record == .failed || record == .all {
      try FileStore.writeAtomically(png, to: path)
      return GoldenCheck(
        status: .recorded, reason: "failed: " + comparison.summary, comparison: comparison, renderPNG: png,
        goldenPNG: bytes, decodedGolden: true, difference: difference)
    }
    return GoldenCheck(
      status: .failed, reason: nil, comparison: comparison, renderPNG: png, goldenPNG: bytes, decodedGolden: true,
      difference: difference)
  }
}
