import Foundation

/// Renders a project's snapshots in parallel and records or verifies them.
///
/// Every operation streams: each snapshot is rendered, encoded, compared and
/// written inside its own job, and only its outcome is kept, so memory does not
/// grow with the number of layouts.
public struct SnapshotSession: Sendable {
  /// The project to snapshot.
  public let project: Project
  /// The modes to render, in order.
  public let modes: [Mode]
  /// Threads to render on. Default: every core.
  public let threads: Int
  /// Called after each snapshot with the count done, the total and its name.
  public let progress: @Sendable (_ done: Int, _ total: Int, _ name: String) -> Void

  /// Creates a session.
  public init(
    project: Project, modes: [Mode], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
  ) {
    self.project = project
    self.modes = modes
    self.threads = max(1, threads)
    self.progress = progress
  }

  /// The snapshots of the run, in order.
  public var snapshots: [Snapshot] { project.snapshots(modes: modes) }

  /// Renders every snapshot to `directory/<layout>/<mode>.png`.
  public func render(to directory: String) throws -> RunSummary {
    try run { snapshot in
      let png = try snapshot.render(theme: project.theme).pngData()
      try FileStore.writeAtomically(png, to: Self.path(directory, snapshot))
      return .rendered
    }
  }

  /// Writes the goldens whose pixels changed (or are missing) to
  /// `golden/<layout>/<mode>.png`, atomically; leaves the others untouched.
  ///
  /// A golden that cannot be decoded is treated as changed and replaced.
  public func record(golden: String) throws -> RunSummary {
    try run { snapshot in
      let buffer = try snapshot.render(theme: project.theme)
      let path = Self.path(golden, snapshot)
      if let existing = try FileStore.readIfPresent(path),
        let old = try? PixelBuffer(pngData: existing), old == buffer
      {
        return .unchanged
      }
      try FileStore.writeAtomically(try buffer.pngData(), to: path)
      return .recorded
    }
  }

  /// Compares every snapshot with its golden, never writing to `golden`. For each
  /// mismatch the golden, the render and a diff image go to the report folder, with
  /// `index.html` and `summary.md` describing the run.
  ///
  /// The report is built in a temporary folder and moved into place at the end, so
  /// a run stopped by bad input (a corrupt golden) leaves the previous report alone.
  ///
  /// - Throws: ``DarkroomError`` for a corrupt golden or an unusable report folder.
  public func verify(golden: String, report: String) throws -> RunSummary {
    let staging = try ReportFolder.prepareStaging(for: report)
    do {
      let summary = try run { snapshot in
        let buffer = try snapshot.render(theme: project.theme)
        let path = Self.path(golden, snapshot)
        guard let bytes = try FileStore.readIfPresent(path) else {
          try FileStore.writeAtomically(try buffer.pngData(), to: ReportFolder.actualPath(staging, snapshot.name))
          return .missing
        }
        let expected: PixelBuffer
        do {
          expected = try PixelBuffer(pngData: bytes)
        } catch {
          throw DarkroomError("the golden is not a usable PNG: \(error)", file: path)
        }
        let difference = PixelDifference(expected: expected, actual: buffer)
        if difference.isIdentical { return .passed }
        try FileStore.writeAtomically(bytes, to: ReportFolder.goldenPath(staging, snapshot.name))
        try FileStore.writeAtomically(try buffer.pngData(), to: ReportFolder.actualPath(staging, snapshot.name))
        let diff = PixelBuffer.differenceImage(expected: expected, actual: buffer)
        try FileStore.writeAtomically(try diff.pngData(), to: ReportFolder.diffPath(staging, snapshot.name))
        return .failed(difference)
      }
      try ReportFolder.writeIndex(summary, golden: golden, to: staging)
      try ReportFolder.publish(staging, as: report)
      return summary
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
  }

  static func path(_ root: String, _ snapshot: Snapshot) -> String {
    "\(root)/\(snapshot.layout.name)/\(snapshot.mode.name).png"
  }

  /// Runs `body` for every snapshot in parallel; the first error, in snapshot
  /// order, is thrown after every job has finished.
  private func run(_ body: @escaping @Sendable (Snapshot) throws -> SnapshotOutcome.Status) throws -> RunSummary {
    let snapshots = self.snapshots
    let start = DispatchTime.now().uptimeNanoseconds
    let progress = self.progress
    let results = ParallelRunner(threads: threads).run(
      count: snapshots.count,
      finished: { done, index in progress(done, snapshots.count, snapshots[index].name) }
    ) { index in
      Result { try body(snapshots[index]) }
    }
    var outcomes: [SnapshotOutcome] = []
    for (snapshot, result) in zip(snapshots, results) {
      outcomes.append(
        SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.mode.name, status: try result.get()))
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return RunSummary(outcomes: outcomes, seconds: seconds)
  }
}
