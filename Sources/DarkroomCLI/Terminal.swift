import Darkroom
import Foundation

/// How the tool talks: results on standard output, one line each; progress on
/// standard error, redrawn in place only on an interactive terminal outside CI.
enum Terminal {
  /// Whether to draw a live progress line.
  static let isInteractive: Bool =
    isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil

  /// Prints a line to standard output.
  static func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Prints a run's warnings to standard error, one line each.
  static func warnings(_ summary: RunSummary) {
    for warning in summary.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
  }

  /// Prints `error: …` to standard error and exits with status 2 (bad input).
  static func fail(_ message: String) -> Never {
    if isInteractive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
  }

  /// Seconds with two decimals.
  static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
}
