import DarkroomFoundation
import DarkroomRaster
/// The result of comparing a render with its golden under some options.
public struct Comparison: Sendable, Codable, Equatable {
  /// The options the comparison used.
  public let options: CompareOptions
  /// Pixels judged different (by bytes, or perceptually).
  public let differingPixels: Int
  /// Pixels compared: the area both images share.
  public let comparedPixels: Int
  /// The golden's size.
  public let expectedSize: PixelSize
  /// The render's size.
  public let actualSize: PixelSize
  /// The smallest rectangle holding every byte-level change, if any.
  public let bounds: PixelRect?

  /// Whether the sizes differ (always a failure).
  public var sizeChanged: Bool { expectedSize != actualSize }
  /// Differing pixels as a fraction of those compared.
  public var ratio: Double { comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels) }
  /// Whether the render passes under the options.
  public var passed: Bool { !sizeChanged && options.accepts(differing: differingPixels, of: comparedPixels) }

  /// Compares two images in straight alpha, as stored in PNG files (a render's
  /// `PixelBuffer.straightImage` is what its PNG holds). Perceptual comparison
  /// needs straight alpha, as pixelmatch works on it; exact comparison gives the
  /// same answer either way. The diff image (a PNG) is made only if the returned
  /// closure is called.
  public static func compare(
    expected: StraightImage, actual: StraightImage, options: CompareOptions
  ) -> (comparison: Comparison, diffPNG: () throws(PNGError) -> [UInt8]) {
    let exact = PixelDifference(expected: expected, actual: actual)
    let sizes = (
      PixelSize(width: expected.width, height: expected.height),
      PixelSize(width: actual.width, height: actual.height)
    )
    if options.method == .perceptual, !exact.isIdentical, sizes.0 == sizes.1 {
      var perceptual = PerceptualDiff.Options()
      perceptual.threshold = options.threshold
      perceptual.includeAA = options.includeAA
      let result = PerceptualDiff(expected, actual, options: perceptual)
      let comparison = Comparison(
        options: options, differingPixels: result.differingPixels, comparedPixels: exact.comparedPixels,
        expectedSize: sizes.0, actualSize: sizes.1, bounds: exact.bounds)
      return (comparison, { () throws(PNGError) in try result.image.premultipliedBuffer.pngData(compression: .fast) })
    }
    let comparison = Comparison(
      options: options, differingPixels: exact.differingPixels, comparedPixels: exact.comparedPixels,
      expectedSize: sizes.0, actualSize: sizes.1, bounds: exact.bounds)
    return (comparison, { () throws(PNGError) in try DifferenceImage(expected: expected, actual: actual).pngData() })
  }

  /// One phrase with the measured values and the options: what a failure prints.
  public var summary: String {
    var text = "\(differingPixels) of \(comparedPixels) pixels differ (\(CompareOptions.percent(ratio)))"
    if let bounds { text += " in \(bounds.width)×\(bounds.height) at \(bounds.x),\(bounds.y)" }
    if sizeChanged { text = "size changed from \(expectedSize) to \(actualSize); " + text }
    return text + "; compared \(options)"
  }
}
