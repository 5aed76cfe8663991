import DarkroomFoundation
import Foundation

/// The git repository a review reads its base from, through the `git` command —
/// only reading commands: the work tree, the index and the branches are never
/// touched.
public struct GitRepository: Sendable {
  /// The repository's top folder.
  public let root: String

  /// The repository holding `folder`.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when `folder` is in no git repository or git is
  ///   missing.
  public init(containing folder: String) throws(DarkroomError) {
    let top: String
    do {
      top = try Self.git(["rev-parse", "--show-toplevel"], in: folder)
    } catch let error as DarkroomError where error.message.hasPrefix(Self.notFound) {
      throw error
    } catch {
      throw DarkroomError("not a git repository: \(folder) (darkroom review reads the base from git)")
    }
    guard !top.isEmpty else { throw DarkroomError("not a git repository: \(folder) (darkroom review reads the base from git)") }
    root = top
  }

  /// The commit `ref` names.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` naming the ref, with the closest branch or tag name.
  public func commit(_ ref: String) throws(DarkroomError) -> String {
    try checkUnambiguous(ref)
    if !ref.hasPrefix("-"), let commit = try? Self.git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: root),
      !commit.isEmpty
    {
      return commit
    }
    let names = (try? Self.git(["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags"], in: root))?
      .split(separator: "\n").map(String.init) ?? []
    throw DarkroomError("unknown git revision '\(ref)'", suggestion: Suggestion.closest(to: ref, in: names))
  }

  /// Refuses a short name that names refs of different commits — a tag
  /// `origin/main` beside the remote branch: git takes the tag first, and anyone
  /// who can push a tag would choose the base a review compares with.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` naming the refs, for the full name to be given.
  private func checkUnambiguous(_ revision: String) throws(DarkroomError) {
    // The name a revision starts from: `origin/main~1` is `origin/main`'s parent.
    let ref = String(revision.prefix { !"~^@:".contains($0) })
    guard !ref.isEmpty, !ref.hasPrefix("-"), !ref.hasPrefix("refs/") else { return }
    let candidates = ["refs/", "refs/tags/", "refs/heads/", "refs/remotes/"].map { $0 + ref } + ["refs/remotes/\(ref)/HEAD"]
    guard let listed = try? Self.git(["for-each-ref", "--format=%(refname)"] + candidates, in: root) else { return }
    let names = listed.split(separator: "\n").map(String.init).filter(candidates.contains)
    guard names.count > 1 else { return }
    let commits = Set(names.map { (try? Self.git(["rev-parse", "--verify", "--quiet", $0 + "^{commit}"], in: root)) ?? $0 })
    guard commits.count > 1 else { return }
    throw DarkroomError(
      "ambiguous git revision '\(ref)': \(names.joined(separator: " and ")) name different commits; give the full name of the one to review against")
  }

  /// The default base: where this branch left `origin/main`, else `main` (by their
  /// full names, so a tag named like them is not taken instead).
  public func defaultBase() throws(DarkroomError) -> String {
    for upstream in ["refs/remotes/origin/main", "refs/heads/main"] {
      if let base = try? Self.git(["merge-base", "HEAD", upstream], in: root), !base.isEmpty { return base }
    }
    throw DarkroomError("no base to review against: neither origin/main nor main has a common commit with HEAD; pass --base REF")
  }

  /// The last commit that changed `path` (a path in the work tree; relative: inside
  /// `working`), or nil when none did (the file is not committed).
  public func lastCommit(changing path: String, from working: WorkingFolder) throws(DarkroomError) -> String? {
    let relative = try relativePath(of: path, from: working)
    let commit = try? Self.git(["log", "-1", "--format=%H", "--", relative.isEmpty ? "." : relative], in: root)
    return commit.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `path` (a file or folder of the work tree) as a path inside the repository.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when it is outside the repository.
  public func relativePath(of path: String, from working: WorkingFolder) throws(DarkroomError) -> String {
    let full = URL(fileURLWithPath: working.resolve(path)).standardizedFileURL.resolvingSymlinksInPath().path
    let top = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
    if full == top { return "" }
    guard full.hasPrefix(top + "/") else {
      throw DarkroomError("outside the git repository \(root)", file: path)
    }
    return String(full.dropFirst(top.count + 1))
  }

  /// Writes the files under `path` (relative to the root) as they are at `commit`
  /// into `folder`, one write for `interruption` to wait for; false when the commit
  /// has no such path.
  public func export(_ path: String, at commit: String, into folder: String, interruption: Interruption)
    throws(DarkroomError) -> Bool
  {
    let spec = path.isEmpty ? "." : path
    guard (try? Self.git(["cat-file", "-e", "\(commit):\(path)"], in: root)) != nil else { return false }
    let archive = folder + "/base.tar"
    do {
      // One write for a second Ctrl-C to wait for: git and tar are not stopped
      // halfway and left filling a folder the run has removed.
      try interruption.writing {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try Self.git(["archive", "--format=tar", "--output", archive, commit, "--", spec], in: root)
        _ = try Self.run("/usr/bin/env", ["tar", "-xf", archive, "-C", folder], in: root)
        try FileManager.default.removeItem(atPath: archive)
      }
    } catch {
      throw DarkroomError("cannot read \(path) at \(commit.prefix(12)) from git: \(error)")
    }
    return true
  }

  /// The start of the message when there is no git to run.
  static let notFound = "git was not found on PATH"

  /// The output of `git args` (trimmed), or an error with git's message.
  static func git(_ arguments: [String], in folder: String) throws -> String {
    try run("/usr/bin/env", ["git", "-C", folder] + arguments, in: folder)
  }

  private static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // env(1) exits 127 when the program is not on PATH.
    if process.terminationStatus == 127, arguments.first == "git" {
      throw DarkroomError("\(notFound); install git, or put it on PATH (darkroom review reads the base with git)")
    }
    guard process.terminationStatus == 0 else {
      throw DarkroomError(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
