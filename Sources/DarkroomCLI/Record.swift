import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom record`: writes the goldens whose pixels changed.
  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Record goldens: write GOLDEN/<layout>/<mode>.png where pixels changed or the file is missing.")

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The golden folder.")
    var golden = "Golden"

    func run() throws {
      let session = try options.session()
      let summary = try session.record(golden: golden)
      for outcome in summary.outcomes where outcome.status == .recorded {
        Terminal.line("recorded \(golden)/\(outcome.name).png")
      }
      let written = summary.count { $0 == .recorded }
      Terminal.line(
        "record: \(written) written, \(summary.outcomes.count - written) unchanged, in \(Terminal.seconds(summary.seconds))")
    }
  }
}
