import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// Goldens without images: the digests of `<golden>/snapshots.json`
/// (``GoldenManifest``). A snapshot passes when its pixels' digest is the
/// manifest's; when it is not, the golden's image is drawn again from the commit that
/// last changed the manifest and shown only if its digest is the manifest's — so the
/// golden a reviewer sees is exactly the one recorded. Recording writes an entry for
/// each snapshot that has none or whose pixels changed, keeps the others (those of
/// modes or shards outside the run too), and rewrites the file only when an entry
/// changed.
public final class ManifestBaseline: Baseline {
  /// The golden folder holding the manifest.
  public let folder: String
  /// The layouts folder in the work tree, which the manifest's commit is read at.
  public let layouts: String
  /// The folder the command runs in, where relative ``folder`` and ``layouts`` start.
  public let working: WorkingFolder
  private let context: RenderContext
  private let state = Mutex(State())
  /// The project at the manifest's commit, drawn on the first failure.
  private let base: Mutex<BaseDrawing?> = Mutex(nil)

  private struct State {
    var lock: FolderLock?
    var manifest = GoldenManifest()
    /// The damage of a manifest a record run rewrites.
    var damage: String?
    var written: [String: (entry: GoldenManifest.Entry, drawnWith: GoldenManifest.DrawnWith?)] = [:]
    var inexact: Set<String> = []
    /// The run's, from ``prepare(_:)``.
    var interruption = Interruption()
  }

  /// The manifest in `folder`, its images drawn from the layouts folder `layouts`
  /// with `context`; relative folders are inside `working`.
  public init(folder: String, layouts: String, working: WorkingFolder, context: RenderContext) {
    self.folder = folder
    self.layouts = layouts
    self.working = working
    self.context = context
  }

  /// `Golden/snapshots.json`.
  public var description: String { GoldenManifest.path(in: folder) }

  /// A manifest is not another revision.
  public var isRevision: Bool { false }

  /// Reads the manifest (a damaged one is an error unless the run rewrites it) and,
  /// when the run writes, locks its folder and checks that the file can be replaced.
  public func prepare(_ run: BaselineRun) throws(DarkroomError) {
    var lock: FolderLock? = nil
    if run.writing {
      lock = try FolderLock(folder, from: working, exclusive: true, interruption: run.interruption)
      FileStore.removeStaleTemporaries(in: folder, from: working)
      try FileStore.checkReplaceable(description, from: working)
      try FileStore.checkFolderChain(folder, from: working)
    }
    var manifest = GoldenManifest()
    var damage: String? = nil
    do {
      manifest = try GoldenManifest.load(from: folder, in: working) ?? GoldenManifest()
    } catch {
      // A damaged manifest is what record is for: written again from the renders.
      guard run.repairing else { throw error }
      damage = error.message
    }
    state.withLock {
      $0.lock = lock
      $0.manifest = manifest
      $0.damage = damage
      $0.interruption = run.interruption
    }
  }

  /// The entry's digest; its image and drawing from the manifest's commit when asked.
  public func golden(of snapshot: Snapshot) throws(DarkroomError) -> Golden? {
    let (entry, damage, drawnWith) = state.withLock { state in
      let entry = state.manifest.entries[snapshot.name]
      return (entry, state.damage, entry?.drawnWith.flatMap { state.manifest.drawnWith[$0] })
    }
    let location = "\(description): \(snapshot.name)"
    if damage != nil {
      return Golden(location: location, digest: nil, damage: damage, repair: "repairs a damaged manifest")
    }
    guard let entry else { return nil }
    return Golden(
      location: location, digest: entry.pixels,
      upgrade: { entry.drawnWith == nil ? "adds the faces it was drawn with" : nil },
      drawingDigest: entry.drawing,
      // The base is drawn again on this machine, with this machine's faces: what it
      // was recorded with is the manifest's, so another machine is named.
      drawing: { [self] in baseDrawing()?.summary(of: snapshot.name).map { $0.drawn(with: drawnWith) } },
      image: { [self] () throws(DarkroomError) -> GoldenImage? in exactImage(of: snapshot.name, digest: entry.pixels) })
  }

  /// Keeps the render's entry, written to the file when the run finishes.
  public func write(_ render: RenderedSnapshot) throws(DarkroomError) {
    let entry = GoldenManifest.Entry(
      name: render.snapshot.name, size: [render.pixels.width, render.pixels.height], pixels: render.digest,
      drawing: render.drawingDigest)
    state.withLock { $0.written[render.snapshot.name] = (entry, GoldenManifest.DrawnWith(render.drawing)) }
  }

  /// Writes the manifest when an entry changed (or it was damaged), lets the lock
  /// go, and lists the entries of snapshots the project no longer has.
  public func finish(_ run: BaselineRun) throws(DarkroomError) -> BaselineLeftovers {
    let (lock, manifest, changed, inexact) = state.withLock { state in
      var manifest = state.manifest
      for (entry, drawnWith) in state.written.values { manifest.set(entry, drawnWith: drawnWith) }
      manifest = manifest.pruned
      let changed = manifest != state.manifest.pruned || state.damage != nil
      defer { state.lock = nil }
      return (state.lock, manifest, changed, state.inexact)
    }
    defer { lock?.release() }
    if run.writing, changed {
      try FileStore.writeAtomically(
        Array(manifest.text.utf8), to: description, from: working, interruption: run.interruption)
    }
    var leftovers = BaselineLeftovers()
    leftovers.orphans = manifest.orphans(of: run.project)
    leftovers.notices = base.withLock { $0?.notices(inexact: inexact, file: description) } ?? []
    return leftovers
  }

  /// Lets the lock go without writing the file: entries are written only by
  /// ``finish(_:)``.
  public func abandon() {
    let lock = state.withLock { state in
      defer { state.lock = nil }
      return state.lock
    }
    lock?.release()
  }

  /// `darkroom record --golden-format manifest --only NAME`.
  public func acceptance(of name: String) -> Acceptance {
    var command = ShellCommand(["darkroom", "record", "--golden-format", "manifest"])
    if layouts != "Layouts" { command = command.adding("--layouts", layouts) }
    if folder != "Golden" { command = command.adding("--golden", folder) }
    return .running(command.adding("--only", name))
  }

  /// The golden's image drawn at the manifest's commit when its digest is the
  /// manifest's; nil (and noted) when it cannot be drawn exactly.
  private func exactImage(of name: String, digest: String) -> GoldenImage? {
    guard let drawing = baseDrawing(), let drawn = drawing.image(of: name), drawn.digest == digest else {
      state.withLock { _ = $0.inexact.insert(name) }
      return nil
    }
    return drawn.image
  }

  /// The project at the commit that last changed the manifest, loaded once.
  private func baseDrawing() -> BaseDrawing? {
    base.withLock { base in
      if base == nil {
        let interruption = state.withLock { $0.interruption }
        base = BaseDrawing(
          manifest: description, layouts: layouts, working: working, context: context, interruption: interruption)
      }
      return base
    }
  }
}

extension DrawingSummary {
  /// The summary with the faces and libraries an entry was recorded with in place of
  /// this machine's; unchanged when the entry does not know them.
  fileprivate func drawn(with recorded: GoldenManifest.DrawnWith?) -> DrawingSummary {
    guard let recorded else { return self }
    var summary = self
    summary.faces = recorded.faces
    summary.libraries = recorded.libraries
    return summary
  }
}

/// The project at the commit that last changed a manifest, checked out into a
/// scratch folder and drawn on demand; or why it cannot be.
private final class BaseDrawing: Sendable {
  private let project: Project?
  private let scratch: ScratchFolder?
  private let label: String
  private let problem: String?
  private let context: RenderContext
  private let snapshots: [String: Snapshot]

  init(manifest: String, layouts: String, working: WorkingFolder, context: RenderContext, interruption: Interruption) {
    self.context = context
    var label = "the manifest's commit"
    var scratch: ScratchFolder? = nil
    let loaded: Result<Project, DarkroomError> = Result { () throws(DarkroomError) -> Project in
      let repository: GitRepository
      do {
        let folder = FileStore.parent(of: manifest)
        repository = try GitRepository(containing: working.resolve(folder))
      } catch {
        throw DarkroomError("not in a git repository, so the manifest's commit cannot be drawn")
      }
      guard let commit = try repository.lastCommit(changing: manifest, from: working) else {
        throw DarkroomError("the manifest is not committed")
      }
      label = String(commit.prefix(12))
      let folder = try ScratchFolder(purpose: .manifest, interruption: interruption)
      scratch = folder
      guard let project = try BaseCheckout(repository: repository, commit: commit, label: label)
        .project(layouts: layouts, from: working, into: folder.path + "/base", interruption: interruption)
      else { throw DarkroomError("\(label) has no layouts folder") }
      return project
    }
    self.label = label
    self.scratch = scratch
    switch loaded {
    case .success(let project):
      self.project = project
      problem = nil
      snapshots = Dictionary(
        project.snapshots(modes: project.theme.modes).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    case .failure(let error):
      project = nil
      problem = error.description
      snapshots = [:]
    }
  }

  /// The snapshot drawn at the commit, and its digest.
  func image(of name: String) -> (image: GoldenImage, digest: String)? {
    guard let snapshot = snapshots[name], let project else { return nil }
    guard let list = try? snapshot.displayList(theme: project.theme, context: context),
      let buffer = try? Renderer.render(list, context: context)
    else { return nil }
    let digest = PixelDigest(buffer).description
    return (GoldenImage(drawn: buffer, digest: digest), digest)
  }

  /// What the snapshot drew at the commit.
  func summary(of name: String) -> DrawingSummary? {
    guard let snapshot = snapshots[name], let project,
      let list = try? snapshot.displayList(theme: project.theme, context: context)
    else { return nil }
    return DrawingSummary(
      list, theme: snapshot.drawnTheme(project.theme), traits: snapshot.mode.traits, layouts: project.directory,
      context: context)
  }

  /// What the report should say about the images: none could be drawn, or some were
  /// not exact.
  func notices(inexact: Set<String>, file: String) -> [Diagnostic] {
    if let problem {
      return [Diagnostic(.warning, "no golden images: \(problem); the report shows this run's images alone", file: file)]
    }
    guard !inexact.isEmpty else { return [] }
    let names = inexact.sorted()
    return [
      Diagnostic(
        .warning,
        "\(names.count) golden image(s) drawn from \(label) do not match the manifest's digests (another Darkroom build, or an uncommitted manifest, recorded them): \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", …" : ""); those are shown without a golden",
        file: file)
    ]
  }
}
