import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// The project as it is at a git revision, drawn now: the baseline of `darkroom
/// review`. Its layouts, theme, images and fonts are read with `git archive` into a
/// scratch folder (the work tree, the index and the branches are never touched),
/// loaded and checked before anything is drawn, and each snapshot's golden is the
/// same snapshot drawn from them — in the job that needs it, through the render
/// cache like any other display list, so a second review of the same base draws
/// nothing it drew before.
///
/// A snapshot the base lacks was added; one the base has in the run's modes and
/// locales that the project lacks was removed. A review is accepted by committing
/// the change, never by recording.
public final class ReviewBaseline: Baseline {
  /// How messages name the base: the ref given, or `the merge base 1a2b3c4d5e6f`.
  public let label: String
  private let checkout: BaseCheckout
  private let layouts: String
  private let modes: Set<String>?
  private let locales: Set<String>?
  private let context: RenderContext
  private let cache: RenderCache?
  private let state = Mutex(State())
  private let drawn = Atomic<Int>(0)

  private struct State {
    var scratch: ScratchFolder?
    var project: Project?
    var snapshots: [String: Snapshot] = [:]
    var inputs: InputKey?
  }

  /// The base at `commit` of `repository`, named `label`, for the layouts folder
  /// `layouts` of the work tree, drawn in the modes and locales named (nil: all of
  /// the base's) with `context`, through `cache` when given.
  public init(
    repository: GitRepository, commit: String, label: String, layouts: String, modes: [String]?, locales: [String]?,
    context: RenderContext, cache: RenderCache?
  ) {
    checkout = BaseCheckout(repository: repository, commit: commit, label: label)
    self.label = label
    self.layouts = layouts
    self.modes = modes.map(Set.init)
    self.locales = locales.map(Set.init)
    self.context = context
    self.cache = cache
  }

  /// The base's name.
  public var description: String { label }

  /// A review compares two revisions.
  public var isRevision: Bool { true }

  /// Reads the base and loads it, so a base that no longer loads is bad input before
  /// anything is drawn (the message says `at REF:` and points at the file).
  public func prepare(_ run: BaselineRun) throws(DarkroomError) {
    guard !run.writing else { throw DarkroomError("a review's base is drawn from git; it is never written") }
    let scratch = try ScratchFolder(purpose: .review, interruption: run.interruption)
    let project = try checkout.project(
      layouts: layouts, from: run.project.working, into: scratch.path + "/base", interruption: run.interruption)
    var snapshots: [String: Snapshot] = [:]
    if let project {
      let modes = project.theme.modes.filter { self.modes?.contains($0.name) ?? true }
      let locales = self.locales.map { wanted in project.theme.locales.filter { wanted.contains($0.identifier) } }
      for snapshot in project.snapshots(modes: modes, locales: locales) where snapshots[snapshot.name] == nil {
        snapshots[snapshot.name] = snapshot
      }
    }
    // The base is checked out into a new folder each run: its inputs are named by
    // the work tree's layouts folder, so a snapshot whose files are the same at the
    // base as in the work tree has the same key, and a verify of either side has
    // taught the cache what it draws.
    let inputs = cache == nil ? nil : project.flatMap { InputKey(project: $0, context: context, place: layouts) }
    state.withLock {
      $0.scratch = scratch
      $0.project = project
      $0.snapshots = snapshots
      $0.inputs = inputs
    }
  }

  /// The snapshot as the base lays it out, drawn only when its pixels are wanted.
  ///
  /// Its ``Golden/renderKey`` lets the check pass a snapshot whose drawing the change
  /// left alone without drawing either side; its digest is the cache's, when the
  /// cache has drawn this key before. The image is drawn when asked, once per ask
  /// (the check asks once), and teaches the cache its digest, so a second review of
  /// the same base draws only what it must show. When the cache knows what the
  /// base's inputs drew (``InputKey``), the base is not even laid out until its
  /// drawing or pixels are asked for.
  public func golden(of snapshot: Snapshot) throws(DarkroomError) -> Golden? {
    let (base, project, inputs) = state.withLock { ($0.snapshots[snapshot.name], $0.project, $0.inputs) }
    guard let base, let project else { return nil }
    let inputKey = inputs?.of(base)
    if let inputKey, let known = cache?.inputs(for: inputKey) {
      return Golden(
        location: "\(label): \(snapshot.name)", digest: known.digest,
        drawing: { [self] in try? laidOut(base, project, inputKey).drawing() },
        image: { [self] () throws(DarkroomError) -> GoldenImage? in try laidOut(base, project, inputKey).image() })
    }
    return try laidOut(base, project, inputKey)
  }

  /// The base's snapshot laid out: its golden with its render key, the digest the
  /// cache knows for it, and its drawing and image made when asked.
  private func laidOut(_ base: Snapshot, _ project: Project, _ inputKey: ContentHash?) throws(DarkroomError) -> Golden {
    let list = try base.displayList(theme: project.theme, context: context)
    let context = self.context
    let cache = self.cache
    let drawing: @Sendable () -> DrawingSummary? = {
      DrawingSummary(
        list, theme: base.drawnTheme(project.theme), traits: base.mode.traits, layouts: project.directory, context: context)
    }
    let key = RenderKey.of(list, fonts: context.fontDigests)
    let digest = key.flatMap { cache?.digest(for: $0) }
    if let inputKey, let digest { remember(digest, for: inputKey) }
    var golden = Golden(
      location: "\(label): \(base.name)", digest: digest, drawing: drawing,
      image: { [self] () throws(DarkroomError) -> GoldenImage? in
        let buffer = try Renderer.render(list, context: context)
        drawn.add(1, ordering: .relaxed)
        let digest = PixelDigest(buffer).description
        if let key { cache?.store(digest, for: key) }
        if let inputKey { remember(digest, for: inputKey) }
        return GoldenImage(drawn: buffer, digest: digest)
      })
    golden.renderKey = key
    return golden
  }

  /// Teaches the cache what the base's inputs draw, unless it knows: a key the work
  /// tree shares keeps the warnings and cut labels its verify found, which the base,
  /// asked only for pixels, does not gather.
  private func remember(_ digest: String, for inputKey: ContentHash) {
    guard let cache, cache.inputs(for: inputKey) == nil else { return }
    cache.store(InputRecord(pixelsOnly: digest), for: inputKey)
  }

  /// How many of the base's snapshots were drawn: only those whose drawing differs
  /// from the work tree's and whose pixels the check needed.
  public var drawnCount: Int { drawn.load(ordering: .relaxed) }

  /// A review writes no golden.
  public func write(_ render: RenderedSnapshot) throws(DarkroomError) {
    throw DarkroomError("a review's base is drawn from git; it is never written")
  }

  /// The base's snapshots in the run's modes and locales that the project has in
  /// none; the scratch folder is removed.
  public func finish(_ run: BaselineRun) throws(DarkroomError) -> BaselineLeftovers {
    let names = state.withLock { state -> [String] in
      state.scratch = nil
      return Array(state.snapshots.keys)
    }
    let current = Set(run.project.snapshots(modes: run.project.theme.modes).map(\.name))
    var leftovers = BaselineLeftovers()
    leftovers.removed = names.filter { !current.contains($0) }.sorted()
    return leftovers
  }

  /// Merging the change accepts it.
  public func acceptance(of name: String) -> Acceptance {
    .instruction("nothing to record: this review compares the change with \(label), and merging it accepts the new pictures")
  }
}
