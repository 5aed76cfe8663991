import Testing
import DarkroomRaster

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Colours and traits")
struct ColorTests {
  let light = Traits()
  let dark = Traits(style: .dark)
  let elevated = Traits(style: .dark, level: .elevated)
  let darkHighContrast = Traits(style: .dark, contrast: .high)

  func theme(_ yaml: String) throws -> Theme { try Theme.parse(yaml, file: "theme.yml") }

  @Test func hexLiteralsInEveryForm() throws {
    let t = try theme(
      """
      colors:
        a: "#abc"
        b: "#3C64F4"
        c: "#3c64f480"
      """)
    #expect(t.resolve("a", in: light) == RGBA8(r: 0xaa, g: 0xbb, b: 0xcc))
    #expect(t.resolve("b", in: light) == RGBA8(r: 0x3c, g: 0x64, b: 0xf4))
    #expect(t.resolve("c", in: light) == RGBA8(r: 0x3c, g: 0x64, b: 0xf4, a: 0x80))
  }

  @Test func theMostSpecificMatchingVariantWins() throws {
    let t = try theme(
      """
      colors:
        bg: { any: "#111111", dark: "#222222", dark-elevated: "#333333", high-contrast: "#444444", dark-high-contrast: "#555555", dark-elevated-high-contrast: "#666666" }
      """)
    #expect(t.resolve("bg", in: light).hex == "#111111")
    #expect(t.resolve("bg", in: dark).hex == "#222222")
    #expect(t.resolve("bg", in: elevated).hex == "#333333")
    #expect(t.resolve("bg", in: Traits(contrast: .high)).hex == "#444444")
    #expect(t.resolve("bg", in: darkHighContrast).hex == "#555555")
    #expect(t.resolve("bg", in: Traits(style: .dark, level: .elevated, contrast: .high)).hex == "#666666")
  }

  @Test func variantKeysParseTraitWords() {
    #expect(VariantKey("dark-high-contrast")?.specificity == 2)
    #expect(VariantKey("dark-elevated-high-contrast")?.specificity == 3)
    #expect(VariantKey("any")?.specificity == 0)
    #expect(VariantKey("dark-light") == nil)
    #expect(VariantKey("darkish") == nil)
    #expect(VariantKey("dark-") == nil)
  }

  @Test func ambiguityIsFoundInTraitCombinationsNoModeUses() {
    // dark-elevated and dark-high-contrast tie for dark + elevated + high contrast.
    let error = expectThrows(DarkroomError.self) {
      try theme("colors:\n  bg: { any: \"#111\", dark-elevated: \"#333\", dark-high-contrast: \"#555\" }\n")
    }
    #expect(error?.message.contains("ambiguous for dark elevated high-contrast") == true)
  }

  @Test func equallySpecificVariantsAreAnErrorWhenTheThemeLoads() {
    let error = expectThrows(DarkroomError.self) {
      try theme(
        """
        colors:
          bg: { any: "#fff", dark: "#000", elevated: "#222" }
        """)
    }
    #expect(error?.description.contains("theme.yml:2:3: error: colour 'bg' is ambiguous for dark elevated") == true)
    #expect(error?.description.contains("'dark' and 'elevated'") == true)
  }

  @Test func aColourWithNoVariantForSomeModeIsAnError() {
    let error = expectThrows(DarkroomError.self) {
      try theme("colors:\n  bg: { dark: \"#000\" }\n")
    }
    #expect(error?.message == "colour 'bg' has no variant for light; add an 'any' variant")
  }

  /// The "stuck border" bug: a border derived from a dynamic fill must follow the
  /// fill into every mode, not keep the value of the mode it was first made in.
  @Test func derivedColoursStayDynamicInEveryMode() throws {
    let t = try theme(testTheme)
    let border = try #require(t.colors["actionBorder"])
    for traits in [light, dark, elevated, darkHighContrast] {
      let fill = t.resolve("actionBackground", in: traits)
      let expected = hsbDarken(fill, by: 0.2)
      #expect(t.resolve("actionBorder", in: traits) == expected, "in \(traits)")
      #expect(t.resolve(try #require(border.expression(for: traits)), in: traits) == expected)
    }
    // And the two modes really differ, so a stuck value would be caught.
    #expect(t.resolve("actionBorder", in: light) != t.resolve("actionBorder", in: dark))
  }

  @Test func derivedFunctionsNestAndUseFunctionsOfVariants() throws {
    let t = try theme(
      """
      palette: { white0: "#ffffff", black0: "#000000" }
      colors:
        fill: { any: "#808080", dark: "#404040" }
        lip: lighten(darken(fill, 0.5), 0.5)
        veil: alpha(fill, 0.5)
        halfway: mix(white0, black0, 0.25)
      """)
    // 0x80 = 128 → ×0.5 = 64 → ×1.5 = 96.
    #expect(t.resolve("lip", in: light) == RGBA8(r: 96, g: 96, b: 96))
    #expect(t.resolve("lip", in: dark) == RGBA8(r: 48, g: 48, b: 48))
    #expect(t.resolve("veil", in: dark) == RGBA8(r: 64, g: 64, b: 64, a: 128))
    #expect(t.resolve("halfway", in: light) == RGBA8(r: 191, g: 191, b: 191))
  }

  @Test func lightenClampsBrightnessAndKeepsHue() throws {
    let t = try theme("colors:\n  c: lighten(\"#3c64f4\", 0.5)\n")
    // Brightness 0.957 × 1.5 clamps to 1: the brightest channel becomes 255, the
    // others keep their proportion to it.
    let c = t.resolve("c", in: light)
    #expect(c == hsbScale(RGBA8(r: 0x3c, g: 0x64, b: 0xf4), factor: 1.5))
    #expect(c.b == 255)
  }

  @Test func dynamicColoursCompareByDefinition() throws {
    let a = try theme("colors:\n  x: { any: \"#fff\", dark: \"#000\" }\n  y: { any: \"#fff\", dark: \"#000\" }\n  z: { any: \"#fff\", dark: \"#111\" }\n")
    #expect(a.colors["x"] == a.colors["y"])
    #expect(a.colors["x"] != a.colors["z"])
    let b = try theme("colors:\n  x: darken(y, 0.2)\n  y: \"#fff\"\n  w: darken(y, 0.2)\n")
    #expect(b.colors["x"] == b.colors["w"])
  }

  @Test func cyclesAreReportedWithTheirPath() {
    let error = expectThrows(DarkroomError.self) {
      try theme("colors:\n  a: darken(b, 0.1)\n  b: { any: c, dark: \"#000\" }\n  c: a\n")
    }
    #expect(error?.message == "colour cycle: a → b → c → a")
    #expect(error?.location?.line == 4)
    #expect(error?.location?.column == 6)
  }

  @Test func aNearMissColourNameGetsASuggestion() {
    let error = expectThrows(DarkroomError.self) {
      try theme(
        """
        palette:
          grey70: "#313440"
        colors:
          primaryText: { any: grey07, dark: "#fff" }
        """)
    }
    #expect(error?.description == "theme.yml:4:23: error: unknown colour 'grey07'; did you mean 'grey70'?")
  }

  @Test func malformedValuesPointAtTheCharacter() {
    let cases: [(String, String)] = [
      ("colors:\n  a: \"#12345\"\n", "theme.yml:2:7: error: a hex colour has 3, 6 or 8 digits"),
      ("colors:\n  a: darken(\"#fff\" 0.2)\n", "expected ',' in darken(…)"),
      ("colors:\n  a: darken(#fff, 2)\n", "theme.yml:2:19: error: the amount in darken(…) must be between 0 and 1, found 2"),
      ("colors:\n  a: darkn(\"#fff\", 0.2)\n", "unknown colour function 'darkn' (expected darken, lighten, alpha, opacity or mix); did you mean 'darken'?"),
      ("palette:\n  p: darken(x, 1)\n", "palette colour 'p' must be a hex value"),
      ("colors:\n  a: { dakr: \"#fff\" }\n", "unknown variant 'dakr' in colour 'a'"),
      ("colours:\n  a: \"#fff\"\n", "theme.yml:1:1: error: unknown key 'colours' in the theme; did you mean 'colors'?"),
      ("modes:\n  dim: { style: dim }\n", "theme.yml:2:17: error: unknown style 'dim' (expected light, dark)"),
      ("colors: [1, 2\n", "theme.yml:"),
      ("colors:\n  a: \"\"\n", "theme.yml:2:7: error: expected a colour (a name, a hex value such as #3c64f4, or darken"),
      ("colors:\n  a: \"darken(\"\n", "theme.yml:2:14: error: expected a colour, found the end of the text"),
      ("colors: " + String(repeating: "[", count: 5_000), "error: malformed YAML: nested more than 1000 levels deep"),
    ]
    for (yaml, expected) in cases {
      let error = expectThrows(DarkroomError.self) { try theme(yaml) }
      #expect(error?.description.contains(expected) == true, "\(error?.description ?? "no error") for \(yaml)")
    }
  }

  @Test func modesDefaultToLightDarkAndElevated() throws {
    let t = try theme(testTheme)
    #expect(t.modes.map(\.name) == ["light", "dark", "elevated"])
    #expect(t.modes[2].traits == Traits(style: .dark, level: .elevated))
    let custom = try theme("modes:\n  hc: { style: dark, contrast: high, scale: 3 }\n")
    #expect(custom.modes == [Mode(name: "hc", traits: Traits(style: .dark, contrast: .high, scale: 3))])
  }
}

/// A textbook RGB → HSB → RGB round trip with brightness multiplied by `factor`,
/// written independently of ColorMath to check it.
func hsbScale(_ c: RGBA8, factor: Double) -> RGBA8 {
  let r = Double(c.r) / 255, g = Double(c.g) / 255, b = Double(c.b) / 255
  let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
  var h = 0.0
  if delta > 0 {
    if maxC == r { h = ((g - b) / delta).truncatingRemainder(dividingBy: 6) }
    else if maxC == g { h = (b - r) / delta + 2 }
    else { h = (r - g) / delta + 4 }
    h *= 60
    if h < 0 { h += 360 }
  }
  let s = maxC == 0 ? 0 : delta / maxC
  let v = min(max(maxC * factor, 0), 1)
  let chroma = v * s
  let x = chroma * (1 - abs((h / 60).truncatingRemainder(dividingBy: 2) - 1))
  let m = v - chroma
  let (r1, g1, b1): (Double, Double, Double)
  switch h {
  case ..<60: (r1, g1, b1) = (chroma, x, 0)
  case ..<120: (r1, g1, b1) = (x, chroma, 0)
  case ..<180: (r1, g1, b1) = (0, chroma, x)
  case ..<240: (r1, g1, b1) = (0, x, chroma)
  case ..<300: (r1, g1, b1) = (x, 0, chroma)
  default: (r1, g1, b1) = (chroma, 0, x)
  }
  func byte(_ v: Double) -> UInt8 { UInt8(((v + m) * 255).rounded()) }
  return RGBA8(r: byte(r1), g: byte(g1), b: byte(b1), a: c.a)
}

func hsbDarken(_ c: RGBA8, by amount: Double) -> RGBA8 { hsbScale(c, factor: 1 - amount) }
