import DarkroomFoundation

/// UIKit's system colours, built into every theme as `system.<name>`: the platform's
/// semantics (backgrounds, labels, separators, fills, tints and greys) with their
/// light, dark, elevated and increased-contrast values, so a layout can use them
/// without defining them. In Swift, `ColorExpression.system(.label)`.
///
/// This enumeration is the one list of them: the theme's colours, the names a layout
/// may use, asset catalogs' `UIColor` references and the DSL all come from it.
///
/// Values are UIKit's sRGB values on iOS 15 through 18, in all eight trait
/// combinations (light or dark, base or elevated, normal or increased contrast);
/// translucent colours (labels, separators, fills) keep their alpha, which increased
/// contrast raises. docs/fidelity.md names each value's public source.
public enum SystemColor: String, Sendable, CaseIterable {
  /// The screen's background.
  case background
  /// Content over the background.
  case secondaryBackground
  /// Content over secondary content.
  case tertiaryBackground
  /// A grouped table's background.
  case groupedBackground
  /// A grouped table's cells.
  case secondaryGroupedBackground
  /// Content inside grouped cells.
  case tertiaryGroupedBackground
  /// Primary text.
  case label
  /// Secondary text.
  case secondaryLabel
  /// Tertiary text.
  case tertiaryLabel
  /// Quaternary text.
  case quaternaryLabel
  /// Placeholder text.
  case placeholderText
  /// A thin line, translucent.
  case separator
  /// A thin line, opaque.
  case opaqueSeparator
  /// Links.
  case link
  /// Thin and small shapes.
  case fill
  /// Medium shapes.
  case secondaryFill
  /// Large shapes.
  case tertiaryFill
  /// Large areas.
  case quaternaryFill
  /// The blue tint.
  case blue
  /// The green tint.
  case green
  /// The indigo tint.
  case indigo
  /// The orange tint.
  case orange
  /// The pink tint.
  case pink
  /// The purple tint.
  case purple
  /// The red tint.
  case red
  /// The yellow tint.
  case yellow
  /// The teal tint.
  case teal
  /// The cyan tint.
  case cyan
  /// The mint tint.
  case mint
  /// The brown tint.
  case brown
  /// A grey of UIKit's scale.
  case gray
  /// A grey of UIKit's scale.
  case gray2
  /// A grey of UIKit's scale.
  case gray3
  /// A grey of UIKit's scale.
  case gray4
  /// A grey of UIKit's scale.
  case gray5
  /// A grey of UIKit's scale.
  case gray6

  /// The name a layout writes: `system.label`.
  public var name: String { SystemColors.prefix + rawValue }

  /// One system colour's values in the six trait combinations that differ. In the
  /// light appearance elevation changes nothing (light elevated is light, light
  /// elevated with increased contrast is light with increased contrast), as UIKit's
  /// own colours resolve.
  struct Entry {
    /// The `UIColor` class property, as asset catalogs refer to it (`systemBlue`).
    let uikit: String
    let light: String
    let dark: String
    /// Dark presented content (the elevated level).
    let darkElevated: String
    /// Increased contrast: light, dark, and dark elevated.
    let lightHighContrast: String
    let darkHighContrast: String
    let darkElevatedHighContrast: String

    init(
      _ uikit: String, _ light: String, _ dark: String, _ darkElevated: String, _ lightHighContrast: String,
      _ darkHighContrast: String, _ darkElevatedHighContrast: String
    ) {
      self.uikit = uikit
      self.light = light
      self.dark = dark
      self.darkElevated = darkElevated
      self.lightHighContrast = lightHighContrast
      self.darkHighContrast = darkHighContrast
      self.darkElevatedHighContrast = darkElevatedHighContrast
    }
  }

  /// The colour's values, `rrggbb` or `rrggbbaa`, in the order light, dark, dark
  /// elevated, then the same three with increased contrast. Where each comes from —
  /// UIKit's values read at run time (WebKit's dump), the HIG's colour tables, or
  /// Flutter's reproduction, the only public source of the increased-contrast alphas
  /// — is listed per colour in docs/fidelity.md.
  var entry: Entry {
    switch self {
    case .background: Entry("systemBackground", "ffffff", "000000", "1c1c1e", "ffffff", "000000", "242426")
    case .secondaryBackground: Entry(
      "secondarySystemBackground", "f2f2f7", "1c1c1e", "2c2c2e", "ebebf0", "242426", "363638")
    case .tertiaryBackground: Entry(
      "tertiarySystemBackground", "ffffff", "2c2c2e", "3a3a3c", "ffffff", "363638", "444446")
    case .groupedBackground: Entry(
      "systemGroupedBackground", "f2f2f7", "000000", "1c1c1e", "ebebf0", "000000", "242426")
    case .secondaryGroupedBackground: Entry(
      "secondarySystemGroupedBackground", "ffffff", "1c1c1e", "2c2c2e", "ffffff", "242426", "363638")
    case .tertiaryGroupedBackground: Entry(
      "tertiarySystemGroupedBackground", "f2f2f7", "2c2c2e", "3a3a3c", "ebebf0", "363638", "444446")
    case .label: Entry("label", "000000", "ffffff", "ffffff", "000000", "ffffff", "ffffff")
    case .secondaryLabel: Entry(
      "secondaryLabel", "3c3c4399", "ebebf599", "ebebf599", "3c3c43ad", "ebebf5ad", "ebebf5ad")
    case .tertiaryLabel: Entry("tertiaryLabel", "3c3c434c", "ebebf54c", "ebebf54c", "3c3c4360", "ebebf560", "ebebf560")
    case .quaternaryLabel: Entry(
      "quaternaryLabel", "3c3c432d", "ebebf528", "ebebf528", "3c3c4342", "ebebf53d", "ebebf53d")
    case .placeholderText: Entry(
      "placeholderText", "3c3c434c", "ebebf54c", "ebebf54c", "3c3c4360", "ebebf560", "ebebf560")
    case .separator: Entry("separator", "3c3c434a", "54545899", "54545899", "3c3c435e", "545458ad", "545458ad")
    case .opaqueSeparator: Entry("opaqueSeparator", "c6c6c8", "38383a", "38383a", "c6c6c8", "38383a", "38383a")
    case .link: Entry("link", "007aff", "0984ff", "0984ff", "007aff", "0984ff", "0984ff")
    case .fill: Entry("systemFill", "78788033", "7878805b", "7878805b", "78788047", "78788070", "78788070")
    case .secondaryFill: Entry(
      "secondarySystemFill", "78788028", "78788051", "78788051", "7878803d", "78788066", "78788066")
    case .tertiaryFill: Entry(
      "tertiarySystemFill", "7676801e", "7676803d", "7676803d", "76768033", "76768051", "76768051")
    case .quaternaryFill: Entry(
      "quaternarySystemFill", "74748014", "7676802d", "7676802d", "74748028", "76768042", "76768042")
    case .blue: Entry("systemBlue", "007aff", "0a84ff", "0a84ff", "0040dd", "409cff", "409cff")
    case .green: Entry("systemGreen", "34c759", "30d158", "30d158", "248a3d", "30db5b", "30db5b")
    case .indigo: Entry("systemIndigo", "5856d6", "5e5ce6", "5e5ce6", "3634a3", "7d7aff", "7d7aff")
    case .orange: Entry("systemOrange", "ff9500", "ff9f0a", "ff9f0a", "c93400", "ffb340", "ffb340")
    case .pink: Entry("systemPink", "ff2d55", "ff375f", "ff375f", "d30f45", "ff6482", "ff6482")
    case .purple: Entry("systemPurple", "af52de", "bf5af2", "bf5af2", "8944ab", "da8fff", "da8fff")
    case .red: Entry("systemRed", "ff3b30", "ff453a", "ff453a", "d70015", "ff6961", "ff6961")
    case .yellow: Entry("systemYellow", "ffcc00", "ffd60a", "ffd60a", "b25000", "ffd426", "ffd426")
    case .teal: Entry("systemTeal", "30b0c7", "40c8e0", "40c8e0", "008299", "5de6ff", "5de6ff")
    case .cyan: Entry("systemCyan", "32ade6", "64d2ff", "64d2ff", "0071a4", "70d7ff", "70d7ff")
    case .mint: Entry("systemMint", "00c7be", "63e6e2", "63e6e2", "0c817b", "66d4cf", "66d4cf")
    case .brown: Entry("systemBrown", "a2845e", "ac8e68", "ac8e68", "7f6545", "b59469", "b59469")
    case .gray: Entry("systemGray", "8e8e93", "8e8e93", "8e8e93", "6c6c70", "aeaeb2", "aeaeb2")
    case .gray2: Entry("systemGray2", "aeaeb2", "636366", "636366", "8e8e93", "7c7c80", "7c7c80")
    case .gray3: Entry("systemGray3", "c7c7cc", "48484a", "48484a", "aeaeb2", "545456", "545456")
    case .gray4: Entry("systemGray4", "d1d1d6", "3a3a3c", "3a3a3c", "bcbcc0", "444446", "444446")
    case .gray5: Entry("systemGray5", "e5e5ea", "2c2c2e", "2c2c2e", "d8d8dc", "363638", "363638")
    case .gray6: Entry("systemGray6", "f2f2f7", "1c1c1e", "1c1c1e", "ebebf0", "242426", "242426")
    }
  }
}

extension ColorExpression {
  /// One of UIKit's system colours: `.system(.label)`, `.system(.blue)` — the same
  /// colours a layout file names `system.label`, `system.blue`.
  public static func system(_ color: SystemColor) -> ColorExpression { .named(color.name) }
}

/// The system colours as a theme holds them.
public enum SystemColors {
  /// The prefix every system colour's name starts with.
  public static let prefix = "system."

  /// Every system colour as a dynamic colour, by its full name (`system.blue`).
  /// With them, the components' own colours (``ChromeColor``, `system.chrome.…`).
  public static let colors: [String: DynamicColor] = Dictionary(
    uniqueKeysWithValues: SystemColor.allCases.map { ($0.name, color(of: $0.entry)) }
  ).merging(ChromeColor.colors) { system, _ in system }

  /// The full names in the order of Apple's documentation.
  public static let names: [String] = SystemColor.allCases.map(\.name)

  /// The system colour an asset catalog names by its `UIColor` property, with or
  /// without the `Color` suffix (`systemBlueColor`, `labelColor`).
  static func name(forUIKit reference: String) -> String? {
    let property = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
    return SystemColor.allCases.first { $0.entry.uikit == property }?.name
  }

  /// Every `UIColor` property name, for suggestions.
  static var uikitNames: [String] { SystemColor.allCases.map { $0.entry.uikit + "Color" } }

  private static func color(of entry: SystemColor.Entry) -> DynamicColor {
    // Every combination has one most specific key: both dark-elevated and
    // dark-high-contrast match dark elevated with increased contrast, and the
    // three-word key settles it.
    dynamic([
      ("any", entry.light), ("dark", entry.dark), ("dark-elevated", entry.darkElevated),
      ("light-high-contrast", entry.lightHighContrast), ("dark-high-contrast", entry.darkHighContrast),
      ("dark-elevated-high-contrast", entry.darkElevatedHighContrast),
    ])
  }

  /// A dynamic colour from a constant table of variant keys and `rrggbb[aa]` values.
  static func dynamic(_ variants: [(key: String, hex: String)]) -> DynamicColor {
    func value(_ hex: String) -> ColorExpression {
      var parser = ColorExpressionParser("#" + hex, start: SourceLocation(file: "SystemColors", line: 1, column: 1))
      // The table is constant and every entry is well formed; a typo shows as clear.
      return (try? parser.parse()) ?? .literal(.clear)
    }
    return DynamicColor(
      variants: variants.compactMap { key, hex in VariantKey(key).map { DynamicColor.Variant(key: $0, value: value(hex)) } })
  }
}
