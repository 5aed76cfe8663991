import ArgumentParser
import Darkroom
import Foundation

/// Where the project's defaults come from.
struct ConfigOption: ParsableArguments {
  @Option(name: .long, help: "Project defaults (default: darkroom.yml when it exists).")
  var config: String?

  /// The config file, when one is named or `darkroom.yml` exists.
  func load() throws -> ProjectConfig {
    if let config { return try ProjectConfig.load(file: config) }
    if FileManager.default.fileExists(atPath: "darkroom.yml") { return try ProjectConfig.load(file: "darkroom.yml") }
    return ProjectConfig()
  }
}

/// A comma-separated list of mode names, as `--modes light,dark` gives it.
struct ModeList {
  /// The names, in the order given.
  let names: [String]

  /// Parses `a,b`; no name at all is a mistake, as it would run zero snapshots and
  /// report success.
  static func parse(_ argument: String) throws -> ModeList {
    let names = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("--modes names no mode; give one or more, such as light,dark") }
    return ModeList(names: names)
  }
}

/// A comma-separated list of locales, as `--locales en,de` gives it.
struct LocaleList {
  /// The tags, in the order given.
  let names: [String]

  /// Parses `a,b`; no locale at all is a mistake, as for `--modes`.
  static func parse(_ argument: String) throws -> LocaleList {
    let names = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("--locales names no locale; give one or more, such as en,de") }
    return LocaleList(names: names)
  }
}

extension RecordMode: ExpressibleByArgument {}

extension Shard {
  /// Parses `--shard K/N`, with the library's message on a mistake.
  static func parse(_ argument: String) throws -> Shard {
    do { return try Shard(argument) } catch { throw ValidationError(error.message) }
  }
}

/// The config file and the layouts folder: what every command that reads a
/// project takes.
struct ProjectOptions: ParsableArguments {
  @OptionGroup var configOption: ConfigOption

  @Option(name: .long, help: "The folder with theme.yml and the layouts (default: Layouts).")
  var layouts: String?

  /// The config file, when one is named or `darkroom.yml` exists.
  func loadConfig() throws -> ProjectConfig { try configOption.load() }

  /// The folder with theme.yml and the layouts: the flag, else the config's, else `Layouts`.
  func layoutsDirectory(_ config: ProjectConfig) -> String { layouts ?? config.layouts ?? "Layouts" }

  /// The theme file: `theme` when given, else `theme.yml` in the layouts folder.
  func themeFile(_ theme: String?, _ config: ProjectConfig) -> String {
    theme ?? (layoutsDirectory(config) as NSString).appendingPathComponent("theme.yml")
  }
}

/// `--force`: write into a folder that holds nothing of this project.
struct ForceOption: ParsableArguments {
  @Flag(name: .long, help: "Write into a folder that is not empty and holds nothing of this project.")
  var force = false

  /// `run` with the flag applied.
  func applied(to run: RunOptions) -> RunOptions {
    var run = run
    run.force = run.force || force
    return run
  }
}

/// `--no-cache`: draw every snapshot, and leave the warm cache alone.
struct CacheOption: ParsableArguments {
  @Flag(name: .customLong("no-cache"), help: "Neither read nor write the warm cache in .darkroom/cache.")
  var noCache = false

  /// Where the command line keeps the cache.
  static let folder = ".darkroom/cache"

  /// `run` with the cache, unless the flag or `cache: false` turns it off.
  func applied(to run: RunOptions, config: ProjectConfig) -> RunOptions {
    var run = run
    run.cache = noCache || config.cache == false ? nil : RenderCache(folder: Self.folder)
    return run
  }
}

/// `--golden`, the folder of golden images.
struct GoldenOption: ParsableArguments {
  @Option(name: .long, help: "The golden folder (default: Golden).")
  var golden: String?

  @Option(name: .long, help: "How goldens are kept: png (an image per snapshot) or manifest (GOLDEN/snapshots.json, digests only).")
  var goldenFormat: GoldenFormat?

  /// The flag, else the config's, else `Golden`.
  func folder(_ config: ProjectConfig) -> String { golden ?? config.golden ?? "Golden" }

  /// The flag, else the config's, else `png`.
  func format(_ config: ProjectConfig) -> GoldenFormat { goldenFormat ?? config.goldenFormat ?? .png }
}

extension GoldenFormat: ExpressibleByArgument {}

/// Options every snapshot command takes. Each falls back to `darkroom.yml`, then
/// to the built-in default.
struct SharedOptions: ParsableArguments {
  @OptionGroup var project: ProjectOptions

  @Option(
    name: .long, help: ArgumentHelp("Comma-separated modes to render (default: every mode of the theme).", valueName: "a,b"),
    transform: ModeList.parse)
  var modes: ModeList?

  @Option(
    name: .long,
    help: ArgumentHelp("Comma-separated locales to draw (default: every locale of the theme).", valueName: "a,b"),
    transform: LocaleList.parse)
  var locales: LocaleList?

  @Option(name: .long, help: "Threads to render on (default: every core).")
  var jobs: Int?

  @Option(
    name: .long, help: ArgumentHelp("Run only part K of N of the snapshots, for splitting across CI jobs.", valueName: "K/N"),
    transform: Shard.parse)
  var shard: Shard?

  @Option(
    name: .long,
    help: ArgumentHelp("The most memory one snapshot may need, as 512M or 2G (default 1G); more is refused.", valueName: "size"),
    transform: SharedOptions.size)
  var maxMemory: Int?

  static func size(_ text: String) throws -> Int {
    guard let bytes = MemoryBudget.parseSize(text) else {
      throw ValidationError("--max-memory takes a size such as 512M or 2G, found '\(text)'")
    }
    return bytes
  }

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
  }

  /// The config file, when one is named or `darkroom.yml` exists.
  func loadConfig() throws -> ProjectConfig { try project.loadConfig() }

  /// Loads the project and builds a session; every input error surfaces here,
  /// before any file is written.
  func session(config: ProjectConfig, run: RunOptions = RunOptions()) throws -> SnapshotSession {
    try session(project: try Project.load(layoutsDirectory: layoutsDirectory(config)), config: config, run: run)
  }

  /// The folder with theme.yml and the layouts.
  func layoutsDirectory(_ config: ProjectConfig) -> String { project.layoutsDirectory(config) }

  /// A session over an already loaded project, with these options' modes, threads
  /// and shard.
  func session(project: Project, config: ProjectConfig, run: RunOptions = RunOptions()) throws -> SnapshotSession {
    let threads = jobs ?? config.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    var run = run
    if let shard { run.shard = shard }
    if let bytes = maxMemory ?? config.maxMemory { run.memory.perSnapshot = bytes }
    run.locales = try project.locales(named: locales?.names ?? config.locales, at: locales == nil ? config.localesLocation : nil)
    return SnapshotSession(
      project: project, modes: try project.modes(named: modes?.names ?? config.modes), threads: threads, options: run,
      progress: ProgressBar().update)
  }
}

/// How renders are compared, from flags over `darkroom.yml`.
struct CompareFlags: ParsableArguments {
  @Flag(name: .long, help: "Compare perceptually (pixelmatch's YIQ distance) instead of exactly.")
  var perceptual = false

  @Option(name: .long, help: "Perceptual threshold, 0…1 (default 0.1); implies --perceptual.")
  var threshold: Double?

  @Flag(name: .long, help: "Count anti-aliased pixels in perceptual mode; implies --perceptual.")
  var includeAA = false

  @Option(name: .long, help: "Pass when at most this many pixels differ.")
  var maxPixels: Int?

  @Option(name: .long, help: "Pass when at most this fraction (0…1) of pixels differ.")
  var maxRatio: Double?

  func validate() throws {
    if let threshold, !(0...1).contains(threshold) {
      throw ValidationError("--threshold must be between 0 and 1, found \(threshold)")
    }
    if let maxPixels, maxPixels < 0 { throw ValidationError("--max-pixels must be 0 or more, found \(maxPixels)") }
    if let maxRatio, !(0...1).contains(maxRatio) {
      throw ValidationError("--max-ratio must be between 0 and 1, found \(maxRatio)")
    }
  }

  /// The options: the config's, with every flag given applied over them (a
  /// threshold or --include-aa means the perceptual method, as in `darkroom.yml`).
  func options(config: ProjectConfig) -> CompareOptions {
    var flags = CompareSettings()
    if perceptual { flags.method = .perceptual }
    flags.threshold = threshold
    if includeAA { flags.includeAA = true }
    flags.maxPixels = maxPixels
    flags.maxRatio = maxRatio
    return flags.applied(to: config.compare.applied(to: CompareOptions()))
  }
}

extension Console {
  /// `DARKROOM_RECORD`, if set: the record mode when no flag gives one.
  func recordMode() throws -> RecordMode? {
    guard let value = environment[RecordMode.environmentVariable], !value.isEmpty else { return nil }
    return try RecordMode.parse(value, source: RecordMode.environmentVariable)
  }
}
