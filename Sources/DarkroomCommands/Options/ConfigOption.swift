import ArgumentParser
import Darkroom

/// Where the project's defaults come from: for a command that reads no layouts.
struct ConfigOption: ParsableArguments {
  @Option(name: .long, help: ProjectSelection.configHelp)
  var config: String?

  /// The config file named, as a selection with the default layouts folder.
  var selection: ProjectSelection { ProjectSelection(config: config) }
}

/// The config file and the layouts folder: what every command that reads a
/// project takes.
struct ProjectOptions: ParsableArguments {
  @Option(name: .long, help: ProjectSelection.configHelp)
  var config: String?

  @Option(name: .long, help: ProjectSelection.layoutsHelp)
  var layouts: String?

  /// The config file and layouts folder named.
  var selection: ProjectSelection { ProjectSelection(config: config, layouts: layouts) }

  /// The settings these flags give over `darkroom.yml` and the defaults, with the
  /// command's own flags `more` applied.
  func settings(_ more: (inout RunSettings.Flags) -> Void = { _ in }) throws -> RunSettings {
    try selection.settings(more)
  }

  /// The theme file: `theme` when given, else `theme.yml` in the layouts folder.
  func themeFile(_ theme: String?, _ settings: RunSettings) -> String { selection.themeFile(theme, settings) }
}
