import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom screenshots`: the store screenshots, where fastlane uploads them.
  struct Screenshots: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the store screenshots of screenshots.yml where fastlane's deliver and supply upload them.",
      discussion: """
        App Store: OUT/fastlane/screenshots/<locale>/<NN>_<display>_<page>.png. Google Play: \
        OUT/fastlane/metadata/android/<locale>/images/phoneScreenshots/<NN>_<page>.png. A contact \
        sheet per locale goes to SHEETS/<locale>.png. With several modes each is a set of its own \
        under OUT/<mode>/. Every page is checked against its store's rules before anything is \
        written; pages Darkroom wrote before that are no longer in the set are removed.
        """)

    @OptionGroup var project: ProjectOptions

    @Option(name: .long, help: "The folder fastlane/ is written into (default: the current folder).")
    var out = "."

    @Option(name: .long, help: "The folder the contact sheets are written into.")
    var sheets = ".darkroom/screenshots"

    @Option(
      name: .long,
      help: ArgumentHelp("Comma-separated locales to write (default: every locale of screenshots.yml).", valueName: "a,b"),
      transform: { try NameList.parse($0, flag: "--locales", noun: "locale", example: "en,de") })
    var locales: NameList?

    @Option(
      name: .long, help: ArgumentHelp("Comma-separated modes (default: those of screenshots.yml).", valueName: "a,b"),
      transform: { try NameList.parse($0, flag: "--modes", noun: "mode", example: "light") })
    var modes: NameList?

    @Option(
      name: .long, help: ArgumentHelp("Comma-separated stores: appstore, play (default: those of screenshots.yml).", valueName: "a,b"),
      transform: Screenshots.stores)
    var stores: [Store]?

    @Option(name: .long, help: "Threads to draw on (default: every core).")
    var jobs: Int?

    @Option(
      name: .long,
      help: ArgumentHelp("The most memory one page may need, as 512M or 2G (default 1G).", valueName: "size"),
      transform: SharedOptions.size)
    var maxMemory: Int?

    @Option(
      name: .long,
      help: ArgumentHelp("The most pages the run may draw (default \(SnapshotCap.defaultLimit)); more is refused before drawing.", valueName: "n"))
    var maxSnapshots: Int?

    func validate() throws {
      try SharedOptions.check(jobs: jobs)
      try SharedOptions.check(maxSnapshots: maxSnapshots)
    }

    static func stores(_ argument: String) throws -> [Store] {
      try Store.named(NameList.parse(argument, flag: "--stores", noun: "store", example: "appstore,play").names)
    }

    func run() throws {
      let settings = try project.settings { flags in
        flags.overrides.modes = modes?.names
        flags.overrides.locales = locales?.names
        flags.overrides.jobs = jobs
        flags.overrides.maxMemory = maxMemory
        flags.overrides.maxSnapshots = maxSnapshots
      }
      let folder = ProjectFolder.current()
      try folder.checkDestination(out + "/fastlane", what: "the store images' folder", given: true)
      try folder.checkDestination(sheets, what: "the contact sheets' folder", given: true)
      let loaded = try settings.loadProject()
      let export = try ScreenshotExport(
        project: loaded, modes: try loaded.modes(named: settings.modes),
        locales: try loaded.locales(named: settings.locales, at: settings.localesLocation), stores: stores, out: out,
        sheets: sheets, threads: settings.jobs, memory: settings.options.memory, progress: ProgressBar().update)
      try settings.snapshotCap.check(
        export.images.count, product: "store pages × devices × locales of \(ScreenshotSet.fileName)", at: nil,
        file: settings.layouts + "/" + ScreenshotSet.fileName)
      let summary = try export.run(interruption: Console.current.interruption)
      for notice in summary.notices { Console.report(notice) }
      for path in summary.removed { Console.line("removed \(path): no longer in the set") }
      for sheet in summary.sheets { Console.line("sheet \(sheet)") }
      var counts: [String] = []
      for store in Store.allCases {
        let count = export.images.filter { $0.path != nil && $0.snapshot.page?.target.store == store }.count
        if count > 0 { counts.append("\(count) for \(store.title)") }
      }
      let written = counts.isEmpty ? "no store image" : counts.joined(separator: ", ")
      Console.line(
        "screenshots: \(written) under \(out == "." ? "" : out + "/")fastlane/, \(summary.sheets.count) contact sheet(s), in \(Console.seconds(summary.seconds))")
    }
  }
}
