import Foundation

/// The verify report: a self-contained folder (`index.html`, `summary.md` and the
/// images of every mismatch) that opens without a network.
///
/// The folder is built beside its final place and swapped in at the end. A folder
/// that exists already is replaced only if Darkroom made it (it holds a
/// `.darkroom-report` marker) or it is empty, so a mistyped `--report` cannot
/// delete someone's files.
enum ReportFolder {
  static let marker = ".darkroom-report"

  static func goldenPath(_ root: String, _ name: String) -> String { "\(root)/\(name).golden.png" }
  static func actualPath(_ root: String, _ name: String) -> String { "\(root)/\(name).actual.png" }
  static func diffPath(_ root: String, _ name: String) -> String { "\(root)/\(name).diff.png" }

  /// Checks that `report` may be replaced and creates an empty staging folder.
  static func prepareStaging(for report: String) throws(DarkroomError) -> String {
    let manager = FileManager.default
    if manager.fileExists(atPath: report) {
      let contents = (try? manager.contentsOfDirectory(atPath: report)) ?? ["?"]
      guard contents.isEmpty || contents.contains(marker) else {
        throw DarkroomError(
          "refusing to replace '\(report)': it is not a Darkroom report folder (no \(marker) file); choose another --report",
          file: report)
      }
    }
    let staging = "\(report).staging-\(getpid())"
    do {
      try? manager.removeItem(atPath: staging)
      try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
      _ = manager.createFile(atPath: "\(staging)/\(marker)", contents: Data())
    } catch {
      throw DarkroomError("cannot create the report folder: \(error.localizedDescription)", file: staging)
    }
    return staging
  }

  /// Moves the staging folder into place, replacing the previous report.
  static func publish(_ staging: String, as report: String) throws(DarkroomError) {
    let manager = FileManager.default
    let old = "\(report).old-\(getpid())"
    if manager.fileExists(atPath: report) {
      guard rename(report, old) == 0 else {
        throw DarkroomError("cannot move the previous report aside: \(String(cString: strerror(errno)))", file: report)
      }
    }
    guard rename(staging, report) == 0 else {
      throw DarkroomError("cannot move the report into place: \(String(cString: strerror(errno)))", file: report)
    }
    try? manager.removeItem(atPath: old)
  }

  /// Writes `index.html` and `summary.md` for a finished run.
  static func writeIndex(_ summary: RunSummary, golden: String, to root: String) throws(DarkroomError) {
    try FileStore.writeAtomically(Array(html(summary, golden: golden).utf8), to: "\(root)/index.html")
    try FileStore.writeAtomically(Array(markdown(summary).utf8), to: "\(root)/summary.md")
  }

  static func describe(_ difference: PixelDifference) -> String {
    var text = "\(difference.differingPixels) of \(difference.comparedPixels) pixels differ ("
      + String(format: "%.3f%%", difference.ratio * 100) + ")"
    if let bounds = difference.bounds {
      text += " in \(bounds.width)×\(bounds.height) at \(bounds.x),\(bounds.y)"
    }
    if let sizes = difference.sizeMismatch {
      text = "size changed from \(sizes.expected) to \(sizes.actual); " + text
    }
    return text
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  private static func counts(_ summary: RunSummary) -> (passed: Int, failed: Int, missing: Int) {
    (
      summary.count { $0 == .passed },
      summary.count { if case .failed = $0 { true } else { false } },
      summary.count { $0 == .missing }
    )
  }

  static func markdown(_ summary: RunSummary) -> String {
    let c = counts(summary)
    var lines = [
      "## Darkroom: \(c.failed + c.missing == 0 ? "all snapshots match" : "\(c.failed + c.missing) snapshot(s) need review")",
      "",
      "\(summary.outcomes.count) snapshots: \(c.passed) passed, \(c.failed) failed, \(c.missing) missing.",
    ]
    let problems = summary.outcomes.filter { $0.status != .passed }
    if !problems.isEmpty {
      lines += ["", "| snapshot | result |", "| --- | --- |"]
      for outcome in problems {
        switch outcome.status {
        case .failed(let difference): lines.append("| `\(outcome.name)` | \(describe(difference)) |")
        case .missing: lines.append("| `\(outcome.name)` | no golden; run `darkroom record` |")
        default: break
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func html(_ summary: RunSummary, golden: String) -> String {
    let c = counts(summary)
    var body = ""
    for outcome in summary.outcomes {
      let name = escape(outcome.name)
      switch outcome.status {
      case .failed(let difference):
        body += """
          <section class="card failed"><h2><span class="badge">changed</span> \(name)</h2>
          <p>\(escape(describe(difference)))</p>
          <div class="trio">
          <figure><img src="\(name).golden.png" alt="golden"><figcaption>golden</figcaption></figure>
          <figure><img src="\(name).actual.png" alt="actual"><figcaption>this run</figcaption></figure>
          <figure><img src="\(name).diff.png" alt="diff"><figcaption>difference (red)</figcaption></figure>
          </div></section>

          """
      case .missing:
        body += """
          <section class="card missing"><h2><span class="badge">new</span> \(name)</h2>
          <p>No golden at <code>\(escape(golden))/\(name).png</code>. Run <code>darkroom record</code> to accept it.</p>
          <div class="trio"><figure><img src="\(name).actual.png" alt="actual"><figcaption>this run</figcaption></figure></div>
          </section>

          """
      default: break
      }
    }
    let passed = summary.outcomes.filter { $0.status == .passed }.map { "<li>\(escape($0.name))</li>" }
    if !passed.isEmpty {
      body += "<section class=\"card\"><h2>Unchanged (\(passed.count))</h2><ul class=\"passed\">\(passed.joined())</ul></section>\n"
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Darkroom report</title>
      <style>
      :root { color-scheme: light dark; --bg: #f5f7fa; --card: #fff; --text: #313440; --muted: #5e637a; --bad: #db3643; --new: #3c64f4; --ok: #2aab3f; }
      @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #20222a; --text: #f5f7fa; --muted: #8c93ad; } }
      body { margin: 0; padding: 24px; background: var(--bg); color: var(--text); font: 15px/1.4 system-ui, sans-serif; }
      h1 { font-size: 24px; margin: 0 0 4px; } .sub { color: var(--muted); margin: 0 0 24px; }
      .card { background: var(--card); border-radius: 12px; padding: 16px; margin-bottom: 16px; }
      .card h2 { font-size: 17px; margin: 0 0 8px; } .badge { font-size: 12px; color: #fff; border-radius: 6px; padding: 2px 8px; margin-right: 6px; }
      .failed .badge { background: var(--bad); } .missing .badge { background: var(--new); }
      .trio { display: flex; gap: 12px; overflow-x: auto; } figure { margin: 0; }
      figure img { max-height: 70vh; max-width: 30vw; border: 1px solid var(--muted); border-radius: 6px; image-rendering: pixelated; }
      figcaption { color: var(--muted); font-size: 13px; text-align: center; }
      .passed { columns: 3; color: var(--ok); } code { font-size: 13px; }
      </style></head><body>
      <h1>Darkroom report</h1>
      <p class="sub">\(summary.outcomes.count) snapshots: \(c.passed) passed, \(c.failed) changed, \(c.missing) new.</p>
      \(body)</body></html>

      """
  }
}
