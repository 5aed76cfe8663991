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

/// Options every snapshot command takes. Each falls back to `darkroom.yml`, then
/// to the built-in default.
struct SharedOptions: ParsableArguments {
  @OptionGroup var configOption: ConfigOption

  @Option(name: .long, help: "The folder with theme.yml and the layouts (default: Layouts).")
  var layouts: String?

  @Option(name: .long, help: "Comma-separated modes to render (default: every mode of the theme).")
  var modes: String?

  @Option(name: .long, help: "Threads to render on (default: every core).")
  var jobs: Int?

  @Option(name: .long, help: "Run only part K of N of the snapshots, for splitting across CI jobs.")
  var shard: String?

  /// The config file, when one is named or `darkroom.yml` exists.
  func loadConfig() throws -> ProjectConfig { try configOption.load() }

  /// Loads the project and builds a session; every input error surfaces here,
  /// before any file is written.
  func session(config: ProjectConfig, run: RunOptions = RunOptions()) throws -> SnapshotSession {
    try session(project: try Project.load(layoutsDirectory: layoutsDirectory(config)), config: config, run: run)
  }

  /// The folder with theme.yml and the layouts: the flag, else the config's, else `Layouts`.
  func layoutsDirectory(_ config: ProjectConfig) -> String { layouts ?? config.layouts ?? "Layouts" }

  /// A session over an already loaded project, with these options' modes, threads
  /// and shard.
  func session(project: Project, config: ProjectConfig, run: RunOptions = RunOptions()) throws -> SnapshotSession {
    let threads = jobs ?? config.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    if threads < 1 { throw DarkroomError("--jobs must be at least 1, found \(threads)") }
    var run = run
    if let shard { run.shard = try Shard(shard) }
    let names = modes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? config.modes
    return SnapshotSession(
      project: project, modes: try project.modes(named: names), threads: threads, options: run,
      progress: ProgressBar().update)
  }
}

/// How renders are compared, from flags over `darkroom.yml`.
struct CompareFlags: ParsableArguments {
  @Flag(name: .long, help: "Compare perceptually (pixelmatch's YIQ distance) instead of exactly.")
  var perceptual = false

  @Option(name: .long, help: "Perceptual threshold, 0…1 (default 0.1).")
  var threshold: Double?

  @Flag(name: .long, help: "Count anti-aliased pixels in perceptual mode.")
  var includeAA = false

  @Option(name: .long, help: "Pass when at most this many pixels differ.")
  var maxPixels: Int?

  @Option(name: .long, help: "Pass when at most this fraction (0…1) of pixels differ.")
  var maxRatio: Double?

  func options(config: ProjectConfig) throws -> CompareOptions {
    var options = config.compare.applied(to: CompareOptions())
    if perceptual { options.method = .perceptual }
    if let threshold {
      guard (0...1).contains(threshold) else { throw DarkroomError("--threshold must be between 0 and 1, found \(threshold)") }
      options.threshold = threshold
    }
    if includeAA { options.includeAA = true }
    if let maxPixels {
      guard maxPixels >= 0 else { throw DarkroomError("--max-pixels must be 0 or more, found \(maxPixels)") }
      options.maxPixels = maxPixels
    }
    if let maxRatio {
      guard (0...1).contains(maxRatio) else { throw DarkroomError("--max-ratio must be between 0 and 1, found \(maxRatio)") }
      options.maxRatio = maxRatio
    }
    return options
  }
}
