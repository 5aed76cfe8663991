import DarkroomRaster
import Foundation

/// Settings of one run beyond which snapshots it covers.
public struct RunOptions: Sendable {
  /// How renders are compared with goldens (a layout's `compare:` applies on top).
  public var compare = CompareOptions()
  /// When verify may write goldens. Default: never.
  public var record: RecordMode = .never
  /// Decode every golden even when its digest matches the render's.
  public var full = false
  /// The part of the run to cover, when split across CI jobs.
  public var shard: Shard?
  /// Write goldens (or renders) into a folder that is not empty and holds none of
  /// this project's: off, so a mistyped `--golden /` writes nothing.
  public var force = false
  /// The most memory and shadow work one snapshot may need.
  public var memory = MemoryBudget()

  /// Exact comparison, no recording, digests trusted, the whole run.
  public init() {}
}

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
  /// The run's settings.
  public let options: RunOptions
  /// Called after each snapshot with the count done, the total and its name.
  public let progress: @Sendable (_ done: Int, _ total: Int, _ name: String) -> Void
  /// What stops the run early: a signal, by default.
  let interruption: Interruption

  /// Creates a session.
  public init(
    project: Project, modes: [Mode], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    options: RunOptions = RunOptions(),
    progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
  ) {
    self.init(project: project, modes: modes, threads: threads, options: options, progress: progress, interruption: .shared)
  }

  init(
    project: Project, modes: [Mode], threads: Int, options: RunOptions,
    progress: @escaping @Sendable (Int, Int, String) -> Void, interruption: Interruption
  ) {
    self.project = project
    self.modes = modes
    self.threads = max(1, threads)
    self.options = options
    self.progress = progress
    self.interruption = interruption
  }

  /// The snapshots of the run, in order: every layout × mode, then the shard's part.
  public var snapshots: [Snapshot] {
    let all = project.snapshots(modes: modes)
    guard let shard = options.shard else { return all }
    return all.enumerated().filter { shard.contains($0.offset) }.map(\.element)
  }

  /// Renders every snapshot to `directory/<layout>/<mode>.png`.
  public func render(to directory: String) throws -> RunSummary {
    let store = GoldenStore(root: directory)
    try store.checkFolder(of: project, force: options.force, what: "renders")
    try preflight(store, writing: true)
    return try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let png = try Renderer.render(list).pngData()
      try FileStore.writeAtomically(png, to: "\(directory)/\(snapshot.name).png")
      return outcome(snapshot, .rendered, warnings: list.warnings)
    }
  }

  /// Writes contact sheets, `directory/<layout>.png`: each layout in every mode of
  /// the run, side by side, one pixel per point.
  public func sheets(to directory: String) throws -> RunSummary {
    let assembler = sheetAssembler()
    return try run { snapshot in
      try addToSheet(assembler, snapshot, try snapshot.render(theme: project.theme), directory: directory)
      return outcome(snapshot, .rendered)
    }
  }

  /// Writes the goldens whose pixels changed or are missing, atomically; leaves
  /// the others untouched. A golden whose stored digest equals the render's is
  /// unchanged without being decoded; one that cannot be decoded is replaced; one
  /// with the same pixels but an earlier digest format (or none) is rewritten with
  /// the current digest.
  public func record(golden: String) throws -> RunSummary {
    let store = GoldenStore(root: golden)
    let lock = try store.lock(exclusive: true)
    try store.checkFolder(of: project, force: options.force, what: "goldens")
    try preflight(store, writing: true)
    var summary = try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let buffer = try Renderer.render(list)
      let path = store.path(layout: snapshot.layout.name, mode: snapshot.mode.name)
      guard let existing = try FileStore.readIfPresent(path) else {
        try FileStore.writeAtomically(try buffer.goldenPNG(), to: path)
        return outcome(snapshot, .recorded, reason: "was missing", warnings: list.warnings)
      }
      if let problem = PNGStructure.problem(in: existing) {
        try FileStore.writeAtomically(try buffer.goldenPNG(), to: path)
        return outcome(snapshot, .recorded, reason: "repairs a damaged file: \(problem)", warnings: list.warnings)
      }
      let stored = PixelDigest.stored(in: existing)
      if stored == PixelDigest(buffer).description {
        return outcome(snapshot, .unchanged, warnings: list.warnings)
      }
      if let old = try? PixelBuffer(pngData: existing), old == buffer {
        // The same pixels under an earlier digest format, or none: rewritten once,
        // so that verify need not decode the golden again.
        if PixelDigest(stored: stored ?? "") == nil {
          try FileStore.writeAtomically(try buffer.goldenPNG(), to: path)
          let reason = stored == nil ? "adds the pixel digest" : "upgrades the pixel digest"
          return outcome(snapshot, .recorded, reason: reason, warnings: list.warnings)
        }
        var result = outcome(snapshot, .unchanged, warnings: list.warnings)
        result.decodedGolden = true
        return result
      }
      try FileStore.writeAtomically(try buffer.goldenPNG(), to: path)
      return outcome(snapshot, .recorded, reason: "pixels changed", warnings: list.warnings)
    }
    summary.orphans = store.orphans(of: project)
    summary.golden = golden
    withExtendedLifetime(lock) {}
    return summary
  }

  /// Compares every snapshot with its golden and writes the report. Never writes to
  /// `golden` unless the record mode says so.
  ///
  /// A golden whose stored digest equals the render's passes without being decoded
  /// (unless ``RunOptions/full``). The report folder gets every snapshot's image,
  /// the golden and a diff image for each failure, a contact sheet per layout,
  /// `index.html`, `summary.md`, `junit.xml` and `results.json`. It is built beside
  /// its place and swapped in at the end, so bad input (a corrupt golden) leaves the
  /// previous report alone.
  ///
  /// - Throws: ``DarkroomError`` for a corrupt golden or an unusable report folder.
  public func verify(golden: String, report: String) throws -> RunSummary {
    let staging = try ReportStaging(for: report)
    let store = GoldenStore(root: golden)
    // Verify only reads the goldens, unless its record mode lets it write them.
    let lock = options.record == .never ? nil : try store.lock(exclusive: true)
    if lock != nil { try store.checkFolder(of: project, force: options.force, what: "goldens") }
    try preflight(store, writing: lock != nil)
    let assembler = sheetAssembler()
    let options = self.options
    let folder = staging.path
    var summary = try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let buffer = try Renderer.render(list)
      try addToSheet(assembler, snapshot, buffer, directory: "\(folder)/sheets")
      var result = try verify(snapshot, buffer, store: store, staging: folder, options: options)
      result.warnings = list.warnings.isEmpty ? nil : list.warnings
      if snapshot.isAudited {
        result.contrastFailures = try ContrastAudit.check(list, snapshot: snapshot.name).filter { !$0.passes }
          .map(\.description)
      }
      return result
    }
    summary.orphans = store.orphans(of: project)
    summary.shard = options.shard?.description
    summary.golden = golden
    summary.layouts = project.directory
    try ReportFolder.write(summary, to: staging.path)
    try staging.publish(interruption: interruption)
    withExtendedLifetime(lock) {}
    return summary
  }

  /// Checks, before anything is drawn or written, that every golden of the run is
  /// absent or a regular file, and — when the run may write them — that each can be
  /// written: a folder or a device where a golden belongs is bad input, found before
  /// the first write rather than after some goldens changed.
  private func preflight(_ store: GoldenStore, writing: Bool) throws(DarkroomError) {
    for snapshot in snapshots {
      let path = store.path(layout: snapshot.layout.name, mode: snapshot.mode.name)
      try FileStore.checkReplaceable(path)
      if writing { try FileStore.checkFolderChain((path as NSString).deletingLastPathComponent) }
    }
  }

  private func verify(
    _ snapshot: Snapshot, _ buffer: PixelBuffer, store: GoldenStore, staging: String, options: RunOptions
  ) throws -> SnapshotOutcome {
    let path = store.path(layout: snapshot.layout.name, mode: snapshot.mode.name)
    let image = "\(staging)/\(snapshot.name)"
    let compare = snapshot.layout.compare.applied(to: options.compare)
    let check = try GoldenCheck.check(buffer, golden: path, compare: compare, record: options.record, full: options.full)
    try FileStore.writeAtomically(check.renderPNG, to: image + ".png")
    if let golden = check.goldenPNG, let difference = try check.differencePNG() {
      try FileStore.writeAtomically(golden, to: image + ".golden.png")
      try FileStore.writeAtomically(difference, to: image + ".diff.png")
    }
    var result = outcome(snapshot, check.status, reason: check.reason, comparison: check.comparison)
    result.recordedByVerify = check.recorded
    result.decodedGolden = check.decodedGolden
    return result
  }

  private func outcome(
    _ snapshot: Snapshot, _ status: SnapshotOutcome.Status, reason: String? = nil, comparison: Comparison? = nil,
    warnings: [Diagnostic] = []
  ) -> SnapshotOutcome {
    var result = SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.mode.name, status: status)
    result.reason = reason
    result.warnings = warnings.isEmpty ? nil : warnings
    result.comparison = comparison
    result.scale = snapshot.mode.traits.scale ?? snapshot.layout.scale
    return result
  }

  private func sheetAssembler() -> SheetAssembler {
    var modes: [String: [String]] = [:]
    for snapshot in snapshots { modes[snapshot.layout.name, default: []].append(snapshot.mode.name) }
    return SheetAssembler(modes: modes)
  }

  private func addToSheet(_ assembler: SheetAssembler, _ snapshot: Snapshot, _ buffer: PixelBuffer, directory: String) throws {
    let scale = Int(snapshot.mode.traits.scale ?? snapshot.layout.scale)
    let small = try ContactSheet.downsample(buffer, by: max(1, scale))
    if let images = assembler.add(layout: snapshot.layout.name, mode: snapshot.mode.name, image: small) {
      let sheet = try ContactSheet.compose(images)
      try FileStore.writeAtomically(try sheet.pngData(), to: "\(directory)/\(snapshot.layout.name).png")
    }
  }

  /// Runs `body` for every snapshot in parallel; the first error, in snapshot
  /// order, is thrown after every job has finished.
  private func run(_ body: @escaping @Sendable (Snapshot) throws -> SnapshotOutcome) throws -> RunSummary {
    let snapshots = self.snapshots
    guard !snapshots.isEmpty else {
      throw DarkroomError("no snapshot to take: the run selects no layout in no mode")
    }
    let (jobs, notices) = try jobsWithinBudget(snapshots)
    let start = DispatchTime.now().uptimeNanoseconds
    let progress = self.progress
    let interruption = self.interruption
    let results = ParallelRunner(threads: jobs).run(
      count: snapshots.count,
      stop: { interruption.signal != nil },
      finished: { done, index in progress(done, snapshots.count, snapshots[index].name) }
    ) { index in
      Result { try body(snapshots[index]) }
    }
    try interruption.checkpoint()
    let outcomes = try results.map { try $0.get() }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var summary = RunSummary(outcomes: outcomes, seconds: seconds, shard: options.shard?.description, layouts: project.directory)
    summary.notices = notices
    return summary
  }

  /// Checks every snapshot against the memory budget before anything is drawn, and
  /// the jobs to run at once: as many as asked, or as the free memory holds.
  private func jobsWithinBudget(_ snapshots: [Snapshot]) throws(DarkroomError) -> (Int, [Diagnostic]) {
    var largest = 0
    var estimates: [String: MemoryEstimate] = [:]
    for snapshot in snapshots {
      let scale = snapshot.mode.traits.scale ?? snapshot.layout.scale
      let key = "\(snapshot.layout.name)@\(scale)"
      let estimate = estimates[key] ?? MemoryEstimate(layout: snapshot.layout, mode: snapshot.mode, theme: project.theme)
      estimates[key] = estimate
      let budget = options.memory
      let at = estimate.culprit ?? snapshot.layout.sources.values["size"]
      if estimate.bytes > budget.perSnapshot {
        throw DarkroomError(
          "in mode '\(snapshot.mode.name)' this snapshot may need up to \(MemoryEstimate.format(estimate.bytes)) (\(estimate.detail)), over the limit of \(MemoryEstimate.format(budget.perSnapshot)) (--max-memory)",
          at: at, file: snapshot.layout.file)
      }
      if estimate.blurredPixels > budget.blurredPixels {
        throw DarkroomError(
          "in mode '\(snapshot.mode.name)' this layout's shadows blur \(estimate.blurredPixels / 1_000_000) million pixels, over the limit of \(budget.blurredPixels / 1_000_000) million; make them fewer, smaller or less blurred",
          at: at, file: snapshot.layout.file)
      }
      largest = max(largest, estimate.bytes)
    }
    guard let free = MemoryBudget.available(), largest > 0, threads * largest > free else { return (threads, []) }
    let jobs = max(1, min(threads, free / largest))
    let notice = Diagnostic(
      .warning,
      "drawing \(jobs) snapshot(s) at a time instead of \(threads): each may need up to \(MemoryEstimate.format(largest)), and \(MemoryEstimate.format(free)) is free")
    return (jobs, jobs < threads ? [notice] : [])
  }
}
