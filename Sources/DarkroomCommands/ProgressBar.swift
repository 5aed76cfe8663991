import Darkroom
import Dispatch
import Foundation

/// A progress line with counts and an estimate of the time left, redrawn in place
/// on an interactive terminal; silent in CI and when standard error is redirected.
final class ProgressBar: Sendable {
  private let start = DispatchTime.now().uptimeNanoseconds
  // Captured here: the session calls back from its worker threads, which do not
  // see the command's task-local console.
  private let console = Console.current

  /// The callback a session calls after each snapshot (serialised by the session).
  var update: @Sendable (Int, Int, String) -> Void {
    { [start, console] done, total, name in
      guard console.showsProgress else { return }
      let filled = done * 24 / max(total, 1)
      let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 24 - filled)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let left = done == 0 ? 0 : elapsed / Double(done) * Double(total - done)
      let line = "\(bar) \(done)/\(total)  ETA \(String(format: "%.1f", left)) s  \(TerminalText.line(name))"
      console.writeError("\r\u{1B}[K\(line)")
      if done == total { console.writeError("\r\u{1B}[K") }
    }
  }
}
