import ArgumentParser
import Darkroom
import Foundation

/// Options every snapshot command takes.
struct SharedOptions: ParsableArguments {
  @Option(name: .long, help: "The folder with theme.yml and the layouts.")
  var layouts = "Layouts"

  @Option(name: .long, help: "Comma-separated modes to render (default: every mode of the theme).")
  var modes: String?

  @Option(name: .long, help: "Threads to render on (default: every core).")
  var jobs: Int?

  /// Loads the project and builds a session; every input error surfaces here,
  /// before any file is written.
  func session() throws -> SnapshotSession {
    if let jobs, jobs < 1 { throw DarkroomError("--jobs must be at least 1, found \(jobs)") }
    let project = try Project.load(layoutsDirectory: layouts)
    let names = modes?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let modes = try project.modes(named: names)
    return SnapshotSession(
      project: project, modes: modes, threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
      progress: Terminal.progress)
  }
}
