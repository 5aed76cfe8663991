import Foundation
import DarkroomRaster
import Testing

@testable import DarkroomRaster
@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Colours from the files teams already have: Xcode asset catalogs, Android colour
/// resources and W3C design tokens (fixtures in Fixtures/sources, written the way
/// Xcode, Android Studio and token tools write them), and UIKit's system colours.
@Suite("Colour sources")
struct ColorSourceTests {
  static let themeFile = Paths.fixtures.appendingPathComponent("sources/theme.yml").path
  static let light = Traits(), dark = Traits(style: .dark)
  static let lightHC = Traits(contrast: .high), darkHC = Traits(style: .dark, contrast: .high)

  func hexes(_ theme: Theme, _ name: String) -> [String] {
    [Self.light, Self.dark, Self.lightHC, Self.darkHC].map { theme.resolve(name, in: $0).hex }
  }

  @Test func assetCatalogComponentsInFloatsIntegersAndHex() throws {
    let theme = try Theme.load(file: Self.themeFile)
    // Floats 0.235/0.392/0.957 → 59.9/99.96/244.0; integers 29/47/122; hex bytes;
    // alpha 0.900 → 229.5 → 230.
    #expect(hexes(theme, "Brand/Primary") == ["#3c64f4", "#1d2f7a", "#0033cc", "#99b3ffe6"])
  }

  @Test func displayP3AndGreyAndExtendedSpacesBecomeSRGB() throws {
    let theme = try Theme.load(file: Self.themeFile)
    // sRGB's pure red and pure green as Display P3 writes them (CSS Color 4's
    // published conversions) come back as pure red and pure green.
    #expect(theme.resolve("Brand/Accent", in: Self.light) == RGBA8(r: 255, g: 0, b: 0))
    #expect(theme.resolve("Brand/Leaf", in: Self.light) == RGBA8(r: 0, g: 255, b: 0))
    // P3 white is sRGB white: each row of the matrix sums to 1.
    for row in ColorSpace.p3ToSRGB { #expect(abs(row.reduce(0, +) - 1) < 1e-9) }
    #expect(ColorSpace.displayP3.sRGB([1, 1, 1], alpha: 1) == RGBA8(r: 255, g: 255, b: 255))
    // Grey 0.5 with gamma 2.2 is 0.2176 linear, a little above sRGB 0.5 (0.2140):
    // 128. Extended-grey white at 60% alpha.
    #expect(hexes(theme, "Ink") == ["#808080", "#ffffff99", "#808080", "#ffffff99"])
    // Extended sRGB clamps 1.05 and −0.02; linear 0.214 is just under sRGB 0.5: 127.
    #expect(hexes(theme, "Paper") == ["#fffa00", "#7f7f7f", "#fffa00", "#7f7f7f"])
  }

  @Test func systemColourReferencesStayDynamic() throws {
    let theme = try Theme.load(file: Self.themeFile)
    #expect(theme.colors["Brand/Accent"]?.description == "{ any: #ff0000, dark: system.blue }")
    #expect(hexes(theme, "Brand/Accent") == ["#ff0000", "#0a84ff", "#ff0000", "#409cff"])
  }

  @Test func appearancesResolveInApplesOrder() throws {
    let theme = try Theme.load(file: Self.themeFile)
    // Any, dark and high-contrast: dark with increased contrast takes dark (Apple
    // tries high-contrast dark, dark, high-contrast any, any); light with increased
    // contrast takes high-contrast any. The mac entry is not read.
    #expect(hexes(theme, "Edge") == ["#cccccc", "#333333", "#000000", "#333333"])
    // An iPhone entry wins over a universal one.
    #expect(hexes(theme, "Tint") == ["#008000", "#008000", "#008000", "#008000"])
  }

  @Test func foldersThatProvideANamespacePrefixTheirNames() throws {
    let theme = try Theme.load(file: Self.themeFile)
    let catalog = theme.colorOrder.prefix(7)
    #expect(Array(catalog) == ["Brand/Accent", "Brand/Leaf", "Brand/Primary", "Edge", "Ink", "Paper", "Tint"])
    #expect(theme.images.keys.sorted() == ["Badge"], "the app icon set is not an image")
  }

  @Test func imageSetsBecomeDynamicImagesByAppearanceAndScale() throws {
    let theme = try Theme.load(file: Self.themeFile)
    let badge = try #require(theme.images["Badge"])
    #expect(badge.pointSize.width == 4 && badge.pointSize.height == 4)
    let light1 = try #require(badge.representation(for: Self.light, scale: 1))
    let light2 = try #require(badge.representation(for: Self.light, scale: 2))
    let dark2 = try #require(badge.representation(for: Self.dark, scale: 2))
    #expect(try RenderContext().images.pixels(of: light1.image)[0, 0].straight == RGBA8(r: 255, g: 0, b: 0))
    #expect(light2.scale == 2 && light2.image.width == 8)
    #expect(try RenderContext().images.pixels(of: light2.image)[0, 0].straight == RGBA8(r: 0, g: 255, b: 0))
    #expect(dark2.scale == 1)
    #expect(try RenderContext().images.pixels(of: dark2.image)[0, 0].straight == RGBA8(r: 0, g: 0, b: 255), "dark has only 1x")
  }

  @Test func androidResourcesWithNightValues() throws {
    let theme = try Theme.load(file: Self.themeFile)
    #expect(hexes(theme, "brand_primary")[0] == "#3c64f4")
    #expect(hexes(theme, "scrim")[0] == "#00000080", "#AARRGGBB: alpha first")
    #expect(hexes(theme, "ink") == ["#333333", "#eeeeee", "#333333", "#eeeeee"], "#RGB, night #RGB")
    #expect(hexes(theme, "haze")[0] == "#ffffff88", "#ARGB")
    #expect(hexes(theme, "surface") == ["#ffffff", "#121212", "#ffffff", "#121212"])
    #expect(hexes(theme, "on_surface")[1] == "#eeeeee", "a reference follows the night value")
    #expect(hexes(theme, "divider") == ["#0000001f", "#ffffff1f", "#0000001f", "#ffffff1f"], "<item type=\"color\">")
    #expect(theme.colors["app_name"] == nil && theme.colors["gutter"] == nil)
  }

  @Test func designTokensWithAliasesPerAppearance() throws {
    let theme = try Theme.load(file: Self.themeFile)
    #expect(hexes(theme, "color.base.blue")[0] == "#3c64f4")
    #expect(hexes(theme, "color.base.night")[0] == "#1d2f7a", "a colour object's sRGB components")
    #expect(hexes(theme, "color.base.wide")[0] == "#ff0000", "a Display P3 object")
    #expect(hexes(theme, "color.base.veil")[0] == "#00000080", "alpha 0.5")
    #expect(hexes(theme, "color.base.lab")[0] == "#7a6fa0", "an unsupported space falls back to its hex")
    // An alias is a reference: the dark file's alias is followed in dark.
    #expect(hexes(theme, "color.action") == ["#3c64f4", "#1d2f7a", "#3c64f4", "#1d2f7a"])
    // An untyped token aliasing a colour is a colour; a dimension is not.
    #expect(hexes(theme, "link") == ["#3c64f4", "#64d2ff", "#3c64f4", "#64d2ff"])
    #expect(theme.colors["spacing.small"] == nil)
  }

  @Test func theThemesOwnColoursBuildOnImportedOnes() throws {
    let theme = try Theme.load(file: Self.themeFile)
    let border = try #require(theme.colors["cardBorder"])
    #expect(border.description == "darken(Brand/Primary, 0.2)")
    #expect(theme.resolve("cardBorder", in: Self.dark) == ColorMath.scaleBrightness(RGBA8(r: 29, g: 47, b: 122), by: 0.8))
    #expect(theme.colorOrder.suffix(2) == ["cardBorder", "caption"])
  }

  @Test func uikitSystemColoursAreBuiltIn() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let elevated = Traits(style: .dark, level: .elevated)
    let elevatedHC = Traits(style: .dark, level: .elevated, contrast: .high)
    let background = [Self.light, Self.dark, elevated, elevatedHC, Self.lightHC].map { theme.resolve("system.background", in: $0).hex }
    #expect(background == ["#ffffff", "#000000", "#1c1c1e", "#242426", "#ffffff"])
    #expect(hexes(theme, "tint") == ["#007aff", "#0a84ff", "#0040dd", "#409cff"])
    #expect(hexes(theme, "system.secondaryLabel")[0] == "#3c3c4399", "translucent: 60% alpha")
    #expect(hexes(theme, "system.gray6") == ["#f2f2f7", "#1c1c1e", "#ebebf0", "#242426"])
    // Every system colour is unambiguous in every trait combination, and each name
    // maps to its UIColor property for asset catalogs.
    for name in SystemColors.names {
      let color = try #require(theme.colors[name])
      try Theme.checkVariants(color.variants.map(\.key), what: name, at: SourceLocation(file: "t", line: 1, column: 1))
    }
    #expect(SystemColors.name(forUIKit: "secondarySystemGroupedBackgroundColor") == "system.secondaryGroupedBackground")
    #expect(SystemColors.name(forUIKit: "labelColor") == "system.label")
    // The palette sheet shows the theme's colours, not every system colour.
    #expect(theme.colorOrder == ["tint"])
  }

  @Test func aSourceCanBeTheThemeItselfAndItsSheetFollowsTheMode() throws {
    let catalog = Paths.fixtures.appendingPathComponent("sources/Colors.xcassets").path
    let theme = try Theme.load(file: catalog)
    #expect(theme.modes.map(\.name) == ["light", "dark", "light-hc", "dark-hc"])
    #expect(theme.colorOrder.first == "Brand/Accent" && theme.images["Badge"] != nil)
    // Without background or primaryText of its own, the sheet uses UIKit's.
    let sheet = try #require(PaletteSheet.layout(for: theme, file: catalog))
    #expect(theme.resolve(sheet.background, in: Self.dark) == RGBA8(r: 0, g: 0, b: 0))
    #expect(theme.resolve(sheet.background, in: Traits()) == RGBA8(r: 255, g: 255, b: 255))
    let tokens = try Theme.load(file: Paths.fixtures.appendingPathComponent("sources/tokens/light.json").path)
    #expect(tokens.colorOrder.contains("color.action"))
    #expect(throws: DarkroomError.self) { try Theme.load(file: "nowhere.xcassets") }
  }

  @Test func aLayoutWithoutThemeColoursTakesUIKitsDefaults() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(
      "size: [100, 40]\nroot:\n  vstack:\n    children:\n      - label: { text: Hi }\n", file: "a.yml", name: "a")
    let list = try LayoutEngine(theme: theme, traits: Self.dark).displayList(for: layout)
    #expect(list.background == RGBA8(r: 0, g: 0, b: 0), "system.background in dark")
    let colors = list.commands.compactMap { command -> RGBA8? in
      if case .text(_, _, let color) = command { return color }
      return nil
    }
    #expect(colors == [RGBA8(r: 255, g: 255, b: 255)], "system.label in dark")
  }

  @Test(arguments: [
    ("colors:\n  tint: system.blu\n", "theme.yml:2:9: error: unknown colour 'system.blu'; did you mean 'system.blue'?"),
    ("colors:\n  system.brand: \"#fff\"\n", "theme.yml:2:3: error: 'system.brand' is in the namespace of UIKit's system colours, which every theme has; choose another name"),
  ])
  func systemColourMistakes(_ text: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try Theme.parse(text, file: "theme.yml") }
    #expect(error?.description == expected)
  }
}
