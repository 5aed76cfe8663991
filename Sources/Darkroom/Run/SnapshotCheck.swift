import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// What a run decides for one snapshot against its baseline: the one step `verify`,
/// `record`, `review` and the Swift assertions share, whatever kind of baseline the
/// goldens come from.
///
/// A pass does only what a pass needs: lay out, then — when the golden is drawn from
/// a display list with the same ``RenderKey`` (a review's base), or the warm cache
/// knows the display list's digest and the golden stores the same one — nothing more;
/// else draw, digest, and compare with the golden's digest. The golden is decoded
/// only when the digests differ (or ``RunOptions/full``). Recording writes a golden
/// only when its pixels changed, it was missing or damaged, or it lacks what the
/// current format stores.
public struct SnapshotCheck: Sendable {
  /// What the run does with a snapshot.
  public enum Purpose: Sendable, Equatable {
    /// Compare, writing goldens only as the record mode allows.
    case verify(RecordMode)
    /// Write the golden when its pixels changed (`darkroom record`).
    case record
  }

  /// The theme the snapshots are drawn from.
  public let theme: Theme
  /// The layouts folder, which drawing summaries name files relative to.
  public let layouts: String
  /// Where the goldens come from.
  public let baseline: any Baseline
  /// Verify (with a record mode) or record.
  public let purpose: Purpose
  /// How renders are compared, and whether goldens are decoded though their digest
  /// matches.
  public let options: RunOptions
  /// The fonts and memos drawing uses.
  public let context: RenderContext
  /// The warm cache, when the run uses one.
  public let cache: RenderCache?
  /// Compares the faces of some passing snapshots' goldens with this machine's.
  let witness: FaceWitness?
  /// The snapshots' input keys, when the project was loaded from files: with the
  /// cache, what lets an unchanged snapshot pass without being laid out.
  let inputs: InputKey?

  /// A check of snapshots drawn from `theme` against `baseline`.
  public init(
    theme: Theme, layouts: String, baseline: any Baseline, purpose: Purpose, options: RunOptions = RunOptions(),
    context: RenderContext = RenderContext(), cache: RenderCache? = nil
  ) {
    self.init(
      theme: theme, layouts: layouts, baseline: baseline, purpose: purpose, options: options, context: context,
      cache: cache, witness: nil, inputs: nil)
  }

  init(
    theme: Theme, layouts: String, baseline: any Baseline, purpose: Purpose, options: RunOptions,
    context: RenderContext, cache: RenderCache?, witness: FaceWitness?, inputs: InputKey?
  ) {
    self.witness = witness
    self.inputs = inputs
    self.theme = theme
    self.layouts = layouts
    self.baseline = baseline
    self.purpose = purpose
    self.options = options
    self.context = context
    self.cache = cache
  }

  /// A snapshot's outcome, and what a reader needs to see when it is not a pass.
  public struct Checked {
    /// What was decided.
    public var outcome: SnapshotOutcome
    /// The display list drawn; nil when the snapshot passed without being laid out
    /// (its inputs unchanged since an earlier pass, ``SnapshotOutcome/unchangedInputs``).
    public var list: DisplayList?
    /// The render, when it was drawn.
    public var render: PixelBuffer?
    /// The images of a snapshot that needs review.
    public var evidence: Evidence?
  }

  /// The images of a snapshot that needs review, as PNG files made when asked: the
  /// render, and the golden and their difference when both exist.
  public struct Evidence {
    /// The render.
    public let render: () throws(DarkroomError) -> [UInt8]
    /// The golden, when there is one to show.
    public let golden: (() throws(DarkroomError) -> [UInt8])?
    /// The changed pixels over a faded golden, when the comparison failed.
    public let difference: (() throws(DarkroomError) -> [UInt8])?
    /// The render's pixels, for the report's thumbnails.
    public let renderPixels: PixelBuffer
    /// The golden's pixels, when there is an image of the golden to show.
    public let goldenPixels: StraightImage?

    /// A render with no golden to show beside it.
    init(render: @escaping () throws(DarkroomError) -> [UInt8], pixels: PixelBuffer) {
      self.init(render: render, golden: nil, difference: nil, renderPixels: pixels, goldenPixels: nil)
    }

    /// A render and its golden.
    init(
      render: @escaping () throws(DarkroomError) -> [UInt8], golden: (() throws(DarkroomError) -> [UInt8])?,
      difference: (() throws(DarkroomError) -> [UInt8])?, renderPixels: PixelBuffer, goldenPixels: StraightImage?
    ) {
      self.render = render
      self.golden = golden
      self.difference = difference
      self.renderPixels = renderPixels
      self.goldenPixels = goldenPixels
    }
  }

  /// Lays out, draws when it must, and decides.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a damaged golden (verify), or one that cannot
  ///   be read or written.
  public func run(_ snapshot: Snapshot) throws(DarkroomError) -> Checked {
    let inputKey = cache == nil ? nil : inputs?.of(snapshot)
    var visit = Visit(snapshot: snapshot, inputKey: inputKey, stamp: inputKey.flatMap { _ in baseline.goldenStamp(of: snapshot) })
    var preread: ReadGolden? = nil
    // Inputs an earlier run drew into the golden's pixels: a pass, not laid out.
    if let inputKey, inputsCanPass, let record = cache?.inputs(for: inputKey), record.complete {
      if let stamp = visit.stamp, cache?.goldenDigest(for: stamp) == record.digest,
        var passed = passedUnchanged(visit, record, golden: { [stamp] })
      {
        passed.outcome.pixelDigest = record.digest
        return passed
      }
      let golden = try readGolden(visit)
      preread = ReadGolden(golden: golden)
      // The witness may have heard this file under its bytes' hash, when the file was
      // too new for a stamp, or under its stamp: either names it.
      if let golden, golden.damage == nil, golden.digest == record.digest,
        var passed = passedUnchanged(visit, record, golden: { [visit.stamp, golden.fileHash()].compactMap { $0 } })
      {
        passed.outcome.pixelDigest = record.digest
        return passed
      }
    }
    let golden: Golden?
    if let preread { golden = preread.golden } else { golden = try readGolden(visit) }
    var checked = try decide(&visit, golden)
    checked.outcome.pixelDigest = visit.digest
    guard let list = checked.list else { return checked }
    let truncations = snapshot.isAudited ? list.truncations.map { $0.line(snapshot: snapshot.name) } : []
    if case .verify = purpose, !truncations.isEmpty { checked.outcome.truncations = truncations }
    if let inputKey, let digest = visit.digest {
      let file = visit.stamp ?? golden?.fileHash()
      let witnessed = file.flatMap { file in visit.witnessed.map { InputRecord.Witness(golden: "\(file)", faces: $0) } }
      cache?.store(
        InputRecord(digest: digest, warnings: list.warnings, truncations: truncations, witness: witnessed), for: inputKey)
    }
    return checked
  }

  /// What one snapshot's check learns on its way: its keys, what it heard as a
  /// witness, and the digest of its pixels once known.
  private struct Visit {
    let snapshot: Snapshot
    /// Its ``InputKey``, when the run has a cache and the project its files.
    let inputKey: ContentHash?
    /// Its golden file's stamp, when the baseline has one.
    let stamp: ContentHash?
    /// What it heard as a witness.
    var witnessed: [String]? = nil
    /// The digest of its pixels, drawn or known from the cache.
    var digest: String? = nil
  }

  /// A golden already read (nil: the baseline has none).
  private struct ReadGolden {
    let golden: Golden?
  }

  /// Whether a snapshot whose inputs are unchanged may pass without being laid out:
  /// a verify that reads only digests, writes no upgrade, and shows nothing of a
  /// pass (no sheets, no audit of every snapshot).
  private var inputsCanPass: Bool {
    guard case .verify(let mode) = purpose, mode != .all else { return false }
    return !options.full && !options.sheets && !options.audit
  }

  /// The golden, and its digest remembered by its file's stamp.
  private func readGolden(_ visit: Visit) throws(DarkroomError) -> Golden? {
    let golden = try baseline.golden(of: visit.snapshot)
    if let stamp = visit.stamp, let golden, golden.damage == nil, let digest = golden.digest {
      cache?.storeGolden(digest, for: stamp)
    }
    return golden
  }

  /// The pass of a snapshot whose inputs drew its golden's pixels before, with the
  /// warnings and cut labels laying out found then; nil when it must be laid out
  /// after all — it is its layout's witness of faces, and the cache does not know
  /// what it heard for this golden file (`golden`: the names of the file, its stamp
  /// or its bytes' hash, asked for only by a witness).
  private func passedUnchanged(
    _ visit: Visit, _ record: InputRecord, golden names: () -> [ContentHash]
  ) -> Checked? {
    if let witness, witness.wants(visit.snapshot) {
      guard let heard = record.witness, names().contains(where: { heard.golden == "\($0)" }) else { return nil }
      witness.hear(heard.faces)
    }
    let snapshot = visit.snapshot
    var result = outcome(snapshot, .passed, warnings: record.warnings)
    result.fromCache = true
    result.unchangedInputs = true
    if snapshot.isAudited, !record.truncations.isEmpty { result.truncations = record.truncations }
    return Checked(outcome: result, list: nil)
  }

  /// Lays out, draws when it must, and decides, against `golden`.
  private func decide(_ visit: inout Visit, _ golden: Golden?) throws(DarkroomError) -> Checked {
    let snapshot = visit.snapshot
    let list = try snapshot.displayList(theme: theme, context: context)
    let key = cache == nil && golden?.renderKey == nil ? nil : RenderKey.of(list, fonts: context.fontDigests)
    if case .verify = purpose, let damage = golden?.damage { throw DarkroomError(damage, file: golden?.location) }
    // A review's base laid out into the same drawing: the same pixels, neither drawn.
    if case .verify = purpose, !options.full, !options.sheets, let key, let base = golden?.renderKey, base == key {
      var checked = Checked(outcome: outcome(snapshot, .passed, list), list: list)
      checked.outcome.sameDrawing = true
      return checked
    }
    if case .verify = purpose, !options.full, !options.sheets, let key, let cached = cache?.digest(for: key),
      let stored = golden?.digest, stored == cached
    {
      var checked = Checked(outcome: outcome(snapshot, .passed, list), list: list)
      checked.outcome.fromCache = true
      visit.digest = cached
      witness(&visit, list, golden)
      return checked
    }
    // A verify that needs no image of a passing render — its golden's digest is
    // known, and nothing but the digest is asked of a match — draws the render a band
    // at a time, digested as it goes, so its pixels never leave the processor's
    // cache. Only a render whose digest differs is drawn whole, to be compared and
    // shown.
    var banded: String? = nil
    if case .verify(let mode) = purpose, !options.full, !options.sheets, let golden, let stored = golden.digest,
      mode != .all
    {
      let digest = try Renderer.digest(of: list, context: context).description
      if digest == stored {
        if let key { cache?.store(digest, for: key) }
        visit.digest = digest
        witness(&visit, list, golden)
        return Checked(outcome: outcome(snapshot, .passed, list), list: list)
      }
      banded = digest
    }
    let buffer = try Renderer.render(list, context: context)
    let digest = PixelDigest(buffer).description
    visit.digest = digest
    if let key { cache?.store(digest, for: key) }
    var checked: Checked
    switch purpose {
    case .record: checked = try record(snapshot, list, buffer, digest, golden)
    case .verify(let mode): checked = try verify(&visit, list, buffer, digest, golden, record: mode)
    }
    if let banded, banded != digest {
      // Never meant to happen: said, so a test run sees it, and the whole render decides.
      let warning = Diagnostic(
        .warning, "\(snapshot.name): drawn in bands, its pixels differ from the whole render's (a Darkroom bug)")
      checked.outcome.warnings = (checked.outcome.warnings ?? []) + [warning]
    }
    checked.render = buffer
    return checked
  }

  private func verify(
    _ visit: inout Visit, _ list: DisplayList, _ buffer: PixelBuffer, _ digest: String, _ golden: Golden?,
    record: RecordMode
  ) throws(DarkroomError) -> Checked {
    let snapshot = visit.snapshot
    let renderPNG = encoder(buffer, digest)
    guard let golden else {
      if record != .never {
        try write(snapshot, list, buffer, digest)
        return recorded(snapshot, list, reason: "was missing", evidence: Evidence(render: renderPNG, pixels: buffer))
      }
      var missing = Checked(outcome: outcome(snapshot, .missing, list), list: list)
      if baseline.isRevision { missing.outcome.explanation = ["added"] }
      missing.outcome.accept = baseline.acceptance(of: snapshot.name)
      missing.evidence = Evidence(render: renderPNG, pixels: buffer)
      return missing
    }
    if !options.full, golden.digest == digest {
      // `all` rewrites every golden whose file would change: one that lacks what the
      // current format stores (a drawing summary) although its pixels are the same.
      if record == .all, let upgrade = golden.upgrade() {
        try write(snapshot, list, buffer, digest)
        return recorded(snapshot, list, reason: upgrade, evidence: Evidence(render: renderPNG, pixels: buffer))
      }
      witness(&visit, list, golden)
      return Checked(outcome: outcome(snapshot, .passed, list), list: list)
    }
    let drawnImage = try golden.image()
    // A golden drawn just now (a review's base the cache did not know) is compared
    // by digest, like one whose digest was stored.
    if !options.full, golden.digest == nil, let drawn = drawnImage?.digest, drawn == digest {
      return Checked(outcome: outcome(snapshot, .passed, list), list: list)
    }
    guard let image = drawnImage else {
      // Only a digest to go by, and it differs.
      let reason = "pixels differ from \(baseline.description)'s digest; no image of the golden"
      let evidence = Evidence(render: renderPNG, pixels: buffer)
      if record == .failed || record == .all {
        try write(snapshot, list, buffer, digest)
        return recorded(snapshot, list, reason: "failed: " + reason, evidence: evidence)
      }
      var failed = Checked(outcome: outcome(snapshot, .failed, list, reason: reason), list: list, evidence: evidence)
      explain(&failed.outcome, golden, list, snapshot)
      if failed.outcome.explanation?.isEmpty ?? true, let stored = golden.drawingDigest,
        stored == list.drawingDigest(fonts: context.fontDigests)
      {
        failed.outcome.explanation = ["the same drawing gives other pixels: another Darkroom build recorded the golden"]
      }
      failed.outcome.accept = baseline.acceptance(of: snapshot.name)
      return failed
    }
    let compare = options.layoutsCompare ? snapshot.layout.compare.applied(to: options.compare) : options.compare
    let (comparison, difference) = Comparison.compare(expected: image.pixels, actual: buffer.straightImage, options: compare)
    let evidence = Evidence(
      render: renderPNG, golden: image.png,
      difference: comparison.passed
        ? nil
        : { () throws(DarkroomError) in
          do { return try difference() } catch { throw DarkroomError("cannot encode the difference image: \(error)") }
        },
      renderPixels: buffer, goldenPixels: image.pixels)
    if comparison.passed {
      // Same pixels: rewritten only to add what the file lacks (the current digest),
      // never because the drawing's summary moved on.
      if record == .all, golden.digest != digest {
        try write(snapshot, list, buffer, digest)
        var checked = recorded(snapshot, list, reason: "adds the pixel digest", evidence: evidence)
        checked.outcome.comparison = comparison
        checked.outcome.decodedGolden = true
        return checked
      }
      var passed = Checked(outcome: outcome(snapshot, .passed, list), list: list)
      passed.outcome.comparison = comparison
      passed.outcome.decodedGolden = true
      return passed
    }
    var checked: Checked
    if record == .failed || record == .all {
      try write(snapshot, list, buffer, digest)
      checked = recorded(snapshot, list, reason: "failed: " + comparison.summary, evidence: evidence)
    } else {
      checked = Checked(outcome: outcome(snapshot, .failed, list), list: list, evidence: evidence)
      checked.outcome.accept = baseline.acceptance(of: snapshot.name)
    }
    checked.outcome.comparison = comparison
    checked.outcome.decodedGolden = true
    explain(&checked.outcome, golden, list, snapshot)
    return checked
  }

  private func record(
    _ snapshot: Snapshot, _ list: DisplayList, _ buffer: PixelBuffer, _ digest: String, _ golden: Golden?
  ) throws(DarkroomError) -> Checked {
    func written(_ reason: String) throws(DarkroomError) -> Checked {
      try write(snapshot, list, buffer, digest)
      return Checked(outcome: outcome(snapshot, .recorded, list, reason: reason), list: list)
    }
    guard let golden else { return try written("was missing") }
    if let repair = golden.repair { return try written(repair) }
    if golden.digest == digest {
      // Same pixels: the golden stays, unless it lacks what the current format
      // stores (a one-time upgrade). A summary that is out of date (a node moved in
      // its file, the pixels the same) does not rewrite a golden.
      guard let upgrade = golden.upgrade() else { return Checked(outcome: outcome(snapshot, .unchanged, list), list: list) }
      return try written(upgrade)
    }
    if let image = try? golden.image(), image.pixels == buffer.straightImage {
      return try written(golden.upgrade() ?? "repairs a pixel digest that did not match its pixels")
    }
    return try written("pixels changed")
  }

  /// Writes the render as the snapshot's golden.
  private func write(_ snapshot: Snapshot, _ list: DisplayList, _ buffer: PixelBuffer, _ digest: String) throws(DarkroomError) {
    try baseline.write(
      RenderedSnapshot(
        snapshot: snapshot, pixels: buffer, digest: digest, drawing: summary(list, snapshot),
        drawingDigest: list.drawingDigest(fonts: context.fontDigests)))
  }

  private func recorded(_ snapshot: Snapshot, _ list: DisplayList, reason: String, evidence: Evidence) -> Checked {
    var checked = Checked(outcome: outcome(snapshot, .recorded, list, reason: reason), list: list, evidence: evidence)
    checked.outcome.recordedByVerify = true
    return checked
  }

  /// Why a snapshot differs from its golden, the cause's key, and which faces draw
  /// other glyphs, when the golden knows the drawing it was made from; nothing when
  /// it does not.
  private func explain(_ outcome: inout SnapshotOutcome, _ golden: Golden, _ list: DisplayList, _ snapshot: Snapshot) {
    guard let before = golden.drawing() else { return }
    let after = summary(list, snapshot)
    let explanation = ChangeExplainer.compare(before: before, after: after)
    outcome.explanation = explanation.lines
    outcome.cause = explanation.cause
    outcome.causeSubjects = explanation.subjects.isEmpty ? nil : explanation.subjects
    // Faces are the cause only when nothing else explains the difference: a colour
    // or text that changed too is reported as a failure, faces and all.
    if let old = before.faces, let new = after.faces {
      let changes = FaceChange.between(old, new)
      if !changes.isEmpty, ChangeExplainer.onlyFacesCouldExplain(before, after) { outcome.faceChanges = changes }
    }
  }

  /// A passing snapshot that stands witness tells whether its faces' files are the
  /// ones its golden was drawn with.
  private func witness(_ visit: inout Visit, _ list: DisplayList, _ golden: Golden?) {
    guard let witness, witness.wants(visit.snapshot), let before = golden?.drawing() else { return }
    let now = DrawingSummary.faces(of: list, context: context)
    visit.witnessed = witness.hear(golden: before, fonts: now.fonts, faces: now.faces)
  }

  private func summary(_ list: DisplayList, _ snapshot: Snapshot) -> DrawingSummary {
    DrawingSummary(list, theme: snapshot.drawnTheme(theme), traits: snapshot.mode.traits, layouts: layouts, context: context)
  }

  /// The render as a PNG file, made when a reader needs it.
  private func encoder(_ buffer: PixelBuffer, _ digest: String) -> () throws(DarkroomError) -> [UInt8] {
    { () throws(DarkroomError) in
      do { return try buffer.goldenPNG(digest: digest) } catch { throw DarkroomError("cannot encode the render: \(error)") }
    }
  }

  private func outcome(
    _ snapshot: Snapshot, _ status: SnapshotOutcome.Status, _ list: DisplayList, reason: String? = nil
  ) -> SnapshotOutcome {
    outcome(snapshot, status, warnings: list.warnings, reason: reason)
  }

  private func outcome(
    _ snapshot: Snapshot, _ status: SnapshotOutcome.Status, warnings: [Diagnostic], reason: String? = nil
  ) -> SnapshotOutcome {
    var result = SnapshotOutcome(name: snapshot.name, layout: snapshot.layout.name, mode: snapshot.variant, status: status)
    result.reason = reason
    result.warnings = warnings.isEmpty ? nil : warnings
    result.scale = snapshot.mode.traits.scale ?? snapshot.layout.scale
    if status != .passed && status != .unchanged {
      result.dark = snapshot.mode.traits.style == .dark
      result.rightToLeft = snapshot.locale?.isRightToLeft ?? false
    }
    return result
  }
}
