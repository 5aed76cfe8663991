import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Palette sheet")
struct PaletteSheetTests {
  static let theme = """
    palette:
      grey10: "#f5f7fa"
      grey70: "#313440"
    colors:
      background: { any: "#ffffff", dark: "#000000" }
      primaryText: { any: grey70, dark: grey10 }
      veil: alpha(primaryText, 0.5)
      border: darken(background, 0.2)
    pairs:
      - primaryText on background
      - veil on background
    """

  func texts(_ theme: Theme, _ traits: Traits) throws -> [String] {
    let sheet = try #require(PaletteSheet.layout(for: theme, file: "theme.yml"))
    let list = try LayoutEngine(theme: theme, traits: traits).displayList(for: sheet)
    return list.commands.compactMap { command in
      if case .text(let line, _, _) = command { return line.text }
      return nil
    }
  }

  @Test func everyColourShowsItsValueAndWhereItCameFromInEachMode() throws {
    let theme = try Theme.parse(Self.theme, file: "theme.yml")
    #expect(theme.colorOrder == ["background", "primaryText", "veil", "border"], "the file's order")
    let light = try texts(theme, Traits()), dark = try texts(theme, Traits(style: .dark))
    // Title, then name / value / origin for each colour, in the file's order.
    #expect(Array(light[1...3]) == ["background", "#ffffff", "any: #ffffff"])
    #expect(Array(dark[1...3]) == ["background", "#000000", "dark: #000000"])
    #expect(Array(dark[4...6]) == ["primaryText", "#f5f7fa", "dark: grey10"])
    #expect(Array(dark[7...9]) == ["veil", "#f5f7fa80 (alpha 50%)", "alpha(primaryText, 0.5)"])
    #expect(light[10] == "border" && light[12] == "darken(background, 0.2)")
    // The pairs, with the ratio of what is read: the resolved colours, a translucent
    // one composited over its background.
    #expect(light.contains("Aa  primaryText on background"))
    let ratio = Contrast.ratio(RGBA8(r: 0x31, g: 0x34, b: 0x40), RGBA8(r: 255, g: 255, b: 255))
    #expect(light.contains(format3(ratio) + ":1 AA AAA"))
    let veil = Contrast.composite(RGBA8(r: 0x31, g: 0x34, b: 0x40, a: 128), over: RGBA8(r: 255, g: 255, b: 255))
    let veilRatio = Contrast.ratio(veil, RGBA8(r: 255, g: 255, b: 255))
    #expect(veilRatio < 3, "half-transparent grey is too faint even for large text")
    #expect(light.last == format3(veilRatio) + ":1 fails AA")
  }

  @Test(arguments: [
    ("pairs:\n  - primaryText onn background\n", "theme.yml:10:5: error: a pair is written \"<foreground> on <background>\", found \"primaryText onn background\""),
    ("pairs:\n  - primaryText on backgrund\n", "theme.yml:10:20: error: unknown colour 'backgrund' in a pair; did you mean 'background'?"),
    ("pairs:\n  - \"primaryTxt on background\"\n", "theme.yml:10:6: error: unknown colour 'primaryTxt' in a pair; did you mean 'primaryText'?"),
    ("pairs: primaryText on background\n", "theme.yml:9:8: error: expected a list for pairs, found 'primaryText on background'"),
  ])
  func badPairsAreReportedWhereTheyAreWritten(_ pairs: String, _ expected: String) {
    let text = Self.theme.components(separatedBy: "pairs:")[0] + pairs
    let error = expectThrows(DarkroomError.self) { try Theme.parse(text, file: "theme.yml") }
    #expect(error?.description == expected)
  }

  @Test func aLayoutCannotTakeThePaletteSheetsName() throws {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/theme.yml", Self.theme)
    let file = try folder.write("Layouts/palette.yml", "size: [10, 10]\nroot:\n  vstack: {}\n")
    let error = expectThrows(DarkroomError.self) { try Project.load(layoutsDirectory: folder.path + "/Layouts") }
    #expect(error?.description == "\(file): error: 'palette' is the name of a page of the theme's palette sheet; give this layout another name")
  }
}
