import DarkroomFoundation

/// A semantic colour as a source defines it, before the theme checks it: its name,
/// where it is defined, its variants, and every name its values refer to.
///
/// The theme file's own colours and the colours read from asset catalogs, Android
/// resources and design tokens all become definitions, so one set of checks (known
/// names, one best variant per trait combination, no cycles) covers them all.
struct ColorDefinition {
  /// A name a value refers to, and where it is written.
  struct Reference {
    let name: String
    let location: SourceLocation
  }

  let name: String
  /// Where the name is defined.
  let location: SourceLocation
  var variants: [DynamicColor.Variant]
  var references: [Reference]
  /// Why the colour has no value, when it has none — a colour set whose entries give
  /// no colour, an Android theme attribute, a reference to a colour the source does
  /// not define. The name is known, and a layout or colour that uses it gets this
  /// reason as a located error; nothing else is stopped.
  var unavailable: String? = nil
  /// Whether a source file defined it rather than the theme file: its name may be a
  /// built-in's (the app's own `white` takes the name).
  var fromSource = false
  /// Whether a name it refers to that nothing defines leaves it without a value
  /// rather than stopping the theme: an Android resource may name a library's
  /// colour, which the app's own folders do not hold.
  var mayReferToOthers = false

  /// Adds a variant; `false` when the definition already has one with that key.
  mutating func add(_ key: VariantKey, _ value: ColorExpression, references more: [Reference]) -> Bool {
    guard !variants.contains(where: { $0.key == key }) else { return false }
    variants.append(DynamicColor.Variant(key: key, value: value))
    references += more
    return true
  }

  /// Adds the variants Apple's resolution order implies but the most-specific-key
  /// rule would find ambiguous: for dark and increased contrast, Apple tries
  /// high-contrast dark, then dark, then high-contrast any, then any — so where
  /// `dark` and `high-contrast` are both given and `dark-high-contrast` is not, the
  /// dark value wins (likewise for light).
  mutating func addAppleOrder() {
    for addition in Self.appleOrderAdditions(among: variants.map(\.key)) {
      if let value = variants.first(where: { $0.key == addition.from })?.value {
        _ = add(addition.key, value, references: [])
      }
    }
  }

  /// The keys Apple's order implies among `keys`, each with the key whose value it
  /// takes: `style-high-contrast` from `style`, where `high-contrast` and `style`
  /// are given and `style-high-contrast` is not. Colour sets and image sets both
  /// resolve this way.
  static func appleOrderAdditions(among keys: [VariantKey]) -> [(key: VariantKey, from: VariantKey)] {
    guard let highContrast = VariantKey("high-contrast"), keys.contains(highContrast) else { return [] }
    var additions: [(key: VariantKey, from: VariantKey)] = []
    for style in ["light", "dark"] {
      guard let plain = VariantKey(style), let combined = VariantKey(style + "-high-contrast"),
        keys.contains(plain), !keys.contains(combined)
      else { continue }
      additions.append((combined, plain))
    }
    return additions
  }
}

/// What a colour source contributes to a theme.
struct ImportedColors {
  var colors: [ColorDefinition] = []
  /// Images with where each name is defined.
  var images: [(name: String, location: SourceLocation, image: DynamicImage)] = []
  /// Image sets Darkroom cannot draw (a PDF, an SVG, a HEIC file, none for iPhone),
  /// with why: an error where a layout draws one, never when the source loads.
  var unavailableImages: [(name: String, location: SourceLocation, reason: String)] = []
  /// Symbols (an asset catalog's `.symbolset`s) with where each is defined.
  var symbols: [(name: String, location: SourceLocation, symbol: SymbolTemplate)] = []
  /// What each source that reports (a Swift source) read and skipped.
  var reports: [ColorSourceReport] = []
}

/// One colour a single-appearance source file defines (an Android resource file, a
/// design-token file): a variant of the semantic colour of that name.
struct SourceColor {
  let name: String
  let location: SourceLocation
  let value: ColorExpression
  let references: [ColorDefinition.Reference]
  /// Why it has no value (a theme attribute), when it has none.
  var unavailable: String? = nil
  /// Whether it may name a colour its source does not define (Android's may).
  var mayReferToOthers = false
}
