import DarkroomFoundation
import DarkroomRendering

/// What happened to one snapshot in a run.
public struct SnapshotOutcome: Sendable, Codable, Equatable {
  /// What a run concluded about a snapshot.
  public enum Status: String, Sendable, Codable {
    /// Rendered and written (render).
    case rendered
    /// The golden was written: it was missing, its pixels changed, or (record
    /// `all`) its file lacked the current digest.
    case recorded
    /// The golden already had these pixels and was left alone.
    case unchanged
    /// The render matched its golden, or differed within the allowed tolerance.
    case passed
    /// The render differs from its golden beyond the allowed tolerance.
    case failed
    /// There is no golden to compare with.
    case missing
  }

  /// `layout/mode`.
  public let name: String
  /// The layout's name.
  public let layout: String
  /// The mode's name.
  public let mode: String
  /// What happened.
  public let status: Status
  /// The comparison, when the golden was decoded and compared.
  public var comparison: Comparison?
  /// Whether the golden was decoded (false when its digest matched, or it was missing).
  public var decodedGolden = false
  /// Whether verify wrote this golden because of its record mode; such a run fails,
  /// so that a recording is never mistaken for a pass.
  public var recordedByVerify = false
  /// Why the golden was written, for `recorded`.
  public var reason: String?
  /// Pixels per point of the render, for shrinking it onto a contact sheet.
  public var scale: Double = 1
  /// Labels below WCAG AA contrast in this snapshot, one line each (verify only).
  public var contrastFailures: [String]?
  /// Labels whose text did not all show in this snapshot, one line each (verify),
  /// unless a label says `truncates: expected`.
  public var truncations: [String]?
  /// What laying the snapshot out warned about (characters no font has).
  public var warnings: [Diagnostic]?
  /// The digest of its pixels, when the run drew or knew them: equal digests are
  /// equal pictures (two modes that draw a layout alike).
  public var pixelDigest: String?
  /// Whether verify passed it from the warm cache, without drawing it.
  public var fromCache: Bool?
  /// Whether it passed without even being laid out: its layout's and theme's files,
  /// the fonts and the build are those of an earlier run on this machine that drew
  /// the pixels its golden holds (``InputKey``).
  public var unchangedInputs: Bool?
  /// Whether review passed it because the base lays it out into the same drawing
  /// (the same ``/DarkroomRendering/DisplayList``, fonts, images and build), drawing neither.
  public var sameDrawing: Bool?
  /// Why it differs from its golden, one reason a line (`darkroom review`).
  public var explanation: [String]?
  /// The faces the golden was drawn with that this machine draws other glyphs
  /// with, when it failed (nil when none, or the golden does not say).
  public var faceChanges: [FaceChange]?
  /// How a reviewer accepts the change, as its baseline says: a command
  /// (`darkroom record --only buttons/dark`), or what to do instead.
  public var accept: Acceptance?
  /// The cause of the change as a key (``ChangeExplainer/Explanation/cause``):
  /// outcomes with the same key differ from their goldens by exactly the same
  /// changes of their drawings; nil when the drawings say nothing or too little.
  public var cause: String?
  /// What the cause changed, in a few words each (`` `tint` ``, `the text "Done"`),
  /// for group headings; nil when the drawings say nothing.
  public var causeSubjects: [String]?
  /// Whether the snapshot is drawn in a dark style (set for snapshots that need
  /// review, so a group's representatives cover both).
  public var dark: Bool?
  /// Whether the snapshot's locale is written right to left (set like ``dark``).
  public var rightToLeft: Bool?
  /// The report's images of a snapshot that needs review.
  public var images: ReportImages?

  /// Whether the outcome counts against the run.
  public var isFailure: Bool { status == .failed || status == .missing || recordedByVerify }

  /// How many pixels changed, for choosing a group's representatives: the
  /// comparison's count, or the whole image when there was nothing to compare.
  var changedArea: Int {
    if let comparison, !comparison.sizeChanged { return comparison.differingPixels }
    return images?.region.map { $0.width * $0.height } ?? 0
  }
}

/// The outcome of a whole run, in snapshot order.
public struct RunSummary: Sendable, Codable {
  /// One outcome per snapshot, layouts in name order, modes in theme order.
  public var outcomes: [SnapshotOutcome]
  /// Wall-clock seconds the run took.
  public var seconds: Double
  /// Golden files that belong to no layout × mode of the project.
  public var orphans: [String] = []
  /// The shard this run covered, as `K/N`, if it was one.
  public var shard: String?
  /// What makes shards parts of one run (verify and review record it).
  public var run: RunIdentity?
  /// The golden folder the run compared with.
  public var golden: String?
  /// The layouts folder the run rendered.
  public var layouts: String?
  /// What the run says about itself (fewer jobs than asked, to fit in memory).
  public var notices: [Diagnostic] = []
  /// Whether the report has a contact sheet of every layout (verify `--sheets`).
  public var sheets: Bool?
  /// The base a review compared with (`darkroom review`), when this run was one.
  public var reviewBase: String?
  /// Snapshots the base had and this run has not (`darkroom review`).
  public var removed: [String]?

  /// How many outcomes have `status`.
  public func count(_ status: SnapshotOutcome.Status) -> Int {
    outcomes.filter { $0.status == status }.count
  }

  /// The outcomes layout by layout, layouts in run order, in one pass.
  public var byLayout: [(layout: String, outcomes: [SnapshotOutcome])] {
    var order: [String] = []
    var groups: [String: [SnapshotOutcome]] = [:]
    for outcome in outcomes {
      if groups[outcome.layout] == nil { order.append(outcome.layout) }
      groups[outcome.layout, default: []].append(outcome)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }

  /// How many goldens were decoded.
  public var decodedGoldens: Int { outcomes.filter(\.decodedGolden).count }

  /// How many snapshots passed from the warm cache, undrawn.
  public var cachedPasses: Int { outcomes.filter { $0.fromCache == true }.count }

  /// The snapshots that passed though bytes differ from their goldens: within the
  /// tolerance the comparison allowed (a perceptual comparison may count none of
  /// them as differing pixels; the box around the changed bytes still holds them).
  public var toleratedPasses: [SnapshotOutcome] {
    outcomes.filter { $0.status == .passed && $0.comparison?.bounds != nil }
  }

  /// How many snapshots a review passed because the base's drawing is the same, undrawn.
  public var sameDrawingPasses: Int { outcomes.filter { $0.sameDrawing == true }.count }

  /// The run's notices and every outcome's warnings, each once (a layout warns the
  /// same in every mode).
  public var warnings: [Diagnostic] {
    var seen: Set<Diagnostic> = []
    return (notices + outcomes.flatMap { $0.warnings ?? [] }).filter { seen.insert($0).inserted }
  }

  /// Whether nothing failed, went missing, or was recorded by verify.
  public var succeeded: Bool { !outcomes.contains(where: \.isFailure) && (removed ?? []).isEmpty }
}
