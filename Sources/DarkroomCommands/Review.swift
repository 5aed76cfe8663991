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
        base's renders as goldens; exit 0 when nothing changed visually, 1 when something did. Both sides are \
        compared exactly, in every mode and locale, unless this command line says otherwise: a tolerance in \
        darkroom.yml or a layout, or modes and locales darkroom.yml narrows to, are the pull request's own to change.
        """)

    @OptionGroup var options: SharedOptions
    @OptionGroup var onlyOption: OnlyOption
    @OptionGroup var compare: CompareArguments
    @OptionGroup var imagesOption: ImagesOption

    @Option(name: .long, help: "The git revision to compare with (default: the merge base with origin/main, else main).")
    var base: String?

    @Option(name: .long, help: "The report folder (default: .darkroom/report).")
    var report: String?

    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      var settings = try options.settings(onlyOption, compare, imagesOption, cacheOption) { $0.overrides.report = report }
      // Both sides are drawn here, by this build, so any pixel that differs is a
      // change. A tolerance in darkroom.yml or a layout, and the modes and locales
      // darkroom.yml narrows a run to, are the pull request's to change: a review
      // takes them from its command line only.
      var given = RunSettings.Flags()
      compare.apply(to: &given)
      settings.options.compare = given.overrides.compare.applied(to: CompareOptions())
      settings.options.layoutsCompare = false
      // A review writes no goldens, whatever darkroom.yml or DARKROOM_RECORD say.
      settings.options.record = .never
      settings.modes = options.modes?.names
      settings.locales = options.locales?.names
      settings.localesLocation = nil
      let context = RenderContext()
      let session = try options.session(settings, context: context)
      let repository = try GitRepository(containing: Console.current.working.path)
      let commit = try base.map { ref throws(DarkroomError) in try repository.commit(ref) } ?? repository.defaultBase()
      let label = base ?? "the merge base \(commit.prefix(12))"
      // The base is drawn in the modes and locales asked for, so its other ones are
      // not taken for removed snapshots.
      let baseline = ReviewBaseline(
        repository: repository, commit: commit, label: label, layouts: settings.layouts, modes: settings.modes,
        locales: settings.locales, context: context, cache: session.cache)
      let summary = try session.verify(against: baseline, report: settings.report)
      Console.warnings(summary)
      let changes = summary.outcomes.filter(\.isFailure).map { outcome in
        let kind = outcome.status == .missing ? "ADDED" : "CHANGED"
        let why = (outcome.explanation ?? []).filter { $0 != "added" }
        return "\(kind) \(outcome.name)" + (why.isEmpty ? "" : ": " + why.joined(separator: "; "))
      }
      Console.list(changes, more: "(the report lists every one: \(settings.report)/index.html)")
      Console.list((summary.removed ?? []).map { "REMOVED \($0)" }, more: "removed (the report lists them all)")
      let changed = summary.count(.failed), added = summary.count(.missing), removed = summary.removed?.count ?? 0
      Console.line(
        "review against \(label): \(summary.outcomes.count) snapshots, \(changed) changed, \(added) added, \(removed) removed; report: \(settings.report)/index.html")
      Console.appendStepSummary(report: settings.report)
      if !summary.succeeded { throw ExitCode(1) }
    }
  }
}
