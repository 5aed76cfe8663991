import DarkroomRendering

/// Verify stopped because goldens were drawn with faces this machine does not have:
/// one line per face, with how many snapshots it changed and what to do, in place
/// of a pixel failure per snapshot.
public struct FacesDiffer: Error, Sendable {
  /// One line a differing face.
  public let lines: [String]

  /// The stop for `outcomes` checked against `golden` (its description), or nil
  /// unless every failed snapshot differs from its golden only by faces this
  /// machine draws other glyphs with (a failure with another cause is reported as
  /// one, so a regression is never hidden behind a font).
  public init?(_ outcomes: [SnapshotOutcome], golden: String) {
    var counts: [FaceChange: Int] = [:]
    for outcome in outcomes where outcome.status == .failed {
      guard let changes = outcome.faceChanges else { return nil }
      for change in changes { counts[change, default: 0] += 1 }
    }
    guard !counts.isEmpty else { return nil }
    let failed = outcomes.filter { $0.status == .failed }.count
    lines = counts.keys.sorted { $0.description < $1.description }.map { change in
      let count = counts[change] ?? 0
      let style = FontLibrary.key(change.before.style) == FontLibrary.key(change.after.style) ? "" : change.after.style + " "
      return "\(golden) was drawn with \(change.before.family) \(change.before.style) "
        + "\(FaceChange.version(change.before)), this machine has \(style)\(FaceChange.version(change.after)): "
        + "\(count) of the \(failed) snapshots that differ, and nothing else, use it; run `darkroom fonts vendor` where the goldens "
        + "were recorded, or re-record"
    }
  }
}
