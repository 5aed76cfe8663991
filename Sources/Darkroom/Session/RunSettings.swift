import DarkroomFoundation
import DarkroomRendering
import Foundation

/// The settings of one run, worked out once from what the command line says, then
/// `darkroom.yml`, then the environment where a setting has a variable, then the
/// defaults (``resolve(_:config:environment:cores:project:)``) — so no command spells that
/// order itself.
public struct RunSettings: Sendable {
  /// What the command line gave; nil (or false) where it said nothing.
  public struct Flags: Sendable {
    /// What it gave of the settings `darkroom.yml` holds too (`--layouts`,
    /// `--golden`, `--modes`, `--jobs`, `--record`, the comparison, `--no-cache` as
    /// `cache: false`…), which win over the file's.
    public var overrides = ProjectConfig()
    /// What only the command line sets: `--shard`, `--only`, `--force`, `--full`,
    /// `--audit`, `--sheets`. (Its comparison, record mode and memory limit are read
    /// from ``overrides``, over the file's.)
    public var run = RunOptions()

    /// Nothing given.
    public init() {}
  }

  /// The folder with `theme.yml` and the layouts. Default: `Layouts`.
  public var layouts = "Layouts"
  /// The golden folder. Default: `Golden`.
  public var golden = "Golden"
  /// How goldens are kept. Default: PNG files.
  public var goldenFormat = GoldenFormat.png
  /// The report folder. Default: `.darkroom/report`.
  public var report = ".darkroom/report"
  /// The modes named (nil: every mode of the theme).
  public var modes: [String]?
  /// The locales named (nil: every locale of the theme).
  public var locales: [String]?
  /// Where `darkroom.yml` named the locales, for messages about them.
  public var localesLocation: SourceLocation?
  /// Threads to draw on. Default: every core.
  public var jobs = 1
  /// Whether the warm cache is read and written. Default: yes.
  public var cache = true
  /// Where the warm cache lives.
  public var cacheFolder = ".darkroom/cache"
  /// The key that signs the warm cache (outside the project; ``CacheAuthentication``).
  public var cacheKey = ""
  /// The most snapshots the run may draw. Default: ``SnapshotCap/defaultLimit``.
  public var snapshotCap = SnapshotCap()
  /// The time a run reads (whether a golden is settled); the system's unless a test
  /// sets one.
  public var clock = WallClock.system
  /// The folder the command runs in, where the relative folders above start.
  public var working = WorkingFolder.process
  /// What the run does beyond its project and modes: comparison, recording, shard,
  /// filter, memory, report contents.
  public var options = RunOptions()

  /// The defaults.
  public init() {}

  /// The settings `flags` give over `config`, the environment and the defaults.
  ///
  /// - Parameters:
  ///   - environment: the variables the command sees (`DARKROOM_RECORD`).
  ///   - cores: the threads to use when neither the flags nor the config say.
  ///   - clock: the time the run reads.
  ///   - project: the folder the project's own choice of folders must stay in.
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a record mode in the environment that does not
  ///   exist, or a folder the flags did not give that leads outside `project`.
  public static func resolve(
    _ flags: Flags, config: ProjectConfig, environment: [String: String], cores: Int,
    clock: WallClock = .system, project: ProjectFolder
  ) throws(DarkroomError) -> RunSettings {
    let given = flags.overrides
    func pick<Value>(_ key: KeyPath<ProjectConfig, Value?>) -> Value? { given[keyPath: key] ?? config[keyPath: key] }
    var settings = RunSettings()
    settings.clock = clock
    settings.working = project.working
    settings.layouts = pick(\.layouts) ?? settings.layouts
    settings.golden = pick(\.golden) ?? settings.golden
    settings.goldenFormat = pick(\.goldenFormat) ?? settings.goldenFormat
    settings.report = pick(\.report) ?? settings.report
    settings.modes = pick(\.modes)
    settings.locales = pick(\.locales)
    settings.localesLocation = given.locales == nil ? config.localesLocation : nil
    settings.jobs = pick(\.jobs) ?? cores
    settings.cache = pick(\.cache) ?? settings.cache
    if let cap = pick(\.maxSnapshots) { settings.snapshotCap = SnapshotCap(cap) }
    // Outside the project, named by the environment: a relative name starts where
    // the command runs.
    settings.cacheKey = project.working.resolve(CacheAuthentication.keyFile(environment: environment))
    var options = flags.run
    let environmentRecord = try RecordMode.fromEnvironment(environment)
    options.record = given.record ?? environmentRecord ?? config.record ?? .never
    options.compare = given.compare.applied(to: config.compare.applied(to: CompareOptions()))
    if let bytes = pick(\.maxMemory) { options.memory.perSnapshot = bytes }
    settings.options = options
    try settings.checkFoldersStayInProject(given: given, config: config, project: project)
    return settings
  }

  /// Checks that the folders the project chose — in `darkroom.yml`, or by default
  /// through the links the checkout holds — resolve inside `project`
  /// (``/DarkroomFoundation/ProjectFolder/checkDestination(_:what:given:at:hint:)``); those `given` on
  /// the command line are used as given when they name a place outside it.
  private func checkFoldersStayInProject(given: ProjectConfig, config: ProjectConfig, project: ProjectFolder)
    throws(DarkroomError)
  {
    let folders: [(value: String, given: String?, key: String, what: String, flag: String)] = [
      (layouts, given.layouts, "layouts", "the layouts folder", "--layouts"),
      (golden, given.golden, "golden", "the golden folder", "--golden"),
      (report, given.report, "report", "the report folder", "--report"),
    ]
    // The report is replaced whole, through a staging folder and a lock beside it:
    // the project's own folder is not one to replace.
    if given.report == nil, ProjectFolder.resolved(report, from: working) == project.root {
      throw DarkroomError(
        "refusing the report folder \(Excerpt.quoted(report)): it is the project itself, which a report replaces whole",
        at: config.folderLocations["report"], file: config.folderLocations["report"] == nil ? report : nil)
    }
    for folder in folders {
      try project.checkDestination(
        folder.value, what: folder.what, given: folder.given != nil,
        at: folder.given == nil ? config.folderLocations[folder.key] : nil,
        hint: "a folder outside the project is given on the command line (\(folder.flag), where the command takes it)")
    }
    if cache { try project.checkDestination(cacheFolder, what: "the cache folder", hint: "--no-cache leaves the cache out") }
  }

  /// The command that lists (and with `--yes` deletes) this run's orphans, as printed.
  public var pruneCommand: String {
    ShellCommand.prune(layouts: layouts, golden: golden, manifest: goldenFormat == .manifest).shown
  }

  /// Loads the project in the layouts folder the settings name.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for the first problem in its files.
  public func loadProject() throws(DarkroomError) -> Project {
    try Project.load(layoutsDirectory: layouts, from: working)
  }

  /// The goldens the settings name: the PNG folder, or its manifest.
  public func baseline(context: RenderContext) -> any Baseline {
    switch goldenFormat {
    case .png: GoldenFolder(root: golden, working: working, clock: clock)
    case .manifest: ManifestBaseline(folder: golden, layouts: layouts, working: working, context: context)
    }
  }

  /// The warm cache, unless the settings turn it off.
  public func renderCache() -> RenderCache? {
    cache ? RenderCache(folder: cacheFolder, keyFile: cacheKey, working: working) : nil
  }

  /// A session over `project` in the modes and locales named, with these settings.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a mode or locale the theme does not have, with
  ///   the closest one, or a run of more snapshots than the cap (``SnapshotCap``).
  public func session(
    project: Project, context: RenderContext = RenderContext(),
    progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }, interruption: Interruption
  ) throws(DarkroomError) -> SnapshotSession {
    var options = self.options
    options.locales = try project.locales(named: locales, at: localesLocation)
    let modes = try project.modes(named: modes)
    try project.check(snapshotCap, modes: modes, locales: options.locales)
    return SnapshotSession(
      project: project, modes: modes, threads: jobs, options: options, context: context, cache: renderCache(),
      progress: progress, interruption: interruption)
  }
}
