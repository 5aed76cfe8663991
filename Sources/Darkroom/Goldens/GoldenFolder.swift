import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// Goldens as PNG files, one per snapshot: `<root>/<layout>/<mode>.png` for a
/// project (`Golden/`), or `<root>/<test>.<mode>.png` for a Swift test's layout
/// (`__Snapshots__/<TestFile>/`).
///
/// Each file carries the digest of its pixels and the summary of the drawing it was
/// made from (``/DarkroomRendering/DrawingSummary``) in text chunks, so a golden whose digest equals a
/// render's passes without being decoded, and a failure is explained. Files are
/// written atomically and checked chunk by chunk before their digest is trusted.
public final class GoldenFolder: Baseline {
  /// How the files of a folder are named.
  public enum Naming: Sendable, Equatable {
    /// `<layout>/<mode>.png` (or `<mode>.<locale>.png`): a project's `Golden/`.
    case layoutFolders
    /// `<name>.<mode>.png`: the goldens of one test's layout, accepted by running the
    /// tests `filter` selects (`swift test --filter`) while recording.
    case test(String, filter: String)
  }

  /// The folder.
  public let root: String
  /// The folder the command runs in, where a relative ``root`` starts.
  public let working: WorkingFolder
  /// How its files are named.
  public let naming: Naming
  /// The time that decides whether a file is settled (``goldenStamp(of:)``).
  public let clock: WallClock
  private let state = Mutex(State())

  private struct State {
    var lock: FolderLock?
    var layouts: String?
    /// Goldens this run added where there were none, and the folders made for
    /// them, so a run that stops can take them back.
    var added: [String] = []
    var madeFolders: Set<String> = []
    /// The run's, from ``prepare(_:)``: what its writes are removed with.
    var interruption = Interruption()
  }

  /// The goldens in `root` (relative: inside `working`; default: the process's),
  /// named as `naming` says (default: a project's), whose files count as settled a
  /// second after they change by `clock`.
  public init(
    root: String, working: WorkingFolder = .process, naming: Naming = .layoutFolders, clock: WallClock = .system
  ) {
    self.root = root
    self.working = working
    self.naming = naming
    self.clock = clock
  }

  /// `Golden` (the folder).
  public var description: String { root }

  /// A folder of goldens is not another revision.
  public var isRevision: Bool { false }

  /// The file of a snapshot.
  public func path(of snapshot: Snapshot) -> String {
    switch naming {
    case .layoutFolders: "\(root)/\(snapshot.layout.name)/\(snapshot.variant).png"
    case .test(let name, _): "\(root)/\(name).\(snapshot.variant).png"
    }
  }

  /// Locks the folder when the run writes (and removes what killed runs left in it),
  /// refuses a folder that holds nothing of the project unless forced, and checks
  /// that every golden is absent or a regular file — and, when writing, that its
  /// folder can be made.
  public func prepare(_ run: BaselineRun) throws(DarkroomError) {
    var lock: FolderLock? = nil
    if run.writing {
      lock = try FolderLock(root, from: working, exclusive: true, interruption: run.interruption)
      FileStore.removeStaleTemporaries(in: root, from: working)
      if naming == .layoutFolders {
        try Self.checkFolder(root, from: working, of: run.project, force: run.force, what: "goldens")
      }
    }
    // A layout's folder is a file system name inside the golden folder; one that
    // is a link out of it would have goldens read from, and renders written over,
    // files elsewhere (checked once a folder).
    let inside = ProjectFolder(root: root, working: working)
    var checked: Set<String> = []
    for snapshot in run.snapshots {
      let path = path(of: snapshot)
      let folder = FileStore.parent(of: path)
      if checked.insert(folder).inserted {
        try inside.check(folder, what: "the goldens' folder", folder: "the golden folder")
      }
      try FileStore.checkReplaceable(path, from: working)
      if run.writing { try FileStore.checkFolderChain(folder, from: working) }
    }
    state.withLock {
      $0.lock = lock
      $0.layouts = run.project.directory
      $0.interruption = run.interruption
    }
  }

  /// The file's digest, damage and summary, read without decoding the image; the
  /// image is decoded when asked.
  public func golden(of snapshot: Snapshot) throws(DarkroomError) -> Golden? {
    let path = path(of: snapshot)
    guard let bytes = try FileStore.readIfPresent(path, from: working) else { return nil }
    if let problem = PNGStructure.problem(in: bytes) {
      return Golden(
        location: path, digest: nil, damage: "the golden is damaged: \(problem); darkroom record rewrites it",
        repair: "repairs a damaged file: \(problem)")
    }
    let stored = PixelDigest.stored(in: bytes)
    let readable = stored.flatMap { PixelDigest(stored: $0) }.map(\.description)
    // The digest speaks for the pixels only while the image data is what it was
    // written with: else the golden is decoded and compared.
    let trusted = PixelDigest.isTrusted(in: bytes)
    let current = trusted ? readable : nil
    let upgrade: @Sendable () -> String? = {
      stored == nil ? "adds the pixel digest"
        : readable == nil ? "upgrades the pixel digest"
        : !trusted ? "adds the hash of its image data"
        : !PNGTextChunk.hasCompressedValue(forKey: DrawingSummary.textKey, in: bytes) ? "adds the drawing summary"
        // Goldens know the faces they were drawn with, so another machine is named,
        // and the colours they draw with, so a change is named only where it draws.
        : DrawingSummary.stored(in: bytes).map { $0.faces == nil } ?? false ? "adds the faces it was drawn with"
        : DrawingSummary.stored(in: bytes).map { $0.used == nil } ?? false ? "adds the colours it draws with" : nil
    }
    var golden = Golden(
      location: path, digest: current, upgrade: upgrade, drawing: { DrawingSummary.stored(in: bytes) },
      image: { () throws(DarkroomError) -> GoldenImage? in
        do {
          return GoldenImage(pixels: try StraightImage.decodePNG(bytes).image, png: { bytes })
        } catch {
          throw DarkroomError("the golden is not a usable PNG: \(error)", file: path)
        }
      })
    golden.fileHash = { ContentHash(bytes) }
    return golden
  }

  /// The file's path and stamp as one hash; nil when there is no file, or it
  /// changed less than a second ago: a file written again within the file
  /// system's clock tick, at the same size in place, could keep its stamp.
  public func goldenStamp(of snapshot: Snapshot) -> ContentHash? {
    let path = path(of: snapshot)
    // The status-change time to the nanosecond: whole seconds alone would call a
    // file written at x.99 settled a hundredth of a second later.
    guard let stamp = Platform.stamp(of: working.resolve(path)), stamp.count > 5,
      Double(stamp[4]) + Double(stamp[5]) / 1e9 < clock.now() - 1
    else { return nil }
    var hasher = ContentHasher()
    hasher.update("darkroom-golden-stamp-1")
    hasher.update(path)
    for part in stamp { hasher.update(part) }
    return hasher.finalize()
  }

  /// Writes the render as a PNG with its digest and drawing summary, atomically.
  public func write(_ render: RenderedSnapshot) throws(DarkroomError) {
    let path = path(of: render.snapshot)
    let png: [UInt8]
    do {
      png = try render.pixels.goldenPNG(digest: render.digest, drawing: render.drawing.encoded)
    } catch {
      throw DarkroomError("cannot encode the render: \(error)", file: path)
    }
    if FileStore.kind(of: path, from: working) == .missing {
      var missing: [String] = []
      var folder = FileStore.parent(of: path)
      while folder.count > root.count, FileStore.kind(of: folder, from: working) == .missing {
        missing.append(working.resolve(folder))
        folder = FileStore.parent(of: folder)
      }
      state.withLock {
        $0.added.append(working.resolve(path))
        $0.madeFolders.formUnion(missing)
      }
    }
    try FileStore.writeAtomically(png, to: path, from: working, interruption: state.withLock { $0.interruption })
  }

  /// Removes the goldens the run added and the folders made for them (deepest
  /// first, when empty), then lets the lock go.
  public func abandon() {
    let (lock, added, folders) = state.withLock { state in
      defer {
        state.lock = nil
        state.added = []
        state.madeFolders = []
      }
      return (state.lock, state.added, state.madeFolders)
    }
    for path in added { unlink(path) }
    for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
    lock?.release()
  }

  /// Lets the lock go; a project's folder lists its orphans.
  public func finish(_ run: BaselineRun) throws(DarkroomError) -> BaselineLeftovers {
    let lock = state.withLock { state -> FolderLock? in
      defer { state.lock = nil }
      return state.lock
    }
    lock?.release()
    var leftovers = BaselineLeftovers()
    if naming == .layoutFolders { leftovers.orphans = orphans(of: run.project) }
    return leftovers
  }

  /// `darkroom record --only NAME` (with the folders when they are not the
  /// defaults), or for a test's goldens, the test run again recording its failures.
  public func acceptance(of name: String) -> Acceptance {
    switch naming {
    case .test(_, let filter):
      return .running(
        ShellCommand(["swift", "test"], environment: [.init(RecordMode.environmentVariable, "failed")])
          .adding("--filter", filter))
    case .layoutFolders:
      var command = ShellCommand(["darkroom", "record"])
      if let layouts = state.withLock({ $0.layouts }), layouts != "Layouts" { command = command.adding("--layouts", layouts) }
      if root != "Golden" { command = command.adding("--golden", root) }
      return .running(command.adding("--only", name))
    }
  }

  /// Golden PNGs that match no layout × mode of the project (every mode of its theme,
  /// whatever a run selects), as paths relative to the root, sorted.
  public func orphans(of project: Project) -> [String] {
    let expected = Set(project.snapshots(modes: project.theme.modes).map { "\($0.name).png" })
    let manager = FileManager.default
    let root = working.resolve(self.root)
    guard let folders = try? manager.contentsOfDirectory(atPath: root) else { return [] }
    var orphans: [String] = []
    // Only real folders and files: a link is not a golden Darkroom wrote, and
    // `prune --yes` deleting the orphans behind one would delete files elsewhere.
    for folder in folders.sorted()
    where !folder.hasPrefix(".") && FileStore.kind(of: "\(root)/\(folder)", from: working) == .folder {
      guard let files = try? manager.contentsOfDirectory(atPath: "\(root)/\(folder)") else { continue }
      for file in files.sorted()
      where file.hasSuffix(".png") && !expected.contains("\(folder)/\(file)")
        && FileStore.kind(of: "\(root)/\(folder)/\(file)", from: working) == .file
      {
        orphans.append("\(folder)/\(file)")
      }
    }
    return orphans
  }

  /// Deletes orphans, then any layout folder left empty.
  public func delete(_ orphans: [String]) throws(DarkroomError) {
    let manager = FileManager.default
    let disk = working.resolve(root)
    for orphan in orphans {
      do {
        try manager.removeItem(atPath: "\(disk)/\(orphan)")
      } catch {
        throw DarkroomError("cannot delete: \(error.localizedDescription)", file: "\(root)/\(orphan)")
      }
      let folder = "\(disk)/\(FileStore.parent(of: orphan))"
      if (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true {
        try? manager.removeItem(atPath: folder)
      }
    }
  }

  /// Refuses a folder that is not empty and holds nothing of this project (no
  /// folder named after one of its layouts) unless `force`: `--golden /` or a
  /// mistyped path must not fill someone's folder with `<layout>/<mode>.png` files.
  /// `what` names the files in the message ("goldens", "renders").
  static func checkFolder(
    _ root: String, from working: WorkingFolder, of project: Project, force: Bool, what: String
  ) throws(DarkroomError) {
    switch FileStore.kind(of: root, from: working) {
    case .missing: return
    case .folder: break
    case .file, .other: throw DarkroomError("expected a folder for the \(what), found a file", file: root)
    }
    guard !force else { return }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: working.resolve(root))) ?? [])
      .filter { !$0.hasPrefix(".") }
    let layouts = Set(project.layouts.map(\.name))
    guard !entries.isEmpty, !entries.contains(where: layouts.contains) else { return }
    throw DarkroomError(
      "refusing to write \(what) into '\(root)': it is not empty and holds none of this project's; choose another folder, or add --force",
      file: root)
  }
}
