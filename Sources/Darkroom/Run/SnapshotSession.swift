import DarkroomRaster
import Foundation
import Synchronization

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
    var all = project.snapshots(modes: modes, locales: options.locales)
    if let only = options.only { all = all.filter { only.contains($0.name) } }
    guard let shard = options.shard else { return all }
    return all.enumerated().filter { shard.contains($0.offset) }.map(\.element)
  }

  /// Renders every snapshot to `directory/<layout>/<mode>.png`.
  public func render(to directory: String) throws -> RunSummary {
    let store = GoldenStore(root: directory)
    try store.checkFolder(of: project, force: options.force, what: "renders")
    try preflight(store, writing: true)
    let cache = options.cache
    var summary = try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let buffer = try Renderer.render(list)
      try FileStore.writeAtomically(try buffer.pngData(), to: "\(directory)/\(snapshot.name).png")
      if let cache, let key = RenderKey.of(list) { cache.store(PixelDigest(buffer).description, for: key) }
      return outcome(snapshot, .rendered, warnings: list.warnings)
    }
    finish(&summary)
    return summary
  }

  /// Writes contact sheets, `directory/<layout>.png`: each layout in every mode of
  /// the run, side by side, one pixel per point.
  public func sheets(to directory: String) throws -> RunSummary {
    let assembler = sheetAssembler()
    return try run { snapshot in
      let buffer = try snapshot.render(theme: project.theme)
      try addToSheet(assembler, snapshot, try thumbnail(snapshot, buffer), directory: directory)
      return outcome(snapshot, .rendered)
    }
  }

  /// Writes the goldens whose pixels changed or are missing, atomically; leaves
  /// the others untouched. A golden whose stored digest equals the render's is
  /// unchanged without being decoded; one that cannot be decoded is replaced; one
  /// with the same pixels but an earlier digest format (or none) is rewritten with
  /// the current digest. Every snapshot is drawn: the cache is never trusted for
  /// goldens (it learns from the run).
  public func record(golden: String) throws -> RunSummary {
    let store = GoldenStore(root: golden)
    let lock = try store.lock(exclusive: true)
    try store.checkFolder(of: project, force: options.force, what: "goldens")
    try preflight(store, writing: true)
    let cache = options.cache
    var summary = try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let buffer = try Renderer.render(list)
      let digest = PixelDigest(buffer).description
      if let cache, let key = RenderKey.of(list) { cache.store(digest, for: key) }
      let path = store.path(layout: snapshot.layout.name, mode: snapshot.variant)
      func write() throws {
        try FileStore.writeAtomically(try buffer.goldenPNG(digest: digest, drawing: drawing(list, snapshot)), to: path)
      }
      guard let existing = try FileStore.readIfPresent(path) else {
        try write()
        return outcome(snapshot, .recorded, reason: "was missing", warnings: list.warnings)
      }
      if let problem = PNGStructure.problem(in: existing) {
        try write()
        return outcome(snapshot, .recorded, reason: "repairs a damaged file: \(problem)", warnings: list.warnings)
      }
      if PixelDigest.stored(in: existing) == digest {
        // Same pixels: the file stays, unless it predates the drawing summary (a
        // one-time upgrade, like the digest's). A summary that is out of date (a
        // node moved in its file, the pixels the same) does not rewrite a golden.
        guard DrawingSummary.stored(in: existing) == nil else { return outcome(snapshot, .unchanged, warnings: list.warnings) }
        try write()
        return outcome(snapshot, .recorded, reason: "adds the drawing summary", warnings: list.warnings)
      }
      if let old = try? PixelBuffer(pngData: existing), old == buffer {
        try write()
        var result = outcome(snapshot, .recorded, reason: "adds the pixel digest", warnings: list.warnings)
        if PixelDigest.stored(in: existing) != nil { result.reason = "upgrades the pixel digest" }
        return result
      }
      try write()
      return outcome(snapshot, .recorded, reason: "pixels changed", warnings: list.warnings)
    }
    summary.orphans = store.orphans(of: project)
    summary.golden = golden
    finish(&summary)
    withExtendedLifetime(lock) {}
    return summary
  }

  /// Compares every snapshot with its golden and writes the report. Never writes to
  /// `golden` unless the record mode says so.
  ///
  /// A pass does only what a pass needs: lay out, draw, digest, compare with the
  /// golden's stored digest — or, when the warm cache knows the display list, not
  /// even draw. The golden is decoded only when the digests differ (or
  /// ``RunOptions/full``). The report gets the image of every snapshot that needs
  /// review, with its golden and a diff image, and their contrast audit;
  /// ``RunOptions/sheets`` and ``RunOptions/audit`` add contact sheets and the audit
  /// of every snapshot. It is built beside its place and swapped in at the end, so
  /// bad input (a damaged golden) leaves the previous report alone.
  ///
  /// - Throws: ``DarkroomError`` for a damaged golden or an unusable report folder.
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
      let path = store.path(layout: snapshot.layout.name, mode: snapshot.variant)
      let key = options.cache == nil ? nil : RenderKey.of(list)
      var result: SnapshotOutcome
      let expected = options.manifest?.entries[snapshot.name]
      if let cache = options.cache, let key, !options.full, !options.sheets, let digest = cache.digest(for: key),
        try expected.map({ $0.pixels == digest }) ?? GoldenCheck.stores(digest, golden: path)
      {
        result = outcome(snapshot, .passed)
        result.fromCache = true
      } else if let manifest = options.manifest, !FileManager.default.fileExists(atPath: path) {
        // A manifest's digest, and no image of the golden drawn for it.
        let buffer = try Renderer.render(list)
        let digest = PixelDigest(buffer).description
        if let cache = options.cache, let key { cache.store(digest, for: key) }
        result = manifestOutcome(snapshot, digest: digest, list: list, in: manifest)
        if result.isFailure { try FileStore.writeAtomically(try buffer.goldenPNG(digest: digest), to: "\(folder)/\(snapshot.name).png") }
        if options.sheets {
          let small = try thumbnail(snapshot, buffer)
          try FileStore.writeAtomically(try small.pngData(), to: "\(folder)/\(snapshot.name).thumb.png")
          try addToSheet(assembler, snapshot, small, directory: "\(folder)/sheets")
        }
      } else {
        let buffer = try Renderer.render(list)
        let check = try GoldenCheck.check(
          buffer, golden: path, compare: snapshot.layout.compare.applied(to: options.compare), record: options.record,
          full: options.full, drawing: { drawing(list, snapshot) })
        if let cache = options.cache, let key { cache.store(check.renderDigest, for: key) }
        result = outcome(snapshot, check.status, reason: check.reason, comparison: check.comparison)
        result.recordedByVerify = check.recorded
        result.decodedGolden = check.decodedGolden
        if result.isFailure {
          try writeImages(of: check, as: "\(folder)/\(snapshot.name)")
          result.explanation = explanation(of: check, list, snapshot)
        }
        if options.sheets {
          let small = try thumbnail(snapshot, buffer)
          try FileStore.writeAtomically(try small.pngData(), to: "\(folder)/\(snapshot.name).thumb.png")
          try addToSheet(assembler, snapshot, small, directory: "\(folder)/sheets")
        }
      }
      result.warnings = list.warnings.isEmpty ? nil : list.warnings
      // The layout pass found them already: every snapshot lists its own, passing or not.
      if snapshot.isAudited, !list.truncations.isEmpty {
        result.truncations = list.truncations.map { $0.line(snapshot: snapshot.name) }
      }
      if snapshot.isAudited && (options.audit || result.isFailure) {
        result.contrastFailures = try ContrastAudit.check(list, snapshot: snapshot.name).filter { !$0.passes }
          .map(\.description)
      }
      return result
    }
    summary.notices += options.notices
    summary.orphans = options.manifest.map { $0.orphans(of: project) } ?? store.orphans(of: project)
    if let base = options.reviewBase {
      summary.reviewBase = base
      summary.removed = summary.orphans.map { $0.hasSuffix(".png") ? String($0.dropLast(4)) : $0 }
      summary.orphans = []
    }
    summary.shard = options.shard?.description
    summary.golden = golden
    summary.layouts = project.directory
    summary.sheets = options.sheets ? true : nil
    try ReportFolder.write(summary, to: staging.path)
    try staging.publish(interruption: interruption)
    finish(&summary)
    withExtendedLifetime(lock) {}
    return summary
  }

  /// Records the goldens as a manifest, `<golden>/snapshots.json`: an entry is
  /// written for a snapshot that has none or whose pixels changed, the others are
  /// kept as they are (those of modes or shards outside this run too); the file is
  /// rewritten, atomically, only when an entry changed.
  public func recordManifest(golden: String) throws -> RunSummary {
    let store = GoldenStore(root: golden)
    let lock = try store.lock(exclusive: true)
    let path = GoldenManifest.path(in: golden)
    try FileStore.checkReplaceable(path)
    try FileStore.checkFolderChain(golden)
    let old: GoldenManifest
    var repaired: String? = nil
    do {
      old = try GoldenManifest.load(from: golden) ?? GoldenManifest()
    } catch {
      // A damaged manifest is what record is for: written again from the renders.
      old = GoldenManifest()
      repaired = error.message
    }
    let written = Mutex<[String: GoldenManifest.Entry]>([:])
    let cache = options.cache
    let missing = repaired == nil ? "was missing" : "repairs a damaged manifest"
    var summary = try run { snapshot in
      let list = try snapshot.displayList(theme: project.theme)
      let buffer = try Renderer.render(list)
      let digest = PixelDigest(buffer).description
      if let cache, let key = RenderKey.of(list) { cache.store(digest, for: key) }
      let entry = GoldenManifest.Entry(
        name: snapshot.name, size: [buffer.width, buffer.height], pixels: digest, drawing: list.drawingDigest)
      guard let was = old.entries[snapshot.name] else {
        written.withLock { $0[snapshot.name] = entry }
        return outcome(snapshot, .recorded, reason: missing, warnings: list.warnings)
      }
      // Same pixels: the entry stays, even if the drawing's digest moved on.
      guard was.pixels != digest else { return outcome(snapshot, .unchanged, warnings: list.warnings) }
      written.withLock { $0[snapshot.name] = entry }
      return outcome(snapshot, .recorded, reason: "pixels changed", warnings: list.warnings)
    }
    var manifest = old
    for (name, entry) in written.withLock({ $0 }) { manifest.entries[name] = entry }
    if manifest != old || repaired != nil { try FileStore.writeAtomically(Array(manifest.text.utf8), to: path) }
    summary.orphans = manifest.orphans(of: project)
    summary.golden = golden
    finish(&summary)
    withExtendedLifetime(lock) {}
    return summary
  }

  /// A snapshot checked against its manifest entry alone.
  private func manifestOutcome(_ snapshot: Snapshot, digest: String, list: DisplayList, in manifest: GoldenManifest) -> SnapshotOutcome {
    guard let expected = manifest.entries[snapshot.name] else { return outcome(snapshot, .missing) }
    if expected.pixels == digest { return outcome(snapshot, .passed) }
    var result = outcome(snapshot, .failed, reason: "pixels differ from the manifest's digest; no image of the golden")
    if let drawing = expected.drawing, drawing == list.drawingDigest {
      result.explanation = ["the same drawing gives other pixels: another Darkroom build recorded the manifest"]
    }
    return result
  }

  /// The stored summary of what `list` draws (``DrawingSummary``), for a golden.
  private func drawing(_ list: DisplayList, _ snapshot: Snapshot) -> String {
    DrawingSummary(list, theme: project.theme, traits: snapshot.mode.traits, layouts: project.directory).encoded
  }

  /// Why a snapshot that needs review differs from its golden, when the golden
  /// carries the summary of its drawing: nil when it does not (a golden recorded
  /// before summaries, or by the Swift API). In a review, a snapshot the base did
  /// not have is added.
  private func explanation(of check: GoldenCheck, _ list: DisplayList, _ snapshot: Snapshot) -> [String]? {
    guard let golden = check.goldenPNG else { return options.reviewBase == nil ? nil : ["added"] }
    guard let before = DrawingSummary.stored(in: golden) else { return nil }
    let after = DrawingSummary(list, theme: project.theme, traits: snapshot.mode.traits, layouts: project.directory)
    return ChangeExplainer.explain(before: before, after: after)
  }

  /// The cache learns what the run drew, and says if it had to be rebuilt.
  private func finish(_ summary: inout RunSummary) {
    guard let cache = options.cache else { return }
    if cache.wasDamaged {
      summary.notices.append(
        Diagnostic(.warning, "the render cache was damaged or unreadable; it is rebuilt", file: cache.file))
    }
    cache.save()
  }

  /// The images of a snapshot that needs review: this run, and the golden and a
  /// diff image when they differ.
  private func writeImages(of check: GoldenCheck, as path: String) throws {
    try FileStore.writeAtomically(try check.renderPNG(), to: path + ".png")
    if let golden = check.goldenPNG, let difference = try check.differencePNG() {
      try FileStore.writeAtomically(golden, to: path + ".golden.png")
      try FileStore.writeAtomically(difference, to: path + ".diff.png")
    }
  }

  /// Checks, before anything is drawn or written, that every golden of the run is
  /// absent or a regular file, and — when the run may write them — that each can be
  /// written: a folder or a device where a golden belongs is bad input, found before
  /// the first write rather than after some goldens changed.
  private func preflight(_ store: GoldenStore, writing: Bool) throws(DarkroomError) {
    for snapshot in snapshots {
      let path = store.path(layout: snapshot.layout.name, mode: snapshot.variant)
      try FileStore.checkReplaceable(path)
      if writing { try FileStore.checkFolderChain(FileStore.parent(of: path)) }
    }
  }

  private func outcome(
    _ snapshot: Snapshot, _ status: SnapshotOutcome.Status, reason: String? = nil, comparison: Comparison? = nil,
    warnings: [Diagnostic] = []
  ) -> SnapshotOutcome {
    var result = SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.variant, status: status)
    result.reason = reason
    result.warnings = warnings.isEmpty ? nil : warnings
    result.comparison = comparison
    result.scale = snapshot.mode.traits.scale ?? snapshot.layout.scale
    return result
  }

  private func sheetAssembler() -> SheetAssembler {
    var modes: [String: [String]] = [:]
    for snapshot in snapshots { modes[snapshot.layout.name, default: []].append(snapshot.variant) }
    return SheetAssembler(modes: modes)
  }

  /// The snapshot at one pixel per point, as contact sheets show it.
  private func thumbnail(_ snapshot: Snapshot, _ buffer: PixelBuffer) throws -> PixelBuffer {
    try ContactSheet.downsample(buffer, by: max(1, Int(snapshot.mode.traits.scale ?? snapshot.layout.scale)))
  }

  private func addToSheet(_ assembler: SheetAssembler, _ snapshot: Snapshot, _ small: PixelBuffer, directory: String) throws {
    if let images = assembler.add(layout: snapshot.layout.name, mode: snapshot.variant, image: small) {
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
