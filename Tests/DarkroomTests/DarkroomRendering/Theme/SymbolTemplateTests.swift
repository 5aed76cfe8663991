import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A project's own symbols — SF Symbols templates in its theme's `symbols:` or its
/// asset catalog's `.symbolset`s — drawn by an `icon` of their name, at the text's
/// point size, in the nearest design, tinted.
@Suite("Symbols")
struct SymbolTemplateTests {
  /// A template as the SF Symbols app lays one out, with three designs: Regular and
  /// Black small, Regular medium. Each design is a plain rectangle, so its box is
  /// known: Regular-S inks 1410…1470 × 626…696 between margins at 1400 and 1480.
  static let template = """
    <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
      <g id="Guides">
        <line id="Baseline-S" x1="263" x2="3036" y1="696" y2="696" style="fill:none;stroke:#27AAE1;stroke-width:0.5"/>
        <line id="Capline-S" x1="263" x2="3036" y1="625.541" y2="625.541" style="fill:none;stroke:#27AAE1;stroke-width:0.5"/>
        <line id="left-margin-Regular-S" x1="1400" x2="1400" y1="600" y2="720" style="fill:none;stroke:#00AEEF;stroke-width:0.5"/>
        <line id="right-margin-Regular-S" x1="1480" x2="1480" y1="600" y2="720" style="fill:none;stroke:#00AEEF;stroke-width:0.5"/>
      </g>
      <g id="Symbols">
        <g id="Regular-S"><path d="M1410 626 L1470 626 L1470 696 L1410 696 Z"/></g>
        <g id="Black-S"><path d="M2900 620 L2980 620 L2980 696 L2900 696 Z"/></g>
        <g id="Regular-M" transform="translate(0 430)"><path d="M1405 620 L1475 620 L1475 696 L1405 696 Z"/></g>
      </g>
    </svg>
    """

  static func symbol(_ text: String = template, name: String = "square.tag") throws -> SymbolTemplate {
    try SymbolTemplate(name: name, file: "Layouts/symbols/\(name).svg", bytes: Array(text.utf8))
  }

  /// A project folder with `theme.yml` naming a `symbols:` folder that holds the
  /// template as `square.tag.svg`.
  static func project() throws -> (folder: TemporaryFolder, theme: Theme) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/symbols", withIntermediateDirectories: true)
    try template.write(toFile: folder.path + "/symbols/square.tag.svg", atomically: true, encoding: .utf8)
    try "colors:\n  tint: system.purple\nsymbols: [symbols]\n".write(
      toFile: folder.path + "/theme.yml", atomically: true, encoding: .utf8)
    return (folder, try Theme.load(file: folder.path + "/theme.yml"))
  }

  @Test func theDesignIsTheScalesNearestWeightAndTheSmallScaleStandsInForAMissingOne() throws {
    let symbol = try Self.symbol()
    #expect(symbol.placed(weight: .regular, scale: .medium).id == "Regular-M")
    // Medium has only Regular; small has Regular and Black, and heavy is nearer Black.
    #expect(symbol.placed(weight: .heavy, scale: .medium).id == "Regular-M")
    #expect(symbol.placed(weight: .heavy, scale: .small).id == "Black-S")
    #expect(symbol.placed(weight: .light, scale: .small).id == "Regular-S")
    #expect(symbol.placed(weight: .regular, scale: .large).id == "Regular-S")
  }

  @Test func theMarginsSetTheWidthTheInkTheHeightAndATemplateIsDrawnForAHundredPoints() throws {
    let symbol = try Self.symbol()
    let small = symbol.placed(weight: .regular, scale: .small).box
    #expect(small.x == 1400 && small.width == 80)
    #expect(small.y == 626 && small.height == 70)
    // Without margins, the ink's sides: Regular-M's transform moves it 430 down.
    let medium = symbol.placed(weight: .regular, scale: .medium).box
    #expect(medium.x == 1405 && medium.width == 70 && medium.y == 1050 && medium.height == 76)
    let size = symbol.size(weight: .regular, scale: .small, pointSize: 17)
    #expect(abs(size.width - 13.6) < 1e-9 && abs(size.height - 11.9) < 1e-9)
  }

  @Test func aDesignDrawnWithStrokesAloneIsAsLargeAsItsStrokes() throws {
    // A line from (1400, 1060) to (1480, 1060), 8 units wide with round caps: it
    // covers 1396…1484 across and 1056…1064 down, nowhere near the origin.
    let stroked = """
      <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
        <g id="Regular-M" style="fill:none;stroke:#000;stroke-width:8;stroke-linecap:round">
          <path d="M1400 1060 L1480 1060"/>
        </g>
      </svg>
      """
    let box = try Self.symbol(stroked).placed(weight: .regular, scale: .medium).box
    #expect(box.x == 1396 && box.width == 88, "\(box)")
    #expect(box.y == 1056 && box.height == 8, "\(box)")
  }

  @Test func anIconOfASymbolsNameDrawsItInItsFrameInTheIconsColour() throws {
    let (folder, theme) = try Self.project()
    _ = folder
    let probe = LayoutProbe(theme: theme)
    let list = try probe.list("icon: { name: square.tag, style: body, scale: small, color: tint }")
    let drawn = list.flatCommands.compactMap { command -> (DisplayList.Symbol, Rect, RGBA8)? in
      if case .symbol(let symbol, let frame, let color) = command { return (symbol, frame, color) }
      return nil
    }
    let (symbol, frame, color) = try #require(drawn.first)
    #expect(symbol.template.name == "square.tag" && symbol.design == "Regular-S")
    // Body is 17 points at the default content size.
    #expect(abs(frame.width - 13.6) < 1e-9 && abs(frame.height - 11.9) < 1e-9)
    #expect(color == theme.resolve(.named("tint"), in: Traits()))

    // The design is a filled rectangle between its margins: the pixels inside it are
    // the colour, and nothing is drawn outside the frame.
    let pixels = try Renderer.render(list)
    let scale = list.scale
    let inside = pixels[Int((frame.x + frame.width / 2) * scale), Int((frame.y + frame.height / 2) * scale)]
    #expect(inside.straight == color)
    let outside = pixels[Int((frame.maxX + 2) * scale), Int((frame.y + frame.height / 2) * scale)]
    #expect(outside.straight != color)

    // A larger reader's size draws it larger, as a symbol configured with the style.
    let large = try probe.list("icon: { name: square.tag, style: body, scale: small }", Traits(contentSize: .accessibilityMedium))
    let grown = large.flatCommands.compactMap { command -> Rect? in
      if case .symbol(_, let frame, _) = command { return frame }
      return nil
    }
    #expect(abs((grown.first?.width ?? 0) - 13.6 * 28 / 17) < 1e-9)
  }

  @Test func cellsTabsAndBarItemsDrawTheProjectsSymbols() throws {
    let (folder, theme) = try Self.project()
    _ = folder
    let probe = LayoutProbe(theme: theme)
    func symbols(_ yaml: String) throws -> [(String, String, Rect)] {
      try probe.list(yaml).flatCommands.compactMap { command in
        if case .symbol(let symbol, let frame, let color) = command { return (symbol.template.name, color.hex, frame) }
        return nil
      }
    }
    // A cell's symbol, white on its tile, set at the body's 17 points.
    let cell = try symbols("cell: { title: Rocket, icon: square.tag, iconColor: tint }")
    #expect(cell.count == 1 && cell.first?.1 == "#ffffff")
    #expect(abs((cell.first?.2.height ?? 0) - 76 * 0.17) < 1e-9, "Regular-M, 76 units tall")
    // A tab's, at 22 points, in the tint when selected and grey when not.
    let tabs = try symbols("tabbar: { selected: 0, items: [ { icon: square.tag, title: Home }, { icon: square.tag, title: Me } ] }")
    #expect(tabs.count == 2 && tabs[0].1 != tabs[1].1)
    #expect(abs(tabs[0].2.height - 76 * 0.22) < 1e-9)
    // A bar button's, leading and trailing.
    let bar = try symbols("navbar: { title: Feed, leading: [square.tag], trailing: [ { icon: square.tag } ] }")
    #expect(bar.count == 2)
    // A built-in name still draws the built-in icon.
    #expect(try symbols("cell: { title: Gear, icon: gear }").isEmpty)
    // An unknown name is an error at the name, whichever component writes it.
    for yaml in [
      "cell: { title: Rocket, icon: square.tga }", "tabbar: { items: [ { icon: square.tga } ] }",
      "navbar: { title: Feed, trailing: [square.tga] }",
    ] {
      let error = try requireThrows(DarkroomError.self) { try probe.list(yaml) }
      #expect(error.message.hasPrefix("unknown icon 'square.tga'"), "\(yaml)")
      #expect(error.description.contains("did you mean 'square.tag'"), "\(yaml)")
    }
  }

  @Test func anAssetCatalogsSymbolSetIsASymbol() throws {
    let folder = try TemporaryFolder()
    let set = folder.path + "/Assets.xcassets/square.tag.symbolset"
    try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    try #"{"info":{"author":"xcode","version":1}}"#.write(
      toFile: folder.path + "/Assets.xcassets/Contents.json", atomically: true, encoding: .utf8)
    try #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"square.tag.svg","idiom":"universal"}]}"#.write(
      toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
    try Self.template.write(toFile: set + "/square.tag.svg", atomically: true, encoding: .utf8)
    try "sources: [Assets.xcassets]\ncolors:\n  tint: system.blue\n".write(
      toFile: folder.path + "/theme.yml", atomically: true, encoding: .utf8)
    let theme = try Theme.load(file: folder.path + "/theme.yml")
    #expect(theme.symbols["square.tag"]?.placed(weight: .black, scale: .small).id == "Black-S")
  }

  @Test func aSymbolSetsLanguageDirectionMirrorsItInTheOtherDirection() throws {
    // An arrow's shape: a right triangle with its right angle at the bottom left,
    // so the symbol mirrored is told from the symbol.
    let arrow = Self.template
      .replacingOccurrences(of: "M1410 626 L1470 626 L1470 696 L1410 696 Z", with: "M1410 626 L1470 696 L1410 696 Z")
      .replacingOccurrences(of: "M1405 620 L1475 620 L1475 696 L1405 696 Z", with: "M1405 620 L1475 696 L1405 696 Z")
    func theme(direction: String?) throws -> Theme {
      let folder = try TemporaryFolder()
      let set = folder.path + "/Assets.xcassets/arrow.symbolset"
      try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
      try #"{"info":{"author":"xcode","version":1}}"#.write(
        toFile: folder.path + "/Assets.xcassets/Contents.json", atomically: true, encoding: .utf8)
      let entry = direction.map { #","language-direction":"\#($0)""# } ?? ""
      try #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"arrow.svg","idiom":"universal"\#(entry)}]}"#.write(
        toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
      try arrow.write(toFile: set + "/arrow.svg", atomically: true, encoding: .utf8)
      try "sources: [Assets.xcassets]\ncolors:\n  tint: system.blue\n".write(
        toFile: folder.path + "/theme.yml", atomically: true, encoding: .utf8)
      return try Theme.load(file: folder.path + "/theme.yml")
    }
    let yaml = "size: [60, 60]\nroot:\n  vstack:\n    align: center\n    children:\n      - icon: { name: arrow, size: 40, color: \"#000000\" }\n"
    /// Whether the symbol's command is mirrored, and the pixels of its frame, in a
    /// locale.
    func drawn(_ theme: Theme, _ locale: LocaleID) throws -> (mirrored: Bool, pixels: PixelBuffer) {
      let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
      let list = try LayoutEngine(theme: theme, traits: Traits(), locale: locale).displayList(for: layout)
      let symbols = list.flatCommands.compactMap { command -> (Bool, Rect)? in
        if case .symbol(let symbol, let frame, _) = command { return (symbol.mirrored, frame) }
        return nil
      }
      try #require(symbols.count == 1)
      let (mirrored, frame) = symbols[0]
      // Frames in whole pixels (scale 2), so the crop holds the symbol alone.
      #expect(frame.x * 2 == (frame.x * 2).rounded() && frame.width * 2 == (frame.width * 2).rounded())
      let pixels = try Renderer.render(list).cropped(
        x: Int(frame.x * 2), y: Int(frame.y * 2), width: Int(frame.width * 2), height: Int(frame.height * 2))
      return (mirrored, pixels)
    }
    let directional = try theme(direction: "left-to-right")
    let english = try drawn(directional, "en"), arabic = try drawn(directional, "ar")
    #expect(!english.mirrored && arabic.mirrored)
    // Within the symbol's frame, the Arabic drawing is the English one reflected.
    let reflected = arabic.pixels == english.pixels.mirroredHorizontally()
    let same = arabic.pixels == english.pixels
    #expect(reflected && !same)
    // Without a direction the symbol is the same both ways; drawn for right to
    // left, it is mirrored in left-to-right layouts.
    let fixed = try theme(direction: nil)
    let unflipped = try drawn(fixed, "ar").pixels == drawn(fixed, "en").pixels
    #expect(unflipped)
    let rightToLeft = try theme(direction: "right-to-left")
    #expect(try drawn(rightToLeft, "en").mirrored && !drawn(rightToLeft, "ar").mirrored)
    // Another value is a located error naming the two.
    do {
      _ = try theme(direction: "upwards")
      Issue.record("an unknown direction loaded")
    } catch {
      #expect("\(error)".contains("language direction") && "\(error)".contains("upwards"), "\(error)")
    }
  }

  @Test func badSymbolsAreLocatedErrorsNamingTheFile() throws {
    let notATemplate = try requireThrows(DarkroomError.self) {
      try Self.symbol(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0 L5 5"/></svg>"#)
    }
    #expect(notATemplate.description.contains("Layouts/symbols/square.tag.svg"))
    #expect(notATemplate.message.contains("is not a symbol template"))
    let damaged = try requireThrows(DarkroomError.self) { try Self.symbol("<svg><g id=\"Regular-S\">") }
    #expect(damaged.message.hasPrefix("cannot read symbol 'square.tag'"))
    let huge = try requireThrows(DarkroomError.self) {
      try SymbolTemplate(name: "big", file: "big.svg", bytes: [UInt8](repeating: 0x20, count: SVGDocument.maximumBytes + 1))
    }
    #expect(huge.message.contains("larger than"))
    // A design of a thousand times a template's size is refused once measured, in
    // a small drawing, never drawn at one pixel a unit.
    let vast = try requireThrows(DarkroomError.self) {
      try Self.symbol(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="Regular-M"><rect width="100000" height="100000"/></g></svg>"#)
    }
    #expect(vast.message.contains("at most 3300 units"), "\(vast)")
    // A size past any number, for an image: refused as too large, not a crash.
    let folder = try TemporaryFolder()
    try #"<svg xmlns="http://www.w3.org/2000/svg" width="1e38" height="1e38"><circle cx="25" cy="25" r="20"/></svg>"#.write(
      toFile: folder.path + "/pic.svg", atomically: true, encoding: .utf8)
    try "colors:\n  tint: system.blue\nimages:\n  pic: pic.svg\n".write(toFile: folder.path + "/theme.yml", atomically: true, encoding: .utf8)
    let sized = try requireThrows(DarkroomError.self) { try Theme.load(file: folder.path + "/theme.yml") }
    #expect(sized.message.contains("at most 16384 points"), "\(sized)")
    // What could leave Darkroom's limits — a bitmap librsvg would decode itself, a
    // filter's blur of any radius — is refused before librsvg reads the file.
    for (element, word) in [("<image href=\"data:image/png;base64,AAAA\" width=\"5\" height=\"5\"/>", "<image>"), ("<filter id=\"f\"><feGaussianBlur stdDeviation=\"1e7\"/></filter>", "<filter>")] {
      let refused = try requireThrows(DarkroomError.self) {
        try Self.symbol("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><g id=\"Regular-M\">\(element)<rect width=\"5\" height=\"5\"/></g></svg>")
      }
      #expect(refused.message.contains(word), "\(refused)")
    }
    // Entities that would expand to a billion copies are refused, not expanded; a
    // group that uses itself is drawn once (librsvg leaves the loop out), not forever.
    let entities = (1...9).map { level in
      "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">"
    }.joined(separator: "\n")
    let bomb = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [<!ENTITY e0 "lol">
      \(entities)
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="Regular-S"><text>&e9;</text></g></svg>
      """
    #expect(throws: DarkroomError.self) { try Self.symbol(bomb) }
    let loop = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
      <g id="Regular-S"><use xlink:href="#Regular-S"/><path d="M0 0 L5 0 L5 5 Z"/></g></svg>
      """
    let looped = try Self.symbol(loop).image(weight: .regular, scale: .small, columns: 8, rows: 8, color: RGBA8(r: 0, g: 0, b: 0))
    #expect(looped.width == 8 && looped.bytes.contains { $0 != 0 })
  }

  @Test func anUnknownIconIsALocatedErrorWithTheClosestName() throws {
    let (folder, theme) = try Self.project()
    _ = folder
    let error = try requireThrows(DarkroomError.self) {
      try LayoutProbe(theme: theme).list("icon: { name: square.tga }")
    }
    #expect(error.message.hasPrefix("unknown icon 'square.tga' (the project's symbols: square.tag; built-in: "))
    #expect(error.description.contains("Layouts/k.yml:5:"))
    #expect(error.description.contains("did you mean 'square.tag'"))
    // Without symbols, the message says where they come from.
    let plain = LayoutProbe(theme: try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml"))
    let none = try requireThrows(DarkroomError.self) { try plain.list("icon: { name: rocket }") }
    #expect(none.message.contains("the theme has no symbols"))
  }
}
