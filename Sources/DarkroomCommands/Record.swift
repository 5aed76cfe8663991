import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom record`: writes the goldens whose pixels changed.
  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Record goldens: write GOLDEN/<layout>/<mode>.png where pixels changed or the file is missing.")

    @OptionGroup var options: SharedOptions
    @OptionGroup var goldenOption: GoldenOption
    @OptionGroup var forceOption: ForceOption
    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      let config = try options.loadConfig()
      let golden = goldenOption.folder(config)
      let run = cacheOption.applied(to: forceOption.applied(to: RunOptions()), config: config)
      let session = try options.session(config: config, run: run)
      let manifest = goldenOption.format(config) == .manifest
      let summary = try manifest ? session.recordManifest(golden: golden) : session.record(golden: golden)
      Terminal.warnings(summary)
      for outcome in summary.outcomes where outcome.status == .recorded {
        let file = manifest ? "\(GoldenManifest.path(in: golden)): \(outcome.name)" : "\(golden)/\(outcome.name).png"
        Terminal.line("recorded \(file) (\(outcome.reason ?? "changed"))")
      }
      for orphan in summary.orphans {
        let file = manifest ? "\(GoldenManifest.path(in: golden)): \(orphan)" : "\(golden)/\(orphan)"
        Terminal.line("orphan \(file): no such layout or mode; darkroom prune removes it")
      }
      let written = summary.count(.recorded)
      Terminal.line(
        "record: \(written) written, \(summary.outcomes.count - written) unchanged, in \(Terminal.seconds(summary.seconds))")
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
      let config = try options.loadConfig()
      let project = try Project.load(layoutsDirectory: options.layoutsDirectory(config))
      let store = GoldenStore(root: goldenOption.folder(config))
      if goldenOption.format(config) == .manifest { return try pruneManifest(in: store.root, of: project) }
      let orphans = store.orphans(of: project)
      if yes { try store.delete(orphans) }
      for orphan in orphans { Terminal.line("\(yes ? "deleted" : "would delete") \(store.root)/\(orphan)") }
      Terminal.line(
        orphans.isEmpty ? "prune: nothing to delete"
          : yes ? "prune: deleted \(orphans.count) file(s)" : "prune: \(orphans.count) file(s) to delete; run again with --yes")
    }

    /// The manifest's entries that belong to no layout or mode, removed with --yes.
    private func pruneManifest(in golden: String, of project: Project) throws {
      let file = GoldenManifest.path(in: golden)
      guard var manifest = try GoldenManifest.load(from: golden) else {
        throw DarkroomError("no golden manifest to prune", file: file)
      }
      let orphans = manifest.orphans(of: project)
      if yes, !orphans.isEmpty {
        for name in orphans { manifest.entries[name] = nil }
        try FileStore.writeAtomically(Array(manifest.text.utf8), to: file)
      }
      for orphan in orphans { Terminal.line("\(yes ? "deleted" : "would delete") \(file): \(orphan)") }
      Terminal.line(
        orphans.isEmpty ? "prune: nothing to delete"
          : yes ? "prune: deleted \(orphans.count) entr\(orphans.count == 1 ? "y" : "ies")"
          : "prune: \(orphans.count) entr\(orphans.count == 1 ? "y" : "ies") to delete; run again with --yes")
    }
  }
}
