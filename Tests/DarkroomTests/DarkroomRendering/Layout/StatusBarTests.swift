import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The status bar: 9:41 and iOS's cellular, Wi-Fi and battery glyphs, placed as the
/// device places them, and an option to hide it.
@Suite("Status bar")
struct StatusBarTests {
  let probe: LayoutProbe
  init() throws {
    probe = LayoutProbe(theme: try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml"))
  }

  func bar(_ device: String, _ extra: String = "") throws -> DisplayList {
    try probe.layout("size: \(device)\n\(extra)root:\n  vstack: {}\n")
  }

  func icons(_ list: DisplayList) -> [(icon: Icon, frame: Rect)] {
    list.flatCommands.compactMap { command in
      if case .icon(let icon, let frame, _, _) = command { return (icon, frame) }
      return nil
    }
  }

  @Test func besideTheDynamicIslandTheTimeAndGlyphsAreCentredOnEachSide() throws {
    let drawn = try bar("iPhone15")
    // The island: 126 points wide, 11 below the top, 37.33 tall (theblixguy/DynamicIslandUtilities); what
    // is left either side is 133.5 points on a 393-point iPhone 15.
    let middle = 11 + 37.33 / 2
    let time = try #require(drawn.textLines.first { $0.line.text == "9:41" })
    #expect(abs(time.origin.x + time.line.width / 2 - 133.5 / 2) < 0.01 && time.line.size == 17)
    let glyphs = icons(drawn)
    #expect(glyphs.map(\.icon) == [.cellularbars, .wifi], "signal bars, then the Wi-Fi fan, not a second meter")
    #expect(glyphs.allSatisfy { abs($0.frame.y + $0.frame.height / 2 - middle) < 1e-9 })
    // The battery: an outline at 40%, its charge, and the cap, ending the cluster centred on the right side.
    let outline = try #require(drawn.flatCommands.compactMap { command -> RoundedRect? in
      if case .border(let shape, _, _, let color) = command, color.a == 102 { return shape }
      return nil
    }.first)
    let left = try #require(glyphs.first).frame.x
    #expect(abs((left + outline.rect.maxX + 2.33) / 2 - (393 - 133.5 / 2)) < 0.01)
  }

  @Test func aHomeButtonIPhoneCentresTheTimeAndAnIPadHasNoSignalBars() throws {
    let se = try bar("iPhoneSE")
    let time = try #require(se.textLines.first { $0.line.text == "9:41" })
    #expect(abs(time.origin.x + time.line.width / 2 - 375.0 / 2) < 0.01)
    #expect(icons(se).first?.icon == .cellularbars && icons(se).first?.frame.x == 6)
    let pad = try bar("iPadPro13")
    #expect(icons(pad).map(\.icon) == [.wifi])
    #expect(pad.textLines.contains { $0.line.text == "9:41" })
  }

  @Test func theStatusBarCanBeHidden() throws {
    let hidden = try bar("iPhone16Pro", "statusBar: false\n")
    #expect(!hidden.textLines.contains { $0.line.text == "9:41" } && icons(hidden).isEmpty)
    // The safe area stays: on a Dynamic Island phone hiding the status bar does not move the content up.
    let yaml = "size: iPhone16Pro\nstatusBar: false\nroot:\n  vstack:\n    children:\n      - box: { height: 10, fill: tint }\n"
    let content = try probe.layout(yaml)
    #expect(content.solidFills.first { $0.color == RGBA8(r: 0, g: 0x7a, b: 0xff) }?.rect.y == 62)
    let plain = "size: iPhone16Pro\nroot:\n  vstack: {}\n"
    var layout = try CheckingParser(theme: probe.theme).parse(plain, file: "k.yml", name: "k")
    layout.statusBar = false
    #expect(try LayoutEngine(theme: probe.theme, traits: Traits()).displayList(for: layout).textLines.isEmpty)
  }
}
