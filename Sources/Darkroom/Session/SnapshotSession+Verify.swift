import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

extension SnapshotSession {
  /// Compares every snapshot with its golden in `baseline` and writes the report to
  /// `report`. Never writes a golden unless the record mode says so.
  ///
  /// The report gets the images of every snapshot that needs review, with its golden
  /// and a diff image, and their contrast audit; ``RunOptions/sheets`` and
  /// ``RunOptions/audit`` add contact sheets and the audit of every snapshot. It is
  /// built beside its place and swapped in at the end, so bad input (a damaged
  /// golden) leaves the previous report alone.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a damaged golden or an unusable report folder.
  public func verify(against baseline: any Baseline, report: String) throws -> RunSummary {
    let run = try prepareVerify(against: baseline, report: report)
    var summary = try checkEach(run)
    try stopOnOtherFaces(summary, run)
    try redrawMixedCauses(&summary, run)
    try settleBaseline(&summary, run)
    try publishReport(&summary, run)
    return summary
  }

  /// What the steps of one verify share.
  struct VerifyRun {
    let baseline: any Baseline
    /// What the baseline was told to expect, and is told again when the run ends.
    let plan: BaselineRun
    /// The report, built beside its place until it is published.
    let staging: ReportStaging
    /// The images the report holds, written as snapshots fail.
    let images: ReportImageStore
    /// The contact sheets, when asked for.
    let assembler: SheetAssembler
    /// Which faces the goldens were drawn with, for a folder of goldens.
    let witness: FaceWitness?
  }

  /// Prepares the baseline, then locks and stages the report: reading a review's
  /// base from git takes a while, and the report's folder is locked only once the run
  /// is ready to draw.
  func prepareVerify(against baseline: any Baseline, report: String) throws -> VerifyRun {
    let plan = BaselineRun(
      project: project, snapshots: snapshots, writing: options.record != .never, force: options.force,
      interruption: interruption)
    try baseline.prepare(plan)
    let staging = try ReportStaging(for: report, from: project.working, interruption: interruption)
    // Goldens in a folder hold their faces beside the pixels: a few passing ones
    // tell whether this machine's font files are the recorded ones.
    let witness = baseline is GoldenFolder ? FaceWitness(snapshots: snapshots) : nil
    return VerifyRun(
      baseline: baseline, plan: plan, staging: staging,
      images: ReportImageStore(
        root: staging.path, working: staging.working, choice: options.images, interruption: interruption),
      assembler: sheetAssembler(), witness: witness)
  }

  /// Checks every snapshot against its golden, in parallel: a failure's images go
  /// into the report, a drawing its thumbnail and contact sheet, and the drawing of a
  /// failure (or of every snapshot, with `--audit`) its contrast audit.
  func checkEach(_ run: VerifyRun) throws -> RunSummary {
    let check = SnapshotCheck(
      theme: project.theme, layouts: project.directory, baseline: run.baseline, purpose: .verify(options.record),
      options: options, context: context, cache: cache, witness: run.witness, inputs: inputKeys)
    let (options, images, assembler, folder, working, interruption) = (
      self.options, run.images, run.assembler, run.staging.path, run.staging.working, self.interruption)
    return try self.run { index, snapshot in
      let checked = try check.run(snapshot)
      var result = checked.outcome
      if result.isFailure, let evidence = checked.evidence {
        result.images = try images.write(evidence, of: result, index: index)
      }
      if options.sheets, let render = checked.render {
        let small = try thumbnail(snapshot, render)
        try FileStore.writeAtomically(
          try small.pngData(), to: "\(folder)/\(snapshot.name).thumb.png", from: working, interruption: interruption)
        try addToSheet(assembler, snapshot, small, directory: "\(folder)/sheets")
      }
      // The check lists every snapshot's cut labels (found laying out, or by the run
      // that last did); the contrast audit reads the drawing, which a failure has.
      if snapshot.isAudited && (options.audit || result.isFailure), let list = checked.list {
        result.contrastFailures = try ContrastAudit.check(list, snapshot: snapshot.name, context: context)
          .filter { !$0.passes }.map(\.description)
      }
      return result
    }
  }

  /// Stops when goldens were drawn with other faces than this machine's: each face
  /// is named in one line, not shown as pixel failures, and the staged report goes
  /// with the error.
  func stopOnOtherFaces(_ summary: RunSummary, _ run: VerifyRun) throws {
    guard options.record != .failed, options.record != .all, !run.baseline.isRevision,
      let differ = FacesDiffer(summary.outcomes, golden: run.baseline.description)
    else { return }
    // `--record missing` wrote the goldens it lacked while the others were
    // compared: the stop takes them back, so nothing is written.
    run.baseline.abandon()
    throw differ
  }

  /// Draws again the members of a change whose cause is mixed, known only once every
  /// snapshot is checked, for their full-size images (a verify that never records,
  /// so nothing is written), and drops the images no outcome names.
  func redrawMixedCauses(_ summary: inout RunSummary, _ run: VerifyRun) throws {
    let again = SnapshotCheck(
      theme: project.theme, layouts: project.directory, baseline: run.baseline, purpose: .verify(.never),
      options: options, context: context, cache: cache)
    let all = snapshots
    for index in run.images.finish(&summary.outcomes) where summary.outcomes[index].status == .failed {
      try interruption.checkpoint()
      guard let evidence = try again.run(all[index]).evidence, var written = summary.outcomes[index].images else { continue }
      try run.images.addFullSize(evidence, to: &written)
      summary.outcomes[index].images = written
    }
    run.images.removeUnnamed(summary.outcomes)
  }

  /// Ends the baseline's part: what it notices, goldens no snapshot drew (orphans,
  /// or in a review the snapshots the base had and the head removed), modes that
  /// draw the same pixels, and the faces' warning.
  func settleBaseline(_ summary: inout RunSummary, _ run: VerifyRun) throws {
    let baseline = run.baseline
    let leftovers = try baseline.finish(run.plan)
    summary.notices += leftovers.notices
    if !baseline.isRevision { summary.notices += DuplicateModes.warnings(snapshots, summary.outcomes) }
    if let warning = run.witness?.warning(golden: baseline.description) { summary.notices.append(warning) }
    if baseline.isRevision {
      summary.reviewBase = baseline.description
      summary.removed = leftovers.removed ?? []
    } else {
      summary.orphans = leftovers.orphans
      summary.golden = baseline.description
    }
  }

  /// Names the run in its summary, writes the report and swaps it into place, and
  /// lets the cache keep what was drawn.
  func publishReport(_ summary: inout RunSummary, _ run: VerifyRun) throws {
    summary.shard = options.shard?.description
    summary.run = RunIdentity(snapshots: wholeRun, modes: modes, options: options, baseline: run.baseline.description)
    summary.layouts = project.directory
    summary.sheets = options.sheets ? true : nil
    try ReportFolder.write(summary, to: run.staging.path, from: run.staging.working, interruption: interruption)
    try run.staging.publish()
    finish(&summary)
  }
}
