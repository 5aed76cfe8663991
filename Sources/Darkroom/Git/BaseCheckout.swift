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

  /// The project whose layouts folder is `layouts` (a path in the work tree) as it
  /// is at the commit, written under `scratch`; nil when the commit has no such
  /// folder.
  ///
  /// - Throws: ``DarkroomError`` when git fails, or when the project at the commit
  ///   does not load — said as being at the commit, in the repository's paths.
  public func project(layouts: String, into scratch: String) throws(DarkroomError) -> Project? {
    let relative = try repository.relativePath(of: layouts)
    guard try repository.export(relative, at: commit, into: scratch) else { return nil }
    let folder = scratch + "/" + relative
    for source in Self.sourcesOutside(layouts: relative, theme: folder + "/theme.yml") {
      _ = try repository.export(source, at: commit, into: scratch)
    }
    do {
      // The base's files are the checkout's: a link in it to anywhere else is refused.
      return try Project.load(layoutsDirectory: folder, boundary: InputBoundary(root: scratch))
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

  /// The paths in the repository of the colour sources the theme at `theme` names
  /// outside the layouts folder `layouts` (a path in the repository), and inside
  /// the repository. A theme that does not parse names none: loading it says why.
  static func sourcesOutside(layouts: String, theme: String) -> [String] {
    guard let text = try? FileStore.readText(theme, what: "the theme"),
      let root = try? YAMLNode.parse(text, file: theme), let top = try? root.mapping("the theme"),
      let sources = try? top["sources"]?.sequence("sources")
    else { return [] }
    var paths: [String] = []
    for item in sources {
      if case .mapping = item.node {
        for entry in (try? item.mapping("a source")) ?? [] { if let path = try? entry.value.string("a source") { paths.append(path) } }
      } else if let path = try? item.string("a source") {
        paths.append(path)
      }
    }
    let prefix = layouts.isEmpty ? "" : layouts + "/"
    return paths.compactMap { path in
      guard !path.hasPrefix("/") else { return nil }
      let inRepository = FileStore.tidy(prefix + path)
      guard !inRepository.hasPrefix("../"), inRepository != "..", !(layouts.isEmpty || inRepository.hasPrefix(prefix)) else {
        return nil
      }
      return inRepository
    }
  }
}
