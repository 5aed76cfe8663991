import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// Renders a project's snapshots in parallel, and records or verifies them against
/// a ``Baseline``.
///
/// Every operation streams: each snapshot is laid out, drawn, compared and written
/// inside its own job, and only its outcome is kept, so memory does not grow with
/// the number of layouts. Every job shares the session's ``/DarkroomRendering/RenderContext`` (fonts
/// and memos) and warm cache.
public struct SnapshotSession: Sendable {
  /// The project to snapshot.
  public let project: Project
  /// The modes to render, in order.
  public let modes: [Mode]
  /// Threads to render on. Default: every core.
  public let threads: Int
  /// The run's settings.
  public let options: RunOptions
  /// The fonts and memos every job of the run shares.
  public let context: RenderContext
  /// The warm cache (``RenderCache``): a snapshot whose display list, fonts, images
  /// and Darkroom build are those of an earlier render is not drawn again. Nil draws
  /// everything.
  public let cache: RenderCache?
  /// Called after each snapshot with the count done, the total and its name.
  public let progress: @Sendable (_ done: Int, _ total: Int, _ name: String) -> Void
  /// What stops the run early, and removes what it was writing: the command line's,
  /// which signals set; by default one only its caller stops.
  let interruption: Interruption

  /// Creates a session.
  public init(
    project: Project, modes: [Mode], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    options: RunOptions = RunOptions(), context: RenderContext = RenderContext(), cache: RenderCache? = nil,
    progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }, interruption: Interruption = Interruption()
  ) {
    self.project = project
    self.modes = modes
    self.threads = max(1, threads)
    self.options = options
    self.context = context
    self.cache = cache
    self.progress = progress
    self.interruption = interruption
  }

  /// The snapshots' input keys, with a cache to keep what they drew.
  var inputKeys: InputKey? { cache == nil ? nil : InputKey(project: project, context: context) }

  /// The snapshots of the run, in order: every layout × locale × mode, then those
  /// `only` names, then the shard's part.
  public var snapshots: [Snapshot] {
    let all = wholeRun
    guard let shard = options.shard else { return all }
    return all.enumerated().filter { shard.contains($0.offset) }.map(\.element)
  }

  /// The snapshots of the whole run, before it is split into shards.
  var wholeRun: [Snapshot] {
    let all = project.snapshots(modes: modes, locales: options.locales)
    guard let only = options.only else { return all }
    return all.filter { only.matches($0.name) }
  }

  /// Lays out a snapshot of the run with the session's fonts and memos.
  public func displayList(of snapshot: Snapshot) throws(DarkroomError) -> DisplayList {
    try snapshot.displayList(theme: project.theme, context: context)
  }

  /// Renders every snapshot to `directory/<layout>/<mode>.png`.
  public func render(to directory: String) throws -> RunSummary {
    try GoldenFolder.checkFolder(directory, from: project.working, of: project, force: options.force, what: "renders")
    let files = GoldenFolder(root: directory, working: project.working)
    try files.prepare(BaselineRun(project: project, snapshots: snapshots, writing: false, interruption: interruption))
    try preflightWrites(of: files)
    let interruption = self.interruption
    var summary = try run { snapshot in
      let list = try displayList(of: snapshot)
      let buffer = try Renderer.render(list, context: context)
      try FileStore.writeAtomically(
        try buffer.pngData(), to: files.path(of: snapshot), from: files.working, interruption: interruption)
      if let cache, let key = RenderKey.of(list, fonts: context.fontDigests) {
        cache.store(PixelDigest(buffer).description, for: key)
      }
      var result = SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.variant, status: .rendered)
      result.warnings = list.warnings.isEmpty ? nil : list.warnings
      return result
    }
    finish(&summary)
    return summary
  }

  /// Writes contact sheets, `directory/<layout>.png`: each layout in every mode of
  /// the run, side by side, one pixel per point.
  public func sheets(to directory: String) throws -> RunSummary {
    let assembler = sheetAssembler()
    return try run { snapshot in
      let buffer = try Renderer.render(try displayList(of: snapshot), context: context)
      try addToSheet(assembler, snapshot, try thumbnail(snapshot, buffer), directory: directory)
      return SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.variant, status: .rendered)
    }
  }

  /// Writes the goldens whose pixels changed or are missing into `baseline`; leaves
  /// the others untouched. Every snapshot is drawn: the cache is never trusted for
  /// goldens (it learns from the run).
  public func record(into baseline: any Baseline) throws -> RunSummary {
    let plan = BaselineRun(
      project: project, snapshots: snapshots, writing: true, repairing: true, force: options.force, interruption: interruption)
    try baseline.prepare(plan)
    let check = SnapshotCheck(
      theme: project.theme, layouts: project.directory, baseline: baseline, purpose: .record, options: options,
      context: context, cache: cache, witness: nil, inputs: inputKeys)
    var summary = try run { snapshot in try check.run(snapshot).outcome }
    let leftovers = try baseline.finish(plan)
    summary.orphans = leftovers.orphans
    summary.notices += leftovers.notices
    summary.notices += DuplicateModes.warnings(snapshots, summary.outcomes)
    summary.golden = baseline.description
    finish(&summary)
    return summary
  }

  /// Records into the PNG folder `golden` (``GoldenFolder``; relative: inside the
  /// project's working folder).
  public func record(golden: String) throws -> RunSummary {
    try record(into: GoldenFolder(root: golden, working: project.working))
  }

  /// Verifies against the PNG folder `golden` (``GoldenFolder``).
  public func verify(golden: String, report: String) throws -> RunSummary {
    try verify(against: GoldenFolder(root: golden, working: project.working), report: report)
  }

  /// The cache learns what the run drew, and says if it had to be rebuilt.
  func finish(_ summary: inout RunSummary) {
    guard let cache else { return }
    if cache.wasDamaged {
      summary.notices.append(
        Diagnostic(
          .warning, "the render cache was damaged, unreadable or not signed with this user's key; it is rebuilt",
          file: cache.file))
    }
    cache.save(interruption: interruption)
  }

  /// Checks, before anything is written, that every file of the run can be written
  /// where it belongs.
  private func preflightWrites(of files: GoldenFolder) throws(DarkroomError) {
    for snapshot in snapshots {
      try FileStore.checkFolderChain(FileStore.parent(of: files.path(of: snapshot)), from: files.working)
    }
  }

  func sheetAssembler() -> SheetAssembler {
    var modes: [String: [String]] = [:]
    for snapshot in snapshots { modes[snapshot.layout.name, default: []].append(snapshot.variant) }
    return SheetAssembler(modes: modes)
  }

  /// The snapshot at one pixel per point, as contact sheets show it.
  func thumbnail(_ snapshot: Snapshot, _ buffer: PixelBuffer) throws -> PixelBuffer {
    try ContactSheet.downsample(buffer, by: max(1, Int(snapshot.mode.traits.scale ?? snapshot.layout.scale)))
  }

  func addToSheet(_ assembler: SheetAssembler, _ snapshot: Snapshot, _ small: PixelBuffer, directory: String) throws {
    if let images = assembler.add(layout: snapshot.layout.name, mode: snapshot.variant, image: small) {
      let sheet = try ContactSheet.compose(images, context: context)
      try FileStore.writeAtomically(
        try sheet.pngData(), to: "\(directory)/\(snapshot.layout.name).png", from: project.working,
        interruption: interruption)
    }
  }

  /// Runs `body` for every snapshot in parallel; the first error, in snapshot
  /// order, is thrown after every job has finished.
  private func run(_ body: @escaping @Sendable (Snapshot) throws -> SnapshotOutcome) throws -> RunSummary {
    try run { _, snapshot in try body(snapshot) }
  }

  /// Runs `body` for every snapshot and its index in the run, in parallel.
  func run(_ body: @escaping @Sendable (Int, Snapshot) throws -> SnapshotOutcome) throws -> RunSummary {
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
      Result { try body(index, snapshots[index]) }
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
      // A store page's estimate is its own: pages share a layout's name, not its nodes.
      let key = snapshot.page == nil ? "\(snapshot.layout.name)@\(scale)" : snapshot.name
      let estimate = estimates[key] ?? MemoryEstimate(snapshot: snapshot, theme: project.theme)
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
