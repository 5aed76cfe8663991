import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The audit says what a person sees: contrast is judged only where text shows (not
/// under a bar, the home indicator or a sheet, not outside the canvas), a label is
/// "hidden under" only the bar that covers it, a scrolling container's content past
/// its visible end is not cut, and repeated findings are one line each, located.
@Suite("Audit: what a person sees")
struct AuditSightTests {
  static let theme = """
    colors:
      background: { any: "#ffffff", dark: "#000000" }
      primaryText: { any: "#000000", dark: "#ffffff" }
      secondaryText: { any: "#8a8a8e", dark: "#ffffff" }
    """

  /// The drawing of a whole layout file's text, in `traits`.
  func list(_ yaml: String, _ traits: Traits = Traits()) throws -> DisplayList {
    let theme = try Theme.parse(Self.theme, file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "screen.yml", name: "screen")
    return try LayoutEngine(theme: theme, traits: traits).displayList(for: layout)
  }

  /// A phone screen whose root vstack holds `children` (YAML list items, indented
  /// for the root's `children:`), with `keys` on the root.
  func screen(_ children: [String], keys: String = "") -> String {
    "size: iPhone15\nroot:\n  vstack:\n\(keys)    children:\n" + children.map { "      - \($0)\n" }.joined()
  }

  /// `count` rows of plain labels, 24 points tall each.
  func rows(_ count: Int) -> String {
    "{ label: { text: \"Row 0\", height: 24 } }"
      + (1..<count).map { ", { label: { text: \"Row \($0)\", height: 24 } }" }.joined()
  }

  static let navbar = "navbar: { title: Rows, style: inline }"
  static let tabbar = "tabbar: { items: [ { icon: house, title: Home }, { icon: gear, title: Settings } ] }"

  @Test func textUnderATabBarIsHiddenUnderTheTabBarAndNotJudged() throws {
    let drawn = try list(screen([Self.navbar, "vstack: { children: [ \(rows(40)) ] }", Self.tabbar]))
    // The rows run on under the tab bar's material and past the screen's edge.
    let material = try #require(drawn.materials.first).shape.rect
    let hidden = drawn.truncations.filter { $0.cause == .bar }
    #expect(!hidden.isEmpty && hidden.allSatisfy { $0.under == .tabBar }, "\(drawn.truncations)")
    #expect(hidden.first?.explanation == "hidden under the tab bar")
    #expect(drawn.truncations.contains { $0.cause == .canvas })
    // A row wholly under the material shows to no one: its contrast is not judged
    // (it was: black on the blurred black of the rows under it).
    let under = drawn.textLines.filter {
      $0.line.text.hasPrefix("Row") && $0.origin.y - $0.line.ascent >= material.y
        && $0.origin.y + $0.line.descent <= material.maxY
    }
    #expect(!under.isEmpty)
    let checks = try ContrastAudit.check(drawn, snapshot: "screen/light")
    #expect(!checks.contains { check in under.contains { $0.line.text == check.text } }, "\(checks.filter { !$0.passes })")
    #expect(checks.contains { $0.text == "Row 0" } && checks.contains { $0.text == "Home" })
    #expect(checks.filter { $0.text.hasPrefix("Row") }.allSatisfy { $0.passes }, "\(checks.filter { !$0.passes })")
    // The same under a tab bar with the app's own opaque background.
    let filled = try list(screen([Self.navbar, "vstack: { children: [ \(rows(40)) ] }", Self.tabbar.replacingOccurrences(of: "items:", with: "fill: \"#000000\", items:")]))
    let opaque = try ContrastAudit.check(filled, snapshot: "screen/light")
    #expect(!opaque.contains { check in under.contains { $0.line.text == check.text } })
    #expect(!opaque.contains { $0.text.hasPrefix("Row") && $0.background == RGBA8(r: 0, g: 0, b: 0) })
  }

  @Test func aLabelUnderTheHomeIndicatorIsNamedAndJudgedOnlyWhereItShows() throws {
    // Content starts at the safe area's top (59); the label's line runs from 829 to
    // about 850, across the home indicator (839 to 844, 134 points wide, centred).
    let yaml = screen(["box: { height: 770 }", "label: { text: \"Under the home indicator\" }"], keys: "    align: center\n")
    let drawn = try list(yaml)
    let cut = try #require(drawn.truncations.first)
    #expect(drawn.truncations.count == 1 && cut.cause == .bar && cut.under == .homeIndicator, "\(drawn.truncations)")
    #expect(cut.line(snapshot: "screen/light").hasSuffix("\"Under the home indicator\" — hidden under the home indicator"))
    // Black text crossing the black home indicator is judged against the white it
    // shows on, not as black on black.
    let check = try #require(try ContrastAudit.check(drawn, snapshot: "screen/light").first { $0.text == "Under the home indicator" })
    #expect(check.passes && check.background == RGBA8(r: 255, g: 255, b: 255) && check.ratio == 21, "\(check)")
    // In a scrolling stack the label rests past the visible end (the safe area's):
    // not cut, not hidden, still judged where it shows.
    let scrolling = try list(yaml.replacingOccurrences(of: "    align: center\n", with: "    align: center\n    scrolls: true\n"))
    #expect(scrolling.truncations.isEmpty, "\(scrolling.truncations)")
    #expect(try ContrastAudit.check(scrolling, snapshot: "screen/light").contains { $0.text == "Under the home indicator" && $0.passes })
  }

  @Test func hiddenUnderABarOnlyWhereABarIsAndNotOnAScreenWithoutOne() throws {
    // A navigation bar and a plain stack of rows taller than the screen, no tab bar:
    // what runs past the safe area and the screen is cut by the screen's edge, or
    // hidden under the home indicator where that covers it — never under a bar.
    let drawn = try list(screen([Self.navbar, "vstack: { children: [ \(rows(40)) ] }"]))
    #expect(drawn.truncations.contains { $0.cause == .canvas })
    #expect(drawn.truncations.allSatisfy { $0.cause != .bar || $0.under == .homeIndicator }, "\(drawn.truncations)")
    #expect(!drawn.truncations.contains { $0.explanation == "hidden under a bar" || $0.under == .tabBar })
  }

  @Test func aListLongerThanTheScreenScrollsAndIsNotCut() throws {
    let cells = (0..<30).map { "{ title: \"Setting \($0)\", accessory: chevron }" }.joined(separator: ", ")
    let form = "list: { style: insetGrouped, sections: [ { header: General, rows: [ \(cells) ] } ] }"
    for traits in [Traits(), Traits(contentSize: .accessibilityLarge)] {
      let settings = try list(screen([Self.navbar, form]), traits)
      #expect(settings.truncations.isEmpty, "\(settings.truncations)")
      // Under a tab bar too: the rows under it and past the screen are scrolled to.
      let tabbed = try list(screen([Self.navbar, form, Self.tabbar]), traits)
      #expect(tabbed.truncations.isEmpty, "\(tabbed.truncations)")
    }
    // The same cells in a stack that does not scroll are cut; marked as scrolling,
    // they are not.
    let plain = try list(screen([Self.navbar, "vstack: { children: [ \(cells.replacingOccurrences(of: "{ title:", with: "{ cell: { title:").replacingOccurrences(of: "chevron }", with: "chevron } }")) ] }"]))
    #expect(plain.truncations.contains { $0.cause == .canvas })
    let marked = try list(screen([Self.navbar, "vstack: { scrolls: true, children: [ \(rows(60)) ] }", Self.tabbar]))
    #expect(marked.truncations.isEmpty, "\(marked.truncations)")
    // An hstack that scrolls: what runs past its trailing end is not cut either.
    let carousel = "hstack: { scrolls: true, spacing: 8, children: [ \((0..<12).map { "{ label: { text: \"Card \($0)\", width: 80 } }" }.joined(separator: ", ")) ] }"
    #expect(try list(screen([carousel])).truncations.isEmpty)
    #expect(try list(screen([carousel.replacingOccurrences(of: "scrolls: true, ", with: "")])).truncations.contains { $0.cause == .canvas })
  }

  @Test func aContainerThatDoesNotScrollStillCutsItsLabel() throws {
    let box = "vstack: { height: 30, clip: true, children: [ { label: { text: \"One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen\", lines: 0, width: 120 } } ] }"
    let drawn = try list(screen([box]))
    #expect(drawn.truncations.map(\.cause) == [.container], "\(drawn.truncations)")
    // Inside a scrolling stack, the box that clips still cuts: it does not scroll.
    let inside = try list(screen(["vstack: { scrolls: true, children: [ { \(box) } ] }"]))
    #expect(inside.truncations.map(\.cause) == [.container], "\(inside.truncations)")
  }

  @Test func textUnderAnOpaqueSheetIsNotJudged() throws {
    // A faint label that fails on white, wholly under a presented sheet's panel:
    // no one sees it, so it is not judged; the sheet's own text is.
    let yaml = """
      size: iPhone15
      sheet: { height: 700, content: { label: { text: "On the sheet" } } }
      root:
        vstack:
          children:
            - box: { height: 400 }
            - label: { text: "Under the sheet", color: "#cccccc" }
      """
    let checks = try ContrastAudit.check(try list(yaml), snapshot: "screen/light")
    #expect(!checks.contains { $0.text == "Under the sheet" }, "\(checks)")
    #expect(checks.contains { $0.text == "On the sheet" })
  }

  @Test func everyContrastLineSaysWhereTheLabelIsWrittenAndNamesItsColours() throws {
    let yaml = """
      size: iPhone15
      root:
        vstack:
          children:
            - label: { text: "Theirs", color: system.secondaryLabel }
            - label: { text: "Ours", color: secondaryText }
            - button: { title: "Go", fill: "#eeeeee", text: "#999999", height: 40 }
      """
    let checks = try ContrastAudit.check(try list(yaml), snapshot: "screen/light")
    let theirs = try #require(checks.first { $0.text == "Theirs" })
    #expect(theirs.location == SourceLocation(file: "screen.yml", line: 5, column: 9))
    #expect(theirs.foregroundName == "UIKit's `secondaryLabel`" && theirs.backgroundName == "`background`")
    #expect(theirs.description.hasPrefix("screen.yml:5:9: screen/light: \"Theirs\" at "))
    #expect(theirs.description.hasSuffix("3.439:1 < 4.5:1, UIKit's `secondaryLabel` #8a8a8e on `background` #ffffff"))
    let ours = try #require(checks.first { $0.text == "Ours" })
    #expect(ours.location?.line == 6 && ours.foregroundName == "`secondaryText`")
    // A button's title is where the button is written; hex values name themselves.
    let go = try #require(checks.first { $0.text == "Go" })
    #expect(go.location?.line == 7 && go.foregroundName == nil && go.backgroundName == nil)
    #expect(go.description.hasSuffix(", #999999 on #eeeeee"))
    // The status bar's time is where the layout names its device.
    let time = try #require(checks.first { $0.text == "9:41" })
    #expect(time.location == SourceLocation(file: "screen.yml", line: 1, column: 7) && time.foregroundName == "UIKit's `label`")
  }

  @Test func aRepeatedPairIsOneLineWithItsCountsAndSnapshots() throws {
    let yaml = """
      size: [300, 200]
      root:
        vstack:
          children:
            - label: { text: "One", color: system.secondaryLabel }
            - label: { text: "Two", color: system.secondaryLabel }
            - label: { text: "Three", color: system.secondaryLabel }
            - label: { text: "Ours", color: secondaryText }
            - label: { text: "Fine" }
      """
    let drawn = try list(yaml)
    var lines = AuditLines()
    var failing = 0
    for snapshot in ["screen/light", "screen/light.de"] {
      for check in try ContrastAudit.check(drawn, snapshot: snapshot) where !check.passes {
        failing += 1
        lines.add(check)
      }
    }
    #expect(failing == 8)
    #expect(lines.contrast.count == 2 && lines.lines.count == 2)
    #expect(
      lines.lines[0]
        == "screen.yml:5:9: UIKit's `secondaryLabel` on `background`: 3.439:1 < 4.5:1 in 6 labels of 2 snapshots "
        + "(#8a8a8e on #ffffff), first \"One\" in screen/light; also in screen/light.de")
    #expect(lines.lines[1].hasPrefix("screen.yml:8:9: `secondaryText` on `background`: 3.439:1 < 4.5:1 in 2 labels of 2 snapshots"))
    // A truncation repeated across snapshots is one line too, starting with its
    // first occurrence's own line.
    let cut = Truncation(cause: .width, text: "Bestellungen", shown: "Best…", location: SourceLocation(file: "o.yml", line: 3, column: 5))
    for snapshot in ["o/dark-ax.de", "o/light-ax.de", "o/dark-ax.de"] { lines.add(cut, snapshot: snapshot) }
    #expect(
      lines.lines[2]
        == "o.yml:3:5: o/dark-ax.de: \"Bestellungen\" — too wide for its frame; showed \"Best…\"; 3 labels in 2 snapshots, also in o/light-ax.de")
  }

  @Test func theReportGathersALineFoundInSeveralSnapshots() {
    let cut = Truncation(cause: .bar, text: "Row 9", shown: "Row 9", location: SourceLocation(file: "o.yml", line: 4, column: 7), under: .tabBar)
    let other = Truncation(cause: .canvas, text: "Row 12", shown: "Row 12", location: SourceLocation(file: "o.yml", line: 5, column: 7))
    let found = ["o/dark-ax", "o/light-ax", "o/dark-ax.de"].map { ($0, cut.line(snapshot: $0)) } + [("o/dark-ax", other.line(snapshot: "o/dark-ax"))]
    #expect(
      AuditLines.bySnapshot(found) == [
        "o.yml:4:7: o/dark-ax: \"Row 9\" — hidden under the tab bar; in 3 snapshots, also in o/light-ax, o/dark-ax.de",
        "o.yml:5:7: o/dark-ax: \"Row 12\" — cut by the edge of the snapshot",
      ])
  }

  @Test func theAuditCommandPrintsGroupsAllPrintsEachAndStrictFailsOnTheSameFindings() throws {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/theme.yml", Self.theme + "\nmodes:\n  light: {}\n  dark: { style: dark }\nlocales: [en, de]\n")
    try folder.write(
      "Layouts/screen.yml",
      """
      size: [300, 200]
      root:
        vstack:
          children:
            - label: { text: "One", color: system.secondaryLabel }
            - label: { text: "Two", color: system.secondaryLabel }
            - label: { text: "Cut short here because it is long", color: primaryText, width: 60 }
      """)
    let run = darkroom(["audit"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    // secondaryLabel on white in light (2 labels × 2 locales): one line; the cut
    // label in every mode and locale: one line; then the summary.
    #expect(lines.count == 3, "\(run.stdout)")
    let located = try Regex(#"^Layouts/screen\.yml:\d+:\d+: "#)
    #expect(lines.dropLast().allSatisfy { $0.contains(located) }, "\(run.stdout)")
    #expect(lines[0].contains("UIKit's `secondaryLabel` on `background`: 3.439:1 < 4.5:1 in 4 labels of 2 snapshots"))
    #expect(lines[1].contains("— too wide for its frame") && lines[1].hasSuffix("in 4 snapshots, also in screen/dark.en, screen/light.de, screen/dark.de"))
    #expect(lines[2] == "audit: 12 labels in 4 snapshots, 4 below the WCAG AA threshold, 4 truncated or cut, 0 untranslated")
    // --all lists every occurrence, each located; --strict fails on the same findings.
    let all = darkroom(["audit", "--all"], in: folder.path)
    let each = all.stdout.split(separator: "\n").filter { $0.contains(" < 4.5:1") }
    #expect(each.count == 4 && each.allSatisfy { $0.contains(located) }, "\(all.stdout)")
    #expect(all.stdout.split(separator: "\n").filter { $0.contains("— too wide for its frame") }.count == 4)
    #expect(all.stdout.hasSuffix(lines[2] + "\n"))
    #expect(darkroom(["audit", "--strict"], in: folder.path).status == 1)
  }
}
