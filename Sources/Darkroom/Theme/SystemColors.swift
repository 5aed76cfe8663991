/// UIKit's system colours, built into every theme as `system.<name>`: the platform's
/// semantics (backgrounds, labels, separators, fills, tints and greys) with their
/// light, dark, elevated and increased-contrast values, so a layout can use them
/// without defining them.
///
/// Values are the sRGB values Apple's colour tables publish for iOS 15 and later;
/// translucent colours (labels, separators, fills) keep their alpha. Where Apple
/// publishes no increased-contrast value, the normal value applies.
public enum SystemColors {
  /// One system colour's values.
  struct Entry {
    /// The name after `system.`.
    let name: String
    /// The `UIColor` class property, as asset catalogs refer to it (`systemBlue`).
    let uikit: String
    let light: String
    let dark: String
    /// Dark presented content, when it differs from `dark`.
    var elevated: String? = nil
    /// Increased contrast: light, dark, and dark elevated.
    var highContrast: (light: String, dark: String, elevated: String?)? = nil
  }

  static let entries: [Entry] = [
    Entry(
      name: "background", uikit: "systemBackground", light: "ffffff", dark: "000000", elevated: "1c1c1e",
      highContrast: ("ffffff", "000000", "242426")),
    Entry(
      name: "secondaryBackground", uikit: "secondarySystemBackground", light: "f2f2f7", dark: "1c1c1e",
      elevated: "2c2c2e", highContrast: ("ebebf0", "242426", "363638")),
    Entry(
      name: "tertiaryBackground", uikit: "tertiarySystemBackground", light: "ffffff", dark: "2c2c2e",
      elevated: "3a3a3c", highContrast: ("ffffff", "363638", "444446")),
    Entry(
      name: "groupedBackground", uikit: "systemGroupedBackground", light: "f2f2f7", dark: "000000",
      elevated: "1c1c1e", highContrast: ("ebebf0", "000000", "242426")),
    Entry(
      name: "secondaryGroupedBackground", uikit: "secondarySystemGroupedBackground", light: "ffffff",
      dark: "1c1c1e", elevated: "2c2c2e", highContrast: ("ffffff", "242426", "363638")),
    Entry(
      name: "tertiaryGroupedBackground", uikit: "tertiarySystemGroupedBackground", light: "f2f2f7",
      dark: "2c2c2e", elevated: "3a3a3c", highContrast: ("ebebf0", "363638", "444446")),
    Entry(name: "label", uikit: "label", light: "000000", dark: "ffffff"),
    Entry(name: "secondaryLabel", uikit: "secondaryLabel", light: "3c3c4399", dark: "ebebf599"),
    Entry(name: "tertiaryLabel", uikit: "tertiaryLabel", light: "3c3c434d", dark: "ebebf54d"),
    Entry(name: "quaternaryLabel", uikit: "quaternaryLabel", light: "3c3c432e", dark: "ebebf529"),
    Entry(name: "placeholderText", uikit: "placeholderText", light: "3c3c434d", dark: "ebebf54d"),
    Entry(name: "separator", uikit: "separator", light: "3c3c434a", dark: "54545899"),
    Entry(name: "opaqueSeparator", uikit: "opaqueSeparator", light: "c6c6c8", dark: "38383a"),
    Entry(name: "link", uikit: "link", light: "007aff", dark: "0984ff"),
    Entry(name: "fill", uikit: "systemFill", light: "78788033", dark: "7878805c"),
    Entry(name: "secondaryFill", uikit: "secondarySystemFill", light: "78788029", dark: "78788052"),
    Entry(name: "tertiaryFill", uikit: "tertiarySystemFill", light: "7676801f", dark: "7676803d"),
    Entry(name: "quaternaryFill", uikit: "quaternarySystemFill", light: "74748014", dark: "7676802e"),
    tint("blue", "007aff", "0a84ff", "0040dd", "409cff"),
    tint("green", "34c759", "30d158", "248a3d", "30db5b"),
    tint("indigo", "5856d6", "5e5ce6", "3634a3", "7d7aff"),
    tint("orange", "ff9500", "ff9f0a", "c93400", "ffb340"),
    tint("pink", "ff2d55", "ff375f", "d30f45", "ff6482"),
    tint("purple", "af52de", "bf5af2", "8944ab", "da8fff"),
    tint("red", "ff3b30", "ff453a", "d70015", "ff6961"),
    tint("yellow", "ffcc00", "ffd60a", "a05a00", "ffd426"),
    tint("teal", "30b0c7", "40c8e0", "008299", "5de6ff"),
    tint("cyan", "32ade6", "64d2ff", "0071a4", "70d7ff"),
    tint("mint", "00c7be", "63e6e2", "0c817b", "66d4cf"),
    tint("brown", "a2845e", "ac8e68", "7f6545", "b59469"),
    tint("gray", "8e8e93", "8e8e93", "6c6c70", "aeaeb2"),
    tint("gray2", "aeaeb2", "636366", "8e8e93", "7c7c80"),
    tint("gray3", "c7c7cc", "48484a", "aeaeb2", "545456"),
    tint("gray4", "d1d1d6", "3a3a3c", "bcbcc0", "444446"),
    tint("gray5", "e5e5ea", "2c2c2e", "d8d8dc", "363638"),
    tint("gray6", "f2f2f7", "1c1c1e", "ebebf0", "242426"),
  ]

  private static func tint(_ name: String, _ light: String, _ dark: String, _ lightHC: String, _ darkHC: String) -> Entry {
    let uikit = "system" + name.prefix(1).uppercased() + name.dropFirst()
    return Entry(name: name, uikit: uikit, light: light, dark: dark, highContrast: (lightHC, darkHC, nil))
  }

  /// The prefix every system colour's name starts with.
  public static let prefix = "system."

  /// Every system colour as a dynamic colour, by its full name (`system.blue`).
  public static let colors: [String: DynamicColor] = Dictionary(
    uniqueKeysWithValues: entries.map { (prefix + $0.name, color(of: $0)) })

  /// The full names in the order of Apple's documentation.
  public static let names: [String] = entries.map { prefix + $0.name }

  /// The system colour an asset catalog names by its `UIColor` property, with or
  /// without the `Color` suffix (`systemBlueColor`, `labelColor`).
  static func name(forUIKit reference: String) -> String? {
    let property = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
    return entries.first { $0.uikit == property }.map { prefix + $0.name }
  }

  /// Every `UIColor` property name, for suggestions.
  static var uikitNames: [String] { entries.map { $0.uikit + "Color" } }

  private static func color(of entry: Entry) -> DynamicColor {
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
