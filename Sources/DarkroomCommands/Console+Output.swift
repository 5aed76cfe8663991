import Darkroom
import Foundation

/// How the tool talks, through the current console: results on standard output, one
/// line each; diagnostics and progress on standard error, progress redrawn in place
/// only on an interactive terminal outside CI.
extension Console {
  /// Prints a line to standard output.
  static func line(_ text: String) {
    Console.current.writeOutput(text + "\n")
  }

  /// Appends a report's `summary.md` to `$GITHUB_STEP_SUMMARY`, which GitHub
  /// Actions shows on the run's page (verify and review do it when it is set).
  static func appendStepSummary(report: String) {
    guard let path = Console.current.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty,
      let markdown = FileManager.default.contents(atPath: "\(report)/summary.md"),
      let handle = FileHandle(forWritingAtPath: path)
    else { return }
    handle.seekToEndOfFile()
    handle.write(markdown)
    handle.closeFile()
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
