import Testing
import DarkroomRaster

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Contrast")
struct ContrastTests {
  @Test func ratiosMatchWCAGsOwnExamples() {
    let white = RGBA8(r: 255, g: 255, b: 255), black = RGBA8(r: 0, g: 0, b: 0)
    #expect(format3(Contrast.ratio(black, white)) == "21.000")
    #expect(format3(Contrast.ratio(white, black)) == "21.000", "order does not matter")
    #expect(format3(Contrast.ratio(RGBA8(r: 0x77, g: 0x77, b: 0x77), white)) == "4.478")
    // WebAIM's well-known "darkest grey that passes on white": #767676, 4.54:1.
    #expect(format3(Contrast.ratio(RGBA8(r: 0x76, g: 0x76, b: 0x76), white)) == "4.542")
    #expect(Contrast.ratio(white, white) == 1)
    #expect(Contrast.required(size: 17, bold: false) == 4.5)
    #expect(Contrast.required(size: 18, bold: false) == 3)
    #expect(Contrast.required(size: 14, bold: true) == 3)
    #expect(Contrast.required(size: 13, bold: true) == 4.5)
  }

  static let theme = """
    colors:
      background: { any: "#ffffff", dark: "#000000" }
      primaryText: { any: "#000000", dark: "#ffffff" }
      hint: { any: "#767676", dark: "#5a5a5a" }
    """

  func checks(_ root: String, mode: Traits) throws -> [ContrastCheck] {
    let theme = try Theme.parse(Self.theme, file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(
      "size: [300, 200]\nroot:\n" + root, file: "screen.yml", name: "screen")
    let list = try LayoutEngine(theme: theme, traits: mode).displayList(for: layout)
    return try ContrastAudit.check(list, snapshot: "screen")
  }

  @Test func aPlantedLowContrastLabelFailsInExactlyTheModesWhereItIsLow() throws {
    let root = """
        vstack:
          children:
            - label: { text: "Small hint", size: 13, color: hint }
            - label: { text: "Large hint", size: 22, color: hint }
            - label: { text: "Title", size: 13 }
      """
    let light = try checks(root, mode: Traits())
    let dark = try checks(root, mode: Traits(style: .dark))
    #expect(light.map(\.passes) == [true, true, true])
    // #5a5a5a on black is about 3:1: too little for 13 pt, enough for large text.
    #expect(dark.map(\.passes) == [false, true, true])
    #expect(dark[0].text == "Small hint" && dark[0].required == 4.5 && dark[1].required == 3)
    #expect(dark[0].foreground == RGBA8(r: 0x5a, g: 0x5a, b: 0x5a) && dark[0].background == RGBA8(r: 0, g: 0, b: 0))
    #expect(dark[0].description.hasPrefix("screen.yml:5:9: screen: \"Small hint\" at 0,"))
    #expect(dark[0].description.hasSuffix("< 4.5:1, `hint` #5a5a5a on `background` #000000"))
  }

  @Test func theBackgroundIsWhatIsActuallyDrawnBehindTheLabel() throws {
    // The same grey passes on the page and fails on a card of a similar grey, and
    // fails when its group is translucent.
    let root = """
        vstack:
          children:
            - label: { text: "On the page", size: 15, color: hint }
            - vstack: { fill: "#cccccc", children: [ { label: { text: "On a card", size: 15, color: hint } } ] }
            - vstack: { opacity: 0.5, children: [ { label: { text: "Faded", size: 15, color: hint } } ] }
            - vstack:
                gradient: { colors: ["#ffffff", "#767676"], direction: right }
                children: [ { label: { text: "Over a gradient that ends in its own colour, far wider than the screen", size: 15, color: hint } } ]
      """
    let result = try checks(root, mode: Traits())
    #expect(result.map(\.text).prefix(3) == ["On the page", "On a card", "Faded"])
    // Wider than the screen: cut with an ellipsis at the right edge, as drawn.
    #expect(result[3].text.hasPrefix("Over a gradient that ends") && result[3].text.hasSuffix("…"))
    #expect(result.map(\.passes) == [true, false, false, false])
    #expect(result[1].background == RGBA8(r: 0xcc, g: 0xcc, b: 0xcc))
    #expect(result[2].foreground == Contrast.composite(RGBA8(r: 0x76, g: 0x76, b: 0x76, a: 128), over: RGBA8(r: 255, g: 255, b: 255)))
    #expect(result[3].ratio < 1.2, "judged where the gradient is darkest behind the text")
  }
}
