/// UIKit's system colours, built into every theme as `system.<name>`: the platform's
/// semantics (backgrounds, labels, separators, fills, tints and greys) with their
/// light, dark, elevated and increased-contrast values, so a layout can use them
/// without defining them. In Swift, `ColorExpression.system(.label)`.
///
/// This enumeration is the one list of them: the theme's colours, the names a layout
/// may use, asset catalogs' `UIColor` references and the DSL all come from it.
///
/// Values are the sRGB values Apple's colour tables publish for iOS 15 and later;
/// translucent colours (labels, separators, fills) keep their alpha. Where Apple
/// publishes no increased-contrast value, the normal value applies.
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

  /// One system colour's values.
  struct Entry {
    /// The `UIColor` class property, as asset catalogs refer to it (`systemBlue`).
    let uikit: String
    let light: String
    let dark: String
    /// Dark presented content, when it differs from `dark`.
    var elevated: String? = nil
    /// Increased contrast: light, dark, and dark elevated.
    var highContrast: (light: String, dark: String, elevated: String?)? = nil
  }

  /// The colour's values, as Apple's tables give them.
  var entry: Entry {
    switch self {
    case .background: Entry(uikit: "systemBackground", light: "ffffff", dark: "000000", elevated: "1c1c1e", highContrast: ("ffffff", "000000", "242426"))
    case .secondaryBackground: Entry(uikit: "secondarySystemBackground", light: "f2f2f7", dark: "1c1c1e", elevated: "2c2c2e", highContrast: ("ebebf0", "242426", "363638"))
    case .tertiaryBackground: Entry(uikit: "tertiarySystemBackground", light: "ffffff", dark: "2c2c2e", elevated: "3a3a3c", highContrast: ("ffffff", "363638", "444446"))
    case .groupedBackground: Entry(uikit: "systemGroupedBackground", light: "f2f2f7", dark: "000000", elevated: "1c1c1e", highContrast: ("ebebf0", "000000", "242426"))
    case .secondaryGroupedBackground: Entry(uikit: "secondarySystemGroupedBackground", light: "ffffff", dark: "1c1c1e", elevated: "2c2c2e", highContrast: ("ffffff", "242426", "363638"))
    case .tertiaryGroupedBackground: Entry(uikit: "tertiarySystemGroupedBackground", light: "f2f2f7", dark: "2c2c2e", elevated: "3a3a3c", highContrast: ("ebebf0", "363638", "444446"))
    case .label: Entry(uikit: "label", light: "000000", dark: "ffffff")
    case .secondaryLabel: Entry(uikit: "secondaryLabel", light: "3c3c4399", dark: "ebebf599")
    case .tertiaryLabel: Entry(uikit: "tertiaryLabel", light: "3c3c434d", dark: "ebebf54d")
    case .quaternaryLabel: Entry(uikit: "quaternaryLabel", light: "3c3c432e", dark: "ebebf529")
    case .placeholderText: Entry(uikit: "placeholderText", light: "3c3c434d", dark: "ebebf54d")
    case .separator: Entry(uikit: "separator", light: "3c3c434a", dark: "54545899")
    case .opaqueSeparator: Entry(uikit: "opaqueSeparator", light: "c6c6c8", dark: "38383a")
    case .link: Entry(uikit: "link", light: "007aff", dark: "0984ff")
    case .fill: Entry(uikit: "systemFill", light: "78788033", dark: "7878805c")
    case .secondaryFill: Entry(uikit: "secondarySystemFill", light: "78788029", dark: "78788052")
    case .tertiaryFill: Entry(uikit: "tertiarySystemFill", light: "7676801f", dark: "7676803d")
    case .quaternaryFill: Entry(uikit: "quaternarySystemFill", light: "74748014", dark: "7676802e")
    case .blue: tint("007aff", "0a84ff", "0040dd", "409cff")
    case .green: tint("34c759", "30d158", "248a3d", "30db5b")
    case .indigo: tint("5856d6", "5e5ce6", "3634a3", "7d7aff")
    case .orange: tint("ff9500", "ff9f0a", "c93400", "ffb340")
    case .pink: tint("ff2d55", "ff375f", "d30f45", "ff6482")
    case .purple: tint("af52de", "bf5af2", "8944ab", "da8fff")
    case .red: tint("ff3b30", "ff453a", "d70015", "ff6961")
    case .yellow: tint("ffcc00", "ffd60a", "a05a00", "ffd426")
    case .teal: tint("30b0c7", "40c8e0", "008299", "5de6ff")
    case .cyan: tint("32ade6", "64d2ff", "0071a4", "70d7ff")
    case .mint: tint("00c7be", "63e6e2", "0c817b", "66d4cf")
    case .brown: tint("a2845e", "ac8e68", "7f6545", "b59469")
    case .gray: tint("8e8e93", "8e8e93", "6c6c70", "aeaeb2")
    case .gray2: tint("aeaeb2", "636366", "8e8e93", "7c7c80")
    case .gray3: tint("c7c7cc", "48484a", "aeaeb2", "545456")
    case .gray4: tint("d1d1d6", "3a3a3c", "bcbcc0", "444446")
    case .gray5: tint("e5e5ea", "2c2c2e", "d8d8dc", "363638")
    case .gray6: tint("f2f2f7", "1c1c1e", "ebebf0", "242426")
    }
  }

  private func tint(_ light: String, _ dark: String, _ lightHC: String, _ darkHC: String) -> Entry {
    let uikit = "system" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    return Entry(uikit: uikit, light: light, dark: dark, highContrast: (lightHC, darkHC, nil))
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
  public static let colors: [String: DynamicColor] = Dictionary(
    uniqueKeysWithValues: SystemColor.allCases.map { ($0.name, color(of: $0.entry)) })

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
    func value(_ hex: String) -> ColorExpression {
      var parser = ColorExpressionParser("#" + hex, start: SourceLocation(file: "SystemColors", line: 1, column: 1))
      // The table is constant and every entry is well formed; a typo shows as clear.
      return (try? parser.parse()) ?? .literal(.clear)
    }
    func variant(_ key: String, _ hex: String) -> DynamicColor.Variant? {
      VariantKey(key).map { DynamicColor.Variant(key: $0, value: value(hex)) }
    }
    var variants = [variant("any", entry.light), variant("dark", entry.dark)]
    if let elevated = entry.elevated { variants.append(variant("dark-elevated", elevated)) }
    if let hc = entry.highContrast {
      variants.append(variant("light-high-contrast", hc.light))
      variants.append(variant("dark-high-contrast", hc.dark))
      // Both dark-elevated and dark-high-contrast match dark elevated high contrast;
      // the three-word key settles which wins.
      if entry.elevated != nil { variants.append(variant("dark-elevated-high-contrast", hc.elevated ?? hc.dark)) }
    }
    return DynamicColor(variants: variants.compactMap { $0 })
  }
}
