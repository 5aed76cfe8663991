import Darkroom
import Foundation

/// A layout rendered to PNG bytes for swift-snapshot-testing, whose strategies
/// cannot throw: a render that fails becomes bytes that say why, which the diffing
/// turns into the test's failure message.
enum DarkroomRender {
  private static let marker = Array("darkroom-render-failed:".utf8)

  /// The snapshot in `mode`, as a PNG file, or the error as marked text.
  static func png(of layout: Layout, theme: Theme, mode: String) -> Data {
    do {
      try layout.check(against: theme)
      let chosen = try theme.modes(named: [mode])[0]
      return Data(try Snapshot(layout: layout, mode: chosen).render(theme: theme).pngData())
    } catch {
      return Data(marker + Array("\(error)".utf8))
    }
  }

  /// Why the render failed, when `data` is a failed render.
  static func problem(in data: Data) -> String? {
    guard data.starts(with: marker) else { return nil }
    return String(decoding: data.dropFirst(marker.count), as: UTF8.self)
  }
}
