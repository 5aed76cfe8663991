import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom palette`: the theme's palette sheet in every mode.
  struct Palette: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render the theme's palette sheet (every semantic colour, and its pairs with their contrast) to OUT/palette/<mode>.png.",
      discussion: """
        The sheet is also a snapshot of every run, so record and verify cover it \
        (Golden/palette/<mode>.png) and a palette change shows in the review report. \
        For each Swift source it lists the colours read, with their values, and the \
        colours skipped, with why.
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
      let project = try PaletteSheet.project(themeFile: file, from: Console.current.working)
      let session = try settings.session(
        project: project, progress: ProgressBar().update, interruption: Console.current.interruption)
      let summary = try session.render(to: out)
      Console.warnings(summary)
      for outcome in summary.outcomes { Console.line("palette \(out)/\(outcome.name).png") }
      for report in project.theme.sourceReports {
        Console.line("source \(report.source): \(report.defined.count) colours read, \(report.skipped.count) skipped")
        for entry in report.defined {
          let theme = project.theme
          let light = theme.resolve(entry.name, in: Traits()).hex, dark = theme.resolve(entry.name, in: Traits(style: .dark)).hex
          let values = light == dark ? light : "\(light) light, \(dark) dark"
          Console.line("\(entry.location): \(entry.name) \(values) = \(entry.note)")
        }
        for entry in report.skipped { Console.line("\(entry.location): skipped \(entry.name): \(entry.note)") }
      }
    }
  }
}
