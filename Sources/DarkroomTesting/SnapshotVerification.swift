import Darkroom
import Foundation

/// A layout checked against its goldens in every mode asked for — what
/// ``assertSnapshots(of:theme:modes:named:record:compare:fileID:filePath:testName:line:column:)``
/// does before it fails or passes the test. Use it directly to look at the outcome
/// without failing a test.
///
/// Goldens are `<golden folder>/<test>.<mode>.png` (beside the test file, in
/// `__Snapshots__/<TestFile>/`); for each mode that does not pass, the render and a
/// difference image are written to the artifacts folder
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

  /// Whether every mode passed without writing a golden.
  public var passed: Bool { results.allSatisfy { $0.status == .passed } }

  /// What a failing test says: each mode that did not pass, its measured
  /// difference and the paths to look at; nil when every mode passed.
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
      default:
        lines.append("  \(result.mode): " + (result.comparison?.summary ?? "differs"))
      }
      lines.append("    golden: \(result.golden)")
      if let actual = result.actual { lines.append("    actual: \(actual)") }
      if let difference = result.difference { lines.append("    diff:   \(difference)") }
    }
    return lines.joined(separator: "\n")
  }

  /// Renders `layout` in `modes` of `theme` (nil: every mode) and checks each
  /// against `goldens/<name>.<mode>.png`, recording as `record` allows.
  ///
  /// - Throws: `DarkroomError` for an unknown mode, colour or image, a corrupt
  ///   golden, or a folder that cannot be written.
  public static func verify(
    _ layout: Layout, theme: Theme, modes: [String]? = nil, name: String, goldens: String, artifacts: String,
    record: RecordMode, compare: CompareOptions = CompareOptions()
  ) throws -> SnapshotVerification {
    try layout.check(against: theme)
    let chosen = try theme.modes(named: modes)
    let options = layout.compare.applied(to: compare)
    var results: [ModeResult] = []
    for mode in chosen {
      // One mode at a time: only one render is held in memory.
      let render = try Snapshot(layout: layout, mode: mode).render(theme: theme)
      let golden = "\(goldens)/\(name).\(mode.name).png"
      let check = try GoldenCheck.check(render, golden: golden, compare: options, record: record)
      var actual: String? = nil
      var difference: String? = nil
      if check.status == .failed || check.status == .missing {
        actual = "\(artifacts)/\(name).\(mode.name).png"
        try write(try check.renderPNG(), to: actual ?? "")
        if let png = try check.differencePNG() {
          difference = "\(artifacts)/\(name).\(mode.name).diff.png"
          try write(png, to: difference ?? "")
        }
      }
      results.append(
        ModeResult(
          mode: mode.name, status: check.status, comparison: check.comparison, golden: golden, actual: actual,
          difference: difference))
    }
    return SnapshotVerification(name: name, results: results, record: record)
  }

  /// Writes an artifact, making its folder; artifacts are never goldens, so a plain
  /// write is enough.
  private static func write(_ bytes: [UInt8], to path: String) throws {
    let folder = FileStore.parent(of: path)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
