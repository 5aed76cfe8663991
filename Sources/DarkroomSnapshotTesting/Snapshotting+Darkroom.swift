import Darkroom
import Foundation
import SnapshotTesting

extension Snapshotting where Value == Layout, Format == Data {
  /// A Darkroom layout drawn in one mode of `theme`, stored as a PNG file and
  /// compared by ``SnapshotTesting/Diffing/darkroomPNG(_:)`` — for teams already on
  /// `assertSnapshot`, with Darkroom's images, on Linux:
  ///
  /// ```swift
  /// assertSnapshot(of: layout, as: .darkroom(theme: theme, mode: "dark"))
  /// ```
  public static func darkroom(theme: Theme, mode: String, compare: CompareOptions = CompareOptions()) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .darkroomPNG(compare)) { layout in
      DarkroomRender.png(of: layout, theme: theme, mode: mode)
    }
  }

  /// One strategy per mode of `theme`, by mode name, for `assertSnapshots(of:as:)`,
  /// which names each reference after its mode.
  public static func darkroom(theme: Theme, compare: CompareOptions = CompareOptions()) -> [String: Snapshotting] {
    var strategies: [String: Snapshotting] = [:]
    for mode in theme.modes { strategies[mode.name] = .darkroom(theme: theme, mode: mode.name, compare: compare) }
    return strategies
  }
}
