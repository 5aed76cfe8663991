import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom record`: writes the goldens whose pixels changed.
  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Record goldens: write GOLDEN/<layout>/<mode>.png where pixels changed or the file is missing.")

    @OptionGroup var options: SharedOptions
    @OptionGroup var onlyOption: OnlyOption
    @OptionGroup var goldenOption: GoldenOption
    @OptionGroup var forceOption: ForceOption
    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      let settings = try options.settings(onlyOption, goldenOption, forceOption, cacheOption)
      let context = RenderContext()
      let baseline = settings.baseline(context: context)
      let summary = try options.session(settings, context: context).record(into: baseline)
      Console.warnings(summary)
      // A file's path, or the manifest and the entry's name.
      let manifest = settings.goldenFormat == .manifest
      func file(_ name: String) -> String { manifest ? "\(baseline.description): \(name)" : "\(settings.golden)/\(name)" }
      Console.list(
        summary.outcomes.filter { $0.status == .recorded }.map {
          "recorded \(file(manifest ? $0.name : $0.name + ".png")) (\($0.reason ?? "changed"))"
        }, more: "recorded")
      Console.list(
        summary.orphans.map { "orphan \(file($0)): no such layout, mode, locale or theme; \(settings.pruneCommand) removes it" },
        more: "orphans (\(settings.pruneCommand) lists them all)")
      let written = summary.count(.recorded)
      Console.line(
        "record: \(written) written, \(summary.outcomes.count - written) unchanged, in \(Console.seconds(summary.seconds))")
    }
  }

  /// `darkroom prune`: deletes goldens that belong to no layout or mode.
  struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List goldens with no layout or mode; delete them with --yes.")

    @OptionGroup var options: ProjectOptions
    @OptionGroup var goldenOption: GoldenOption

    @Flag(name: .long, help: "Delete the files (without it, only list them).")
    var yes = false

    func run() throws {
      let settings = try options.settings { goldenOption.apply(to: &$0) }
      let project = try settings.loadProject()
      if settings.goldenFormat == .manifest { return try pruneManifest(in: settings.golden, of: project) }
      let folder = GoldenFolder(root: settings.golden, working: settings.working, clock: settings.clock)
      let orphans = folder.orphans(of: project)
      if yes { try folder.delete(orphans) }
      Console.list(orphans.map { "\(yes ? "deleted" : "would delete") \(folder.root)/\($0)" }, more: "files")
      Console.line(
        orphans.isEmpty ? "prune: nothing to delete"
          : yes ? "prune: deleted \(orphans.count) file(s)" : "prune: \(orphans.count) file(s) to delete; run again with --yes")
    }

    /// The manifest's entries that belong to no layout or mode, removed with --yes.
    private func pruneManifest(in golden: String, of project: Project) throws {
      let file = GoldenManifest.path(in: golden)
      guard var manifest = try GoldenManifest.load(from: golden, in: Console.current.working) else {
        throw DarkroomError("no golden manifest to prune", file: file)
      }
      let orphans = manifest.orphans(of: project)
      if yes, !orphans.isEmpty {
        for name in orphans { manifest.entries[name] = nil }
        try FileStore.writeAtomically(
          Array(manifest.text.utf8), to: file, from: Console.current.working, interruption: Console.current.interruption)
      }
      Console.list(orphans.map { "\(yes ? "deleted" : "would delete") \(file): \($0)" }, more: "entries")
      Console.line(
        orphans.isEmpty ? "prune: nothing to delete"
          : yes ? "prune: deleted \(orphans.count) entr\(orphans.count == 1 ? "y" : "ies")"
          : "prune: \(orphans.count) entr\(orphans.count == 1 ? "y" : "ies") to delete; run again with --yes")
    }
  }
}
