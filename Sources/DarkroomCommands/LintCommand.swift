import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom lint`: colour habits that break dark mode.
  struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lint",
      abstract: "Find raw palette colours and hex values in layouts, surfaces without a dark variant, and unused colours.",
      discussion: """
        Each finding is one line, file:line:column: warning: …. Problems that stop the \
        project from loading (unknown names, cycles) are errors with exit status 2; \
        warnings exit 0, or 1 with --strict.
        """)

    @OptionGroup var options: ProjectOptions

    @Flag(name: .long, help: "Exit with status 1 when there are warnings.")
    var strict = false

    func run() throws {
      let project = try options.settings().loadProject()
      let findings = try Lint.check(project)
      for finding in findings { Console.line(finding.description) }
      Console.line("lint: \(findings.count) warning(s)")
      if strict && !findings.isEmpty { throw ExitCode(1) }
    }
  }
}
