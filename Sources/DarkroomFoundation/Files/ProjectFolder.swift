import Foundation

/// The folder a run's own files stay in: the git work tree Darkroom runs in (the
/// nearest folder at or above the current one with a `.git`), else the folder it
/// runs in.
///
/// In CI a pull request's author writes the checkout — `darkroom.yml`, the golden
/// folder, links anywhere in it — but not the command line. So a folder the run
/// reads or writes that the project names (in `darkroom.yml`, or by default, through
/// whatever links the checkout holds) must resolve inside the project: else one
/// file in a pull request turns `verify` into a copy of any PNG on the runner into
/// the report it uploads, or a write of a render over any file named
/// `<layout>/<mode>.png`. A folder given on the command line is the caller's
/// choice and is used as given.
public struct ProjectFolder: Sendable, Equatable {
  /// The folder's real path (links resolved).
  public let root: String
  /// The folder the command runs in, where the relative paths it checks start.
  public let working: WorkingFolder

  /// The project folder at `folder` (relative: inside `working`).
  public init(root folder: String, working: WorkingFolder) {
    root = Self.resolved(folder, from: working)
    self.working = working
  }

  /// The project folder of the folder the command runs in: the git work tree that
  /// holds it, else the folder itself.
  public static func containing(_ working: WorkingFolder) -> ProjectFolder {
    let here = resolved(working.path, from: working)
    return ProjectFolder(root: InputBoundary.gitWorkTree(containing: here) ?? here, working: working)
  }

  /// Whether `path` resolves to the folder or to something inside it.
  public func contains(_ path: String) -> Bool { Self.path(Self.resolved(path, from: working), isInside: root) }

  /// Checks that `path`, a folder or file the project named as `what`, resolves
  /// inside the project.
  ///
  /// - Parameters:
  ///   - location: where `darkroom.yml` named it (nil: it is the default, or the
  ///     file itself).
  ///   - hint: what to do instead, when there is a way.
  ///   - folder: what this folder is, in the message.
  /// - Throws: ``DarkroomError`` naming where it leads.
  public func check(
    _ path: String, what: String, at location: SourceLocation? = nil, hint: String? = nil,
    folder: String = "the project"
  ) throws(DarkroomError) {
    let real = Self.resolved(path, from: working)
    guard !Self.path(real, isInside: root) else { return }
    throw outside(path, real, what: what, at: location, hint: hint, folder: folder)
  }

  /// Checks a file or folder Darkroom is about to write, replace or delete — a golden
  /// folder, a report, a catalog, fonts, store images, a starter project — before
  /// the first write: the one check every writer makes.
  ///
  /// The destination must resolve, every link followed, inside the project, so a
  /// link a pull request commits (`Layouts/fonts` to a folder elsewhere) cannot carry
  /// a write out of it. A destination the command line gave whose path, as written,
  /// lies outside the project (`--report /tmp/report`) is the caller's choice and
  /// is used as given.
  ///
  /// - Parameters:
  ///   - what: what the destination is, in the message (`the fonts folder`).
  ///   - given: whether the command line named it (else the project did, or it is
  ///     the default).
  ///   - location: where `darkroom.yml` named it.
  ///   - hint: what to do instead, when there is a way.
  /// - Throws: ``DarkroomError`` naming where it leads.
  public func checkDestination(
    _ path: String, what: String, given: Bool = false, at location: SourceLocation? = nil, hint: String? = nil
  ) throws(DarkroomError) {
    if given && !Self.path(lexical(path), isInside: root) { return }
    try check(path, what: what, at: location, hint: hint)
  }

  /// `path` as written, made absolute from the real working folder, `.` and `..`
  /// taken as text: where the caller pointed, before any link in it is followed.
  package func lexical(_ path: String) -> String { Self.lexical(path, from: working) }

  /// `path` as written, made absolute from the real folder `working`, `.` and `..`
  /// taken as text.
  package static func lexical(_ path: String, from working: WorkingFolder) -> String {
    let here = InputBoundary.realPath(working.path) ?? working.path
    var parts: [Substring] = []
    for part in ((path.hasPrefix("/") ? "" : here + "/") + path).split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        _ = parts.popLast()
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  private func outside(
    _ path: String, _ real: String, what: String, at location: SourceLocation?, hint: String?, folder: String
  ) -> DarkroomError {
    DarkroomError(
      "refusing \(what) \(Excerpt.quoted(path)): it leads to \(Excerpt.quoted(real)), outside \(folder) "
        + "\(Excerpt.quoted(root))\(hint.map { "; \($0)" } ?? "")",
      at: location, file: location == nil ? path : nil)
  }

  /// Whether the real path `path` is `root` or inside it (a folder Darkroom writes
  /// is never the project itself: its staging folder and lock go beside it).
  static func path(_ path: String, isInside root: String) -> Bool {
    path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// `path` (relative: inside `working`) as it resolves now: absolute, each part
  /// that exists with its links followed, and the parts that do not exist yet (a
  /// golden folder before the first record) appended as written, `.` and `..` taken
  /// where they stand.
  package static func resolved(_ path: String, from working: WorkingFolder) -> String {
    let path = working.resolve(path)
    // Relative only from ``WorkingFolder/process``: a library call's, never a command's.
    guard path.hasPrefix("/") else { return resolved((InputBoundary.realPath(".") ?? "") + "/" + path, links: 0) }
    return resolved(path, links: 0)
  }

  /// ``resolved(_:from:)`` of an absolute path after following `links` links: a link that leads nowhere yet
  /// is followed by its text (writing through it would create its target), up to
  /// 40 links as the kernel does.
  private static func resolved(_ path: String, links: Int) -> String {
    // Absolute: the caller resolved it, and a link's relative target was made so.
    var current = "/"
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      // `current` has no links left in it, so its parent is the real parent.
      if part == ".." {
        current = FileStore.parent(of: current)
        continue
      }
      let next = current == "/" ? "/" + part : current + "/" + part
      if let real = InputBoundary.realPath(next) {
        current = real
      } else if links < 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: next) {
        current = resolved(target.hasPrefix("/") ? target : current + "/" + target, links: links + 1)
      } else {
        current = next
      }
    }
    return current
  }
}
