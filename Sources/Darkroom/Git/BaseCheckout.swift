import DarkroomFoundation
import Foundation

/// A project's layouts, theme, images and fonts as they are at a commit, written
/// by git into a scratch folder the caller owns and removes (`darkroom review`'s
/// base, and a golden manifest's images). The colour sources the theme names
/// outside the layouts folder (`../Packages/DesignSystem/ColorSet.swift`) are
/// written too, as they are at the commit.
public struct BaseCheckout: Sendable {
  /// The repository read from.
  public let repository: GitRepository
  /// The commit read.
  public let commit: String
  /// How messages name the commit (`main`, `the merge base 1a2b3c4d5e6f`).
  public let label: String

  /// A checkout of `commit`, named `label` in messages.
  public init(repository: GitRepository, commit: String, label: String) {
    self.repository = repository
    self.commit = commit
    self.label = label
  }

  /// The project whose layouts folder is `layouts` (a path in the work tree;
  /// relative: inside `working`) as it is at the commit, written under `scratch`;
  /// nil when the commit has no such folder.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when git fails, or when the project at the commit
  ///   does not load — said as being at the commit, in the repository's paths.
  public func project(
    layouts: String, from working: WorkingFolder, into scratch: String, interruption: Interruption
  ) throws(DarkroomError) -> Project? {
    let relative = try repository.relativePath(of: layouts, from: working)
    guard try repository.export(relative, at: commit, into: scratch, interruption: interruption) else { return nil }
    let folder = scratch + "/" + relative
    try exportNamedFiles(of: folder, relative: relative, into: scratch, interruption: interruption)
    do {
      // The base's files are the checkout's: a link in it to anywhere else is refused.
      return try Project.load(layoutsDirectory: folder, from: .root, boundary: InputBoundary(root: scratch))
    } catch {
      var error = error
      let shown = relative.isEmpty ? "." : relative
      func moved(_ file: String) -> String { file.hasPrefix(folder) ? shown + file.dropFirst(folder.count) : file }
      error.message = "at \(label): " + error.message
      error.location = error.location.map { SourceLocation(file: moved($0.file), line: $0.line, column: $0.column) }
      error.file = error.file.map(moved)
      throw error
    }
  }

  /// Writes the files the base's theme names outside its layouts folder — colour
  /// sources, string files, fonts, images (`../Packages/DesignSystem/Colors.xcassets`)
  /// — as they are at the commit, each in its place in the repository, so the base
  /// reads what a verify at that commit reads. A path that leads out of the
  /// repository, or that the commit does not have, is left for the load to report as
  /// verify would.
  private func exportNamedFiles(of folder: String, relative: String, into scratch: String, interruption: Interruption)
    throws(DarkroomError)
  {
    var exported: [String] = relative.isEmpty ? [""] : [relative]
    // The theme is read as the load reads it: a link in the checkout that leads out
    // of it is refused here too (the load then says so), never read.
    let reader = InputReader(boundary: InputBoundary(root: scratch), working: .root)
    for named in Self.namedPaths(themeFile: folder + "/theme.yml", reader: reader) {
      guard let path = Self.repositoryPath(named, from: relative),
        !exported.contains(where: { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") })
      else { continue }
      if try repository.export(path, at: commit, into: scratch, interruption: interruption) { exported.append(path) }
    }
  }

  /// Every text under the theme's `sources:`, `strings:`, `fonts:` and `images:`,
  /// which name files relative to its folder (a text that names none is looked up
  /// and skipped). Nothing when the theme cannot be read through `reader` or does not
  /// parse: its load says why.
  static func namedPaths(themeFile: String, reader: InputReader) -> [String] {
    guard let text = try? reader.readText(themeFile, what: "the theme"),
      let top = try? YAMLNode.parse(text, file: themeFile).mapping("the theme")
    else { return [] }
    var paths: [String] = []
    func collect(_ node: YAMLNode, depth: Int) {
      guard depth < 8 else { return }
      switch node.node {
      case .scalar(let scalar): paths.append(scalar.string)
      case .sequence: for item in (try? node.sequence("")) ?? [] { collect(item, depth: depth + 1) }
      case .mapping: for entry in (try? node.mapping("")) ?? [] { collect(entry.value, depth: depth + 1) }
      }
    }
    for entry in top where ["sources", "strings", "fonts", "images"].contains(entry.key) { collect(entry.value, depth: 0) }
    return paths
  }

  /// `path`, relative to the layouts folder at `relative`, as a path from the
  /// repository's root with `.` and `..` taken; nil when it leaves the repository or
  /// is absolute.
  static func repositoryPath(_ path: String, from relative: String) -> String? {
    guard !path.hasPrefix("/"), !path.isEmpty else { return nil }
    var parts = relative.split(separator: "/").map(String.init)
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        guard parts.popLast() != nil else { return nil }
        continue
      }
      parts.append(String(part))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }
}
