import Darkroom
import DarkroomRaster
import Foundation
import SnapshotTesting

extension Diffing where Value == Data {
  /// PNG files compared the way `darkroom verify` compares them: decoded to
  /// pixels, an exact or perceptual comparison under `options`, and a difference
  /// image attached to a failure.
  public static func darkroomPNG(_ options: CompareOptions = CompareOptions()) -> Diffing<Data> {
    .diff(toData: { $0 }, fromData: { $0 }) { reference, render in
      if let problem = DarkroomRender.problem(in: render) { return ("Darkroom could not render the layout: " + problem, []) }
      let golden: StraightImage, actual: StraightImage
      do {
        golden = try StraightImage.decodePNG([UInt8](reference)).image
        actual = try StraightImage.decodePNG([UInt8](render)).image
      } catch {
        return ("the reference is not a usable PNG: \(error)", [])
      }
      let (comparison, difference) = Comparison.compare(expected: golden, actual: actual, options: options)
      guard !comparison.passed else { return nil }
      let attachments: [DiffAttachment]
      if let png = try? difference() {
        attachments = [.data(Data(png), name: "difference.png")]
      } else {
        attachments = []
      }
      return ("Darkroom: " + comparison.summary, attachments)
    }
  }
}
