import Darkroom
import Foundation

/// A layout checked against its goldens in every mode asked for — what
/// ``assertSnapshots(of:theme:modes:named:record:compare:fileID:filePath:testName:line:column:)``
/// does before it fails or passes the test. Use it directly to look at the outcome
/// without failing a test.
///
/// Goldens are `<golden folder>/<test>.<mode>.png` (beside the test file, in
/// `__Snapshots__/<TestFile>/`), a ``/Darkroom/GoldenFolder`` checked by the same step as
/// `darkroom verify` (``/Darkroom/SnapshotCheck``): each carries its pixel digest and the
/// summary of its drawing, so a failure says why. For each mode that does not pass,
/// the render and a difference image are written to the artifacts folder
/// (`$DARKROOM_ARTIFACTS/<TestFile>/`, else the system's temporary folder), never
/// next to the goldens.
public struct SnapshotVerification: Sendable {
  /// One mode's outcome.
  public struct ModeResult: Sendable {
    /// The mode's name.
    public let mode: String
    /// Passed, failed, missing or recorded.
    public let status: SnapshotOutcome.Status
    /// The measured difference, when the golden was compared.
    public let comparison: Comparison?
    /// Why the render differs from the golden, read from the two drawings, the
    /// cause first; nil when the golden carries no drawing summary.
    public let explanation: [String]?
    /// The golden's path.
    public let golden: String
    /// Where the render was written, when the mode did not pass.
    public let actual: String?
    /// Where the difference image was written, when the mode failed.
    public let difference: String?
  }

  /// The snapshot's name: the test's, or the one given.
  public let name: String
  /// Every mode's outcome, in the theme's order.
  public let results: [ModeResult]
  /// The record mode the check ran with.
  public let record: RecordMode
  /// How the change is accepted.
  public let acceptance: Acceptance

  /// Whether every mode passed without writing a golden.
  public var passed: Bool { results.allSatisfy { $0.status == .passed } }

  /// What a failing test says: each mode that did not pass, its measured
  /// difference and why, the paths to look at, and how to accept the change; nil
  /// when every mode passed.
  public var failureMessage: String? {
    let problems = results.filter { $0.status != .passed }
    guard !problems.isEmpty else { return nil }
    let recorded = problems.filter { $0.status == .recorded }
    var lines: [String] = []
    if recorded.count == problems.count {
      let count = recorded.count == 1 ? "1 golden" : "\(recorded.count) goldens"
      lines.append(
        "Recorded \(count) of \"\(name)\" (record mode '\(record.rawValue)'); look at them, then run again without recording:")
    } else {
      lines.append("Snapshots of \"\(name)\" do not match their goldens in \(problems.count) of \(results.count) modes:")
    }
    for result in problems {
      switch result.status {
      case .missing:
        lines.append(
          "  \(result.mode): no golden yet; run with \(RecordMode.environmentVariable)=missing to record it")
      case .recorded:
        lines.append("  \(result.mode): recorded" + (result.comparison.map { " over a golden where " + $0.summary } ?? ""))
      case .failed, .passed, .rendered, .unchanged:
        var line = "  \(result.mode): " + (result.comparison?.summary ?? "differs")
        if let why = result.explanation, !why.isEmpty { line += "; " + why.joined(separator: "; ") }
        lines.append(line)
      }
      lines.append("    golden: \(result.golden)")
      if let actual = result.actual { lines.append("    actual: \(actual)") }
      if let difference = result.difference { lines.append("    diff:   \(difference)") }
    }
    if recorded.count < problems.count { lines.append("  accept: \(acceptance)") }
    return lines.joined(separator: "\n")
  }

  /// Renders `layout` in `modes` of `theme` (nil: every mode) and checks each
  /// against `goldens/<name>.<mode>.png`, recording as `record` allows; `test`
  /// (default: `name`) is what `swift test --filter` selects the test by, for the
  /// command that accepts a change.
  ///
  /// - Throws: `DarkroomError` for an unknown mode, colour or image, a corrupt
  ///   golden, or a folder that cannot be written.
  public static func verify(
    _ layout: Layout, theme: Theme, modes: [String]? = nil, name: String, goldens: String, artifacts: String,
    record: RecordMode, compare: CompareOptions = CompareOptions(), test: String? = nil
  ) throws -> SnapshotVerification {
    try layout.check(against: theme)
    let chosen = try theme.modes(named: modes)
    let folder = GoldenFolder(root: goldens, naming: .test(name, filter: test ?? name))
    let snapshots = chosen.map { Snapshot(layout: layout, mode: $0) }
    let project = Project(directory: FileStore.parent(of: layout.file), theme: theme, layouts: [layout])
    let run = BaselineRun(project: project, snapshots: snapshots, writing: record != .never)
    try folder.prepare(run)
    var options = RunOptions()
    options.compare = compare
    options.record = record
    let check = SnapshotCheck(
      theme: theme, layouts: project.directory, baseline: folder, purpose: .verify(record), options: options)
    var results: [ModeResult] = []
    // One mode at a time: only one render is held in memory.
    for snapshot in snapshots {
      let checked = try check.run(snapshot)
      let outcome = checked.outcome
      var actual: String? = nil
      var difference: String? = nil
      if outcome.status == .failed || outcome.status == .missing, let evidence = checked.evidence {
        actual = "\(artifacts)/\(name).\(snapshot.variant).png"
        try write(try evidence.render(), to: actual ?? "")
        if let image = evidence.difference {
          difference = "\(artifacts)/\(name).\(snapshot.variant).diff.png"
          try write(try image(), to: difference ?? "")
        }
      }
      results.append(
        ModeResult(
          mode: snapshot.mode.name, status: outcome.status, comparison: outcome.comparison,
          explanation: outcome.explanation, golden: folder.path(of: snapshot), actual: actual, difference: difference))
    }
    _ = try folder.finish(run)
    return SnapshotVerification(name: name, results: results, record: record, acceptance: folder.acceptance(of: name))
  }

  /// Writes an artifact, making its folder; artifacts are never goldens, so a plain
  /// write is enough.
  private static func write(_ bytes: [UInt8], to path: String) throws {
    let folder = FileStore.parent(of: path)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
