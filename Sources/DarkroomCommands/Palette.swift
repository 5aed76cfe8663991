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
      let settings = try options.settings()
      try ProjectFolder.current().checkDestination(out, what: "the palette sheets' folder", given: true)
      let file = options.project.themeFile(theme, settings)
      let session = try settings.session(project: try PaletteSheet.project(themeFile: file), progress: ProgressBar().update)
      let summary = try session.render(to: out)
      Console.warnings(summary)
      for outcome in summary.outcomes { Console.line("palette \(out)/\(outcome.name).png") }
    }
  }
}
