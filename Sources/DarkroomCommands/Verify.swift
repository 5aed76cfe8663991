import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom verify`: compares every snapshot with its golden.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Verify snapshots against goldens and write a report; never writes goldens unless --record says so.")

    @OptionGroup var options: SharedOptions
    @OptionGroup var onlyOption: OnlyOption
    @OptionGroup var compare: CompareArguments
    @OptionGroup var goldenOption: GoldenOption
    @OptionGroup var forceOption: ForceOption
    @OptionGroup var imagesOption: ImagesOption

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
      let settings = try options.settings(onlyOption, compare, goldenOption, forceOption, imagesOption, cacheOption) { flags in
        flags.overrides.report = report
        flags.overrides.record = record
        flags.run.full = full
        flags.run.audit = audit
        flags.run.sheets = sheets
      }
      let context = RenderContext()
      let session = try options.session(settings, context: context)
      let summary = try session.verify(against: settings.baseline(context: context), report: settings.report)
      Console.warnings(summary)
      let failures = summary.outcomes.filter(\.isFailure).map { outcome in
        let label = outcome.status == .failed ? "FAIL" : outcome.status == .missing ? "MISSING" : "RECORDED"
        var line = "\(label) \(outcome.name): \(ReportFolder.describe(outcome))"
        // The golden's drawing summary says why, the cause first.
        if outcome.status == .failed, let why = outcome.explanation, !why.isEmpty { line += "; " + why.joined(separator: "; ") }
        return line
      }
      Console.list(failures, more: "(the report lists every one: \(settings.report)/index.html)")
      Console.list(
        summary.orphans.map { "orphan \(settings.golden)/\($0): no such layout, mode, locale or theme; \(settings.pruneCommand) removes it" },
        more: "orphans (\(settings.pruneCommand) lists them all)")
      let failed = summary.count(.failed), missing = summary.count(.missing), recorded = summary.count(.recorded)
      var totals = "verify: \(summary.outcomes.count) snapshots, \(summary.count(.passed)) passed"
      let tolerated = summary.toleratedPasses.count
      if summary.cachedPasses > 0 || tolerated > 0 {
        let parts = [
          summary.cachedPasses > 0 ? "\(summary.cachedPasses) from the cache" : nil,
          tolerated > 0 ? "\(tolerated) within the tolerance allowed, their pixels differing" : nil,
        ]
        totals += " (\(parts.compactMap { $0 }.joined(separator: ", ")))"
      }
      totals += ", \(failed) failed, \(missing) missing"
      if recorded > 0 { totals += ", \(recorded) recorded (re-run to verify them)" }
      totals += ", \(summary.decodedGoldens) decoded, in \(Console.seconds(summary.seconds)); report: \(settings.report)/index.html"
      Console.line(totals)
      Console.appendStepSummary(report: settings.report)
      if !summary.succeeded { throw ExitCode(1) }
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
      let summary = try ReportFolder.merge(
        reports, into: out, from: Console.current.working, interruption: Console.current.interruption)
      Console.line(
        "merged \(reports.count) reports: \(summary.outcomes.count) snapshots, \(summary.outcomes.filter(\.isFailure).count) need review; report: \(out)/index.html")
      if !summary.succeeded { throw ExitCode(1) }
    }
  }
}
