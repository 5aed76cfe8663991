import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom verify`: compares every snapshot with its golden.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Verify snapshots against goldens and write a report; never writes goldens unless --record says so.")

    @OptionGroup var options: SharedOptions
    @OptionGroup var compare: CompareFlags

    @OptionGroup var goldenOption: GoldenOption
    @OptionGroup var forceOption: ForceOption

    @Option(name: .long, help: "The report folder (default: .darkroom/report).")
    var report: String?

    @Option(name: .long, help: "Record goldens: never (default), missing, failed or all; also DARKROOM_RECORD.")
    var record: RecordMode?

    @Flag(name: .long, help: "Decode every golden, even when its stored digest matches the render.")
    var full = false

    @Flag(name: .long, help: "Audit the contrast of every snapshot, not only of those that need review.")
    var audit = false

    @Flag(name: .long, help: "Put a contact sheet of every layout in the report (every snapshot is drawn).")
    var sheets = false

    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      let config = try options.loadConfig()
      var run = cacheOption.applied(to: forceOption.applied(to: RunOptions()), config: config)
      run.compare = compare.options(config: config)
      run.full = full
      run.audit = audit
      run.sheets = sheets
      run.record = try record ?? Console.current.recordMode() ?? config.record ?? .never
      let golden = goldenOption.folder(config)
      let report = self.report ?? config.report ?? ".darkroom/report"
      let summary =
        goldenOption.format(config) == .manifest
        ? try verifyManifest(golden: golden, report: report, config: config, run: run)
        : try options.session(config: config, run: run).verify(golden: golden, report: report)
      Terminal.warnings(summary)
      for outcome in summary.outcomes where outcome.isFailure {
        let label = outcome.status == .failed ? "FAIL" : outcome.status == .missing ? "MISSING" : "RECORDED"
        var line = "\(label) \(outcome.name): \(ReportFolder.describe(outcome))"
        if outcome.status == .failed { line += "; diff: \(report)/\(outcome.name).diff.png" }
        // The golden's drawing summary says why, the cause first.
        if outcome.status == .failed, let why = outcome.explanation, !why.isEmpty { line += "; " + why.joined(separator: "; ") }
        Terminal.line(line)
      }
      for orphan in summary.orphans {
        Terminal.line("orphan \(golden)/\(orphan): no such layout or mode; darkroom prune removes it")
      }
      let failed = summary.count(.failed), missing = summary.count(.missing), recorded = summary.count(.recorded)
      var totals = "verify: \(summary.outcomes.count) snapshots, \(summary.count(.passed)) passed"
      if summary.cachedPasses > 0 { totals += " (\(summary.cachedPasses) from the cache)" }
      totals += ", \(failed) failed, \(missing) missing"
      if recorded > 0 { totals += ", \(recorded) recorded (re-run to verify them)" }
      totals += ", \(summary.decodedGoldens) decoded, in \(Terminal.seconds(summary.seconds)); report: \(report)/index.html"
      Terminal.line(totals)
      Terminal.appendStepSummary(report: report)
      if !summary.succeeded { throw ExitCode(1) }
    }

    /// Verifies against `GOLDEN/snapshots.json`: digests first; when some differ,
    /// their goldens are drawn from the commit that last changed the manifest (kept
    /// where exact) and the run is verified again against those images, so the
    /// report shows golden, render and diff as with PNG goldens.
    private func verifyManifest(golden: String, report: String, config: ProjectConfig, run: RunOptions) throws -> RunSummary {
      guard run.record == .never else {
        throw DarkroomError("verify --record writes PNG goldens; with the manifest golden format, darkroom record updates \(GoldenManifest.path(in: golden))")
      }
      var run = run
      run.manifest = try GoldenManifest.load(from: golden) ?? GoldenManifest()
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("darkroom-manifest-\(UUID().uuidString)").path
      Interruption.shared.track(scratch)
      defer { Interruption.shared.discard(scratch) }
      // Nothing is drawn there unless something fails: a passing run is one pass.
      let images = scratch + "/golden"
      let first = try options.session(config: config, run: run).verify(golden: images, report: report)
      let failed = Set(first.outcomes.filter { $0.status == .failed }.map(\.name))
      guard !failed.isEmpty, let manifest = run.manifest else { return first }
      run.notices = ManifestGoldens.draw(
        failed, of: manifest, golden: golden, layouts: options.project.layoutsDirectory(config), into: scratch,
        threads: options.jobs ?? config.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
      return try options.session(config: config, run: run).verify(golden: images, report: report)
    }

  }

  /// `darkroom merge-reports`: combines the reports of a sharded run.
  struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge-reports",
      abstract: "Combine the verify reports of shards (--shard K/N) into one report.")

    @Argument(help: "The shards' report folders.")
    var reports: [String]

    @Option(name: .long, help: "The combined report folder.")
    var out = ".darkroom/report"

    func validate() throws {
      if reports.isEmpty { throw ValidationError("merge-reports needs at least one report folder") }
    }

    func run() throws {
      let summary = try ReportFolder.merge(reports, into: out)
      Terminal.line(
        "merged \(reports.count) reports: \(summary.outcomes.count) snapshots, \(summary.outcomes.filter(\.isFailure).count) need review; report: \(out)/index.html")
      if !summary.succeeded { throw ExitCode(1) }
    }
  }
}
