import DarkroomFoundation

/// A named appearance a snapshot is taken in: a trait collection with a name.
public struct Mode: Sendable, Hashable {
  /// The name, used in file names (`Golden/<layout>/<mode>.png`).
  public let name: String
  /// The traits colours are resolved against.
  public let traits: Traits

  /// Creates a mode.
  public init(name: String, traits: Traits) {
    self.name = name
    self.traits = traits
  }

  /// `light`, `dark` and `elevated` (dark style, elevated level): the modes used when
  /// a theme names none.
  public static let defaults: [Mode] = [
    Mode(name: "light", traits: Traits()),
    Mode(name: "dark", traits: Traits(style: .dark)),
    Mode(name: "elevated", traits: Traits(style: .dark, level: .elevated)),
  ]
}
