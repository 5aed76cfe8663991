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
  /// Audit the contrast of every snapshot verify draws; by default only those that
  /// need review are audited, as a pass needs nothing but its pixels.
  public var audit = false
  /// Put a contact sheet of every layout in the report, which needs every snapshot
  /// drawn and scaled down; by default the report has the images of the snapshots
  /// that need review only.
  public var sheets = false
  /// The warm cache (``RenderCache``): a snapshot whose display list, fonts, images
  /// and Darkroom build are those of an earlier render is not drawn again. Nil draws
  /// everything.
  public var cache: RenderCache? = nil
  /// For a review (`darkroom review`): the name of the base the goldens were drawn
  /// from. A snapshot without a golden is then added, and golden files the run has
  /// no snapshot for are removed snapshots, not orphans.
  public var reviewBase: String? = nil
  /// Verify against a manifest's digests (`goldenFormat: manifest`) instead of PNG
  /// files: a snapshot passes when its digest is the manifest's.
  public var manifest: GoldenManifest? = nil
  /// Said in the report and on the terminal beside the run's own notices (what a
  /// caller found before the run: goldens it could not draw).
  public var notices: [Diagnostic] = []
  /// Snapshot names (`layout/mode`) the run is limited to; nil: every snapshot.
  public var only: Set<String>? = nil
  /// The locales drawn (`--locales`); nil: each layout's every locale.
  public var locales: [LocaleID]? = nil

  /// Exact comparison, no recording, digests trusted, the whole run, no cache.
  public init() {}
}
