import Darkroom
import Foundation

/// Where a command's words go and what it knows of the world outside it: the folder
/// it runs in, its environment variables, whether a person watches standard error,
/// the time, and what stops it (a signal to the process).
///
/// The tool runs with ``standard``; tests run commands in-process with a console
/// that captures both streams, so a command is a value to call, not a process to
/// spawn. The current console is a task-local value: code that hands work to other
/// threads captures it first.
public struct Console: Sendable {
  /// The folder the command runs in, where the relative paths it is given start:
  /// handed down as a value, so nothing below the command line reads the process's
  /// working directory and commands given different folders run side by side.
  public var working: WorkingFolder
  /// The environment variables the command sees.
  public var environment: [String: String]
  /// Whether standard error is an interactive terminal.
  public var isTerminal: Bool
  /// Writes text to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// The time the command reads.
  public var clock: WallClock
  /// What stops the command and removes what it was writing: handed to everything
  /// it writes with, never looked up.
  public var interruption: Interruption

  /// Creates a console. A console of its own is stopped only by its caller: the
  /// `darkroom` executable installs the signal handlers on ``standard``'s.
  public init(
    working: WorkingFolder, environment: [String: String], isTerminal: Bool,
    writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    clock: WallClock = .system, interruption: Interruption = Interruption()
  ) {
    self.working = working
    self.environment = environment
    self.isTerminal = isTerminal
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.clock = clock
    self.interruption = interruption
  }

  /// The process's own working directory, streams and environment, and its
  /// interruption (the executable installs its handlers for SIGINT and SIGTERM).
  public static let standard = Console(
    working: WorkingFolder(FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) == 1,
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })

  /// The console of the command being run.
  @TaskLocal public static var current = Console.standard

  /// Whether to draw live progress: on an interactive terminal, outside CI.
  public var showsProgress: Bool { isTerminal && environment["CI"] == nil }

  /// Whether GitHub Actions runs the command, which then also prints each
  /// diagnostic as an annotation.
  public var isGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }
}
