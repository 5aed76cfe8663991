import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering
@testable import DarkroomRaster

/// Text as a shipping app sets it: shaped by HarfBuzz, broken by Unicode's rules,
/// truncated, aligned by writing direction, with fallback faces and Dynamic Type.
@Suite("Typography")
struct TypographyTests {
  // The faces are found as a run finds them, by family: no test names a path of
  // this machine's.
  static let inter = installed("Inter")
  static let dejaVu = installed("DejaVu Sans")
  static let cjk = installed("Noto Sans CJK JP")

  static func installed(_ family: String) -> String {
    testFonts.library.face(of: family, weight: .regular)?.path ?? "/nonexistent/\(family)"
  }

  func face(_ path: String) throws -> FontFace { try testFonts.open(path, from: .root, index: 0) }

  /// A line set in one face at its units per em, so positions are font units.
  func unitLine(_ text: String, _ path: String) throws -> TextLine {
    let face = try face(path)
    var style = ParagraphStyle(size: Double(face.metrics.unitsPerEm))
    style.lines = 0
    return try #require(TextLayout(text, fonts: FontChain([face]), style: style, width: nil, caches: textCaches).lines.first).line
  }

  // MARK: Shaping

  /// A fixture's face path on this machine: the same file in `DARKROOM_FONT_DIR` when
  /// it holds one (a Debian 13 root reads the host's Inter there, its own package
  /// being another version of the font), else the path as written.
  static func onThisMachine(_ path: String) -> String {
    guard let folder = ProcessInfo.processInfo.environment["DARKROOM_FONT_DIR"], !folder.isEmpty else { return path }
    let moved = folder + "/" + (path as NSString).lastPathComponent
    return FileManager.default.fileExists(atPath: moved) ? moved : path
  }

  @Test func shapedGlyphsAndAdvancesEqualHarfBuzzsOwn() throws {
    // Fixtures/shaping/shaping.tsv was written by HarfBuzz's Python binding (its own
    // copy of HarfBuzz), not by Darkroom.
    let table = try String(contentsOf: Paths.fixtures.appendingPathComponent("shaping/shaping.tsv"), encoding: .utf8)
    var cases = 0
    for row in table.split(separator: "\n") where !row.hasPrefix("#") {
      let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let expected = columns[3].split(separator: " ").map { pair in
        pair.split(separator: ":").compactMap { Int($0) }
      }
      let line = try unitLine(columns[2], Self.onThisMachine(columns[0]))
      #expect(line.glyphs.map { Int($0.index) } == expected.map { $0[0] }, "\(columns[2])")
      // Each glyph starts where the advances before it end.
      var pen = 0
      for (glyph, pair) in zip(line.glyphs, expected) {
        #expect(abs(glyph.x - Double(pen)) < 1e-6 || glyph.y != 0, "\(columns[2]) glyph \(pair[0])")
        pen += pair[1]
      }
      #expect(abs(line.width - Double(pen)) < 1e-6, "\(columns[2]) width")
      cases += 1
    }
    #expect(cases == 8)
  }

  @Test func kerningMakesAVNarrowerThanItsLetters() throws {
    let face = try face(Self.inter)
    let av = TextLine("AV", face: face, size: 17).width
    let apart = TextLine("A", face: face, size: 17).width + TextLine("V", face: face, size: 17).width
    #expect(av < apart - 1, "AV is kerned together by more than a point at 17 pt")
  }

  @Test func rightToLeftTextIsOrderedAndStartsAtTheRightEdge() throws {
    let chain = try FontBook().chain(.regular)
    var style = ParagraphStyle(size: 17)
    style.lines = 0
    let layout = TextLayout("שלום 123", fonts: chain, style: style, width: 300, caches: textCaches)
    #expect(layout.rightToLeft)
    let line = try #require(layout.lines.first)
    #expect(abs(line.origin.x + line.line.width - 300) < 1e-9, "leading is the right edge")
    // Visually: the number first (left to right inside), then the word, read from
    // the right: ם ו ל ש from left to right.
    let dejaVu = try face(Self.dejaVu)
    let x = { (scalar: Unicode.Scalar) -> Double? in
      line.line.glyphs.first { $0.index == $0.face.glyphIndex(for: scalar) && $0.face.covers(scalar) }?.x
    }
    let one = try #require(x("1")), three = try #require(x("3"))
    let shin = try #require(x("ש")), finalMem = try #require(x("ם"))
    #expect(one < three && three < finalMem && finalMem < shin)
    #expect(line.line.glyphs.contains { $0.face.path == dejaVu.path }, "Hebrew comes from DejaVu: Inter has none")
  }

  // MARK: Wrapping and truncation

  static let prose = "Darkroom develops themed snapshots: it draws declarative layouts in every appearance mode, with its own rasterizer, on any machine."

  func layout(_ text: String, width: Double?, _ configure: (inout ParagraphStyle) -> Void = { _ in }) throws -> TextLayout {
    var style = ParagraphStyle(size: 17)
    style.lines = 0
    configure(&style)
    return TextLayout(text, fonts: try testFonts.chain(.regular), style: style, width: width, caches: textCaches)
  }

  @Test func aWordLongerThanManyLinesIsBrokenIntoFullLines() throws {
    // A string's longest text with no break opportunity: every line is as full as
    // it can be, and the lines together are the text.
    let word = String(repeating: "a", count: 2000)
    let text = try layout(word, width: 100)
    #expect(text.lines.map(\.line.text).joined() == word)
    let one = try layout("a", width: nil).width
    for placed in text.lines.dropLast() {
      #expect(placed.line.width <= 100 + 1e-9)
      #expect(placed.line.width + one > 100, "a line leaves room for another letter")
    }
  }

  @Test(arguments: [120.0, 200, 333.5])
  func longTextWrapsAtWordsAndNeverOverflows(_ width: Double) throws {
    let text = try layout(Self.prose, width: width)
    #expect(text.lines.count > 1)
    for placed in text.lines { #expect(placed.line.width <= width + 1e-9, "\(placed.line.text)") }
    // Whole words, in order, nothing lost: the lines joined by spaces are the text.
    #expect(text.lines.map(\.line.text).joined(separator: " ") == Self.prose)
    // Greedy: the next word would not have fitted on any line.
    let words = Self.prose.split(separator: " ")
    var index = 0
    for placed in text.lines.dropLast() {
      index += placed.line.text.split(separator: " ").count
      let longer = placed.line.text + " " + words[index]
      #expect(try self.layout(String(longer), width: nil).width > width)
    }
    let lineHeight = try #require(text.lines.dropFirst().first).origin.y - text.lines[0].origin.y
    #expect(abs(text.height - (text.firstBaseline + Double(text.lines.count - 1) * lineHeight + (text.lines[0].line.descent))) < 1e-9)
  }

  @Test func linesMayBreakAfterAHyphenButNotBeforeAPunctuationMark() throws {
    let text = try layout("A state-of-the-art renderer, really!", width: 90)
    let lines = text.lines.map(\.line.text)
    #expect(lines.contains { $0.hasSuffix("-") }, "a break after a hyphen: \(lines)")
    #expect(!lines.contains { $0.hasPrefix(",") || $0.hasPrefix("!") })
    #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "A state-of-the-art renderer, really!".replacingOccurrences(of: " ", with: ""))
  }

  @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
    let text = try layout("Supercalifragilisticexpialidocious", width: 80)
    #expect(text.lines.count > 2)
    #expect(text.lines.map(\.line.text).joined() == "Supercalifragilisticexpialidocious")
    for placed in text.lines { #expect(placed.line.width <= 80) }
  }

  @Test func tailTruncationKeepsTheWidestPrefixThatFits() throws {
    let width = 150.0
    let text = try layout(Self.prose, width: width) { $0.lines = 1 }
    let shown = try #require(text.lines.first).line
    #expect(text.lines.count == 1 && shown.text.hasSuffix("…") && shown.width <= width)
    let kept = String(shown.text.dropLast())
    #expect(Self.prose.hasPrefix(kept))
    // One more character (and the ellipsis) would not fit.
    let next = String(Self.prose.prefix(kept.count + 1))
    let face = try testFonts.face(.regular)
    #expect(TextLine(next.trimmingCharacters(in: .whitespaces) + "…", face: face, size: 17).width > width || next.hasSuffix(" "))
  }

  @Test func headAndMiddleTruncationAndALineLimit() throws {
    let head = try layout("Quarterly revenue report.pdf", width: 120) {
      $0.lines = 1
      $0.truncation = .head
    }
    #expect(head.lines[0].line.text.hasPrefix("…") && "Quarterly revenue report.pdf".hasSuffix(head.lines[0].line.text.dropFirst()))
    let middle = try layout("Quarterly revenue report.pdf", width: 120) {
      $0.lines = 1
      $0.truncation = .middle
    }
    let parts = middle.lines[0].line.text.components(separatedBy: "…")
    #expect(parts.count == 2 && "Quarterly revenue report.pdf".hasPrefix(parts[0]) && "Quarterly revenue report.pdf".hasSuffix(parts[1]))
    let two = try layout(Self.prose, width: 200) { $0.lines = 2 }
    #expect(two.lines.count == 2 && two.lines[1].line.text.hasSuffix("…") && !two.lines[0].line.text.hasSuffix("…"))
  }

  @Test func justifiedLinesFillTheWidthExceptTheLast() throws {
    let text = try layout(Self.prose, width: 220) { $0.alignment = .justified }
    for placed in text.lines.dropLast() { #expect(abs(placed.line.width - 220) < 1e-9) }
    #expect(text.lines.last.map { $0.line.width < 220 } == true)
  }

  @Test func letterSpacingUnderlineAndStrikethrough() throws {
    let plain = try layout("Tracking", width: nil)
    let tracked = try layout("Tracking", width: nil) {
      $0.letterSpacing = 2
      $0.underline = true
      $0.strikethrough = true
    }
    #expect(abs(tracked.width - plain.width - 2 * 7) < 1e-9, "seven gaps between eight letters")
    let rules = tracked.lines[0].line.rules
    #expect(rules.count == 2)
    #expect(rules[0].y > 0 && rules[1].y < 0, "under the baseline, then through the letters")
    #expect(rules.allSatisfy { abs($0.width - tracked.width) < 1e-9 && $0.height > 0 })
  }

  // MARK: Fallback

  @Test func aCJKCharacterComesFromTheFallbackFaceWhenInstalled() throws {
    try #require(FileManager.default.fileExists(atPath: Self.cjk), "fonts-noto-cjk is installed by Scripts/install-deps")
    let chain = try FontBook().chain(.regular)
    let text = TextLayout("Tokyo 東京", fonts: chain, style: ParagraphStyle(size: 17), width: nil, caches: textCaches)
    #expect(text.missing.isEmpty)
    let faces = Set(text.lines[0].line.glyphs.map { ($0.face.path as NSString).lastPathComponent })
    #expect(faces == ["Inter-Regular.otf", "NotoSansCJK-Regular.ttc"])
    #expect(text.lines[0].line.glyphs.allSatisfy { $0.index != 0 })
  }

  @Test func aCharacterNoFontHasIsABoxAndAWarning() throws {
    let book = FontBook(fallbackFamilies: [])
    let text = TextLayout("Tokyo 東京", fonts: try book.chain(.regular), style: ParagraphStyle(size: 17), width: nil, caches: textCaches)
    #expect(text.missing == ["東", "京"])
    let boxes = text.lines[0].line.glyphs.filter { $0.index == 0 }
    #expect(boxes.count == 2)
    // The box is drawn: ink in its outline, none in its middle.
    var buffer = try PixelBuffer(width: 200, height: 40, fill: RGBA8(r: 255, g: 255, b: 255))
    buffer.draw(text.lines[0].line, baselineOrigin: Point(x: 0, y: 30), scale: 1, with: .solid(RGBA8(r: 0, g: 0, b: 0)), caches: textCaches)
    let box = boxes[0]
    let advance = Double(box.face.glyph(at: 0).advance) * 17 / Double(box.face.metrics.unitsPerEm)
    let left = Int((box.x + advance * 0.1).rounded(.up)), middle = Int(box.x + advance / 2)
    #expect(buffer[left, 25].straight.r < 128, "the box's left side")
    #expect(buffer[middle, 24].straight.r > 200, "hollow")
    // From a layout: a warning naming the label and the character.
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(
      "size: [200, 40]\nroot:\n  label: { text: \"Tokyo 東京\" }\n", file: "Layouts/a.yml", name: "a")
    let list = try LayoutEngine(theme: theme, traits: Traits(), context: RenderContext(fonts: book)).displayList(for: layout)
    #expect(
      list.warnings.map(\.description) == [
        "Layouts/a.yml:3:3: warning: no installed font has '東' (U+6771) in label \"Tokyo 東京\"; it is drawn as a box",
        "Layouts/a.yml:3:3: warning: no installed font has '京' (U+4EAC) in label \"Tokyo 東京\"; it is drawn as a box",
      ])
  }

  // MARK: In layouts

  let theme = try? Theme.parse(
    """
    colors:
      ink: "#000000"
    modes:
      light: {}
      dark-ax: { style: dark, contentSize: accessibilityExtraLarge }
    """, file: "theme.yml")

  func list(_ yaml: String, _ traits: Traits = Traits()) throws -> DisplayList {
    let theme = try #require(self.theme)
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/t.yml", name: "t")
    return try LayoutEngine(theme: theme, traits: traits).displayList(for: layout)
  }

  func texts(_ list: DisplayList) -> [(text: String, origin: Point, size: Double)] {
    list.commands.compactMap { command in
      if case .text(let line, let origin, _) = command { return (line.text, origin, line.size) }
      return nil
    }
  }

  @Test func dynamicTypeGrowsTextStylesAndTheLayoutsHeight() throws {
    let yaml = """
      size: [390, auto]
      root:
        vstack:
          padding: 16
          spacing: 8
          children:
            - label: { text: "Orders", style: largeTitle }
            - label: { text: "Twelve orders are waiting to be packed and shipped today.", style: body, lines: 0 }
            - label: { text: "Fixed", size: 13 }
      """
    let regular = try list(yaml)
    let large = try list(yaml, Traits(style: .dark, contentSize: .accessibilityExtraLarge))
    #expect(texts(regular).map(\.size) == [34, 17, 17, 13], "the body takes two lines")
    #expect(texts(large).first?.size == 52 && texts(large).last?.size == 13, "AX3: largeTitle 52, a fixed size stays")
    #expect(large.height > regular.height + 40, "the layout grows to fit: \(regular.height) → \(large.height)")
    #expect(texts(large).count > texts(regular).count, "the body wraps onto more lines")
    #expect(TextStyle.allCases.map { $0.size(at: .large) } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
    #expect(TextStyle.headline.weight == .semibold)
  }

  @Test func baselineAlignmentPutsTitleAndValueOnOneLine() throws {
    let yaml = """
      size: [300, 80]
      root:
        hstack:
          align: baseline
          spacing: 8
          children:
            - label: { text: "Total", size: 28, weight: bold }
            - label: { text: "12 items", size: 13 }
            - box: { width: 10, height: 10, fill: ink }
      """
    let lines = texts(try list(yaml))
    #expect(lines.count == 2)
    #expect(abs(lines[0].origin.y - lines[1].origin.y) < 1e-9, "one baseline")
    // The box sits on the baseline too: its bottom edge is the baseline.
    let description = try list(yaml).description
    let box = try #require(description.split(separator: "\n").first { $0.hasPrefix("fill") })
    #expect(box.contains("y \(DisplayList.number(lines[0].origin.y - 10))") || box.contains(DisplayList.number(lines[0].origin.y - 10)))
  }

  @Test(arguments: [
    ("label: { text: hi, style: titel1 }", "Layouts/t.yml:3:29: error: unknown text style 'titel1' (expected largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2); did you mean 'title1'?"),
    ("label: { text: hi, lines: -1 }", "Layouts/t.yml:3:29: error: lines must be between 0 and 1000, found -1"),
    ("label: { text: hi, lines: 1.5 }", "Layouts/t.yml:3:29: error: lines must be a whole number (0: no limit)"),
    ("label: { text: hi, truncation: start }", "Layouts/t.yml:3:34: error: unknown truncation 'start' (expected tail, middle, head)"),
    ("label: { text: hi, font: brand }", "Layouts/t.yml:3:28: error: unknown font 'brand' (the theme names no fonts)"),
    ("label: { text: hi, align: justify }", "Layouts/t.yml:3:29: error: unknown text alignment 'justify' (expected leading, center, trailing, justified)"),
    ("hstack: { align: baseln }", "Layouts/t.yml:3:20: error: unknown align 'baseln' (expected fill, top, center, bottom, baseline, leading, trailing); did you mean 'baseline'?"),
  ])
  func textMistakes(_ root: String, _ expected: String) throws {
    let theme = try #require(self.theme)
    let error = expectThrows(DarkroomError.self) {
      try CheckingParser(theme: theme).parse("size: [100, 100]\nroot:\n  \(root)\n", file: "Layouts/t.yml", name: "t")
    }
    #expect(error?.description == expected)
  }

  @Test func themeFontsAndContentSizeMistakes() throws {
    let folder = try TemporaryFolder()
    let missing = try folder.write("theme.yml", "fonts:\n  brand: { regular: fonts/Brand.ttf }\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: missing) }
    #expect(error?.description == folder.path + "/theme.yml:2:21: error: font 'brand': no such file 'fonts/Brand.ttf'")
    try folder.write("fonts/Brand.ttf", "not a font")
    let corrupt = expectThrows(DarkroomError.self) { try Theme.load(file: missing) }
    #expect(corrupt?.description.hasPrefix(folder.path + "/theme.yml:2:21: error: font 'brand': cannot open font") == true)
    try FileManager.default.removeItem(atPath: folder.path + "/fonts/Brand.ttf")
    let weight = expectThrows(DarkroomError.self) { try Theme.parse("fonts:\n  brand: { bolder: a.ttf }\n", file: "theme.yml") }
    #expect(weight?.description.hasPrefix("theme.yml:2:12: error: unknown weight 'bolder' in font 'brand'") == true)
    let size = expectThrows(DarkroomError.self) {
      try Theme.parse("modes:\n  big: { contentSize: huge }\n", file: "theme.yml")
    }
    #expect(size?.description.hasPrefix("theme.yml:2:23: error: unknown content size 'huge'") == true, "\(size?.description ?? "")")
    // A brand font is tried first: DejaVu as the brand sets Latin in DejaVu.
    try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: folder.path + "/fonts/Brand.ttf")
    let theme = try Theme.load(file: missing)
    let layout = try CheckingParser(theme: theme).parse(
      "size: [100, 40]\nroot:\n  label: { text: Hi, font: brand, weight: bold }\n", file: "a.yml", name: "a")
    let list = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout)
    guard case .text(let line, _, _) = list.commands.first else { throw Failure("no text") }
    #expect(line.glyphs.allSatisfy { $0.face.path.hasSuffix("fonts/Brand.ttf") }, "the nearest weight it has")
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
