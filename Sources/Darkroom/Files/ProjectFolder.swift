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

  /// The project folder at `folder`.
  public init(root folder: String) {
    root = Self.resolved(folder)
  }

  /// The project folder of the folder Darkroom runs in.
  public static func current() -> ProjectFolder {
    let here = resolved(FileManager.default.currentDirectoryPath)
    return ProjectFolder(root: InputBoundary.gitWorkTree(containing: here) ?? here)
  }

  /// Whether `path` resolves to the folder or to something inside it.
  public func contains(_ path: String) -> Bool { Self.path(Self.resolved(path), isInside: root) }

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
    let real = Self.resolved(path)
    guard !Self.path(real, isInside: root) else { return }
    throw outside(path, real, what: what, at: location, hint: hint, folder: folder)
  }

  /// Checks that no link on the way from `base` to `base/relative` leads outside the
  /// folder: the folders the path names as text are the caller's to choose (`..`
  /// included), the links in them the checkout's.
  ///
  /// - Throws: ``DarkroomError`` naming the link and where it leads.
  public func checkLinks(on relative: String, from base: String, what: String, folder: String) throws(DarkroomError) {
    var current = base
    for part in relative.split(separator: "/") {
      current += "/" + part
      guard (try? FileManager.default.destinationOfSymbolicLink(atPath: current)) != nil else { continue }
      let real = Self.resolved(current)
      guard Self.path(real, isInside: root) else {
        throw outside(relative, real, what: what, at: nil, hint: nil, folder: folder)
      }
    }
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

  /// `path` as it resolves now: absolute, each part that exists with its links
  /// followed, and the parts that do not exist yet (a golden folder before the first
  /// record) appended as written, `.` and `..` taken where they stand.
  static func resolved(_ path: String) -> String { resolved(path, links: 0) }

  /// ``resolved(_:)`` after following `links` links: a link that leads nowhere yet
  /// is followed by its text (writing through it would create its target), up to
  /// 40 links as the kernel does.
  private static func resolved(_ path: String, links: Int) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var current = "/"
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
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
