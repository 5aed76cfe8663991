import Darkroom
import Foundation

/// How the tool talks: results on standard output, one line each; diagnostics and
/// progress on standard error, progress redrawn in place only on an interactive
/// terminal outside CI.
enum Terminal {
  /// Prints a line to standard output.
  static func line(_ text: String) {
    Console.current.writeOutput(text + "\n")
  }

  /// Prints a diagnostic on standard error, one line, and under GitHub Actions also
  /// as an annotation.
  static func report(_ diagnostic: Diagnostic) {
    let console = Console.current
    if console.showsProgress { console.writeError("\r\u{1B}[K") }
    console.writeError(diagnostic.description + "\n")
    if console.isGitHubActions { console.writeOutput(diagnostic.githubAnnotation + "\n") }
  }

  /// Prints a run's warnings, each once.
  static func warnings(_ summary: RunSummary) {
    for warning in summary.warnings { report(warning) }
  }

  /// Seconds with two decimals.
  static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
}
