import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom render`: writes every snapshot as a PNG.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render every layout in every mode to OUT/<layout>/<mode>.png.")

    @OptionGroup var options: SharedOptions
    @OptionGroup var onlyOption: OnlyOption

    @Option(name: .long, help: "The folder to write snapshots to.")
    var out = ".darkroom/render"

    @Flag(name: .long, help: "Print each snapshot's display list (every draw command, its frame and resolved colour) instead of writing images.")
    var dump = false

    @OptionGroup var forceOption: ForceOption
    @OptionGroup var cacheOption: CacheOption

    func run() throws {
      let settings = try options.settings(onlyOption, forceOption, cacheOption)
      if !dump { try ProjectFolder.current().checkDestination(out, what: "the render folder", given: true) }
      let session = try options.session(settings)
      if dump {
        for snapshot in session.snapshots {
          let list = try session.displayList(of: snapshot)
          Console.line("# \(snapshot.name)")
          Console.lines(list.description)
          for warning in list.warnings { Console.line("# \(warning)") }
        }
        return
      }
      let summary = try session.render(to: out)
      Console.warnings(summary)
      Console.line("rendered \(summary.outcomes.count) snapshots to \(out) in \(Console.seconds(summary.seconds))")
    }
  }

  /// `darkroom sheet`: writes a contact sheet per layout.
  struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a contact sheet per layout (every mode side by side, labelled) to OUT/<layout>.png.")

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The folder to write sheets to.")
    var out = ".darkroom/sheets"

    func run() throws {
      let settings = try options.settings()
      try ProjectFolder.current().checkDestination(out, what: "the contact sheets' folder", given: true)
      let session = try options.session(settings)
      let summary = try session.sheets(to: out)
      let layouts = Set(summary.outcomes.map(\.layout)).sorted()
      for layout in layouts { Console.line("sheet \(out)/\(layout).png") }
      Console.line("wrote \(layouts.count) contact sheets in \(Console.seconds(summary.seconds))")
    }
  }
}
