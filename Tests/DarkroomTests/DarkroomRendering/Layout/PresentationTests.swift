import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering
@testable import DarkroomRaster

/// Trait overrides, opting out of dark mode, presented sheets and alerts, device
/// presets and overlays: geometry from the layout engine, colours from pixels.
@Suite("Presentation and trait overrides")
struct PresentationTests {
  let project: Project
  init() throws { project = try Project.load(layoutsDirectory: Paths.layouts) }

  func snapshot(_ layout: String, _ mode: String) throws -> (DisplayList, PixelBuffer) {
    let snapshot = try #require(project.snapshots(modes: project.theme.modes).first { $0.name == layout + "/" + mode })
    let list = try snapshot.displayList(theme: project.theme)
    return (list, try Renderer.render(list))
  }

  /// Every solid fill of the list, flattened out of groups.
  func fills(_ commands: [DisplayList.Command]) -> [(RoundedRect, RGBA8)] {
    commands.flatMap { command -> [(RoundedRect, RGBA8)] in
      switch command {
      case .fill(let shape, .solid(let color)): return [(shape, color)]
      case .group(_, _, let inner): return fills(inner)
      default: return []
      }
    }
  }

  func pixel(_ buffer: PixelBuffer, _ list: DisplayList, x: Double, y: Double) -> RGBA8 {
    buffer[Int(x * list.scale), Int(y * list.scale)].straight
  }

  func color(_ name: String, _ traits: Traits) -> RGBA8 { project.theme.resolve(name, in: traits) }

  @Test func theSheetIsElevatedAndWhatIsBehindItIsNot() throws {
    let (list, buffer) = try snapshot("feed", "dark")
    let dark = Traits(style: .dark), elevated = Traits(style: .dark, level: .elevated)
    #expect(color("background", dark) != color("background", elevated), "the theme's background has an elevated variant")
    // The sheet: 300 points from the bottom of an 852-point screen.
    #expect(pixel(buffer, list, x: 4, y: 852 - 150) == color("background", elevated))
    // Behind it, the page in base colours, dimmed by black at 48%.
    let page = Contrast.composite(RGBA8(r: 0, g: 0, b: 0, a: 122), over: color("background", dark))
    #expect(pixel(buffer, list, x: 4, y: 300) == page)
    // The share rows are groupedBackground at the elevated level too.
    let rows = fills(list.commands).filter { $0.0.rect.y > 852 - 300 && $0.0.rect.height > 40 }
    #expect(rows.count == 2 && rows.allSatisfy { $0.1 == color("groupedBackground", elevated) })
  }

  @Test func aForcedDarkSubtreeIsDarkInLightAndAnOptedOutModuleIsLightInDark() throws {
    let light = Traits(), dark = Traits(style: .dark)
    let dim = { (c: RGBA8, a: UInt8) in Contrast.composite(RGBA8(r: 0, g: 0, b: 0, a: a), over: c) }
    // Light: the promotion's fill is the dark background.
    let (lightList, lightPixels) = try snapshot("feed", "light")
    let promo = try #require(fills(lightList.commands).first { $0.1 == color("background", dark) && $0.0.rect.height < 100 })
    #expect(
      pixel(lightPixels, lightList, x: promo.0.rect.x + 6, y: promo.0.rect.y + promo.0.rect.height / 2)
        == dim(color("background", dark), 102))
    // Its text is the dark primary text, not the light one.
    let darkText = lightList.commands.contains { command in
      if case .text(let line, _, let c) = command { return line.text.hasPrefix("Always dark") && c == color("primaryText", dark) }
      return false
    }
    #expect(darkText)
    // Dark: the module that opted out is the light elevated background, with its
    // light border.
    let (darkList, darkPixels) = try snapshot("feed", "dark")
    let module = try #require(fills(darkList.commands).first { $0.1 == color("backgroundElevated", light) && $0.0.rect.height < 100 })
    #expect(
      pixel(darkPixels, darkList, x: module.0.rect.x + 6, y: module.0.rect.y + module.0.rect.height / 2)
        == dim(color("backgroundElevated", light), 122))
    #expect(color("backgroundElevated", light) != color("backgroundElevated", dark))
  }

  func list(_ yaml: String, _ traits: Traits = Traits()) throws -> DisplayList {
    let layout = try CheckingParser(theme: project.theme).parse(yaml, file: "Layouts/t.yml", name: "t")
    return try LayoutEngine(theme: project.theme, traits: traits).displayList(for: layout)
  }

  @Test func aDerivedColourInsideAnOverrideFollowsTheOverride() throws {
    // keyBorder is darken(key, 0.2); actionBorder darkens actionBackground, which
    // has a dark variant: inside a dark subtree drawn in light mode it is the dark one.
    let drawn = try list(
      "size: [100, 100]\nroot:\n  vstack:\n    traits: { style: dark }\n    children:\n      - box: { height: 20, fill: actionBorder }\n")
    let fill = try #require(fills(drawn.commands).first)
    #expect(fill.1 == color("actionBorder", Traits(style: .dark)))
    #expect(fill.1 != color("actionBorder", Traits()))
  }

  @Test func devicePresetsGiveSizeScaleSafeAreaAndChrome() throws {
    let drawn = try list("size: iPhone15\nroot:\n  vstack:\n    children:\n      - box: { height: 10, fill: key }\n")
    #expect(drawn.width == 393 && drawn.height == 852 && drawn.scale == 3)
    let box = try #require(fills(drawn.commands).first { $0.1 == color("key", Traits()) })
    #expect(box.0.rect.y == 59 && box.0.rect.width == 393, "the root starts below the status bar")
    // The home indicator: 134 × 5, 8 points above the bottom edge.
    #expect(fills(drawn.commands).contains { $0.0.rect.width == 134 && $0.0.rect.height == 5 && $0.0.rect.y == 852 - 13 })
    #expect(drawn.commands.contains { if case .text(let line, _, _) = $0 { line.text == "9:41" } else { false } })
    let se = try list("size: iPhoneSE\nscale: 1\nhomeIndicator: false\nstatusBar: false\nroot:\n  vstack: {}\n")
    #expect(se.width == 375 && se.height == 667 && se.scale == 1 && se.commands.isEmpty)
    #expect(DevicePreset.iPad.size == (820, 1180) && DevicePreset.iPhone15ProMax.scale == 3)
  }

  @Test func anAlertIsCentredAndElevated() throws {
    let drawn = try list(
      "size: [390, 844]\nroot:\n  vstack: {}\nalert: { title: \"Delete order?\", message: \"This cannot be undone.\", buttons: [Cancel, Delete] }\n",
      Traits(style: .dark))
    guard case .group(let clip, _, let inner) = try #require(drawn.commands.last) else { throw Failure("no alert group") }
    let panel = try #require(clip)
    #expect(panel.rect.width == 270 && abs(panel.rect.x + 135 - 195) < 1e-9 && abs(panel.rect.y + panel.rect.height / 2 - 422) < 1e-9)
    #expect(fills(inner).first?.1 == color("background", Traits(style: .dark, level: .elevated)))
    let titles = inner.compactMap { command -> String? in
      if case .text(let line, _, _) = command { return line.text }
      return nil
    }
    #expect(titles == ["Delete order?", "This cannot be undone.", "Cancel", "Delete"])
  }

  @Test func aZStackPlacesChildrenByItsAlignment() throws {
    let drawn = try list(
      """
      size: [200, 100]
      root:
        zstack:
          align: bottomTrailing
          padding: 10
          children:
            - box: { fill: groupedBackground }
            - box: { width: 30, height: 20, fill: key }
      """)
    let boxes = fills(drawn.commands)
    #expect(boxes.map { $0.0.rect } == [Rect(x: 10, y: 10, width: 180, height: 80), Rect(x: 160, y: 70, width: 30, height: 20)])
  }

  @Test(arguments: [
    ("size: iPhone16\nroot:\n  vstack: {}\n", "Layouts/t.yml:1:7: error: unknown device 'iPhone16' (expected iPhoneSE, iPhone15, iPhone15ProMax, iPhone11ProMax, iPhone16Pro, iPhone16ProMax, iPad, iPadPro13, pixel9); did you mean 'iPhone15'?"),
    ("size: [100, 100]\nroot:\n  vstack: {}\nsheet: { height: 50 }\n", "Layouts/t.yml:4:8: error: a sheet needs 'content' (a node)"),
    ("size: [100, 100]\nroot:\n  vstack: {}\nsheet: { content: { vstack: {} } }\nalert: { title: Hi }\n", "Layouts/t.yml:5:8: error: a layout presents a sheet or an alert, not both"),
    ("size: [100, 100]\nroot:\n  vstack: { traits: { style: dim } }\n", "Layouts/t.yml:3:30: error: unknown style 'dim' (expected light, dark)"),
    ("size: [100, 100]\nroot:\n  vstack: { traits: { mode: dark } }\n", "Layouts/t.yml:3:23: error: unknown key 'mode' in traits"),
    ("size: [100, 100]\nroot:\n  vstack: { traits: { style: dark }, darkMode: false }\n", "Layouts/t.yml:3:48: error: darkMode: false contradicts traits: { style: dark }"),
    ("size: [100, 100]\nroot:\n  zstack: { align: middle }\n", "Layouts/t.yml:3:20: error: unknown align 'middle'"),
    ("size: [100, 100]\nroot:\n  vstack: {}\nalert: { message: Hi }\n", "Layouts/t.yml:4:8: error: an alert needs a 'title'"),
  ])
  func presentationMistakes(_ yaml: String, _ expected: String) throws {
    let error = expectThrows(DarkroomError.self) {
      try CheckingParser(theme: project.theme).parse(yaml, file: "Layouts/t.yml", name: "t")
    }
    #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "none")")
  }
}
