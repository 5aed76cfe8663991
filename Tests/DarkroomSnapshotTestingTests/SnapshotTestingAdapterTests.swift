import Darkroom
import DarkroomRaster
import DarkroomSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// Darkroom's strategy in pointfreeco's swift-snapshot-testing: a layout asserted
/// with `assertSnapshot`, passing against its reference and failing, with Darkroom's
/// measured difference, against a changed one.
@Suite("swift-snapshot-testing adapter")
struct SnapshotTestingAdapterTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let theme: Theme
  init() throws { theme = try Theme.load(file: Self.repository.appendingPathComponent("Layouts/theme.yml").path) }

  func badge(_ fill: String) -> Layout {
    Layout("badge", width: 160, height: 60, background: .named("background")) {
      Node.hstack(spacing: 8, padding: .all(12), align: .center) {
        Node.icon(.bell, size: 20, color: .named("primaryText"))
        Node.button("Alerts", style: .filled, tint: .named(fill), height: 32, size: 15)
      }
    }
  }

  @Test func aLayoutMatchesItsReferenceInEveryMode() {
    // References in __Snapshots__/SnapshotTestingAdapterTests/, one per mode.
    assertSnapshots(of: badge("key"), as: Snapshotting.darkroom(theme: theme))
  }

  @Test func aChangedLayoutFailsWithDarkroomsMeasuredDifference() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("darkroom-adapter-" + UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let strategy = Snapshotting<Layout, Data>.darkroom(theme: theme, mode: "dark")
    let first = verifySnapshot(of: badge("key"), as: strategy, named: "badge", record: .missing, snapshotDirectory: folder)
    #expect(first?.contains("recorded snapshot") == true, "the first run records: \(first ?? "nil")")
    let same = verifySnapshot(of: badge("key"), as: strategy, named: "badge", record: .never, snapshotDirectory: folder)
    #expect(same == nil, "the same layout passes")
    let changed = verifySnapshot(of: badge("errorText"), as: strategy, named: "badge", record: .never, snapshotDirectory: folder)
    let message = try #require(changed)
    #expect(message.contains("Darkroom: ") && message.contains("pixels differ") && message.contains("compared exact"))
  }

  @Test func theDiffingComparesPixelsNotBytes() throws {
    let diffing = Diffing<Data>.darkroomPNG()
    let light = Snapshotting<Layout, Data>.darkroom(theme: theme, mode: "light")
    var png: Data?
    light.snapshot(badge("key")).run { png = $0 }
    let reference = try #require(png)
    #expect(diffing.diffV2(reference, reference) == nil)
    // The same pixels in a differently compressed file still match.
    let decoded = try PixelBuffer(pngData: [UInt8](reference))
    let recompressed = Data(try decoded.pngData(compression: .fast))
    #expect(recompressed != reference && diffing.diffV2(reference, recompressed) == nil)
    let failure = try #require(diffing.diffV2(reference, Data("not a png".utf8)))
    #expect(failure.0.hasPrefix("the reference is not a usable PNG"))
    var broken: Data?
    Snapshotting<Layout, Data>.darkroom(theme: theme, mode: "drak").snapshot(badge("key")).run { broken = $0 }
    let brokenRender = try #require(broken)
    let unknownMode = try #require(diffing.diffV2(reference, brokenRender))
    #expect(unknownMode.0 == "Darkroom could not render the layout: error: unknown mode 'drak' (the theme has light, dark, elevated, dark-ax, dark-hc); did you mean 'dark'?")
  }
}
