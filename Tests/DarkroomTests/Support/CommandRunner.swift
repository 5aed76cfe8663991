import Darkroom
import DarkroomCommands
import Foundation
import Synchronization
import Testing

/// What a command printed and the status it exits with.
struct CommandRun {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// Runs `darkroom` in-process, as the executable would with these arguments, in
/// `directory`: the commands are types, so a test calls them instead of spawning a
/// process. Standard output and error are captured, the environment is `CI=true`
/// and `extra` only (a developer's own `DARKROOM_RECORD` must not leak in).
///
/// The folder is the console's, a value the command hands down: nothing reads the
/// process's working directory, so commands in different folders run side by side,
/// as the tests do. A test that names none (a help request, a diff of two files named
/// by absolute paths) runs in an empty folder.
func darkroom(
  _ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
  clock: WallClock = .system
) -> CommandRun {
  let out = Mutex(""), err = Mutex("")
  let console = Console(
    working: WorkingFolder(directory ?? emptyFolder),
    environment: ["CI": "true", "DARKROOM_CACHE_KEY": testCacheKey].merging(extra) { $1 }, isTerminal: false,
    writeOutput: { text in out.withLock { $0 += text } }, writeError: { text in err.withLock { $0 += text } }, clock: clock)
  let status = Console.$current.withValue(console) { DarkroomCommand.run(arguments) }
  return CommandRun(status: status, stdout: out.withLock { $0 }, stderr: err.withLock { $0 })
}

/// An empty folder, for the commands a test runs without naming one.
private let emptyFolder: String = {
  let path = NSTemporaryDirectory() + "darkroom-tests-empty-\(getpid())"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}()

/// The system's clock moved forward at a test's word: a golden written now is
/// settled after ``advance(by:)`` a second, without the test sleeping.
final class MovableClock: Sendable {
  private let offset = Mutex(0.0)

  /// The clock a command or a golden folder reads.
  var clock: WallClock { WallClock { [self] in Date().timeIntervalSince1970 + offset.withLock { $0 } } }

  /// Moves the time `seconds` forward.
  func advance(by seconds: Double) { offset.withLock { $0 += seconds } }

  /// Back to the system's time: what is written next is new again.
  func reset() { offset.withLock { $0 = 0 } }
}

/// The key that signs the warm caches tests make: in the temporary folder, never the
/// developer's own.
let testCacheKey = NSTemporaryDirectory() + "darkroom-tests-cache-key-\(getpid())/cache-key"

/// Runs the built `darkroom` executable (not the commands in-process) in `directory`,
/// for what only the process itself does: main's error mapping, finding git on
/// PATH, reading its real environment. Gives its exit status, standard output and
/// standard error.
func spawnDarkroom(_ arguments: [String], in directory: String, environment: [String: String]? = nil) throws
  -> (status: Int32, stdout: String, stderr: String)
{
  let executable = Bundle.main.bundleURL.appendingPathComponent("darkroom")
  try #require(FileManager.default.isExecutableFile(atPath: executable.path))
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  // Standard output goes to a file: two pipes read one after the other could each
  // wait for the other to be drained.
  let scratch = try TemporaryFolder()
  let outPath = scratch.path + "/stdout"
  try #require(FileManager.default.createFile(atPath: outPath, contents: nil))
  let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
  defer { try? out.close() }
  let err = Pipe()
  process.standardError = err
  process.standardOutput = out
  try process.run()
  let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let stdout = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
  return (process.terminationStatus, stdout, stderr)
}
