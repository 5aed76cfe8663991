import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom review --base REF`: what a change does to the pictures, from git.
  struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render the layouts as they are at a git revision and as they are now, and report what changed and why.",
      discussion: """
        The base (default: the merge base with origin/main, else main) is read with git into a temporary \
        folder; the work tree, the index and the branches are not touched. The report is verify's, with the \
        base's renders as goldens; exit 0 when nothing changed visually, 1 when something did.
        """)

    @OptionGroup var options: SharedOptions
    @OptionGroup var compare: CompareFlags

    @Option(name: .long, help: "The git revision to compare with (default: the merge base with origin/main, else main).")
    var base: String?

    @Option(name: .long, help: "The report folder (default: .darkroom/report).")
    var report: String?

    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      let config = try options.loadConfig()
      let layouts = options.layoutsDirectory(config)
      let current = try Project.load(layoutsDirectory: layouts)
      let repository = try GitRepository(containing: FileManager.default.currentDirectoryPath)
      let commit = try base.map { ref throws(DarkroomError) in try repository.commit(ref) } ?? repository.defaultBase()
      let label = base ?? "the merge base \(commit.prefix(12))"
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("darkroom-review-\(UUID().uuidString)").path
      // A second Ctrl-C exits at once, removing what the run tracks: the scratch
      // folder too.
      Interruption.shared.track(scratch)
      defer { Interruption.shared.discard(scratch) }
      let golden = scratch + "/golden"
      let baseProject = try BaseCheckout(repository: repository, commit: commit, label: label)
        .project(layouts: layouts, into: scratch + "/base")
      if let baseProject {
        let requested = options.modes?.names ?? config.modes
        let modes = baseProject.theme.modes.filter { requested?.contains($0.name) ?? true }
        if !modes.isEmpty {
          // The base is drawn in the locales asked for too, so its extra ones are not
          // taken for removed snapshots.
          var baseRun = RunOptions()
          if let names = options.locales?.names ?? config.locales {
            let wanted = Set(names.map { LocaleID($0) })
            baseRun.locales = baseProject.theme.locales.filter { wanted.contains($0) }
          }
          _ = try SnapshotSession(
            project: baseProject, modes: modes, threads: options.jobs ?? config.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            options: baseRun
          ).record(golden: golden)
        }
      }
      var run = cacheOption.applied(to: RunOptions(), config: config)
      run.compare = compare.options(config: config)
      run.reviewBase = label
      let report = self.report ?? config.report ?? ".darkroom/report"
      let summary = try options.session(project: current, config: config, run: run).verify(golden: golden, report: report)
      Terminal.warnings(summary)
      for outcome in summary.outcomes where outcome.isFailure {
        let kind = outcome.status == .missing ? "ADDED" : "CHANGED"
        let why = (outcome.explanation ?? []).filter { $0 != "added" }
        Terminal.line("\(kind) \(outcome.name)" + (why.isEmpty ? "" : ": " + why.joined(separator: "; ")))
      }
      for name in summary.removed ?? [] { Terminal.line("REMOVED \(name)") }
      let changed = summary.count(.failed), added = summary.count(.missing), removed = summary.removed?.count ?? 0
      Terminal.line(
        "review against \(label): \(summary.outcomes.count) snapshots, \(changed) changed, \(added) added, \(removed) removed; report: \(report)/index.html")
      Terminal.appendStepSummary(report: report)
      if !summary.succeeded { throw ExitCode(1) }
    }
  }
}
