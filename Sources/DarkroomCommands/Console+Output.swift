import Darkroom
import Foundation

/// How the tool talks, through the current console: results on standard output, one
/// line each; diagnostics and progress on standard error, progress redrawn in place
/// only on an interactive terminal outside CI.
///
/// Every line goes through ``TerminalText/line(_:)``, whatever input it quotes: a
/// label's text, a file's name or a key cannot end the line or start a CI runner's
/// workflow command.
extension Console {
  /// Prints a line to standard output.
  static func line(_ text: String) {
    Console.current.writeOutput(TerminalText.line(text) + "\n")
  }

  /// Prints several lines at once (a display list's dump), each made safe.
  static func lines(_ text: String) {
    Console.current.writeOutput(TerminalText.lines(text) + "\n")
  }

  /// Appends a report's `summary.md` to `$GITHUB_STEP_SUMMARY`, which GitHub
  /// Actions shows on the run's page (verify and review do it when it is set).
  static func appendStepSummary(report: String) {
    guard let path = Console.current.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty,
      let markdown = FileManager.default.contents(atPath: Console.current.working.resolve("\(report)/summary.md")),
      let handle = FileHandle(forWritingAtPath: Console.current.working.resolve(path))
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
    console.writeError(TerminalText.line(diagnostic.description) + "\n")
    if console.isGitHubActions { console.writeOutput(diagnostic.githubAnnotation + "\n") }
  }

  /// Prints a run's warnings, each once.
  static func warnings(_ summary: RunSummary) {
    for warning in summary.warnings { report(warning) }
  }

  /// Seconds with two decimals.
  static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
}

extension Console {
  /// The most lines one list prints (orphans, removed snapshots, failures); the rest
  /// are counted, and the report lists them all.
  static let listedLines = 100

  /// Prints the lines of a list, at most ``listedLines`` of them, then how many more
  /// there are and where to find them.
  static func list(_ lines: [String], more: String) {
    for text in lines.prefix(listedLines) { line(text) }
    if lines.count > listedLines { line("… and \(lines.count - listedLines) more \(more)") }
  }
}
