/// Which full-size images a report holds (`--images`).
public enum ReportImageChoice: String, Sendable, CaseIterable {
  /// Those of the snapshots the page shows in full: representatives, small groups,
  /// changes of a mixed or unknown cause. The default.
  case shown
  /// Those of every snapshot that needs review.
  case all
}
