import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering
@testable import DarkroomRaster

/// UIKit's components at UIKit's metrics: frames from the layout engine, colours
/// from the mode.
@Suite("Components")
struct ComponentTests {
  let theme: Theme
  init() throws { theme = try Theme.parse("colors:\n  brand: { any: \"#3c64f4\", dark: \"#6f8cff\" }\n", file: "theme.yml") }

  func list(_ root: String, _ traits: Traits = Traits(), width: Double = 390) throws -> DisplayList {
    let yaml = "size: [\(Int(width)), 844]\nroot:\n  vstack:\n    children:\n      - " + root + "\n"
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/c.yml", name: "c")
    return try LayoutEngine(theme: theme, traits: traits).displayList(for: layout)
  }

  func fills(_ commands: [DisplayList.Command]) -> [(rect: Rect, color: RGBA8)] {
    commands.flatMap { command -> [(rect: Rect, color: RGBA8)] in
      switch command {
      case .fill(let shape, .solid(let color)): return [(shape.rect, color)]
      case .group(_, _, let inner): return fills(inner)
      default: return []
      }
    }
  }

  func texts(_ commands: [DisplayList.Command]) -> [(text: String, origin: Point, color: RGBA8)] {
    commands.flatMap { command -> [(text: String, origin: Point, color: RGBA8)] in
      switch command {
      case .text(let line, let origin, let color): return [(line.text, origin, color)]
      case .group(_, _, let inner): return texts(inner)
      default: return []
      }
    }
  }

  func system(_ name: String, _ traits: Traits = Traits()) -> RGBA8 { theme.resolve("system." + name, in: traits) }

  @Test func aSwitchIsA51By31CapsuleWithItsThumbAtTheEnd() throws {
    let on = fills(try list("switch: { on: true }").commands)
    #expect(on[0].rect == Rect(x: 0, y: 0, width: 51, height: 31) && on[0].color == system("green"))
    #expect(on[1].rect == Rect(x: 22, y: 2, width: 27, height: 27) && on[1].color == RGBA8(r: 255, g: 255, b: 255))
    // Off, the track is secondarySystemFill (Flutter's CupertinoSwitch trackColor; zelez-lab/dija measures
    // #39393D on a #1C1C1E cell, which is secondarySystemFill dark over it), not the darker systemFill.
    let off = fills(try list("switch: { on: false, tint: brand }", Traits(style: .dark)).commands)
    #expect(off[0].color == RGBA8(r: 0x78, g: 0x78, b: 0x80, a: 0x51) && off[1].rect.x == 2)
    let overCell = Contrast.composite(off[0].color, over: RGBA8(r: 0x1c, g: 0x1c, b: 0x1e))
    #expect(overCell == RGBA8(r: 0x39, g: 0x39, b: 0x3d))
    let tinted = fills(try list("switch: { on: true, tint: brand }", Traits(style: .dark)).commands)
    #expect(tinted[0].color == RGBA8(r: 0x6f, g: 0x8c, b: 0xff), "a theme colour, resolved in the mode")
  }

  @Test func cellsListsAndSeparators() throws {
    let drawn = try list(
      """
      list:
                style: insetGrouped
                sections:
                  - header: "Prices"
                    rows:
                      - { title: "Bitcoin", detail: "$43,210", accessory: chevron }
                      - { title: "Ether", subtitle: "ETH", icon: gear, selected: true }
      """)
    let all = fills(drawn.commands)
    let rows = all.filter { $0.rect.height >= 44 }
    #expect(rows.count == 2)
    #expect(rows[0].rect.x == 16 && rows[0].rect.width == 358, "inset by 16 points each side")
    #expect(rows[0].rect.height == 44, "a one-line row is 44 points: 11 + 22 + 11")
    #expect(rows[0].color == system("secondaryGroupedBackground") && rows[1].color == system("gray4"), "selected")
    #expect(rows[1].rect.height > 44, "a subtitle makes the row taller")
    // Beside the selected row there is no separator: UITableView hides the separators next to a selected
    // cell, whose background takes their place.
    let between = try #require(all.first { $0.rect.height == 0.5 })
    #expect(between.color == system("gray4") && !all.contains { $0.color == system("separator") })
    let threeRows = "list: { sections: [ { rows: [ { title: A }, { title: B }, { title: C, selected: true } ] } ] }"
    let unselected = fills(try list(threeRows).commands)
    let separators = unselected.filter { $0.rect.height == 0.5 }
    #expect(separators.map(\.color) == [system("separator"), system("gray4")], "A|B keeps its line, B|C does not")
    #expect(separators[0].rect.x == 16 + 16, "lined up with the title")
    let words = texts(drawn.commands).map(\.text)
    #expect(words == ["PRICES", "Bitcoin", "$43,210", "Ether", "ETH"], "a grouped list's header in capitals, as SwiftUI's")
    // The icon sits on a 29-point rounded square; the title starts 14 points after.
    let tile = try #require(all.first { $0.rect.width == 29 && $0.rect.height == 29 })
    let ether = try #require(texts(drawn.commands).first { $0.text == "Ether" })
    #expect(abs(ether.origin.x - (tile.rect.x + 29 + 14)) < 1e-9)
  }

  /// Section headers are in capitals in the grouped styles, as SwiftUI's `Form` and
  /// grouped `List` show them, by the locale's rules; as written in a plain list or
  /// with `textCase: none` (`.textCase(nil)`).
  @Test func sectionHeadersAreCapitalsInTheGroupedStyles() throws {
    func header(_ keys: String, _ locale: LocaleID? = nil) throws -> String? {
      let yaml = "size: [390, 844]\nroot:\n  list: { " + keys
        + "sections: [ { header: \"Inbox à faire\", rows: [ { title: Row } ] } ] }\n"
      let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
      let drawn = try LayoutEngine(theme: theme, traits: Traits(), locale: locale).displayList(for: layout)
      return texts(drawn.commands).first?.text
    }
    #expect(try header("") == "INBOX À FAIRE")
    #expect(try header("style: grouped, ") == "INBOX À FAIRE")
    #expect(try header("style: plain, ") == "Inbox à faire")
    #expect(try header("textCase: none, ") == "Inbox à faire")
    #expect(try header("style: plain, textCase: uppercase, ") == "INBOX À FAIRE")
    let turkish = try header("", "tr")
    #expect(turkish == "INBOX À FAİRE", "Turkish capitals: i is İ")
    #expect(throws: DarkroomError.self) { try header("textCase: upper, ") }
  }

  /// A cell's `tint` colours its switch and its checkmark, as SwiftUI's `.tint`
  /// colours a row's toggle; without one the switch is UIKit's green.
  @Test func aCellsTintColoursItsSwitch() throws {
    let purple = RGBA8(r: 0x9a, g: 0x2b, b: 0xc4)
    func capsule(_ keys: String) throws -> RGBA8? {
      let drawn = try list("cell: { title: Stream, accessory: switch, on: true" + keys + " }")
      return fills(drawn.commands).first { $0.rect.width == 51 && $0.rect.height == 31 }?.color
    }
    #expect(try capsule(", tint: \"#9a2bc4\"") == purple)
    #expect(try capsule("") == system("green"))
    func checkmark(_ keys: String) throws -> RGBA8? {
      try list("cell: { title: Chosen, accessory: checkmark" + keys + " }").flatCommands.compactMap { command in
        if case .icon(.checkmark, _, _, let color) = command { return color }
        return nil
      }.first
    }
    #expect(try checkmark(", tint: \"#9a2bc4\"") == purple)
    #expect(try checkmark("") == system("blue"))
  }

  @Test func segmentsShareTheWidthEqually() throws {
    let drawn = try list("segmented: { items: [All, Watchlist, Gainers], selected: 1 }")
    let all = fills(drawn.commands)
    #expect(all[0].rect == Rect(x: 0, y: 0, width: 390, height: 32) && all[0].color == system("tertiaryFill"))
    let thumb = all[1]
    #expect(abs(thumb.rect.width - (390 - 4) / 3) < 1e-9 && abs(thumb.rect.x - (2 + thumb.rect.width)) < 1e-9)
    #expect(all.count == 2, "no separator beside the selected segment")
  }

  @Test func segmentedThumbSeparatorsAndTitlesAreUIKits() throws {
    // The thumb is white, #636366 in dark mode (Flutter's CupertinoSlidingSegmentedControl _kThumbColor,
    // "extracted from Apple's design resources"), not the darker tertiarySystemBackground.
    let dark = fills(try list("segmented: { items: [A, B, C], selected: 0 }", Traits(style: .dark)).commands)
    #expect(dark[2].color == RGBA8(r: 0x63, g: 0x63, b: 0x66))
    let light = fills(try list("segmented: { items: [A, B], selected: 0 }").commands)
    #expect(light[1].color == RGBA8(r: 255, g: 255, b: 255))
    // Between two unselected segments, a 1-point separator of #8e8e93 at 30%, 6 points in from the track's
    // top and bottom (Flutter's _kSeparatorColor, _kSeparatorWidth, _kSeparatorInset).
    let separator = dark[1]
    #expect(separator.color == RGBA8(r: 0x8e, g: 0x8e, b: 0x93, a: 0x4d))
    #expect(separator.rect.width == 1 && separator.rect.y == 6 && separator.rect.height == 20)
    #expect(abs(separator.rect.maxX - (2 + 2 * (390 - 4) / 3)) < 1e-9, "at the boundary of B and C")
    // Titles are 13 points and keep their size with Dynamic Type, as UISegmentedControl's do.
    let ax5 = Traits(contentSize: .accessibilityExtraExtraExtraLarge)
    let titles = try list("segmented: { items: [A, B], selected: 0 }", ax5).textLines
    #expect(titles.map(\.line.size) == [13, 13])
  }

  /// A navigation bar's items as UIKit's bar button items: leading items in place of
  /// a back button (an account's avatar, round, 32 points), text buttons in the tint
  /// (semibold in the done style), icons.
  @Test func aNavigationBarTakesLeadingItemsTextButtonsAndAnAvatar() throws {
    // The showcase's theme, for an image to be the avatar.
    let showcase = LayoutProbe(theme: try Project.load(layoutsDirectory: Paths.layouts).theme)
    let drawn = try showcase.list(
      "navbar: { title: Settings, style: inline, tint: \"#9a2bc4\", leading: [ { image: logo } ], trailing: [ { text: Done, style: done }, gear ] }")
    let purple = RGBA8(r: 0x9a, g: 0x2b, b: 0xc4)
    let avatar = try #require(drawn.flatCommands.compactMap { command -> RoundedRect? in
      if case .image(_, let frame) = command { return frame }
      return nil
    }.first)
    #expect(avatar.rect.width == 32 && avatar.rect.height == 32 && avatar.radii == CornerRadii(16), "\(avatar)")
    #expect(avatar.rect.x == 16 && abs(avatar.rect.y + 16 - 22) < 1e-9, "at the leading margin, in the row's middle")
    let done = try #require(drawn.textLines.first { $0.line.text == "Done" })
    let regular = try #require(try list("navbar: { title: S, trailing: [ { text: Done } ] }").textLines.first { $0.line.text == "Done" })
    #expect(done.line.width > regular.line.width, "the done style is semibold")
    #expect(texts(drawn.commands).first { $0.text == "Done" }?.color == purple)
    let gear = drawn.flatCommands.compactMap { command -> RGBA8? in
      if case .icon(.gear, _, _, let color) = command { return color }
      return nil
    }
    #expect(gear == [purple])
    // Bar items keep their size with Dynamic Type, as UIKit's do.
    let ax5 = Traits(contentSize: .accessibilityExtraExtraExtraLarge)
    let big = try list("navbar: { title: S, trailing: [ { text: Done } ] }", ax5).textLines.first { $0.line.text == "Done" }
    #expect(big?.line.size == 17)
  }

  @Test func navigationSearchAndTabBars() throws {
    let large = try list("navbar: { title: Markets, back: Back, trailing: [plus] }")
    let title = try #require(texts(large.commands).first { $0.text == "Markets" })
    #expect(title.origin.y > 44, "a large title sits below the 44-point row")
    #expect(texts(large.commands).first?.text == "Back")
    let inline = try list("navbar: { title: Detail, style: inline }")
    let centred = try #require(texts(inline.commands).first)
    #expect(centred.origin.y < 44 && centred.origin.x > 150, "inline: in the middle of the row")
    let search = fills(try list("searchfield: { placeholder: Search }").commands)
    #expect(search[0].rect.height == 36)
    let tabs = try list("tabbar: { selected: 1, items: [ { icon: heart, title: A }, { icon: gear, title: B } ] }")
    let labels = texts(tabs.commands)
    #expect(labels.map(\.color) == [system("gray"), system("blue")], "the selected tab is tinted")
    // With nothing under it, UIKit's default tab bar is at its scroll edge: no background, no line.
    #expect(fills(tabs.commands).isEmpty)
    let filled = fills(try list("tabbar: { fill: brand, items: [ { icon: heart, title: A } ] }").commands)
    let line = try #require(filled.first { $0.rect.height == 0.5 }, "one pixel at 2x")
    // Flutter's _kDefaultTabBarBorderColor: black at 0x4c, one physical pixel.
    #expect(line.color == RGBA8(r: 0, g: 0, b: 0, a: 0x4c) && line.rect.maxY == filled[0].rect.y, "above the bar")
  }

  @Test func aPressedButtonSitsOnItsLipAndADisabledOneIsDimmed() throws {
    let normal = fills(try list("button: { title: Go, height: 44, fill: brand, lip: 5 }").commands)
    #expect(normal.map(\.rect.y) == [5, 0], "the lip, then the face above it")
    let pressed = fills(try list("button: { title: Go, height: 44, fill: brand, lip: 5, state: pressed }").commands)
    #expect(pressed.map(\.rect.y) == [5], "the face moved down by the lip, no lip showing")
    let disabled = try list("button: { title: Go, fill: brand, state: disabled }").commands
    guard case .group(nil, let opacity, _) = try #require(disabled.first) else { throw Failure("no layer") }
    #expect(opacity == 0.4)
    let styles = try list(
      "hstack: { children: [ { button: { title: A, style: filled, width: 80 } }, { button: { title: B, style: tinted, width: 80 } }, { button: { title: C, style: plain, width: 80 } } ] }")
    let faces = fills(styles.commands)
    #expect(faces.map(\.color) == [system("blue"), RGBA8(r: 0, g: 0x7a, b: 0xff, a: 38)], "filled, then tinted at 15%; plain has no face")
    #expect(texts(styles.commands).map(\.color) == [RGBA8(r: 255, g: 255, b: 255), system("blue"), system("blue")])
  }

  @Test(arguments: [
    ("cell: { subtitle: x }", "Layouts/c.yml:5:9: error: a cell needs a 'title'"),
    ("cell: { title: x, accessory: arrow }", "unknown accessory 'arrow' (expected none, chevron, checkmark, detail, switch, badge)"),
    ("segmented: { items: [] }", "Layouts/c.yml:5:9: error: a segmented control needs 'items'"),
    ("segmented: { items: [A, B], selected: 2 }", "selected must be between 0 and 1, found 2"),
    ("tabbar: { items: [ { title: A } ] }", "a tab needs an 'icon'"),
    ("list: { style: fancy }", "unknown list style 'fancy' (expected plain, grouped, insetGrouped)"),
    ("switch: { on: yes }", "expected true or false for on, found 'yes'"),
    ("navbar: { title: A, trailing: [bel] }", "unknown icon 'bel'"),
    ("navbar: { title: A, back: Home, leading: [gear] }", "a navbar takes back or leading, not both"),
    ("navbar: { title: A, trailing: [ { text: Done, style: bold } ] }", "unknown bar item style 'bold'"),
    ("navbar: { title: A, leading: [ { image: avatr } ] }", "image 'avatr'"),
    ("button: { title: A, style: filled, lip: 4 }", "only a lipped button has a lip (this one is filled)"),
    ("button: { title: A, state: hover }", "unknown button state 'hover' (expected normal, pressed, disabled)"),
  ])
  func componentMistakes(_ root: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try list(root) }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "none")")
  }
}
