import ArgumentParser
import Darkroom
import DarkroomRaster
import Foundation

/// The `darkroom` command: develops themed snapshots of YAML layouts.
public struct DarkroomCommand: ParsableCommand {
  /// The subcommands and the tool's help.
  public static let configuration = CommandConfiguration(
    commandName: "darkroom",
    abstract: "Develops themed snapshots: renders YAML layouts in every appearance mode and checks them against golden PNGs.",
    discussion: """
      Exit status: 0 when everything matches, 1 when a snapshot differs or has no golden,
      2 for bad input (one line, file:line:column: error: message).
      """,
    version: DarkroomVersion.current,
    subcommands: [
      Init.self, Render.self, Record.self, Verify.self, Review.self, Diff.self, Sheet.self, Prune.self, MergeReports.self, Audit.self,
      Palette.self, LintCommand.self, Export.self, Screenshots.self, Fonts.self, Bench.self,
    ])

  /// Creates the command (argument-parser fills it in).
  public init() {}

  /// Runs the tool with `arguments` (without the program name) on the current
  /// console and returns its exit status — what `main` does, without exiting, so
  /// tests can call the commands in-process.
  ///
  /// Every error becomes one line on standard error: bad input, usage mistakes
  /// included, exits 2; a help or version request prints and exits 0.
  public static func run(_ arguments: [String]) -> Int32 {
    switch parse(arguments) {
    case .command(var command): command.run()
    case .finished(let status): status
    }
  }

  /// `arguments` made into the command they name, a value that reads nothing yet —
  /// or, for a usage mistake or a help or version request, the status the tool
  /// exits with, its words already on the console.
  public static func parse(_ arguments: [String]) -> ParsedArguments {
    do {
      return .command(ParsedCommand(command: try parseAsRoot(arguments)))
    } catch {
      return .finished(status(for: error))
    }
  }

  /// Reports `error` and returns the exit status it means.
  static func status(for error: Error) -> Int32 {
    switch error {
    case let error as DarkroomError:
      Console.report(error.diagnostic)
      return 2
    case let error as PNGError:
      Console.report(Diagnostic(.error, error.description))
      return 2
    case let error as RasterError:
      Console.report(Diagnostic(.error, error.description))
      return 2
    case let differ as FacesDiffer:
      for line in differ.lines { Console.report(Diagnostic(.error, line)) }
      return 2
    case let exit as ExitCode:
      return exit.rawValue
    case let interrupted as Interrupted:
      Console.report(Diagnostic(.error, interrupted.description))
      return interrupted.exitStatus
    default:
      // Help and version requests succeed and print to standard output.
      if exitCode(for: error) == .success {
        // Argument-parser's own text, several lines: each made safe, none joined.
        Console.lines(fullMessage(for: error))
        return 0
      }
      // A usage mistake is bad input too: its first line (argument-parser adds
      // the usage below it), status 2.
      let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      Console.report(Diagnostic(.error, message))
      return 2
    }
  }
}

/// What a command line parses into: a command to run, or an exit status already.
public enum ParsedArguments {
  /// The command the arguments name, to run.
  case command(ParsedCommand)
  /// The status of a command line that ends at parsing: 0 for help or version,
  /// 2 for a usage mistake.
  case finished(Int32)
}

/// A command built from its arguments; running it reads and writes the project.
public struct ParsedCommand {
  var command: any ParsableCommand

  /// Runs the command on the current console and returns its exit status, every
  /// error reported in one line as ``DarkroomCommand/run(_:)`` does.
  public mutating func run() -> Int32 {
    do {
      try command.run()
      return 0
    } catch {
      return DarkroomCommand.status(for: error)
    }
  }
}
