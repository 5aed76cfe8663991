/// Verify stopped because goldens were drawn with faces this machine does not have:
/// one line per face, with how many snapshots it changed and what to do, in place
/// of a pixel failure per snapshot.
public struct FacesDiffer: Error, Sendable {
  /// One line a differing face.
  public let lines: [String]

  /// The stop for `outcomes` checked against `golden` (its description), or nil
  /// when no failed snapshot was drawn with other faces than its golden.
  public init?(_ outcomes: [SnapshotOutcome], golden: String) {
    var counts: [FaceChange: Int] = [:]
    for outcome in outcomes where outcome.status == .failed {
      for change in outcome.faceChanges ?? [] { counts[change, default: 0] += 1 }
    }
    guard !counts.isEmpty else { return nil }
    let failed = outcomes.filter { $0.status == .failed }.count
    lines = counts.keys.sorted { $0.description < $1.description }.map { change in
      let count = counts[change] ?? 0
      return "\(golden) was drawn with \(change.before.family) \(change.before.style) "
        + "\(FaceChange.version(change.before)), this machine has \(FaceChange.version(change.after)): "
        + "\(count) of the \(failed) snapshots that differ use it; run `darkroom fonts vendor` where the goldens "
        + "were recorded, or re-record"
    }
  }
}
