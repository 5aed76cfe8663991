import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// The verify report: one self-contained folder of static files that opens from
/// disk with no network — `index.html` (small: the page's data is in
/// `report-data.js` beside it), `summary.md`, `junit.xml`, `results.json`, and in
/// `images/`, named by their digests, thumbnails of every snapshot that needs
/// review and the full-size images of those the page shows in full
/// (``ReportImageStore``); with `--sheets`, a thumbnail of every snapshot and a
/// contact sheet per layout in `sheets/`.
///
/// The folder is built beside its final place and swapped in at the end
/// (``ReportStaging``).
public enum ReportFolder {
  static let marker = ".darkroom-report"
  static let generated: Set<String> = [
    "index.html", ReportPage.dataFile, "summary.md", "junit.xml", "results.json", marker,
  ]
  /// The most truncations summary.md lists: a job summary stays readable.
  static let listedTruncations = 30

  /// Writes the text files of a finished run into `root`, a staging folder (a
  /// relative one inside `working`).
  static func write(_ summary: RunSummary, to root: String, from working: WorkingFolder, interruption: Interruption) throws {
    let groups = ChangeGroups.make(summary.outcomes)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let files: [(name: String, bytes: [UInt8])] = [
      ("index.html", Array(ReportPage.html(summary, groups: groups).utf8)),
      (ReportPage.dataFile, try ReportPage.data(summary, groups: groups)),
      ("summary.md", Array(markdown(summary, groups: groups).utf8)),
      ("junit.xml", Array(junit(summary).utf8)),
      ("results.json", Array(try encoder.encode(summary)) + [10]),
    ]
    for file in files {
      try FileStore.writeAtomically(file.bytes, to: "\(root)/\(file.name)", from: working, interruption: interruption)
    }
  }

  /// Combines the reports of a sharded run into one, in the order of the whole run.
  ///
  /// Each input must be a Darkroom report with `results.json`, which is checked like
  /// any input: names that are file names, scales and shards in range, shards of one
  /// run that do not overlap. Only the images its outcomes name are copied, and no
  /// link is followed, so nothing outside the output folder is read or written.
  /// Contact sheets are rebuilt from every shard's images, and the text files are
  /// written for the combined outcomes.
  /// Relative folders are inside `working`.
  public static func merge(
    _ reports: [String], into output: String, from working: WorkingFolder, interruption: Interruption
  ) throws -> RunSummary {
    var parts: [(shard: Shard?, summary: RunSummary, folder: String)] = []
    for report in reports {
      let file = "\(report)/results.json"
      guard
        let data = try FileStore.readIfPresent(
          file, from: working, limit: FileStore.maximumTextBytes, followingLinks: false)
      else {
        throw DarkroomError("not a Darkroom report (no results.json)", file: report)
      }
      let summary: RunSummary
      try YAMLNode.checkJSON(String(decoding: data, as: UTF8.self), file: file)
      do {
        summary = try JSONDecoder().decode(RunSummary.self, from: Data(data))
      } catch {
        throw DarkroomError("unreadable results.json: \(error)", file: file)
      }
      parts.append((try MergeCheck.validate(summary, file: file), summary, report))
    }
    try MergeCheck.whole(parts)
    let staging = try ReportStaging(for: output, from: working, interruption: interruption)
    var positioned: [(Int, SnapshotOutcome)] = []
    var next = 0
    for part in parts {
      for (k, outcome) in part.summary.outcomes.enumerated() {
        // Shard K/N holds positions K-1, K-1+N, …: put each outcome back in place.
        let position = part.shard.map { k * $0.count + $0.index - 1 } ?? next
        positioned.append((position, outcome))
        next += 1
        try copyImages(of: outcome, from: part.folder, in: working, to: staging.path, interruption: interruption)
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
      try rebuildSheets(merged, in: staging.path, from: working, interruption: interruption)
    }
    try write(merged, to: staging.path, from: working, interruption: interruption)
    try staging.publish()
    return merged
  }

  /// The images an outcome has in a shard's report — its thumbnails and full-size
  /// images in `images/`, and its contact sheet's thumbnail — when they are
  /// regular files (a link is refused, not followed). A name that is not
  /// `images/<digest>.png` or `.webp` is refused: it is input, and must not reach
  /// outside the report.
  private static func copyImages(
    of outcome: SnapshotOutcome, from folder: String, in working: WorkingFolder, to staging: String,
    interruption: Interruption
  ) throws {
    var files = [outcome.name + ".thumb.png"]
    for file in outcome.images?.files ?? [] {
      guard ReportImages.isImagePath(file) else {
        throw DarkroomError(
          "bad results.json: \(outcome.name) names the image '\(file)', which is not images/<digest>.png or .webp",
          file: "\(folder)/results.json")
      }
      files.append(file)
    }
    for relative in files where FileStore.kind(of: "\(staging)/\(relative)", from: working) == .missing {
      guard let bytes = try FileStore.readIfPresent("\(folder)/\(relative)", from: working, followingLinks: false) else {
        continue
      }
      try FileStore.writeAtomically(bytes, to: "\(staging)/\(relative)", from: working, interruption: interruption)
    }
  }

  private static func rebuildSheets(
    _ summary: RunSummary, in root: String, from working: WorkingFolder, interruption: Interruption
  ) throws {
    for (layout, outcomes) in summary.byLayout {
      var images: [(label: String, image: PixelBuffer)] = []
      for outcome in outcomes {
        guard let bytes = try FileStore.readIfPresent("\(root)/\(outcome.name).thumb.png", from: working) else {
          continue
        }
        images.append((outcome.mode, try PixelBuffer(pngData: bytes)))
      }
      guard !images.isEmpty else { continue }
      try FileStore.writeAtomically(
        try ContactSheet.compose(images).pngData(), to: "\(root)/sheets/\(layout).png", from: working,
        interruption: interruption)
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
    case .rendered, .unchanged: return outcome.status.rawValue
    }
  }

  /// The most names one list of `summary.md` shows; the rest are counted.
  static let listedNames = 10
  /// The most bytes `summary.md` holds, whatever the project's size: GitHub shows
  /// a job summary of up to 1 MiB, and a reader wants far less.
  static let maximumSummaryBytes = 100_000

  /// `summary.md`: Markdown in which everything that came from input is escaped
  /// (``/DarkroomFoundation/MarkdownText``): the counts, then one line per group of changes (its count,
  /// its cause, ten of its names), every list capped with "and N more", and at
  /// most ``maximumSummaryBytes`` in all.
  static func markdown(_ summary: RunSummary, groups: [ChangeGroup]) -> String {
    let problems = summary.outcomes.filter(\.isFailure).count
    let tolerated = summary.toleratedPasses
    // "Match" only when every pixel does: a tolerance the checkout sets is said.
    let headline: MarkdownText =
      problems > 0 ? "\(problems) snapshot(s) need review"
      : tolerated.isEmpty ? "all snapshots match" : "all snapshots pass, \(tolerated.count) within the tolerance allowed"
    var counts: MarkdownText =
      "\(summary.outcomes.count) snapshots: \(summary.count(.passed)) passed, \(summary.count(.failed)) failed, \(summary.count(.missing)) missing, \(summary.count(.recorded)) recorded."
    if let base = summary.reviewBase { counts = counts + " Compared with \(base)." }
    var head: [MarkdownText] = ["## Darkroom: \(headline)", "", counts]
    if !groups.isEmpty { head += ["", "Changes by cause (the report shows each group, and how to accept it):", ""] }
    var tail: [MarkdownText] = []
    if let removed = summary.removed, !removed.isEmpty {
      tail += ["", "Removed snapshots (in the base, not here): " + names(removed)]
    }
    if !tolerated.isEmpty {
      tail += [
        "",
        "Passed within the tolerance the comparison allows (`compare` in darkroom.yml, a layout or the command line), their pixels differing from the goldens: "
          + names(tolerated.map(\.name)),
      ]
    }
    let contrast = summary.outcomes.reduce(0) { $0 + ($1.contrastFailures?.count ?? 0) }
    if contrast > 0 {
      tail += ["", "\(contrast) label(s) below WCAG AA contrast (`darkroom audit` lists them)."]
    }
    let truncated = summary.outcomes.flatMap { outcome in (outcome.truncations ?? []).map { (outcome.name, $0) } }
    if !truncated.isEmpty {
      // A label cut the same way in several snapshots is one line.
      let lines = AuditLines.bySnapshot(truncated)
      tail += ["", "\(truncated.count) label(s) truncated or cut (`darkroom audit --strict` fails on them):", ""]
      tail += lines.prefix(Self.listedTruncations).map { "- \(code: $0)" }
      if lines.count > Self.listedTruncations {
        tail.append("- … and \(lines.count - Self.listedTruncations) more (`darkroom audit` lists them all)")
      }
    }
    if !summary.orphans.isEmpty {
      let prune = ShellCommand.prune(layouts: summary.layouts, golden: summary.golden).shown
      tail += ["", "Goldens with no layout or mode (\(code: prune) removes them): " + names(summary.orphans)]
    }
    func bytes(_ lines: [MarkdownText]) -> Int { lines.reduce(0) { $0 + $1.description.utf8.count + 1 } }
    // The groups fill what the rest leaves, in order; a cut is said.
    var lines = head
    var budget = maximumSummaryBytes - bytes(head) - min(bytes(tail), maximumSummaryBytes / 2) - 200
    for (index, group) in groups.enumerated() {
      let line = groupLine(group)
      budget -= line.description.utf8.count + 1
      guard budget >= 0 else {
        lines.append("- … and \(groups.count - index) more group(s) (the report lists them all)")
        break
      }
      lines.append(line)
    }
    var text = (lines + tail).map(\.description).joined(separator: "\n") + "\n"
    // Input can make the other lists long (each truncated label quotes its text).
    if text.utf8.count > maximumSummaryBytes {
      text = String(decoding: text.utf8.prefix(maximumSummaryBytes - 100), as: UTF8.self)
      if let end = text.lastIndex(of: "\n") { text = String(text[...end]) }
      text += "\n… (summary.md is cut at 100 KB; the report lists everything)\n"
    }
    return text
  }

  /// One line of `summary.md` for a group: how many, why, which.
  static func groupLine(_ group: ChangeGroup) -> MarkdownText {
    let count = group.members.count
    let what: MarkdownText
    switch group.kind {
    case .unknown: what = "\(count) changed, for a reason their drawings do not show (each in the report)"
    case .mixed:
      what = explanation(group.changed) + ": \(count) — " + joined(group.cause.map(explanation))
    case .cause:
      what = explanation(group.changed) + ": \(count) — " + joined(group.cause.map(explanation)) + "; nothing else differs in their drawings"
    case .added: what = "\(count) added (no golden)"
    case .recorded: what = "\(count) recorded by verify (re-run verify to check them)"
    }
    return "- " + what + " — " + names(group.members.map(\.name))
  }

  private static func joined(_ parts: [MarkdownText]) -> MarkdownText {
    parts.reduce(MarkdownText("")) { $0.description.isEmpty ? $1 : $0 + "; " + $1 }
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
