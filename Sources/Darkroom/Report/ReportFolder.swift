import DarkroomRaster
import Foundation

/// The verify report: one self-contained folder that opens from disk with no
/// network — `index.html`, `summary.md`, `junit.xml`, `results.json`, and the image
/// of every snapshot that needs review with its golden and a diff image; with
/// `--sheets`, a thumbnail of every snapshot and a contact sheet per layout in
/// `sheets/`.
///
/// The folder is built beside its final place and swapped in at the end
/// (``ReportStaging``).
public enum ReportFolder {
  static let marker = ".darkroom-report"
  static let generated: Set<String> = ["index.html", "summary.md", "junit.xml", "results.json", marker]
  /// The most truncations summary.md lists: a job summary stays readable.
  static let listedTruncations = 30

  /// Writes the text files of a finished run.
  static func write(_ summary: RunSummary, to root: String) throws {
    try FileStore.writeAtomically(Array(ReportPage.html(summary).utf8), to: "\(root)/index.html")
    try FileStore.writeAtomically(Array(markdown(summary).utf8), to: "\(root)/summary.md")
    try FileStore.writeAtomically(Array(junit(summary).utf8), to: "\(root)/junit.xml")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try FileStore.writeAtomically(Array(try encoder.encode(summary)) + [10], to: "\(root)/results.json")
  }

  /// Combines the reports of a sharded run into one, in the order of the whole run.
  ///
  /// Each input must be a Darkroom report with `results.json`, which is checked like
  /// any input: names that are file names, scales and shards in range, shards of one
  /// run that do not overlap. Only the images its outcomes name are copied, and no
  /// link is followed, so nothing outside the output folder is read or written.
  /// Contact sheets are rebuilt from every shard's images, and the text files are
  /// written for the combined outcomes.
  public static func merge(_ reports: [String], into output: String) throws -> RunSummary {
    var parts: [(shard: Shard?, summary: RunSummary, folder: String)] = []
    for report in reports {
      let file = "\(report)/results.json"
      guard let data = try FileStore.readIfPresent(file, limit: FileStore.maximumTextBytes, followingLinks: false) else {
        throw DarkroomError("not a Darkroom report (no results.json)", file: report)
      }
      let summary: RunSummary
      do {
        summary = try JSONDecoder().decode(RunSummary.self, from: Data(data))
      } catch {
        throw DarkroomError("unreadable results.json: \(error)", file: file)
      }
      parts.append((try MergeCheck.validate(summary, file: file), summary, report))
    }
    try MergeCheck.whole(parts)
    let staging = try ReportStaging(for: output)
    var positioned: [(Int, SnapshotOutcome)] = []
    var next = 0
    for part in parts {
      for (k, outcome) in part.summary.outcomes.enumerated() {
        // Shard K/N holds positions K-1, K-1+N, …: put each outcome back in place.
        let position = part.shard.map { k * $0.count + $0.index - 1 } ?? next
        positioned.append((position, outcome))
        next += 1
        try copyImages(of: outcome, from: part.folder, to: staging.path)
      }
    }
    let outcomes = positioned.sorted { $0.0 < $1.0 }.map(\.1)
    var merged = RunSummary(outcomes: outcomes, seconds: parts.map(\.summary.seconds).max() ?? 0)
    merged.orphans = Array(Set(parts.flatMap(\.summary.orphans))).sorted()
    // Every shard of a review lists the snapshots the base had and the run has not
    // (they belong to no shard): the merged report says each once.
    if parts.contains(where: { $0.summary.removed != nil }) {
      merged.removed = Array(Set(parts.flatMap { $0.summary.removed ?? [] })).sorted()
      merged.reviewBase = parts.first?.summary.reviewBase
    }
    merged.golden = parts.first?.summary.golden
    merged.run = parts.first?.summary.run
    merged.layouts = parts.first?.summary.layouts
    // Sheets only when every shard made them: each shard has its snapshots'
    // thumbnails, and a layout's sheet needs all of its modes.
    if parts.allSatisfy({ $0.summary.sheets == true }) {
      merged.sheets = true
      try rebuildSheets(merged, in: staging.path)
    }
    try write(merged, to: staging.path)
    try staging.publish(interruption: .shared)
    return merged
  }

  /// The images an outcome has in a shard's report — render, golden, difference —
  /// when they are regular files (a link is refused, not followed).
  private static func copyImages(of outcome: SnapshotOutcome, from folder: String, to staging: String) throws {
    for suffix in [".png", ".golden.png", ".diff.png", ".thumb.png"] {
      let relative = outcome.name + suffix
      guard let bytes = try FileStore.readIfPresent("\(folder)/\(relative)", followingLinks: false) else { continue }
      try FileStore.writeAtomically(bytes, to: "\(staging)/\(relative)")
    }
  }

  private static func rebuildSheets(_ summary: RunSummary, in root: String) throws {
    for (layout, outcomes) in summary.byLayout {
      var images: [(label: String, image: PixelBuffer)] = []
      for outcome in outcomes {
        guard let bytes = try FileStore.readIfPresent("\(root)/\(outcome.name).thumb.png") else { continue }
        images.append((outcome.mode, try PixelBuffer(pngData: bytes)))
      }
      guard !images.isEmpty else { continue }
      try FileStore.writeAtomically(try ContactSheet.compose(images).pngData(), to: "\(root)/sheets/\(layout).png")
    }
  }

  /// One line for an outcome that needs attention.
  public static func describe(_ outcome: SnapshotOutcome) -> String {
    switch outcome.status {
    case .failed: return outcome.comparison?.summary ?? "differs"
    case .missing: return outcome.explanation == nil ? "no golden yet; run darkroom record to accept it" : "added"
    case .recorded: return "recorded (\(outcome.reason ?? "changed")); re-run verify to check it"
    case .passed:
      if let c = outcome.comparison, c.differingPixels > 0 { return "passed within tolerance: \(c.summary)" }
      return "passed"
    default: return outcome.status.rawValue
    }
  }

  /// The most names one list of `summary.md` shows; the rest are counted.
  static let listedNames = 10
  /// The most rows of the table of snapshots that need review.
  static let listedRows = 100

  /// `summary.md`: Markdown in which everything that came from input is escaped
  /// (``MarkdownText``), every list capped with "and N more".
  static func markdown(_ summary: RunSummary) -> String {
    let problems = summary.outcomes.filter(\.isFailure)
    let headline: MarkdownText = problems.isEmpty ? "all snapshots match" : "\(problems.count) snapshot(s) need review"
    var counts: MarkdownText =
      "\(summary.outcomes.count) snapshots: \(summary.count(.passed)) passed, \(summary.count(.failed)) failed, \(summary.count(.missing)) missing, \(summary.count(.recorded)) recorded."
    if let base = summary.reviewBase { counts = counts + " Compared with \(base)." }
    var lines: [MarkdownText] = ["## Darkroom: \(headline)", "", counts]
    for group in explained(problems) where !group.cause.isEmpty {
      lines += ["", "### \(group.outcomes.count) snapshot(s): \(explanation(group.cause))", ""]
      lines.append(names(group.outcomes.map(\.name)))
    }
    if !problems.isEmpty {
      lines += ["", "| snapshot | result |", "| --- | --- |"]
      for outcome in problems.prefix(listedRows) {
        // The measurement is Darkroom's own; the reasons quote input.
        let result = (outcome.explanation ?? []).dropFirst().map(explanation)
          .reduce(MarkdownText(trusted: describe(outcome))) { $0 + "; " + $1 }
        lines.append("| \(code: outcome.name) | \(result) |")
      }
      if problems.count > listedRows {
        lines.append("| … | and \(problems.count - listedRows) more (the report lists them all) |")
      }
    }
    if let removed = summary.removed, !removed.isEmpty {
      lines += ["", "Removed snapshots (in the base, not here): " + names(removed)]
    }
    let contrast = summary.outcomes.reduce(0) { $0 + ($1.contrastFailures?.count ?? 0) }
    if contrast > 0 {
      lines += ["", "\(contrast) label(s) below WCAG AA contrast (`darkroom audit` lists them)."]
    }
    let truncated = summary.outcomes.flatMap { $0.truncations ?? [] }
    if !truncated.isEmpty {
      lines += ["", "\(truncated.count) label(s) truncated or cut (`darkroom audit --strict` fails on them):", ""]
      lines += truncated.prefix(Self.listedTruncations).map { "- \(code: $0)" }
      if truncated.count > Self.listedTruncations {
        lines.append("- … and \(truncated.count - Self.listedTruncations) more (`darkroom audit` lists them all)")
      }
    }
    if !summary.orphans.isEmpty {
      lines += ["", "Goldens with no layout or mode (`darkroom prune` removes them): " + names(summary.orphans)]
    }
    return lines.map(\.description).joined(separator: "\n") + "\n"
  }

  /// Names as code, the first ``listedNames`` of them, then how many more.
  static func names(_ all: [String]) -> MarkdownText {
    let shown = all.prefix(listedNames).map { MarkdownText("\(code: $0)") }
    var text = shown.reduce(MarkdownText("")) { $0.description.isEmpty ? $1 : $0 + ", " + $1 }
    if all.count > listedNames { text = text + " and \(all.count - listedNames) more" }
    return text
  }

  /// A line of an explanation, whose names Darkroom wrote in backticks, as Markdown:
  /// the names as code, the rest as text, both escaped.
  static func explanation(_ line: String) -> MarkdownText {
    let parts = line.split(separator: "`", omittingEmptySubsequences: false)
    // An odd count of parts: every backtick has its pair.
    guard parts.count % 2 == 1 else { return "\(line)" }
    return parts.enumerated().reduce(MarkdownText("")) { text, part in
      part.offset % 2 == 1 ? text + "\(code: String(part.element))" : text + "\(String(part.element))"
    }
  }

  /// Outcomes that differ for the same cause (the first line of their
  /// explanation), together: the largest group first, then in order of their first
  /// snapshot; the cause is empty for failures not explained.
  static func explained(_ outcomes: [SnapshotOutcome]) -> [(cause: String, outcomes: [SnapshotOutcome])] {
    var groups: [(cause: String, outcomes: [SnapshotOutcome])] = []
    var index: [String: Int] = [:]
    for outcome in outcomes {
      let cause = outcome.explanation?.first ?? ""
      if let at = index[cause] {
        groups[at].outcomes.append(outcome)
      } else {
        index[cause] = groups.count
        groups.append((cause, [outcome]))
      }
    }
    return groups.enumerated().sorted { ($0.element.outcomes.count, -$0.offset) > ($1.element.outcomes.count, -$1.offset) }
      .map(\.element)
  }

  static func junit(_ summary: RunSummary) -> String {
    func escape(_ text: String) -> String { HTMLText.escaped(text) }
    let failures = summary.outcomes.filter(\.isFailure).count
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="darkroom" tests="\(summary.outcomes.count)" failures="\(failures)">
      <testsuite name="darkroom" tests="\(summary.outcomes.count)" failures="\(failures)">

      """
    for outcome in summary.outcomes {
      xml += "<testcase classname=\"\(escape(outcome.layout))\" name=\"\(escape(outcome.mode))\""
      if outcome.isFailure {
        xml += "><failure message=\"\(escape(describe(outcome)))\"/></testcase>\n"
      } else {
        xml += "/>\n"
      }
    }
    return xml + "</testsuite>\n</testsuites>\n"
  }
}
