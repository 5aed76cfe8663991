import Foundation

/// The folder a project's input must come from: its layouts, theme, images, fonts,
/// strings and colour sources may be links, but every file read while the project
/// loads must resolve to a path inside it, so a pull request cannot make Darkroom
/// read (and quote in an error) a file outside the checkout — `/etc/passwd` behind
/// `Layouts/theme.yml`, a source folder linked to a home directory.
///
/// The boundary is the git work tree holding the layouts folder (the nearest folder
/// above it with a `.git`), else the folder Darkroom runs in when the layouts folder
/// is inside it, else the layouts folder's parent; a review's base is its checkout.
/// `Project.load(layoutsDirectory:from:boundary:)` (in `Darkroom`) hands every loader an
/// ``InputReader`` held to it, which checks each file before reading it.
public struct InputBoundary: Sendable, Equatable {
  /// The boundary's real path (links resolved).
  public let root: String

  /// A boundary at `folder`, an absolute path (its links resolved).
  public init(root folder: String) {
    root = Self.realPath(folder) ?? URL(fileURLWithPath: folder).standardizedFileURL.path
  }

  /// The boundary the layouts folder `layouts` (relative: inside `working`, the
  /// folder the command runs in) belongs in.
  public static func project(containing layouts: String, from working: WorkingFolder) -> InputBoundary {
    let absolute = working.resolve(layouts)
    let layoutsPath = realPath(absolute) ?? URL(fileURLWithPath: absolute).standardizedFileURL.path
    if let workTree = gitWorkTree(containing: layoutsPath) { return InputBoundary(root: workTree) }
    let here = realPath(working.path) ?? working.path
    if ProjectFolder.path(layoutsPath, isInside: here) { return InputBoundary(root: here) }
    return InputBoundary(root: FileStore.parent(of: layoutsPath))
  }

  /// Checks that `path` (relative: inside `working`) resolves inside the boundary;
  /// a path that does not exist is left to the reader to report.
  ///
  /// - Throws: ``DarkroomError`` naming the file and where it leads.
  public func check(_ path: String, from working: WorkingFolder) throws(DarkroomError) {
    guard let real = Self.realPath(working.resolve(path)), !ProjectFolder.path(real, isInside: root) else { return }
    throw DarkroomError(
      "refusing to read a file outside the project: it leads to \(Excerpt.quoted(real)), outside \(Excerpt.quoted(root))",
      file: path)
  }

  /// The nearest folder at or above `folder` (a real path) with a `.git`: the git
  /// work tree holding it, or nil.
  static func gitWorkTree(containing folder: String) -> String? {
    var folder = folder
    while folder != "/" && !folder.isEmpty {
      if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
      folder = FileStore.parent(of: folder)
    }
    return nil
  }

  /// `path` with every link resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
