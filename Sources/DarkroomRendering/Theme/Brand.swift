import DarkroomFoundation

/// A brand theme (`themes:` in `theme.yml`): a named palette over the same semantic
/// names — a white-label app's brand, or one of the colour sets an app lets its
/// users choose. Every layout is drawn in the theme itself and in each brand, in
/// every mode and locale; a brand's snapshots carry its name (`dark+sunset.png`).
public struct Brand: Sendable, Equatable {
  /// The name, letters, digits and '-', used in file names.
  public let name: String
  /// The theme with the brand's palette entries and colours in place of the base's.
  public let theme: Theme
  /// Where the brand is declared.
  public let location: SourceLocation

  /// The separator between a mode's name and a brand's in a snapshot's name: a
  /// character no mode, brand or locale name has.
  public static let separator = "+"
}
