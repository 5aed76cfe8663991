import DarkroomRendering

/// Labels cut the same way at the same place in a layout — a label too wide for
/// its frame in every dark mode, a list's rows under the tab bar — across the
/// snapshots of a run: one line of the audit.
public struct TruncationGroup: Sendable {
  /// The first finding; its location, cause and cover are the group's.
  public let first: Truncation
  /// The snapshot it was found in.
  public let firstSnapshot: String
  /// Every finding with the snapshot it was found in, in the order found.
  public private(set) var findings: [(truncation: Truncation, snapshot: String)]

  /// A group of one finding.
  public init(_ truncation: Truncation, snapshot: String) {
    first = truncation
    firstSnapshot = snapshot
    findings = [(truncation, snapshot)]
  }

  /// Whether `truncation` is written where this group's is and cut the same way.
  public func holds(_ truncation: Truncation) -> Bool {
    truncation.location == first.location && truncation.cause == first.cause && truncation.under == first.under
  }

  /// Adds a finding of this group.
  public mutating func add(_ truncation: Truncation, snapshot: String) { findings.append((truncation, snapshot)) }

  /// The snapshots the findings are in, in the order found.
  public var snapshots: [String] { AuditLines.unique(findings.map(\.snapshot)) }

  /// One line: the first finding's own line, then how many labels in how many
  /// snapshots and which others.
  /// `Layouts/feed.yml:20:9: feed/ax: "Swift Evolution Bot" — too wide for its frame; showed "Swift Evo…"; in 3 snapshots, also in feed/ax.de, feed/ax.ja`
  public var line: String {
    let line = first.line(snapshot: firstSnapshot)
    guard findings.count > 1 else { return line }
    let others = snapshots.filter { $0 != firstSnapshot }
    let labels = findings.count == snapshots.count ? "" : AuditLines.count(findings.count, "label") + " "
    return line + "; " + labels + "in " + AuditLines.count(snapshots.count, "snapshot")
      + (others.isEmpty ? "" : ", also in " + AuditLines.names(others))
  }
}
