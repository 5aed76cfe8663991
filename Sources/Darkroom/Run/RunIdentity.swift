import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// What makes two reports parts of one run, recorded in each report's
/// `results.json` so `merge-reports` can refuse a set of shards that is not whole
/// or comes from different runs: the snapshots of the whole run (their number and a
/// digest of their names, so another commit's layouts differ), the modes and locales
/// drawn, the baseline compared with and how renders were compared.
public struct RunIdentity: Sendable, Equatable, Codable {
  /// Snapshots in the whole run, before it was split into shards.
  public var snapshots: Int
  /// A digest of the whole run's snapshot names, in order.
  public var names: String
  /// The modes drawn, in order.
  public var modes: [String]
  /// The locales drawn (nil: each layout's every locale).
  public var locales: [String]?
  /// The baseline compared with (`Golden`, `Golden/snapshots.json`, `main`).
  public var baseline: String
  /// How renders were compared.
  public var compare: CompareOptions
  /// The record mode.
  public var record: RecordMode
  /// The snapshots `--only` kept, when it was given.
  public var only: String?

  /// The identity of a run over `snapshots` (the whole run's, unsharded).
  init(snapshots: [Snapshot], modes: [Mode], options: RunOptions, baseline: String) {
    self.snapshots = snapshots.count
    var hasher = ContentHasher()
    for snapshot in snapshots { hasher.update(snapshot.name) }
    names = "\(hasher.finalize())"
    self.modes = modes.map(\.name)
    locales = options.locales?.map(\.identifier)
    self.baseline = baseline
    compare = options.compare
    record = options.record
    only = options.only?.description
  }
}
