import Darkroom
import DarkroomTesting
import XCTest

/// DarkroomTesting in XCTest: the package snapshots a layout built in Swift and one
/// of its own layout files, with goldens in `__Snapshots__/SnapshotAssertionXCTests/`.
final class SnapshotAssertionXCTests: XCTestCase {
  func testALayoutBuiltInSwiftInEveryMode() throws {
    let theme = try Theme.load(file: Paths.layouts + "/theme.yml")
    let layout = Layout("receipt", width: 320, height: nil, background: .named("background")) {
      Node.vstack(spacing: 12, padding: .all(16)) {
        Node.label("Receipt", style: .title2, weight: .bold, color: .named("primaryText"))
        Node.hstack(align: .baseline) {
          Node.label("Total", style: .body, color: .named("secondaryText"))
          Node.spacer()
          Node.label("$142.00", style: .title3, weight: .semibold, color: .named("primaryText"))
        }
        Node.divider()
        Node.button(
          "Pay now", fill: .named("key"), text: .named("keyInverted"), border: .named("keyBorder"), lip: 4,
          lipColor: .named("keyLip"), corner: 10)
      }
    }
    assertSnapshots(of: layout, theme: theme)
  }

  func testABundledLayoutFile() {
    assertSnapshots(ofLayoutFile: Paths.layouts + "/buttons.yml", modes: ["light", "dark"])
  }
}
