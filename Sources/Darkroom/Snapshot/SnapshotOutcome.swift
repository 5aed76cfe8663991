/// What happened to one snapshot in a run.
public struct SnapshotOutcome: Sendable {
  /// What a run concluded about a snapshot.
  public enum Status: Sendable, Equatable {
    /// Rendered and written (render).
    case rendered
    /// The golden was written because it was missing or its pixels changed (record).
    case recorded
    /// The golden already had these pixels and was left alone (record).
    case unchanged
    /// The render matched its golden (verify).
    case passed
    /// The render differs from its golden (verify).
    case failed(PixelDifference)
    /// There is no golden to compare with (verify).
    case missing
  }

  /// `layout/mode`.
  public let name: String
  /// The layout's name.
  public let layout: String
  /// The mode's name.
  public let mode: String
  /// What happened.
  public let status: Status
}

/// The outcome of a whole run, in snapshot order.
public struct RunSummary: Sendable {
  /// One outcome per snapshot, layouts in name order, modes in theme order.
  public let outcomes: [SnapshotOutcome]
  /// Wall-clock seconds the run took.
  public let seconds: Double

  /// How many snapshots have a status matching `predicate`.
  public func count(where predicate: (SnapshotOutcome.Status) -> Bool) -> Int {
    outcomes.filter { predicate($0.status) }.count
  }

  /// Whether every snapshot passed or was written.
  public var succeeded: Bool {
    outcomes.allSatisfy {
      switch $0.status {
      case .failed, .missing: false
      default: true
      }
    }
  }
}
