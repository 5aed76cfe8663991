import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Labels of several styles: `runs:` in a layout and a string's Markdown, set as one
/// text (wrapped, truncated, ordered right to left together), each run drawn in its
/// own colour and faces, and judged by its own contrast.
@Suite("Styled text: runs and Markdown")
struct StyledTextTests {
  static let theme = """
    colors:
      background: "#ffffff"
      primaryText: "#111111"
      key: "#5b4bdb"
      faint: "#d0d0d0"
    """

  static let probe = LayoutProbe(theme: try! Theme.parse(theme, file: "theme.yml"))

  /// The text lines drawn by one label node, with their colours, in drawing order.
  static func pieces(_ label: String, probe: LayoutProbe = probe) throws -> [(text: String, x: Double, color: RGBA8, line: TextLine)] {
    try probe.list(label).flatCommands.compactMap { command in
      guard case .text(let line, let origin, let color) = command else { return nil }
      return (line.text, origin.x, color, line)
    }
  }

  static let key = RGBA8(r: 0x5b, g: 0x4b, b: 0xdb)
  static let ink = RGBA8(r: 0x11, g: 0x11, b: 0x11)

  @Test func eachRunIsDrawnInItsColourWhereTheUnstyledTextWouldBe() throws {
    let styled = try Self.pieces(
      ##"label: { style: body, runs: [ { text: "@ana", color: key }, " loved it ", { text: "#travel", color: key } ] }"##)
    #expect(styled.map(\.text) == ["@ana", " loved it ", "#travel"])
    #expect(styled.map(\.color) == [Self.key, Self.ink, Self.key])
    // The runs change only colour, and meet at spaces (where nothing kerns): every
    // glyph sits exactly where the same text as one run puts it.
    let plain = try #require(try Self.pieces(##"label: { style: body, text: "@ana loved it #travel" }"##).first)
    let placed = styled.flatMap { piece in piece.line.glyphs.map { (index: $0.index, x: piece.x + $0.x) } }
    let expected = plain.line.glyphs.map { (index: $0.index, x: plain.x + $0.x) }
    #expect(placed.map(\.index) == expected.map(\.index))
    for (a, b) in zip(placed, expected) { #expect(abs(a.x - b.x) < 1e-9) }
    let last = try #require(styled.last)
    #expect(abs(last.x + last.line.width - (plain.x + plain.line.width)) < 1e-9)
  }

  @Test func aRunsWeightItalicAndMonospaceChooseTheirFaces() throws {
    let pieces = try Self.pieces(
      #"label: { style: body, runs: [ "plain ", { text: "bold", weight: bold }, " ", { text: "slanted", italic: true }, " ", { text: "mono", monospaced: true } ] }"#)
    func face(_ text: String) -> String { pieces.first { $0.text == text }?.line.glyphs.first?.face.path ?? "" }
    #expect(face("plain ").hasSuffix("Inter-Regular.otf"))
    #expect(face("bold").hasSuffix("Inter-Bold.otf"))
    #expect(face("slanted").hasSuffix("Inter-Italic.otf"))
    #expect(face("mono").hasSuffix("DejaVuSansMono.ttf"))
    // Every character of a monospaced face advances the same.
    let mono = try #require(pieces.first { $0.text == "mono" }).line.glyphs.map(\.x)
    let steps = zip(mono.dropFirst(), mono).map { $0 - $1 }
    #expect(steps.allSatisfy { abs($0 - steps[0]) < 1e-9 })
  }

  @Test func aRunsUnderlineAndStrikethroughStayUnderItsOwnText() throws {
    let pieces = try Self.pieces(
      #"label: { style: body, runs: [ "Read the ", { text: "terms", underline: true }, " or ", { text: "skip", strikethrough: true } ] }"#)
    let rules = pieces.map { ($0.text, $0.line.rules) }
    #expect(rules.map(\.0) == ["Read the ", "terms", " or ", "skip"])
    #expect(rules[0].1.isEmpty && rules[2].1.isEmpty)
    // Each rule spans its own piece, from its start to where the next begins.
    let terms = try #require(pieces.first { $0.text == "terms" })
    let underline = try #require(terms.line.rules.first)
    #expect(terms.line.rules.count == 1 && underline.x == 0 && abs(underline.width - terms.line.width) < 1e-9)
    #expect(underline.y > 0, "an underline sits below the baseline")
    let struck = try #require(pieces.first { $0.text == "skip" }?.line.rules.first)
    #expect(struck.y < 0, "a strikethrough sits above the baseline")
    // A label's own underline runs under every run.
    let whole = try Self.pieces(#"label: { style: body, underline: true, runs: [ "a ", { text: "b", color: key } ] }"#)
    #expect(whole.allSatisfy { $0.line.rules.count == 1 })
  }

  @Test func runsWrapAsOneTextAndARunMayContinueOnTheNextLine() throws {
    let words = "one two three four five six seven eight nine ten eleven twelve"
    let styled = try Self.pieces(
      #"label: { style: body, lines: 0, width: 120, runs: [ "one two three ", { text: "four five six seven eight", color: key }, " nine ten eleven twelve" ] }"#)
    let plain = try Self.pieces(#"label: { style: body, lines: 0, width: 120, text: "\#(words)" }"#)
    // The same lines as the unstyled text: joined per baseline, they read the same.
    func lines(_ pieces: [(text: String, x: Double, color: RGBA8, line: TextLine)], in list: DisplayList) -> [String] {
      var byBaseline: [Double: String] = [:]
      for (command, piece) in zip(list.textLines, pieces) { byBaseline[command.origin.y, default: ""] += piece.text }
      return byBaseline.keys.sorted().compactMap { byBaseline[$0] }
    }
    let styledList = try Self.probe.list(
      #"label: { style: body, lines: 0, width: 120, runs: [ "one two three ", { text: "four five six seven eight", color: key }, " nine ten eleven twelve" ] }"#)
    let plainList = try Self.probe.list(#"label: { style: body, lines: 0, width: 120, text: "\#(words)" }"#)
    #expect(lines(styled, in: styledList) == lines(plain, in: plainList))
    #expect(lines(plain, in: plainList).count > 2)
    // The tinted run is cut across lines and keeps its colour on each.
    let tinted = styled.filter { $0.color == Self.key }
    #expect(tinted.count >= 2)
    // (A line's trailing space hangs past its end and is not drawn.)
    #expect(tinted.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == "four five six seven eight")
  }

  @Test func theEllipsisTakesTheStyleOfTheTextBesideIt() throws {
    let pieces = try Self.pieces(
      #"label: { style: body, width: 150, runs: [ "Posted by ", { text: "someone with a very long name", color: key } ] }"#)
    let last = try #require(pieces.last)
    #expect(last.text.hasSuffix("…"))
    #expect(last.color == Self.key)
    #expect(pieces.first?.text == "Posted by ")
  }

  @Test func rightToLeftRunsReadFromTheRight() throws {
    let pieces = try Self.pieces(
      #"label: { style: body, runs: [ { text: "שלום", color: key }, " עולם" ] }"#)
    #expect(Set(pieces.map(\.text)) == ["שלום", " עולם"])
    let first = try #require(pieces.first { $0.text == "שלום" })
    let second = try #require(pieces.first { $0.text == " עולם" })
    // The first run in reading order is drawn to the right of the second.
    #expect(first.x > second.x)
    #expect(first.color == Self.key)
  }

  @Test func aStringsMarkdownIsStyledAndTextWrittenInTheLayoutIsNot() throws {
    let folder = try TemporaryFolder()
    try folder.write("theme.yml", Self.theme + "\nstrings: [Localizable.xcstrings]\n")
    try folder.write(
      "Localizable.xcstrings",
      #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "save": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Tap **Save** or [learn more](https://example.com)" } } } } } }"#
    )
    let probe = LayoutProbe(theme: try Theme.load(file: folder.path + "/theme.yml"))
    let pieces = try Self.pieces("label: { style: body, text: { key: save } }", probe: probe)
    #expect(pieces.map(\.text) == ["Tap ", "Save", " or ", "learn more"])
    #expect(pieces[1].line.glyphs.first?.face.path.hasSuffix("Inter-Bold.otf") == true)
    #expect(pieces[3].color == Self.key, "links are drawn in the tint (the theme's key)")
    let tinted = try Self.pieces(##"label: { style: body, text: { key: save }, tint: "#ff0000" }"##, probe: probe)
    #expect(tinted.last?.color == RGBA8(r: 255, g: 0, b: 0))
    // Written in the layout, the same characters are shown as they are.
    let literal = try Self.pieces(#"label: { style: body, text: "Tap **Save**" }"#, probe: probe)
    #expect(literal.map(\.text) == ["Tap **Save**"])
  }

  @Test func aLabelOfOneRunDrawsWhatTheLabelDrew() throws {
    // `runs:` of one run, and a string without Markdown, draw exactly what `text:`
    // draws (every label of every golden is one of these).
    let plain = try Self.probe.list(#"label: { text: "Order total", style: body, underline: true }"#).description
    let runs = try Self.probe.list(#"label: { runs: [ "Order total" ], style: body, underline: true }"#).description
    #expect(runs == plain)
  }

  @Test func aStruckStringAndAPlainTextOfTheSameCharactersAreSetApart() throws {
    // One layout, so one memo of set text: the struck value and the plain text are
    // the same characters in the same style, and must not share a setting.
    let folder = try TemporaryFolder()
    try folder.write("theme.yml", Self.theme + "\nstrings: [Localizable.xcstrings]\n")
    try folder.write(
      "Localizable.xcstrings",
      #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "old": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "~~$9~~" } } } } } }"#
    )
    let probe = LayoutProbe(theme: try Theme.load(file: folder.path + "/theme.yml"))
    for order in [["{ key: old }", "\"$9\""], ["\"$9\"", "{ key: old }"]] {
      let yaml = "size: [390, 200]\nroot:\n  vstack:\n    children:\n" + order.map { "      - label: { text: \($0), style: body }\n" }.joined()
      let lines = try probe.layout(yaml).textLines.map(\.line)
      try #require(lines.count == 2)
      let struck = order[0].hasPrefix("{") ? lines[0] : lines[1], plain = order[0].hasPrefix("{") ? lines[1] : lines[0]
      #expect(struck.text == "$9" && plain.text == "$9")
      #expect(struck.rules.count == 1 && plain.rules.isEmpty, "\(order)")
    }
  }

  @Test func aPseudoLocaleTransformsRunsAndMarkdownAsOneText() throws {
    let folder = try TemporaryFolder()
    try folder.write("theme.yml", Self.theme + "\nstrings: [Localizable.xcstrings]\nlocales: [en, en-XA]\n")
    try folder.write(
      "Localizable.xcstrings",
      #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "save": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Tap **Save** at <https://a.b> &amp; more" } } } } } }"#
    )
    let theme = try Theme.load(file: folder.path + "/theme.yml")
    func texts(_ node: String) throws -> [String] {
      let yaml = "size: [390, 300]\nroot:\n  vstack:\n    children:\n      - " + node + "\n"
      let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
      return try LayoutEngine(theme: theme, traits: Traits(), locale: "en-XA").displayList(for: layout).textLines.map(\.line.text)
    }
    // The runs are one text: one pair of brackets and one padding, as the same
    // words written as one text get.
    let runs = try texts(#"label: { lines: 0, runs: [ "Follow ", { text: "@anna", color: key } ] }"#)
    #expect(runs.joined() == PseudoLocale.accented.apply(to: "Follow @anna"), "\(runs)")
    // The Markdown is read before the transformation: the link and the entity are
    // what they are in English, then accented with the rest.
    let markdown = try texts("label: { lines: 0, text: { key: save } }")
    #expect(markdown.joined() == PseudoLocale.accented.apply(to: "Tap Save at https://a.b & more"), "\(markdown)")
    // Right to left, a word cut between two runs is one reversed word, as in the
    // same text written whole.
    for split in [["Hel", "lo world"], ["Hello", " world"], ["Hello ", "", "world "], ["", "Hello world"]] {
      #expect(PseudoLocale.bidi.apply(toRuns: split).joined() == PseudoLocale.bidi.apply(to: split.joined()), "\(split)")
    }
  }

  @Test func aRunIsJudgedByItsOwnContrast() throws {
    let list = try Self.probe.list(
      #"label: { style: body, runs: [ "Readable ", { text: "faint", color: faint } ] }"#)
    let checks = try ContrastAudit.check(list, snapshot: "k/light")
    let faint = try #require(checks.first { $0.text == "faint" })
    #expect(!faint.passes)
    #expect(checks.first { $0.text == "Readable " }?.passes == true)
  }

  @Test func badRunsAreLocatedErrors() throws {
    func message(_ label: String) -> String {
      do {
        _ = try Self.probe.list(label)
        return "no error"
      } catch { return "\(error)" }
    }
    #expect(message(#"label: { text: a, runs: [ b ] }"#).contains("a label has 'text' or 'runs', not both"))
    #expect(message(#"label: { runs: [] }"#).contains("needs at least one run"))
    let runs = #"label: { runs: [ { text: a, color: kee } ] }"#
    let colour = message(runs)
    #expect(colour.contains("kee") && colour.contains("key"), "\(colour)")
    // At the run's colour itself, not the label: the node is written after "      - ".
    let column = 8 + runs.distance(from: runs.startIndex, to: try #require(runs.range(of: "kee")).lowerBound) + 1
    #expect(colour.contains("k.yml:5:\(column):"), "\(colour)")
    let unknown = message(#"label: { runs: [ { text: a, colr: key } ] }"#)
    #expect(unknown.contains("unknown key 'colr' in a text run") && unknown.contains("color"), "\(unknown)")
    let long = String(repeating: "x", count: 600)
    #expect(message(#"label: { runs: [ "\#(long)", "\#(long)" ] }"#).contains("limited to 1000 characters"))
  }
}
