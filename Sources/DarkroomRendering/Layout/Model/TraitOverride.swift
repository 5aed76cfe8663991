import DarkroomFoundation

/// Traits a node sets for itself and everything inside it, as UIKit's
/// `overrideUserInterfaceStyle` and trait overrides do: colours and images in the
/// subtree resolve with them, and colours derived from those stay dynamic there.
///
/// `darkMode: false` on a node is `traits: { style: light }`: a module that opts out
/// of dark mode renders light in every mode.
public struct TraitOverride: Sendable, Equatable {
  /// The style the subtree is drawn in, if overridden.
  public var style: Traits.Style?
  /// The level, if overridden.
  public var level: Traits.Level?
  /// The contrast, if overridden.
  public var contrast: Traits.Contrast?

  /// The mode's traits with the overridden ones replaced.
  public func applied(to traits: Traits) -> Traits {
    var result = traits
    if let style { result.style = style }
    if let level { result.level = level }
    if let contrast { result.contrast = contrast }
    return result
  }
}
