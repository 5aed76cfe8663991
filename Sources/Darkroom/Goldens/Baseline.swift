import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// Where a run's goldens come from: what the golden of each snapshot says, whether
/// it can be shown, how a new one is written, and how a reviewer accepts a change.
///
/// `verify`, `record`, `review` and the Swift assertions run one check per snapshot
/// (``SnapshotCheck``) over a baseline, so each kind decides only what is its own:
///
/// - ``GoldenFolder``: a PNG per snapshot (`Golden/<layout>/<mode>.png`, or a test's
///   `__Snapshots__/<TestFile>/<test>.<mode>.png`), each carrying its pixel digest and
///   the summary of the drawing it was made from.
/// - ``ManifestBaseline``: digests only, in `Golden/snapshots.json`; the images a
///   reviewer needs are drawn again from the commit that last changed the manifest.
/// - ``ReviewBaseline``: the project as it is at a git revision, drawn now.
///
/// A new kind is a new conforming type and a case where the command line picks one
/// (``RunSettings/baseline(git:)``).
///
/// Methods are called from every job of a run at once: conforming types are
/// `Sendable` and guard their own state.
public protocol Baseline: Sendable {
  /// How messages and the report name the baseline: `Golden`,
  /// `Golden/snapshots.json`, `main`.
  var description: String { get }

  /// Whether the baseline is another revision of the project (a review): a snapshot
  /// it lacks was added, and one it has that the project lacks was removed — rather
  /// than missing and orphaned.
  var isRevision: Bool { get }

  /// Checks, before anything is drawn, that the golden of every snapshot of `run`
  /// can be read — and, when the run writes, written — and takes the locks the run
  /// needs until ``finish(_:)``.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a golden that is in the way (a folder where a
  ///   file belongs), a folder another run is writing, or a baseline that cannot be
  ///   read at all.
  func prepare(_ run: BaselineRun) throws(DarkroomError)

  /// What the golden of `snapshot` says, or nil when the baseline has none.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when the golden cannot be read.
  func golden(of snapshot: Snapshot) throws(DarkroomError) -> Golden?

  /// Makes `render` the golden of its snapshot.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when it cannot be written, or the baseline is not
  ///   one that is written (a review's).
  func write(_ render: RenderedSnapshot) throws(DarkroomError)

  /// After the last snapshot: writes what was gathered, lets the locks go, and says
  /// what the baseline holds that the project does not.
  func finish(_ run: BaselineRun) throws(DarkroomError) -> BaselineLeftovers

  /// In place of ``finish(_:)`` when the run stops without a result (its goldens
  /// were drawn with other faces): takes back what the run wrote — goldens it added
  /// where there were none — and lets the locks go, so the stop leaves nothing
  /// written.
  func abandon()

  /// How a reviewer accepts the change of the snapshot named `name`: the command
  /// that records it, or what to do instead.
  func acceptance(of name: String) -> Acceptance
  /// A hash that changes whenever the stored golden of `snapshot` may have changed
  /// (its file's path, size, times and inode), so what was read from it once is
  /// known again without reading it; nil when the baseline cannot tell.
  func goldenStamp(of snapshot: Snapshot) -> ContentHash?
}

extension Baseline {
  /// Nothing to take back: for baselines that are never written (a review's).
  public func abandon() {}

  /// No stamp: the golden is read each time (a manifest's line, a review's base).
  public func goldenStamp(of snapshot: Snapshot) -> ContentHash? { nil }
}

/// What a run tells its baseline before it starts and when it ends.
public struct BaselineRun: Sendable {
  /// The project drawn.
  public let project: Project
  /// The snapshots of the run, in order.
  public let snapshots: [Snapshot]
  /// Whether the run may write goldens.
  public let writing: Bool
  /// Whether the run writes every golden that is damaged (`record`), so damage is
  /// not an error; a verify that may record stops on it like any verify.
  public let repairing: Bool
  /// Write into a folder that holds nothing of the project.
  public let force: Bool
  /// What stops the run, and removes what it was writing: the command line's, which
  /// signals set; by default one only its caller stops.
  public let interruption: Interruption

  /// A run over `snapshots` of `project`.
  public init(
    project: Project, snapshots: [Snapshot], writing: Bool, repairing: Bool = false, force: Bool = false,
    interruption: Interruption = Interruption()
  ) {
    self.interruption = interruption
    self.project = project
    self.snapshots = snapshots
    self.writing = writing
    self.repairing = repairing && writing
    self.force = force
  }
}

/// What a baseline says about one snapshot's golden.
public struct Golden: Sendable {
  /// Where the golden is, for messages: a file, or a manifest's line.
  public var location: String
  /// The digest of the golden's pixels (``/DarkroomRendering/PixelDigest``) when it is known without
  /// decoding them and can be trusted; nil when only decoding can tell.
  public var digest: String?
  /// A problem with what is stored (a damaged file): verify stops on it, record
  /// writes the golden again.
  public var damage: String?
  /// What record says it did when it wrote over the damage ("repairs a damaged
  /// file: …").
  public var repair: String?
  /// What `record` would add to the stored golden although its pixels are the same
  /// (a current digest, a drawing summary), in words; nil when it is up to date.
  /// Asked only when a golden may be written.
  public var upgrade: @Sendable () -> String?
  /// The digest of the drawing the golden was made from (``/DarkroomRendering/DisplayList`` commands,
  /// fonts and images), when stored: equal drawings with other pixels mean another
  /// Darkroom build.
  public var drawingDigest: String?
  /// The summary of the drawing the golden was made from, when known.
  public var drawing: @Sendable () -> DrawingSummary?
  /// The golden's pixels, decoded or drawn, or nil when they cannot be shown.
  public var image: @Sendable () throws(DarkroomError) -> GoldenImage?
  /// The ``RenderKey`` of the display list the golden is drawn from, when the
  /// baseline draws it (a review's base): a render with the same key has the same
  /// pixels, so neither is drawn.
  var renderKey: ContentHash?
  /// The hash of the golden's stored bytes, when it has a file: what a witness of
  /// its faces heard is known for this file only (``FaceWitness``).
  var fileHash: @Sendable () -> ContentHash? = { nil }

  /// A golden; the drawing and image default to unknown.
  public init(
    location: String, digest: String?, damage: String? = nil, repair: String? = nil,
    upgrade: @escaping @Sendable () -> String? = { nil }, drawingDigest: String? = nil,
    drawing: @escaping @Sendable () -> DrawingSummary? = { nil },
    image: @escaping @Sendable () throws(DarkroomError) -> GoldenImage? = { nil }
  ) {
    self.location = location
    self.digest = digest
    self.damage = damage
    self.repair = repair
    self.upgrade = upgrade
    self.drawingDigest = drawingDigest
    self.drawing = drawing
    self.image = image
  }
}

/// A golden's pixels, and its PNG file for the report.
public struct GoldenImage: Sendable {
  /// The pixels, straight alpha, as a PNG holds them.
  public let pixels: StraightImage
  /// The golden as a PNG file: its own bytes, or encoded when asked.
  public let png: @Sendable () throws(DarkroomError) -> [UInt8]
  /// The pixels' digest (``/DarkroomRendering/PixelDigest``) when they were drawn just now, so a golden
  /// whose digest was not known before it was drawn is compared by digest.
  let digest: String?

  /// An image and how to get its file.
  public init(pixels: StraightImage, png: @escaping @Sendable () throws(DarkroomError) -> [UInt8]) {
    self.pixels = pixels
    self.png = png
    digest = nil
  }

  /// A drawn buffer, encoded as a golden when the report needs its file.
  init(drawn buffer: PixelBuffer, digest: String) {
    self.digest = digest
    pixels = buffer.straightImage
    png = { () throws(DarkroomError) in
      do { return try buffer.goldenPNG(digest: digest) } catch { throw DarkroomError("cannot encode the golden: \(error)") }
    }
  }
}

/// A snapshot drawn, as a baseline writes it.
public struct RenderedSnapshot: Sendable {
  /// The snapshot.
  public let snapshot: Snapshot
  /// Its pixels.
  public let pixels: PixelBuffer
  /// Their digest (``/DarkroomRendering/PixelDigest``).
  public let digest: String
  /// What it draws, for explanations.
  public let drawing: DrawingSummary
  /// The digest of what it draws (``/DarkroomRendering/DisplayList``), the same on every build.
  public let drawingDigest: String?
}

/// What a baseline holds that the run's project does not, and what it wants said.
public struct BaselineLeftovers: Sendable {
  /// Goldens of no snapshot of the project, as relative paths or names, sorted.
  public var orphans: [String] = []
  /// For a revision: snapshots it has and the run has not.
  public var removed: [String]? = nil
  /// What the reader should know (images that could not be drawn exactly).
  public var notices: [Diagnostic] = []

  /// Nothing left over.
  public init() {}
}
