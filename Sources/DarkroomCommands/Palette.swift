import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom palette`: the theme's palette sheet in every mode.
  struct Palette: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render the theme's palette sheet (every semantic colour, and its pairs with their contrast) to OUT/palette/<mode>.png.",
      discussion: """
        The sheet is also a snapshot of every run, so record and verify cover it \
        (Golden/palette/<mode>.png) and a palette change shows in the review report.
        """)

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The theme file (default: theme.yml in the layouts folder).")
    var theme: String?

    @Option(name: .long, help: "The folder to write the sheets to.")
    var out = ".darkroom/palette"

    func run() throws {
      let config = try options.loadConfig()
      let file = options.project.themeFile(theme, config)
      let session = try options.session(project: try PaletteSheet.project(themeFile: file), config: config)
      let summary = try session.render(to: out)
      Terminal.warnings(summary)
      for outcome in summary.outcomes { Terminal.line("palette \(out)/\(outcome.name).png") }
    }
  }
}
