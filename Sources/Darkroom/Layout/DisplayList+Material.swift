import DarkroomRaster

extension DisplayList {
  /// A material, as UIKit's bars draw their default background: what was drawn
  /// under the shape is blurred, then a translucent tint is drawn over it.
  ///
  /// In a display list it is a group clipped to the shape whose first command is a
  /// marker — an empty fill at x = −∞, which no layout can produce, its y the blur's
  /// σ in points — followed by the tint. The render key hashes commands by their
  /// case, so a new case would need the cache to learn it; a group with a marker
  /// is hashed, explained and bounded like any group, and changes the key whenever
  /// the material does.
  public struct Material: Sendable, Hashable {
    /// The backdrop blur's standard deviation, in points.
    public var blur: Double

    /// UIKit's bar material: a σ of 10 points (Flutter's Cupertino bars' blur,
    /// `ImageFilter.blur(sigmaX: 10, sigmaY: 10)`; Apple publishes no number).
    public static let bar = Material(blur: 10)

    /// The material a group's first command marks, if it is a marker.
    init?(marker command: Command) {
      guard case .fill(let shape, _) = command, shape.rect.x == -.infinity, shape.rect.width == 0,
        shape.rect.height == 0, shape.rect.y.isFinite, shape.rect.y >= 0
      else { return nil }
      blur = shape.rect.y
    }

    init(blur: Double) { self.blur = blur }

    /// The commands of a material in `shape`: the marker, then the tint over the
    /// blurred backdrop, in a group cut to the shape.
    func group(in shape: RoundedRect, tint: RGBA8) -> Command {
      let marker = Command.fill(
        RoundedRect(Rect(x: -.infinity, y: blur, width: 0, height: 0), radii: CornerRadii(0)), paint: .solid(tint))
      return .group(clip: shape, opacity: 1, commands: [marker, .fill(shape, paint: .solid(tint))])
    }

    /// The material a group draws, and its commands after the marker; nil for any
    /// other group.
    static func split(_ commands: [Command]) -> (Material, ArraySlice<Command>)? {
      guard let first = commands.first, let material = Material(marker: first) else { return nil }
      return (material, commands.dropFirst())
    }
  }
}
