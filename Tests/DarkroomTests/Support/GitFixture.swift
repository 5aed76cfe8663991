import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Real git repositories made in a test: a project committed, changed and
/// committed again, as a pull request is.
enum GitFixture {
  /// The fixture project (without goldens unless asked) in a new repository,
  /// committed once on `main`.
  static func repository(goldens: Bool = false) throws -> TestProject {
    let project = try TestProject(goldens: goldens)
    try git(["init", "-q", "-b", "main"], in: project.path)
    try commit("base", in: project.path)
    return project
  }

  /// Runs git with a fixed author.
  static func git(_ arguments: [String], in folder: String) throws {
    _ = try GitRepository.git(["-c", "user.email=test@example.com", "-c", "user.name=Test"] + arguments, in: folder)
  }

  /// Commits everything in the work tree.
  static func commit(_ message: String, in folder: String) throws {
    try git(["add", "-A"], in: folder)
    try git(["commit", "-q", "-m", message], in: folder)
  }

  /// Rewrites a file, which the change must change.
  static func edit(_ file: String, _ change: (String) -> String) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let changed = change(text)
    #expect(changed != text, "the edit changed nothing in \(file)")
    try changed.write(toFile: file, atomically: true, encoding: .utf8)
  }
}
