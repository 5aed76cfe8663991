import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// UIKit's system colours in all eight trait combinations, as Darkroom resolves
/// them, against UIKit's values on iOS 15–18 from public sources (the sources are
/// named above each group; docs/fidelity.md has the same table with the sources of
/// each cell). Every value must be within 1/255 of UIKit's on every channel.
@Suite("System colours")
struct SystemColorValueTests {
  /// The trait combinations, in the order of the expected values below.
  static let traits: [Traits] = [
    Traits(style: .light), Traits(style: .dark), Traits(style: .light, level: .elevated),
    Traits(style: .dark, level: .elevated), Traits(style: .light, contrast: .high),
    Traits(style: .dark, contrast: .high), Traits(style: .light, level: .elevated, contrast: .high),
    Traits(style: .dark, level: .elevated, contrast: .high),
  ]

  /// UIKit's values, `rrggbbaa`: light, dark, light elevated, dark elevated, then the
  /// same four with increased contrast.
  static let uikit: [(name: String, values: [String])] = [
    // Backgrounds: light, dark and elevated from WebKit's dump of UIKit at run time (LayoutTests/fast/css/ios/
    // system-color-for-css-value-expected.txt @c59bf160), equal to Flutter's CupertinoColors; increased
    // contrast from Flutter's CupertinoColors alone.
    ("background", ["ffffffff", "000000ff", "ffffffff", "1c1c1eff", "ffffffff", "000000ff", "ffffffff", "242426ff"]),
    ("secondaryBackground",
      ["f2f2f7ff", "1c1c1eff", "f2f2f7ff", "2c2c2eff", "ebebf0ff", "242426ff", "ebebf0ff", "363638ff"]),
    ("tertiaryBackground",
      ["ffffffff", "2c2c2eff", "ffffffff", "3a3a3cff", "ffffffff", "363638ff", "ffffffff", "444446ff"]),
    ("groupedBackground",
      ["f2f2f7ff", "000000ff", "f2f2f7ff", "1c1c1eff", "ebebf0ff", "000000ff", "ebebf0ff", "242426ff"]),
    ("secondaryGroupedBackground",
      ["ffffffff", "1c1c1eff", "ffffffff", "2c2c2eff", "ffffffff", "242426ff", "ffffffff", "363638ff"]),
    ("tertiaryGroupedBackground",
      ["f2f2f7ff", "2c2c2eff", "f2f2f7ff", "3a3a3cff", "ebebf0ff", "363638ff", "ebebf0ff", "444446ff"]),
    // Labels and separator: WebKit's run-time dump (tertiary 0.298 → 4c, quaternary 0.176/0.157 → 2d/28,
    // separator 0.29 → 4a); increased contrast (ad, 60, 42/3d, 5e/ad) from Flutter's CupertinoColors alone.
    ("label", ["000000ff", "ffffffff", "000000ff", "ffffffff", "000000ff", "ffffffff", "000000ff", "ffffffff"]),
    ("secondaryLabel",
      ["3c3c4399", "ebebf599", "3c3c4399", "ebebf599", "3c3c43ad", "ebebf5ad", "3c3c43ad", "ebebf5ad"]),
    ("tertiaryLabel", ["3c3c434c", "ebebf54c", "3c3c434c", "ebebf54c", "3c3c4360", "ebebf560", "3c3c4360", "ebebf560"]),
    ("quaternaryLabel",
      ["3c3c432d", "ebebf528", "3c3c432d", "ebebf528", "3c3c4342", "ebebf53d", "3c3c4342", "ebebf53d"]),
    ("placeholderText",
      ["3c3c434c", "ebebf54c", "3c3c434c", "ebebf54c", "3c3c4360", "ebebf560", "3c3c4360", "ebebf560"]),
    ("separator", ["3c3c434a", "54545899", "3c3c434a", "54545899", "3c3c435e", "545458ad", "3c3c435e", "545458ad"]),
    // Flutter's CupertinoColors (light c6c6c8 and 007aff also in a light-mode dump, ArrayZoneYour's theme.js).
    ("opaqueSeparator",
      ["c6c6c8ff", "38383aff", "c6c6c8ff", "38383aff", "c6c6c8ff", "38383aff", "c6c6c8ff", "38383aff"]),
    ("link", ["007affff", "0984ffff", "007affff", "0984ffff", "007affff", "0984ffff", "007affff", "0984ffff"]),
    // Fills: Flutter's CupertinoColors, every trait (light values also in ArrayZoneYour's dump; WebKit's
    // attachment helper has tertiary 0.12 and quaternary 0.08).
    ("fill", ["78788033", "7878805b", "78788033", "7878805b", "78788047", "78788070", "78788047", "78788070"]),
    ("secondaryFill", ["78788028", "78788051", "78788028", "78788051", "7878803d", "78788066", "7878803d", "78788066"]),
    ("tertiaryFill", ["7676801e", "7676803d", "7676801e", "7676803d", "76768033", "76768051", "76768033", "76768051"]),
    ("quaternaryFill",
      ["74748014", "7676802d", "74748014", "7676802d", "74748028", "76768042", "74748028", "76768042"]),
    // Tints: the HIG's iOS colour table (Default and Accessible, light and dark; 2023-06-21 revision), with
    // WebKit's dump for light and dark; yellow's increased-contrast light is the HIG's b25000, not
    // Flutter's iOS 13 a05a00. Elevation changes no tint (WebKit).
    ("blue", ["007affff", "0a84ffff", "007affff", "0a84ffff", "0040ddff", "409cffff", "0040ddff", "409cffff"]),
    ("green", ["34c759ff", "30d158ff", "34c759ff", "30d158ff", "248a3dff", "30db5bff", "248a3dff", "30db5bff"]),
    ("indigo", ["5856d6ff", "5e5ce6ff", "5856d6ff", "5e5ce6ff", "3634a3ff", "7d7affff", "3634a3ff", "7d7affff"]),
    ("orange", ["ff9500ff", "ff9f0aff", "ff9500ff", "ff9f0aff", "c93400ff", "ffb340ff", "c93400ff", "ffb340ff"]),
    ("pink", ["ff2d55ff", "ff375fff", "ff2d55ff", "ff375fff", "d30f45ff", "ff6482ff", "d30f45ff", "ff6482ff"]),
    ("purple", ["af52deff", "bf5af2ff", "af52deff", "bf5af2ff", "8944abff", "da8fffff", "8944abff", "da8fffff"]),
    ("red", ["ff3b30ff", "ff453aff", "ff3b30ff", "ff453aff", "d70015ff", "ff6961ff", "d70015ff", "ff6961ff"]),
    ("yellow", ["ffcc00ff", "ffd60aff", "ffcc00ff", "ffd60aff", "b25000ff", "ffd426ff", "b25000ff", "ffd426ff"]),
    ("teal", ["30b0c7ff", "40c8e0ff", "30b0c7ff", "40c8e0ff", "008299ff", "5de6ffff", "008299ff", "5de6ffff"]),
    ("cyan", ["32ade6ff", "64d2ffff", "32ade6ff", "64d2ffff", "0071a4ff", "70d7ffff", "0071a4ff", "70d7ffff"]),
    ("mint", ["00c7beff", "63e6e2ff", "00c7beff", "63e6e2ff", "0c817bff", "66d4cfff", "0c817bff", "66d4cfff"]),
    ("brown", ["a2845eff", "ac8e68ff", "a2845eff", "ac8e68ff", "7f6545ff", "b59469ff", "7f6545ff", "b59469ff"]),
    // Greys: the HIG's system gray table = Flutter's CupertinoColors.
    ("gray", ["8e8e93ff", "8e8e93ff", "8e8e93ff", "8e8e93ff", "6c6c70ff", "aeaeb2ff", "6c6c70ff", "aeaeb2ff"]),
    ("gray2", ["aeaeb2ff", "636366ff", "aeaeb2ff", "636366ff", "8e8e93ff", "7c7c80ff", "8e8e93ff", "7c7c80ff"]),
    ("gray3", ["c7c7ccff", "48484aff", "c7c7ccff", "48484aff", "aeaeb2ff", "545456ff", "aeaeb2ff", "545456ff"]),
    ("gray4", ["d1d1d6ff", "3a3a3cff", "d1d1d6ff", "3a3a3cff", "bcbcc0ff", "444446ff", "bcbcc0ff", "444446ff"]),
    ("gray5", ["e5e5eaff", "2c2c2eff", "e5e5eaff", "2c2c2eff", "d8d8dcff", "363638ff", "d8d8dcff", "363638ff"]),
    ("gray6", ["f2f2f7ff", "1c1c1eff", "f2f2f7ff", "1c1c1eff", "ebebf0ff", "242426ff", "ebebf0ff", "242426ff"]),
  ]

  @Test func everyCellIsWithinOneOf255OfUIKits() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    #expect(Self.uikit.count == 36 && Set(Self.uikit.map(\.name)) == Set(SystemColor.allCases.map(\.rawValue)))
    var cells = 0, off: [String] = []
    for (name, values) in Self.uikit {
      for (traits, expected) in zip(Self.traits, values) {
        let resolved = theme.resolve(.named("system." + name), in: traits)
        let want = try #require(UInt32(expected, radix: 16))
        let got = [resolved.r, resolved.g, resolved.b, resolved.a].map(Int.init)
        let wanted = [want >> 24, want >> 16 & 255, want >> 8 & 255, want & 255].map(Int.init)
        if zip(got, wanted).contains(where: { abs($0 - $1) > 1 }) {
          off.append("\(name) \(traits): \(resolved.hex) ≠ #\(expected)")
        }
        cells += 1
      }
    }
    #expect(cells == 288)
    #expect(off.isEmpty, "\(off.count) cells differ: \(off.joined(separator: "; "))")
  }

  @Test func increasedContrastRaisesTheAlphaOfLabelsSeparatorsAndFills() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let dark = Traits(style: .dark), darkHC = Traits(style: .dark, contrast: .high)
    let raised = [
      "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "separator", "fill", "secondaryFill",
      "tertiaryFill", "quaternaryFill",
    ]
    for name in raised {
      let normal = theme.resolve(.named("system." + name), in: dark).a
      let high = theme.resolve(.named("system." + name), in: darkHC).a
      #expect(high > normal + 15, "\(name): \(normal) → \(high)")
    }
    // systemYellow's increased-contrast light value is the HIG's iOS one, not iOS 13's a05a00.
    #expect(theme.resolve(.system(.yellow), in: Traits(style: .light, contrast: .high)).hex == "#b25000")
  }
}
