import DarkroomFoundation

/// What a run does beyond which project and modes it covers: how renders are
/// compared, what may be written, which snapshots, and what the report holds. The
/// command line resolves them once from flags, `darkroom.yml` and defaults
/// (``RunSettings``).
public struct RunOptions: Sendable {
  /// How renders are compared with goldens (a layout's `compare:` applies on top,
  /// unless ``layoutsCompare`` is off).
  public var compare = CompareOptions()
  /// Whether a layout's own `compare:` applies. A review turns it off: the
  /// tolerance a layout sets is the pull request's to change.
  public var layoutsCompare = true
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
  /// Audit the contrast of every snapshot verify draws; by default only those that
  /// need review are audited, as a pass needs nothing but its pixels.
  public var audit = false
  /// Put a contact sheet of every layout in the report, which needs every snapshot
  /// drawn and scaled down; by default the report has the images of the snapshots
  /// that need review only.
  public var sheets = false
  /// Which full-size images the report holds (`--images`): those shown in full
  /// (default), or every changed snapshot's.
  public var images: ReportImageChoice = .shown
  /// The snapshots the run is limited to (`--only`); nil: every snapshot.
  public var only: SnapshotFilter? = nil
  /// The locales drawn (`--locales`); nil: each layout's every locale.
  public var locales: [LocaleID]? = nil

  /// Exact comparison, no recording, digests trusted, the whole run.
  public init() {}
}
