import ArgumentParser
import Darkroom
import Foundation

/// The config file and the layouts folder a command was pointed at (`--config`,
/// `--layouts`), and the run settings they give.
///
/// A plain value rather than an option group nested in others: argument-parser
/// checks every nested group again for each level above it in a debug build,
/// which made parsing a snapshot command's flags cost 50 ms there; the commands
/// declare the two options themselves and hand them here.
struct ProjectSelection {
  /// `--config`: the project defaults named on the command line.
  var config: String?
  /// `--layouts`: the layouts folder named on the command line.
  var layouts: String?

  /// `--config`'s help, the same in every command that declares it.
  static let configHelp: ArgumentHelp = "Project defaults (default: darkroom.yml when it exists)."
  /// `--layouts`' help, the same in every command that declares it.
  static let layoutsHelp: ArgumentHelp = "The folder with theme.yml and the layouts (default: Layouts)."

  /// The config file, when one is named or `darkroom.yml` exists.
  func loadConfig() throws -> ProjectConfig {
    let working = Console.current.working
    if let config { return try ProjectConfig.load(file: config, from: working) }
    let defaultFile = working.resolve("darkroom.yml")
    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: defaultFile)) != nil
    guard isLink || FileManager.default.fileExists(atPath: defaultFile) else { return ProjectConfig() }
    // The checkout's own config, unlike one named on the command line, may not be
    // a link out of it (its first line would be quoted in a parse error).
    try ProjectFolder.current().check("darkroom.yml", what: "the config")
    return try ProjectConfig.load(file: "darkroom.yml", from: working)
  }

  /// The run's settings: the flags `given` (with `--layouts`) over the config file,
  /// the environment and the defaults.
  func settings(_ given: RunSettings.Flags) throws -> RunSettings {
    var given = given
    if let layouts { given.overrides.layouts = layouts }
    let loaded = try loadConfig()
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

  /// The settings these flags give, with the command's own flags `more` applied.
  func settings(_ more: (inout RunSettings.Flags) -> Void) throws -> RunSettings {
    var flags = RunSettings.Flags()
    more(&flags)
    return try settings(flags)
  }

  /// The theme file: `theme` when given, else `theme.yml` in the layouts folder.
  func themeFile(_ theme: String?, _ settings: RunSettings) -> String {
    theme ?? (settings.layouts as NSString).appendingPathComponent("theme.yml")
  }
}
