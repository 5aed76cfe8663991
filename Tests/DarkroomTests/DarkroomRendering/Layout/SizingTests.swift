import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// How the layout engine sizes nodes: aspect ratios, children that fill what is
/// left, hairline dividers, and text that wraps in the room its stack leaves.
@Suite("Sizing")
struct SizingTests {
  let theme: Theme
  let probe: LayoutProbe
  init() throws {
    theme = try Project.load(layoutsDirectory: Paths.layouts).theme
    probe = LayoutProbe(theme: theme)
  }

  func list(_ root: String, _ traits: Traits = Traits()) throws -> DisplayList { try probe.list(root, traits) }

  @Test func anAspectRatioGivesTheMissingSide() throws {
    let fixed = (try list("box: { width: 120, aspectRatio: 1.5, fill: key }")).solidFills
    #expect(fixed[0].rect == Rect(x: 0, y: 0, width: 120, height: 80))
    // Stretched across a 390-point vstack, 16:9 gives the height.
    let wide = (try list("box: { aspectRatio: \"16:9\", fill: key }")).solidFills
    #expect(wide[0].rect == Rect(x: 0, y: 0, width: 390, height: 390.0 * 9 / 16))
    // Inside a 200 × 100 zstack a square fits the height, in the middle.
    let fitted = (try list("zstack: { width: 200, height: 100, children: [ { box: { aspectRatio: 1, fill: key } } ] }")).solidFills
    #expect(fitted[0].rect == Rect(x: 50, y: 0, width: 100, height: 100))
  }

  @Test func aFillingChildTakesWhatIsLeftAndSharesItWithSpacers() throws {
    let row = (
      try list("hstack: { height: 40, children: [ { box: { width: 50, fill: key } }, { box: { width: fill, fill: key } }, { box: { width: 50, fill: key } } ] }")).solidFills
    #expect(row.map(\.rect.width) == [50, 290, 50])
    #expect(row[2].rect.x == 340)
    let shared = (
      try list("hstack: { height: 40, children: [ { box: { width: fill, fill: key } }, spacer, { box: { width: 90, fill: key } } ] }")).solidFills
    #expect(shared[0].rect.width == 150, "(390 - 90) / 2: the filling box and the spacer share what is left")
    // Across a centred hstack, `height: fill` still stretches.
    let across = (
      try list("hstack: { height: 60, align: center, children: [ { box: { width: 20, height: fill, fill: key } }, { box: { width: 20, height: 10, fill: key } } ] }")).solidFills
    #expect(across[0].rect.height == 60 && across[1].rect == Rect(x: 20, y: 25, width: 20, height: 10))
  }

  @Test func aDividerIsAHairlineAcrossItsStack() throws {
    let across = (try list("vstack: { align: center, children: [ { label: { text: A } }, { divider: {} }, { label: { text: B } } ] }")).solidFills
    let separator = theme.resolve("separator", in: Traits())
    #expect(across.count == 1 && across[0].color == separator, "the theme's separator colour")
    #expect(across[0].rect.x == 0 && across[0].rect.width == 390, "across the whole stack, even centred")
    #expect(across[0].rect.height == 0.5, "one pixel at scale 2")
    let upright = (
      try list("hstack: { height: 30, children: [ { label: { text: A } }, { divider: { thickness: 2, color: key } }, { label: { text: B } } ] }")).solidFills
    #expect(upright[0].rect.width == 2 && upright[0].rect.height == 30 && upright[0].rect.x > 0, "upright in an hstack")
  }

  @Test func textWrapsInsideANarrowedStackInsteadOfRunningOut() throws {
    let words = "A long product title that does not fit on one line of this card at all"
    let drawn = try list(
      "hstack: { spacing: 12, align: top, children: [ { box: { width: 88, height: 88, fill: key } }, { vstack: { align: leading, children: [ { label: { text: \""
        + words + "\", size: 15, lines: 0 } } ] } } ] }")
    let lines = drawn.textLines
    #expect(lines.count > 1, "the label wraps")
    for (line, origin) in lines {
      #expect(origin.x == 100 && origin.x + line.width <= 390 + 1e-9, "every line inside the 290 points left")
    }
    // In a vstack aligned leading, a long label keeps to the stack's width too.
    let leading = (try list("vstack: { width: 200, align: leading, children: [ { label: { text: \"" + words + "\", size: 15, lines: 0 } } ] }")).textLines
    #expect(leading.count > 1 && leading.allSatisfy { $0.line.width <= 200 + 1e-9 })
  }

  /// A status row too narrow for its texts, as SwiftUI's HStack deals it out: the
  /// least flexible child first, each an equal share of what is left. The short
  /// trailing "3d" keeps its text and the long name truncates (shrinking every
  /// label in proportion left "…" for "3d").
  @Test func aTooNarrowRowOffersTheLeastFlexibleChildItsWidthFirst() throws {
    let name = "Swift Evolution Bot with a very long display name"
    func row(_ nameKeys: String = "", _ timeKeys: String = "") throws -> [String] {
      try list(
        "hstack: { spacing: 8, children: [ { vstack: { align: leading" + nameKeys + ", children: [ { label: { text: \""
          + name + "\", size: 17 } }, { label: { text: \"@swiftevolution@iosdev.space\", size: 15 } } ] } }, spacer, "
          + "{ label: { text: \"3d\", size: 15" + timeKeys + " } } ] }"
      ).textLines.map(\.line.text)
    }
    let plain = try row()
    #expect(plain.contains("3d"), "\(plain)")
    let shown = try #require(plain.first { $0.hasPrefix("Swift Evolution") })
    #expect(shown.hasSuffix("…") && shown.count < name.count, "\(shown)")
    // A higher priority is offered the width first, as `.layoutPriority(1)`: the
    // name takes all it can use and "3d" gives way.
    let preferred = try row(", priority: 1")
    let longer = try #require(preferred.first { $0.hasPrefix("Swift Evolution") })
    #expect(longer.count > shown.count, "\(longer) against \(shown)")
    #expect(!preferred.contains("3d"), "\(preferred)")
    // `fixed: true` keeps a child's own size, as `.fixedSize()`: with the name
    // preferred, "3d" still shows whole.
    #expect(try row(", priority: 1", ", fixed: true").contains("3d"))
  }

  /// Three texts that are each wider than a third of their row share it equally, as
  /// SwiftUI's HStack gives each an equal share of what remains.
  @Test func textsAllTooWideShareTheRowEqually() throws {
    let drawn = try list(
      "hstack: { width: 200, spacing: 10, children: [ { label: { text: \"Underlined words\" } }, { label: { text: \"Struck through\" } }, { label: { text: \"Tracked text\" } } ] }")
    let widths = drawn.textLines.map(\.line.width)
    #expect(widths.count == 3)
    #expect(widths.allSatisfy { $0 <= 60 + 1e-9 }, "\(widths): each at most (200 - 20) / 3")
  }

  @Test(arguments: [
    ("box: { aspectRatio: 0 }", "aspectRatio must be between 0.01 and 100, found 0"),
    ("box: { aspectRatio: \"16:0\" }", "Layouts/k.yml:5:30: error: aspectRatio is width over height, a number or 'width:height' of positive numbers, found '16:0'"),
    ("box: { width: fil }", "Layouts/k.yml:5:23: error: width is a number of points or 'fill', found 'fil'; did you mean 'fill'?"),
  ])
  func sizingMistakes(_ root: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try list(root) }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "none")")
  }
}
