import ArgumentParser
import Darkroom
import Foundation

/// An option group that adds what it was given to a run's flags, which
/// ``RunSettings/resolve(_:config:environment:cores:project:)`` alone lays over `darkroom.yml`
/// and the defaults.
protocol RunFlagGroup: ParsableArguments {
  /// Writes the group's flags into `flags`.
  func apply(to flags: inout RunSettings.Flags)
}

/// Options every snapshot command takes: the project, which snapshots, and how many
/// at once.
struct SharedOptions: ParsableArguments {
  @Option(name: .long, help: ProjectSelection.configHelp)
  var config: String?

  @Option(name: .long, help: ProjectSelection.layoutsHelp)
  var layouts: String?

  /// The config file and layouts folder named.
  var project: ProjectSelection { ProjectSelection(config: config, layouts: layouts) }

  @Option(
    name: .long, help: ArgumentHelp("Comma-separated modes to render (default: every mode of the theme).", valueName: "a,b"),
    transform: { try NameList.parse($0, flag: "--modes", noun: "mode", example: "light,dark") })
  var modes: NameList?

  @Option(
    name: .long,
    help: ArgumentHelp("Comma-separated locales to draw (default: every locale of the theme).", valueName: "a,b"),
    transform: { try NameList.parse($0, flag: "--locales", noun: "locale", example: "en,de") })
  var locales: NameList?

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

  @Option(
    name: .long,
    help: ArgumentHelp("The most snapshots the run may draw (default \(SnapshotCap.defaultLimit)); more is refused before drawing.", valueName: "n"))
  var maxSnapshots: Int?

  static func size(_ text: String) throws -> Int {
    guard let bytes = MemoryBudget.parseSize(text) else {
      throw ValidationError("--max-memory takes a size such as 512M or 2G, found '\(text)'")
    }
    return bytes
  }

  func validate() throws {
    try Self.check(jobs: jobs)
    try Self.check(maxSnapshots: maxSnapshots)
  }

  /// `--max-snapshots` in the range `maxSnapshots:` in darkroom.yml takes.
  static func check(maxSnapshots: Int?) throws {
    let range = SnapshotCap.range
    if let maxSnapshots, !range.contains(maxSnapshots) {
      throw ValidationError("--max-snapshots must be between \(range.lowerBound) and \(range.upperBound), found \(maxSnapshots)")
    }
  }

  /// `--jobs` in the range `jobs:` in darkroom.yml takes.
  static func check(jobs: Int?) throws {
    let range = ProjectConfig.jobsRange
    if let jobs, !range.contains(jobs) {
      throw ValidationError("--jobs must be between \(range.lowerBound) and \(range.upperBound), found \(jobs)")
    }
  }

  /// The run's settings: these flags, the command's option groups and its own flags
  /// (`more`) over `darkroom.yml` and the defaults.
  func settings(
    _ groups: any RunFlagGroup..., more: (inout RunSettings.Flags) -> Void = { _ in }
  ) throws -> RunSettings {
    try project.settings { flags in
      flags.overrides.modes = modes?.names
      flags.overrides.locales = locales?.names
      flags.overrides.jobs = jobs
      flags.overrides.maxMemory = maxMemory
      flags.overrides.maxSnapshots = maxSnapshots
      flags.run.shard = shard
      for group in groups { group.apply(to: &flags) }
      more(&flags)
    }
  }

  /// Loads the project the settings name and a session over it, with a progress
  /// bar; every input error surfaces here, before any file is written.
  func session(_ settings: RunSettings, context: RenderContext = RenderContext()) throws -> SnapshotSession {
    try settings.session(
      project: try settings.loadProject(), context: context, progress: ProgressBar().update,
      interruption: Console.current.interruption)
  }
}

/// `--only`: the snapshots a run is limited to.
struct OnlyOption: RunFlagGroup {
  @Option(
    name: .long,
    help: ArgumentHelp("Only these snapshots: names or patterns with *, comma-separated (orders/dark.de,cells/*).", valueName: "names"),
    transform: { try NameList.parse($0, flag: "--only", noun: "snapshot", example: "orders/dark,cells/*") })
  var only: NameList?

  func apply(to flags: inout RunSettings.Flags) { flags.run.only = only.map { SnapshotFilter($0.names) } }
}

/// `--images`: which full-size images the report holds.
struct ImagesOption: RunFlagGroup {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Full-size images in the report: shown (default: those the page shows in full; the rest as thumbnails) or all.",
      valueName: "shown|all"))
  var images: ReportImageChoice?

  func apply(to flags: inout RunSettings.Flags) { if let images { flags.run.images = images } }
}

extension ReportImageChoice: ExpressibleByArgument {}

/// `--force`: write into a folder that holds nothing of this project.
struct ForceOption: RunFlagGroup {
  @Flag(name: .long, help: "Write into a folder that is not empty and holds nothing of this project.")
  var force = false

  func apply(to flags: inout RunSettings.Flags) { flags.run.force = force }
}

/// `--no-cache`: draw every snapshot, and leave the warm cache alone.
struct CacheOption: RunFlagGroup {
  @Flag(name: .customLong("no-cache"), help: "Neither read nor write the warm cache in .darkroom/cache.")
  var noCache = false

  func apply(to flags: inout RunSettings.Flags) { if noCache { flags.overrides.cache = false } }
}

/// `--golden` and `--golden-format`: where goldens are kept, and how.
struct GoldenOption: RunFlagGroup {
  @Option(name: .long, help: "The golden folder (default: Golden).")
  var golden: String?

  @Option(name: .long, help: "How goldens are kept: png (an image per snapshot) or manifest (GOLDEN/snapshots.json, digests only).")
  var goldenFormat: GoldenFormat?

  func apply(to flags: inout RunSettings.Flags) {
    flags.overrides.golden = golden
    flags.overrides.goldenFormat = goldenFormat
  }
}

/// How renders are compared, over `darkroom.yml`.
struct CompareArguments: RunFlagGroup {
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
    let pixels = CompareOverrides.maxPixelsRange
    if let maxPixels, !pixels.contains(maxPixels) {
      throw ValidationError("--max-pixels must be between \(pixels.lowerBound) and \(pixels.upperBound), found \(maxPixels)")
    }
    if let maxRatio, !(0...1).contains(maxRatio) {
      throw ValidationError("--max-ratio must be between 0 and 1, found \(maxRatio)")
    }
  }

  /// What the flags override (a threshold or --include-aa means the perceptual
  /// method, as in `darkroom.yml`).
  func apply(to flags: inout RunSettings.Flags) {
    var compare = CompareOverrides()
    if perceptual { compare.method = .perceptual }
    compare.threshold = threshold
    if includeAA { compare.includeAA = true }
    compare.maxPixels = maxPixels
    compare.maxRatio = maxRatio
    flags.overrides.compare = compare
  }
}
