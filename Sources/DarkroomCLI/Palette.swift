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

    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "The theme file (default: theme.yml in the layouts folder).")
    var theme: String?

    @Option(name: .long, help: "The folder with theme.yml (default: Layouts).")
    var layouts: String?

    @Option(name: .long, help: "Comma-separated modes to render (default: every mode of the theme).")
    var modes: String?

    @Option(name: .long, help: "The folder to write the sheets to.")
    var out = ".darkroom/palette"

    func run() throws {
      let config = try configOption.load()
      let file = theme ?? ((layouts ?? config.layouts ?? "Layouts") + "/theme.yml")
      let project = try PaletteSheet.project(themeFile: file)
      let names = modes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? config.modes
      let session = SnapshotSession(project: project, modes: try project.modes(named: names))
      let summary = try session.render(to: out)
      for outcome in summary.outcomes { Terminal.line("palette \(out)/\(outcome.name).png") }
    }
  }
}
