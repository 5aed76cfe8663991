import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom verify`: compares every snapshot with its golden.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Verify snapshots against goldens (never writes to the golden folder) and write a report.")

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The golden folder.")
    var golden = "Golden"

    @Option(name: .long, help: "The report folder (index.html, summary.md and mismatch images).")
    var report = ".darkroom/report"

    func run() throws {
      let session = try options.session()
      let summary = try session.verify(golden: golden, report: report)
      for outcome in summary.outcomes {
        switch outcome.status {
        case .failed(let difference):
          Terminal.line(
            "FAIL \(outcome.name): \(describe(difference)); diff: \(report)/\(outcome.name).diff.png")
        case .missing:
          Terminal.line("MISSING \(outcome.name): no golden at \(golden)/\(outcome.name).png; run darkroom record")
        default: break
        }
      }
      let failed = summary.count { if case .failed = $0 { true } else { false } }
      let missing = summary.count { $0 == .missing }
      Terminal.line(
        "verify: \(summary.outcomes.count) snapshots, \(summary.outcomes.count - failed - missing) passed, \(failed) failed, \(missing) missing, in \(Terminal.seconds(summary.seconds)); report: \(report)/index.html"
      )
      if !summary.succeeded { throw ExitCode(1) }
    }
  }
}

/// A difference in one phrase: how many pixels, and where.
func describe(_ difference: PixelDifference) -> String {
  var text = "\(difference.differingPixels) pixels differ"
  if let bounds = difference.bounds {
    text += " in \(bounds.width)×\(bounds.height) at \(bounds.x),\(bounds.y)"
  }
  if let sizes = difference.sizeMismatch {
    text = "size changed from \(sizes.expected) to \(sizes.actual), " + text
  }
  return text
}
