import Darkroom
import Dispatch
import Foundation
import Synchronization
import Testing

/// The folder a command runs in is a value its console hands down (``WorkingFolder``),
/// never the process's working directory: the relative paths a user types, the
/// defaults and the paths built from them are kept as written for every message,
/// and resolved against that value only where a file is opened, listed or written.
@Suite("Working folder")
struct WorkingFolderTests {
  @Test func aRelativePathStartsInTheFolderAndAnAbsoluteOneIsItself() {
    let folder = WorkingFolder("/work/app")
    #expect(folder.resolve("Layouts/card.yml") == "/work/app/Layouts/card.yml")
    #expect(folder.resolve("../Design") == "/work/app/../Design", "`..` is left to the file system, as written")
    #expect(folder.resolve("/tmp/report") == "/tmp/report")
    #expect(folder.resolve("") == "/work/app")
    #expect(folder.resolve(".") == "/work/app")
    #expect(WorkingFolder.root.resolve("Golden") == "/Golden")
    // A package's own call means the process's directory, which the file system knows.
    #expect(WorkingFolder.process.resolve("Layouts/theme.yml") == "Layouts/theme.yml")
    #expect(WorkingFolder.process.resolve("/tmp/theme.yml") == "/tmp/theme.yml")
    // A path resolved once is resolved: writers resolve a staging folder once and
    // hand the result back with the same folder.
    for working in [folder, .root, .process] {
      for path in ["Golden/card/light.png", "../Design", "/tmp/r", ".", ""] {
        #expect(working.resolve(working.resolve(path)) == working.resolve(path), "\(working) \(path)")
      }
    }
  }

  /// Run by `swift test`, the process's working directory is the package, which has
  /// a `Layouts/` and a `Golden/` of its own (the showcase): a command that read
  /// the process's directory would verify them instead.
  @Test func aCommandReadsTheFolderItIsGivenNotTheProcesses() throws {
    let empty = try TemporaryFolder()
    let run = darkroom(["verify", "--no-cache"], in: empty.path)
    #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.hasPrefix("Layouts: error: no layouts folder at 'Layouts'"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "nothing written")
  }

  /// Two commands in two projects at once, in one process: each reads and writes its
  /// own folder, and says so in the paths as they were given.
  @Test func commandsInTwoFoldersRunSideBySide() throws {
    let changed = try TestProject(), unchanged = try TestProject()
    try changed.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let before = try FileStore.read(unchanged.golden + "/card/light.png", what: "a golden", from: .root)
    let runs = Mutex<[CommandRun?]>([nil, nil])
    let folders = [changed.path, unchanged.path]
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let run = darkroom(["verify", "--no-cache", "--report", "report"], in: folders[index])
      runs.withLock { $0[index] = run }
    }
    let (first, second) = runs.withLock { ($0[0], $0[1]) }
    let failing = try #require(first), passing = try #require(second)
    #expect(failing.status == 1, "\(failing.stdout)\(failing.stderr)")
    #expect(failing.stdout.contains("FAIL card/light: "))
    #expect(failing.stdout.contains("report: report/index.html"), "the path as given, not made absolute")
    #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
    #expect(!passing.stdout.contains("FAIL"))
    for folder in folders {
      #expect(FileManager.default.fileExists(atPath: folder + "/report/results.json"), "each report in its own folder")
    }
    #expect(try FileStore.read(unchanged.golden + "/card/light.png", what: "a golden", from: .root) == before)
  }
}
