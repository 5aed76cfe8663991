import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom render`: writes every snapshot as a PNG.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render every layout in every mode to OUT/<layout>/<mode>.png.")

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The folder to write snapshots to.")
    var out = ".darkroom/render"

    func run() throws {
      let session = try options.session()
      let summary = try session.render(to: out)
      Terminal.line("rendered \(summary.outcomes.count) snapshots to \(out) in \(Terminal.seconds(summary.seconds))")
    }
  }
}
