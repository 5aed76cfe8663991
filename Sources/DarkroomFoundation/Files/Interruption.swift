import Dispatch
import Foundation
import Synchronization

/// How a run stops when it is asked to: SIGINT (Ctrl-C) or SIGTERM (a CI job
/// cancelled) is recorded, no new snapshot is started, the snapshots being drawn
/// finish, their temporaries and the run's staging folder are removed, and the
/// command exits 130 or 143 — goldens and the report are each the old file or the
/// new one. A second signal stops at once, after removing every temporary the run
/// has open.
public final class Interruption: Sendable {
  private struct State {
    var signal: Int32? = nil
    var temporaries: Set<String> = []
    /// Writes under way (see ``writing(_:)``).
    var writers = 0
    /// Set by a second signal: no write may start, the process is about to exit.
    var closing = false
    var sources: [DispatchSourceSignal] = []
  }
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "darkroom.signals")

  /// A state of its own. The `darkroom` executable makes one for the process,
  /// installs it (``install()``) and hands it to every command, which hands it to
  /// what it writes: signals are delivered to the process, so there is one handler,
  /// and the temporaries it removes before exiting are every run's. A test's or a
  /// library user's own is never signalled unless it is installed; the tests stop
  /// theirs by hand.
  public init() {}

  /// Takes over SIGINT and SIGTERM for this process (the `darkroom` executable
  /// calls it; a library user keeps its own handlers).
  public func install() {
    state.withLock { state in
      guard state.sources.isEmpty else { return }
      for number in [SIGINT, SIGTERM] {
        Foundation.signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [weak self] in self?.received(number) }
        source.resume()
        state.sources.append(source)
      }
    }
  }

  /// The signal received, if any.
  public var signal: Int32? { state.withLock { $0.signal } }

  /// Throws ``Interrupted`` once a signal has arrived: called between units of work.
  public func checkpoint() throws(Interrupted) {
    if let signal { throw Interrupted(signal: signal) }
  }

  /// Records a file or folder the run is writing, removed if the run is stopped
  /// before it is renamed into place (or, for a scratch folder, removed).
  public func track(_ path: String) { _ = state.withLock { $0.temporaries.insert(path) } }

  /// The file or folder is in place, or removed: no longer the run's to clean up.
  public func untrack(_ path: String) { _ = state.withLock { $0.temporaries.remove(path) } }

  /// Removes a tracked scratch file or folder and stops tracking it. A removal that
  /// races a second signal's clean-up of the same tree is tried again, and waits
  /// for that clean-up rather than let the process exit in the middle of it.
  public func discard(_ path: String) {
    writing {
      Self.remove(path)
      untrack(path)
    }
  }

  /// Runs `body`, a write that creates files or folders (a file renamed into place,
  /// a scratch folder filled), as one step a second signal waits for: it removes the
  /// run's temporaries only when no such write is under way, and a write that would
  /// start after it never starts — so nothing is recreated under a folder it removed.
  public func writing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let admitted = state.withLock { state -> Bool in
      guard !state.closing else { return false }
      state.writers += 1
      return true
    }
    // The process is exiting: this thread waits for that instead of writing.
    guard admitted else { while true { sleep(60) } }
    defer { state.withLock { $0.writers -= 1 } }
    return try body()
  }

  /// Records `number` as if it had arrived, without the second-signal exit: a
  /// caller stopping a session of its own (tests) goes through the same path.
  func simulate(_ number: Int32) {
    state.withLock { state in
      if state.signal == nil { state.signal = number }
    }
  }

  private func received(_ number: Int32) {
    let first = state.withLock { state -> Bool in
      let first = state.signal == nil
      if first { state.signal = number }
      return first
    }
    if first {
      FileHandle.standardError.write(Data("\ndarkroom: stopping: finishing the snapshots being drawn (again to stop now)\n".utf8))
      return
    }
    // Writes under way finish (a second at most: a write stuck on a slow disk must
    // not keep the process alive), and none starts after this.
    state.withLock { $0.closing = true }
    var temporaries: Set<String>? = nil
    for _ in 0..<1000 {
      temporaries = betweenWrites { $0 }
      if temporaries != nil { break }
      usleep(1000)
    }
    // Past the second, a write still under way (a slow disk, a long git export) may
    // be tracking or making something as the set is read: it may then stay.
    for path in temporaries ?? state.withLock({ $0.temporaries }) { Self.remove(path) }
    _exit(128 + number)
  }

  /// Runs `body` with the tracked temporaries at a moment no write is under way —
  /// what a second signal's clean-up removes — or returns nil while one is. No
  /// write starts and nothing is tracked while `body` runs: it holds the state's
  /// lock, so it must not call back into this interruption.
  func betweenWrites<T>(_ body: (Set<String>) -> T) -> T? {
    state.withLock { state in state.writers == 0 ? body(state.temporaries) : nil }
  }

  /// Removes a file or folder that the run may be removing at the same moment (the
  /// first signal's clean-up): a removal that fails because an entry went under it
  /// is tried again, until nothing is left or nothing more can be removed.
  private static func remove(_ path: String) {
    for _ in 0..<8 {
      try? FileManager.default.removeItem(atPath: path)
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
    }
  }
}

/// The run was stopped by a signal.
public struct Interrupted: Error, Sendable, CustomStringConvertible {
  /// SIGINT or SIGTERM.
  public let signal: Int32
  /// 128 plus the signal: 130 for SIGINT, 143 for SIGTERM, as shells report it.
  public var exitStatus: Int32 { 128 + signal }
  /// One line for the terminal.
  public var description: String { "stopped by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"); nothing half-written was left" }
}
