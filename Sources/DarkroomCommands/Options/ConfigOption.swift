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
    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: "darkroom.yml")) != nil
    guard isLink || FileManager.default.fileExists(atPath: "darkroom.yml") else { return ProjectConfig() }
    // The checkout's own config, unlike one named on the command line, may not be
    // a link out of it (its first line would be quoted in a parse error).
    try ProjectFolder.current().check("darkroom.yml", what: "the config")
    return try ProjectConfig.load(file: "darkroom.yml")
  }

  /// The run's settings: the flags `given` over the config file, the environment
  /// and the defaults.
  func settings(_ given: RunSettings.Flags) throws -> RunSettings {
    var given = given
    let loaded = try load()
    let project = ProjectFolder.current()
    // A config named on the command line from outside the checkout is the
    // caller's, as its flags are: its folders are used as given.
    if let config, !project.contains(config) {
      given.overrides.layouts = given.overrides.layouts ?? loaded.layouts
      given.overrides.golden = given.overrides.golden ?? loaded.golden
      given.overrides.report = given.overrides.report ?? loaded.report
    }
    return try RunSettings.resolve(
      given, config: loaded, environment: Console.current.environment,
      cores: ProcessInfo.processInfo.activeProcessorCount, clock: Console.current.clock,
      project: project)
  }
}

/// The config file and the layouts folder: what every command that reads a
/// project takes.
struct ProjectOptions: ParsableArguments {
  @OptionGroup var configOption: ConfigOption

  @Option(name: .long, help: "The folder with theme.yml and the layouts (default: Layouts).")
  var layouts: String?

  /// The settings these flags give over `darkroom.yml` and the defaults, with the
  /// command's own flags `more` applied.
  func settings(_ more: (inout RunSettings.Flags) -> Void = { _ in }) throws -> RunSettings {
    var flags = RunSettings.Flags()
    flags.overrides.layouts = layouts
    more(&flags)
    return try configOption.settings(flags)
  }

  /// The theme file: `theme` when given, else `theme.yml` in the layouts folder.
  func themeFile(_ theme: String?, _ settings: RunSettings) -> String {
    theme ?? (settings.layouts as NSString).appendingPathComponent("theme.yml")
  }
}
