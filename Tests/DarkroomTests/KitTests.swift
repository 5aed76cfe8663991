import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomRaster

/// The rest of the UI kit: aspect ratios and filling frames, text that wraps inside
/// stacks, cards, activity indicators, bars that reach under the safe area, JD's
/// [light, dark] colour pairs — frames from the layout engine, colours from pixels.
@Suite("UI kit")
struct KitTests {
  let theme: Theme
  init() throws { theme = try Project.load(layoutsDirectory: Paths.layouts).theme }

  func list(_ root: String, _ traits: Traits = Traits(), size: String = "[390, 844]") throws -> DisplayList {
    let yaml = "size: " + size + "\nroot:\n  vstack:\n    children:\n      - " + root + "\n"
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
    return try LayoutEngine(theme: theme, traits: traits).displayList(for: layout)
  }

  /// Every command, flattened out of groups.
  func flat(_ commands: [DisplayList.Command]) -> [DisplayList.Command] {
    commands.flatMap { command -> [DisplayList.Command] in
      if case .group(_, _, let inner) = command { return flat(inner) }
      return [command]
    }
  }

  func fills(_ list: DisplayList) -> [(rect: Rect, color: RGBA8)] {
    flat(list.commands).compactMap { command in
      if case .fill(let shape, .solid(let color)) = command { return (shape.rect, color) }
      return nil
    }
  }

  func texts(_ list: DisplayList) -> [(line: TextLine, origin: Point)] {
    flat(list.commands).compactMap { command in
      if case .text(let line, let origin, _) = command { return (line, origin) }
      return nil
    }
  }

  @Test func anAspectRatioGivesTheMissingSide() throws {
    let fixed = fills(try list("box: { width: 120, aspectRatio: 1.5, fill: key }"))
    #expect(fixed[0].rect == Rect(x: 0, y: 0, width: 120, height: 80))
    // Stretched across a 390-point vstack, 16:9 gives the height.
    let wide = fills(try list("box: { aspectRatio: \"16:9\", fill: key }"))
    #expect(wide[0].rect == Rect(x: 0, y: 0, width: 390, height: 390.0 * 9 / 16))
    // Inside a 200 × 100 zstack a square fits the height, in the middle.
    let fitted = fills(try list("zstack: { width: 200, height: 100, children: [ { box: { aspectRatio: 1, fill: key } } ] }"))
    #expect(fitted[0].rect == Rect(x: 50, y: 0, width: 100, height: 100))
  }

  @Test func aFillingChildTakesWhatIsLeftAndSharesItWithSpacers() throws {
    let row = fills(
      try list("hstack: { height: 40, children: [ { box: { width: 50, fill: key } }, { box: { width: fill, fill: key } }, { box: { width: 50, fill: key } } ] }"))
    #expect(row.map(\.rect.width) == [50, 290, 50])
    #expect(row[2].rect.x == 340)
    let shared = fills(
      try list("hstack: { height: 40, children: [ { box: { width: fill, fill: key } }, spacer, { box: { width: 90, fill: key } } ] }"))
    #expect(shared[0].rect.width == 150, "(390 - 90) / 2: the filling box and the spacer share what is left")
    // Across a centred hstack, `height: fill` still stretches.
    let across = fills(
      try list("hstack: { height: 60, align: center, children: [ { box: { width: 20, height: fill, fill: key } }, { box: { width: 20, height: 10, fill: key } } ] }"))
    #expect(across[0].rect.height == 60 && across[1].rect == Rect(x: 20, y: 25, width: 20, height: 10))
  }

  @Test func aDividerIsAHairlineAcrossItsStack() throws {
    let across = fills(try list("vstack: { align: center, children: [ { label: { text: A } }, { divider: {} }, { label: { text: B } } ] }"))
    let separator = theme.resolve("separator", in: Traits())
    #expect(across.count == 1 && across[0].color == separator, "the theme's separator colour")
    #expect(across[0].rect.x == 0 && across[0].rect.width == 390, "across the whole stack, even centred")
    #expect(across[0].rect.height == 0.5, "one pixel at scale 2")
    let upright = fills(
      try list("hstack: { height: 30, children: [ { label: { text: A } }, { divider: { thickness: 2, color: key } }, { label: { text: B } } ] }"))
    #expect(upright[0].rect.width == 2 && upright[0].rect.height == 30 && upright[0].rect.x > 0, "upright in an hstack")
  }

  @Test func textWrapsInsideANarrowedStackInsteadOfRunningOut() throws {
    let words = "A long product title that does not fit on one line of this card at all"
    let drawn = try list(
      "hstack: { spacing: 12, align: top, children: [ { box: { width: 88, height: 88, fill: key } }, { vstack: { align: leading, children: [ { label: { text: \""
        + words + "\", size: 15, lines: 0 } } ] } } ] }")
    let lines = texts(drawn)
    #expect(lines.count > 1, "the label wraps")
    for (line, origin) in lines {
      #expect(origin.x == 100 && origin.x + line.width <= 390 + 1e-9, "every line inside the 290 points left")
    }
    // In a vstack aligned leading, a long label keeps to the stack's width too.
    let leading = texts(try list("vstack: { width: 200, align: leading, children: [ { label: { text: \"" + words + "\", size: 15, lines: 0 } } ] }"))
    #expect(leading.count > 1 && leading.allSatisfy { $0.line.width <= 200 + 1e-9 })
  }

  @Test func aCardHasItsImageOnTopCutToItsCornersAndASoftShadow() throws {
    let drawn = try list("card: { image: landscape, imageHeight: 120, title: Title, subtitle: Subtitle }")
    let commands = flat(drawn.commands)
    guard case .shadow(let shadowShape, let shadow) = try #require(commands.first) else { throw Failure("no shadow first") }
    #expect(shadowShape.radii == CornerRadii(12) && shadowShape.curve == .continuous && shadow.color.a > 0)
    let surface = fills(drawn)[0]
    #expect(surface.color == theme.resolve("system.secondaryGroupedBackground", in: Traits()) && surface.rect.width == 390)
    // The image clip is the card's shape.
    let clip = drawn.commands.compactMap { command -> RoundedRect? in
      if case .group(let clip?, _, _) = command { return clip }
      return nil
    }
    #expect(clip.first?.rect == surface.rect)
    let titles = texts(drawn)
    #expect(titles.map(\.line.text) == ["Title", "Subtitle"])
    #expect(titles[0].origin.x == 16 && titles[0].origin.y > 120 + 16, "below the image, inside 16 points of padding")
    #expect(abs(surface.rect.height - (titles[1].origin.y + 16 + 5)) < 8, "the card ends 16 points under its text")
    let plain = flat(try list("card: { title: A, shadow: none, fill: key }").commands)
    #expect(!plain.contains { if case .shadow = $0 { true } else { false } }, "shadow: none turns it off")
  }

  @Test func anActivityIndicatorHasEightSpokesFadingBehindTheLeadingOne() throws {
    let drawn = try list("hstack: { children: [ { activity: { color: key } }, { activity: { style: large } } ] }")
    let spokes = flat(drawn.commands).compactMap { command -> (Point, Point, Double, RGBA8)? in
      if case .line(let from, let to, let width, let color) = command { return (from, to, width, color) }
      return nil
    }
    #expect(spokes.count == 16)
    let medium = spokes.prefix(8)
    let key = theme.resolve("key", in: Traits())
    #expect(medium.first?.3 == key, "the leading spoke at full strength")
    // Three tenths up to nine tenths of the leading spoke's strength, to the
    // nearest of 255 steps, growing clockwise towards it.
    for (index, spoke) in medium.enumerated().dropFirst() {
      let expected: Double = 255 * Double(index + 2) / 10
      let drawn = Double(spoke.3.a)
      #expect(abs(drawn - expected) <= 0.5 + 1e-9, "spoke \(index) is fainter")
    }
    #expect(medium.allSatisfy { $0.2 == 2.5 })
    // The leading spoke points up from the middle of the 20-point square.
    #expect(medium.first?.0 == Point(x: 10, y: 10 - 4.75) && medium.first?.1 == Point(x: 10, y: 10 - 7.75))
    let large = spokes.suffix(8)
    #expect(large.allSatisfy { abs($0.2 - 2.5 * 37 / 20) < 1e-9 }, "a large one is 37 points, its spokes scaled")
    #expect(large.first?.0.x == 20 + 18.5)
  }

  @Test func barsReachUnderTheSafeArea() throws {
    let yaml = """
      size: iPhone15
      root:
        vstack:
          children:
            - navbar: { title: T, style: inline, fill: key }
            - spacer
            - tabbar: { fill: key, items: [ { icon: house, title: A } ] }
      """
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
    let drawn = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout)
    let key = theme.resolve("key", in: Traits())
    let bars = fills(drawn).filter { $0.color == key }
    #expect(bars.count == 2)
    #expect(bars[0].rect.y == 0, "the navigation bar's background reaches under the status bar")
    #expect(bars[1].rect.maxY == 852, "the tab bar's reaches under the home indicator")
    let tabTitle = try #require(texts(drawn).last)
    #expect(tabTitle.origin.y < 852 - 34, "its items stay inside the safe area")
  }

  @Test func barsKeepTheirTextSizeWithDynamicTypeAndBadgesGrow() throws {
    let large = Traits(contentSize: .accessibilityExtraLarge)
    let bar = texts(try list("navbar: { title: Orders, style: inline, back: Store }", large))
    #expect(bar.map(\.line.size) == [17, 17], "the back button and the inline title stay at 17 points, as UIKit's do")
    let largeTitle = texts(try list("navbar: { title: Orders }", large))
    #expect(largeTitle.first?.line.size == 52, "a large title grows (34 → 52)")
    let tabs = texts(try list("tabbar: { items: [ { icon: house, title: Home } ] }", large))
    #expect(tabs.first?.line.size == 11, "tab titles stay at 11 points")
    // A badge is 20 points at the default size, taller with its text, a capsule.
    let normal = fills(try list("hstack: { children: [ { badge: { text: \"3\" } } ] }"))
    #expect(normal[0].rect.height == 20)
    let grown = flat(try list("hstack: { children: [ { badge: { text: \"3\" } } ] }", large).commands)
    guard case .fill(let capsule, _) = try #require(grown.first) else { throw Failure("no badge") }
    #expect(capsule.rect.height > 33 && capsule.radii.topLeft >= capsule.rect.height / 2, "33-point text on a capsule")
    let word = texts(try list("hstack: { children: [ { badge: { text: New } } ] }", large))
    #expect(word.first?.line.text == "New", "not truncated")
  }

  @Test func aColourWrittenAsAPairIsLightThenDark() throws {
    let theme = try Theme.parse("colors:\n  cell: [\"#FFFFFF\", \"#1D1B1B\"]\n  rim: darken(cell, 0.5)\n", file: "theme.yml")
    #expect(theme.resolve("cell", in: Traits()) == RGBA8(r: 255, g: 255, b: 255))
    #expect(theme.resolve("cell", in: Traits(style: .dark)) == RGBA8(r: 0x1d, g: 0x1b, b: 0x1b))
    #expect(theme.resolve("cell", in: Traits(style: .dark, level: .elevated)) == RGBA8(r: 0x1d, g: 0x1b, b: 0x1b))
    #expect(theme.resolve("rim", in: Traits()) == RGBA8(r: 128, g: 128, b: 128), "a colour derived from a pair stays dynamic")
    #expect(theme.resolve("rim", in: Traits(style: .dark)).r < 0x1d)
  }

  @Test func jdsCellsTakeTheirPairsAndThePlusModuleStaysLight() throws {
    let project = try Project.load(layoutsDirectory: Paths.layouts)
    func snapshot(_ mode: String) throws -> (DisplayList, PixelBuffer) {
      let snapshot = try #require(project.snapshots(modes: project.theme.modes).first { $0.name == "cells/" + mode })
      let list = try snapshot.displayList(theme: project.theme)
      return (list, try Renderer.render(list))
    }
    for (mode, cell, module) in [("light", "#ffffff", "#fff6e0"), ("dark", "#1d1b1b", "#fff6e0")] {
      let (list, pixels) = try snapshot(mode)
      let rows = fills(list).filter { $0.rect.height >= 44 && $0.rect.width > 300 }
      let first = try #require(rows.first { $0.color.hex == cell }, "a cell in \(cell) in \(mode)")
      let inside = pixels[Int((first.rect.x + 200) * list.scale), Int((first.rect.y + 3) * list.scale)].straight
      #expect(inside.hex == cell, "the pixel inside the cell in \(mode)")
      let plus = try #require(rows.first { $0.color.hex == module }, "the PLUS module in \(mode)")
      let drawn = pixels[Int((plus.rect.x + 200) * list.scale), Int((plus.rect.y + 3) * list.scale)].straight
      #expect(drawn.hex == module, "the opted-out module is light in \(mode)")
    }
  }

  @Test(arguments: [
    ("box: { aspectRatio: 0 }", "aspectRatio must be between 0.01 and 100, found 0"),
    ("box: { aspectRatio: \"16:0\" }", "Layouts/k.yml:5:30: error: aspectRatio is width over height, a number or 'width:height' of positive numbers, found '16:0'"),
    ("box: { width: fil }", "Layouts/k.yml:5:23: error: width is a number of points or 'fill', found 'fil'; did you mean 'fill'?"),
    ("card: { image: landscap }", "unknown image 'landscap' (known: landscape, logo); did you mean 'landscape'?"),
    ("activity: { style: spinning }", "unknown activity indicator style 'spinning'"),
    ("card: { titel: A }", "unknown key 'titel' in a card"),
  ])
  func kitMistakes(_ root: String, _ expected: String) {
    let error = #expect(throws: DarkroomError.self) { try list(root) }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "none")")
  }

  @Test func aPairHasTwoValues() {
    let error = #expect(throws: DarkroomError.self) {
      try Theme.parse("colors:\n  cell: [\"#fff\", \"#000\", \"#111\"]\n", file: "theme.yml")
    }
    #expect(error?.description == "theme.yml:2:9: error: a colour written as a list is [light, dark], found 3 values in 'cell'")
  }
}
