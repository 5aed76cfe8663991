import Foundation

/// A project's layouts, theme, images and fonts as they are at a commit, written
/// by git into a scratch folder the caller owns and removes (`darkroom review`'s
/// base, and a golden manifest's images).
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
}
