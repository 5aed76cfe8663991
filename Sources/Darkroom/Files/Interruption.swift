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
  /// The process's one interruption state.
  public static let shared = Interruption()

  private struct State {
    var signal: Int32? = nil
    var temporaries: Set<String> = []
    var sources: [DispatchSourceSignal] = []
  }
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "darkroom.signals")

  /// A state of its own, for a session that is stopped by its caller (tests).
  init() {}

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

  /// Records `number` as if it had arrived, without the second-signal exit: a
  /// caller stopping a session of its own (tests) goes through the same path.
  func simulate(_ number: Int32) {
    state.withLock { state in
      if state.signal == nil { state.signal = number }
    }
  }

  private func received(_ number: Int32) {
    let (first, temporaries) = state.withLock { state -> (Bool, Set<String>) in
      let first = state.signal == nil
      if first { state.signal = number }
      return (first, state.temporaries)
    }
    if first {
      FileHandle.standardError.write(Data("\ndarkroom: stopping: finishing the snapshots being drawn (again to stop now)\n".utf8))
      return
    }
    for path in temporaries { Self.remove(path) }
    _exit(128 + number)
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
