import DarkroomRaster

extension DisplayList {
  /// A material, as UIKit's bars draw their default background: what was drawn
  /// under the shape is blurred, then a translucent tint is drawn over it — in a
  /// display list, a group cut to the shape holding a ``Command/backdropBlur(_:sigma:)``
  /// and the tint.
  public struct Material: Sendable, Hashable {
    /// The backdrop blur's standard deviation, in points.
    public var blur: Double

    /// UIKit's bar material: a σ of 10 points (Flutter's Cupertino bars' blur,
    /// `ImageFilter.blur(sigmaX: 10, sigmaY: 10)`; Apple publishes no number).
    public static let bar = Material(blur: 10)

    init(blur: Double) { self.blur = blur }

    /// The commands of a material in `shape`: the backdrop blurred, then the tint
    /// over it, in a group cut to the shape.
    func group(in shape: RoundedRect, tint: RGBA8) -> Command {
      .group(clip: shape, opacity: 1, commands: [.backdropBlur(shape, sigma: blur), .fill(shape, paint: .solid(tint))])
    }
  }
}
