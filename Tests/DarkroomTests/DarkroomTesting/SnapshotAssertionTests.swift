import Darkroom
import DarkroomTesting
import Foundation
import Testing

/// The theme's colours, referenced type-safely in layouts built in Swift.
extension ColorExpression {
  static let background = ColorExpression.named("background")
  static let backgroundElevated = ColorExpression.named("backgroundElevated")
  static let primaryText = ColorExpression.named("primaryText")
  static let key = ColorExpression.named("key")
  static let keyInverted = ColorExpression.named("keyInverted")
  static let keyBorder = ColorExpression.named("keyBorder")
}

/// DarkroomTesting in Swift Testing: the layout DSL, the assertion, its failure
/// message, and the record modes.
@Suite("Snapshot assertions")
struct SnapshotAssertionTests {
  let theme: Theme
  init() throws { theme = try Theme.load(file: Paths.layouts + "/theme.yml") }

  /// A screen built in Swift: stacks, a label, a lipped button, a cell, a module
  /// opted out of dark mode, and a sheet.
  func screen(accent: ColorExpression = .key) -> Layout {
    Layout("screen", width: 390, height: 480, background: .background) {
      Node.vstack(spacing: 12, padding: .all(16)) {
        Node.label("Orders", style: .title1, color: .primaryText)
        Node.button("Track", fill: accent, text: .keyInverted, border: .keyBorder, lip: 4, corner: 10)
        Node.cell(title: "Bitcoin", subtitle: "BTC", accessory: .chevron)
        Node.vstack(padding: .all(12)) {
          Node.label("Light always", color: .primaryText)
        }
        .fill(.backgroundElevated)
        .darkMode(false)
      }
    }
    .sheet(height: 140, background: .background) {
      Node.vstack(padding: .all(16)) {
        Node.label("Share", style: .headline, color: .primaryText)
      }
    }
  }

  /// The same screen as a layout file.
  static let screenYAML = """
    size: [390, 480]
    background: background
    root:
      vstack:
        spacing: 12
        padding: 16
        children:
          - label: { text: "Orders", style: title1, color: primaryText }
          - button: { title: "Track", fill: key, text: keyInverted, border: keyBorder, lip: 4, corner: 10 }
          - cell: { title: "Bitcoin", subtitle: "BTC", accessory: chevron }
          - vstack: { darkMode: false, fill: backgroundElevated, padding: 12, children: [ { label: { text: "Light always", color: primaryText } } ] }
    sheet:
      height: 140
      content:
        vstack: { padding: 16, children: [ { label: { text: "Share", style: headline, color: primaryText } } ] }
    """

  @Test func aScreenBuiltInSwiftInEveryMode() {
    assertSnapshots(of: screen(), theme: theme)
  }

  @Test func theSwiftLayoutDrawsExactlyWhatTheLayoutFileDraws() throws {
    let parsed = try CheckingParser(theme: theme).parse(Self.screenYAML, file: "screen.yml", name: "screen")
    for mode in theme.modes {
      let fromYAML = try LayoutEngine(theme: theme, traits: mode.traits).displayList(for: parsed)
      let fromSwift = try LayoutEngine(theme: theme, traits: mode.traits).displayList(for: screen())
      #expect(fromSwift.description == fromYAML.description, "in \(mode.name)")
    }
  }

  @Test func aFailingAssertionFailsTheTest() {
    // The golden is the screen's, drawn with the key colour; this one is red.
    withKnownIssue {
      assertSnapshots(
        of: screen(accent: .named("errorText")), theme: theme, modes: ["light"], named: "aScreenBuiltInSwiftInEveryMode",
        record: .never)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("do not match their goldens in 1 of 1 modes") }
    }
  }

  @Test func theFailureMessageNamesEachModeItsDifferenceAndThePaths() throws {
    let folder = try TemporaryFolder()
    let goldens = folder.path + "/goldens", artifacts = folder.path + "/artifacts"
    func verify(_ layout: Layout, _ record: RecordMode) throws -> SnapshotVerification {
      try SnapshotVerification.verify(
        layout, theme: theme, modes: ["light", "dark"], name: "screen", goldens: goldens, artifacts: artifacts, record: record)
    }
    _ = try verify(screen(), .missing)
    let before = snapshotOfFiles(goldens)
    let failed = try verify(screen(accent: .named("errorText")), .never)
    #expect(!failed.passed && failed.results.map(\.status) == [.failed, .failed])
    let message = try #require(failed.failureMessage)
    #expect(message.hasPrefix("Snapshots of \"screen\" do not match their goldens in 2 of 2 modes:\n  light: "))
    for result in failed.results {
      let comparison = try #require(result.comparison)
      #expect(comparison.differingPixels > 0)
      #expect(message.contains("  \(result.mode): \(comparison.differingPixels) of \(comparison.comparedPixels) pixels differ"))
      let actual = try #require(result.actual), difference = try #require(result.difference)
      #expect(message.contains("    golden: \(goldens)/screen.\(result.mode).png"))
      #expect(message.contains("    actual: \(actual)") && message.contains("    diff:   \(difference)"))
      #expect(FileManager.default.fileExists(atPath: actual) && FileManager.default.fileExists(atPath: difference))
      #expect(actual.hasPrefix(artifacts), "artifacts stay out of the golden folder")
    }
    #expect(snapshotOfFiles(goldens) == before, "a failing check never writes a golden")
    // Explained like a failing verify, from the drawing summary the golden carries:
    // the button's fill, named in this file, went from the theme's key to errorText.
    // Where `screen()` calls Node.button: a call's column is its opening parenthesis.
    let source = try String(contentsOfFile: "\(#filePath)", encoding: .utf8).components(separatedBy: "\n")
    let line = try #require(source.firstIndex { $0.contains("Node.button(\"Track\", fill: accent") }) + 1
    let column = try #require(source[line - 1].range(of: "Node.button(")).upperBound.utf16Offset(in: source[line - 1])
    let why = "; fill `key` → `errorText` (button \"Track\", SnapshotAssertionTests.swift:\(line):\(column))"
    #expect(message.components(separatedBy: why).count == 3, "both modes explained: \(message)")
    #expect(message.hasSuffix("  accept: DARKROOM_RECORD=failed swift test --filter screen"))
  }

  @Test func recordModesDecideWhatIsWritten() throws {
    let folder = try TemporaryFolder()
    let goldens = folder.path + "/goldens"
    func verify(_ layout: Layout, _ record: RecordMode) throws -> SnapshotVerification {
      try SnapshotVerification.verify(
        layout, theme: theme, modes: ["light", "dark"], name: "screen", goldens: goldens, artifacts: folder.path + "/a",
        record: record)
    }
    // A first run without goldens fails, and writes nothing unless recording.
    let first = try verify(screen(), .never)
    #expect(first.results.map(\.status) == [.missing, .missing])
    #expect(first.failureMessage?.contains("light: no golden yet; run with DARKROOM_RECORD=missing to record it") == true)
    #expect(snapshotOfFiles(goldens).isEmpty)
    // Recording missing goldens writes them, and still fails the test.
    let recorded = try verify(screen(), .missing)
    #expect(recorded.results.map(\.status) == [.recorded, .recorded] && !recorded.passed)
    #expect(recorded.failureMessage?.hasPrefix("Recorded 2 goldens of \"screen\" (record mode 'missing')") == true)
    #expect(Set(snapshotOfFiles(goldens).keys) == ["screen.light.png", "screen.dark.png"])
    let written = snapshotOfFiles(goldens)
    #expect(try verify(screen(), .never).failureMessage == nil)
    // A changed layout: `missing` leaves existing goldens alone, `failed` rewrites them.
    let changed = screen(accent: .named("errorText"))
    #expect(try verify(changed, .missing).results.map(\.status) == [.failed, .failed])
    #expect(snapshotOfFiles(goldens) == written)
    #expect(try verify(changed, .failed).results.map(\.status) == [.recorded, .recorded])
    #expect(snapshotOfFiles(goldens) != written)
    // `all` rewrites only goldens whose file would change.
    let rewritten = snapshotOfFiles(goldens)
    #expect(try verify(changed, .all).results.map(\.status) == [.passed, .passed])
    #expect(snapshotOfFiles(goldens) == rewritten)
  }

  @Test func anUnknownColourInSwiftIsReportedAtItsLine() throws {
    let line = #line + 2
    let layout = Layout("typo", width: 100, height: 100) {
      Node.label("Hi", color: .named("primaryTxt"))
    }
    let error = expectThrows(DarkroomError.self) { try layout.check(against: theme) }
    // A call's #column is its opening parenthesis: `Node.label(` starts at 7.
    #expect(
      error?.description
        == "DarkroomTests/SnapshotAssertionTests.swift:\(line):17: error: unknown colour 'primaryTxt'; did you mean 'primaryText'?")
    let mode = expectThrows(DarkroomError.self) {
      try SnapshotVerification.verify(
        screen(), theme: theme, modes: ["drak"], name: "x", goldens: "/nonexistent", artifacts: "/nonexistent", record: .never)
    }
    #expect(mode?.description == "error: unknown mode 'drak' (the theme has light, dark, elevated, dark-ax, dark-hc); did you mean 'dark'?")
  }
}
