import DarkroomRaster
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

  private struct State {
    var scratch: ScratchFolder?
    var project: Project?
    var snapshots: [String: Snapshot] = [:]
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
    let scratch = try ScratchFolder(purpose: .review)
    let project = try checkout.project(layouts: layouts, into: scratch.path + "/base")
    var snapshots: [String: Snapshot] = [:]
    if let project {
      let modes = project.theme.modes.filter { self.modes?.contains($0.name) ?? true }
      let locales = self.locales.map { wanted in project.theme.locales.filter { wanted.contains($0.identifier) } }
      for snapshot in project.snapshots(modes: modes, locales: locales) where snapshots[snapshot.name] == nil {
        snapshots[snapshot.name] = snapshot
      }
    }
    state.withLock {
      $0.scratch = scratch
      $0.project = project
      $0.snapshots = snapshots
    }
  }

  /// The snapshot drawn from the base, or known from the cache without drawing.
  public func golden(of snapshot: Snapshot) throws(DarkroomError) -> Golden? {
    let (base, project) = state.withLock { ($0.snapshots[snapshot.name], $0.project) }
    guard let base, let project else { return nil }
    let list = try base.displayList(theme: project.theme, context: context)
    let context = self.context
    let drawing: @Sendable () -> DrawingSummary? = {
      DrawingSummary(list, theme: project.theme, traits: base.mode.traits, layouts: project.directory, context: context)
    }
    let key = cache.flatMap { _ in RenderKey.of(list, fonts: context.fontDigests) }
    if let key, let digest = cache?.digest(for: key) {
      return Golden(
        location: "\(label): \(snapshot.name)", digest: digest, drawing: drawing,
        image: { () throws(DarkroomError) -> GoldenImage? in
          GoldenImage(drawn: try Renderer.render(list, context: context), digest: digest)
        })
    }
    let buffer = try Renderer.render(list, context: context)
    let digest = PixelDigest(buffer).description
    if let key { cache?.store(digest, for: key) }
    return Golden(
      location: "\(label): \(snapshot.name)", digest: digest, drawing: drawing,
      image: { GoldenImage(drawn: buffer, digest: digest) })
  }

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
