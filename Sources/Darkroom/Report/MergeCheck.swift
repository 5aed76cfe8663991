import DarkroomFoundation

/// The checks `merge-reports` makes on each shard's `results.json` before it uses
/// it: the file is input like any other, and a name or number in it must be one a
/// Darkroom run could have written.
enum MergeCheck {
  /// The most outcomes one report may list.
  static let maximumOutcomes = 1_000_000

  /// Checks a shard's summary; returns its shard.
  static func validate(_ summary: RunSummary, file: String) throws(DarkroomError) -> Shard? {
    func bad(_ message: String) -> DarkroomError { DarkroomError("bad results.json: \(message)", file: file) }
    guard summary.outcomes.count <= maximumOutcomes else {
      throw bad("\(summary.outcomes.count) outcomes, over the limit of \(maximumOutcomes)")
    }
    guard summary.seconds.isFinite, summary.seconds >= 0 else { throw bad("'seconds' is not a duration") }
    for (index, outcome) in summary.outcomes.enumerated() {
      guard isFileName(outcome.layout) else {
        throw bad("outcome \(index + 1) has layout '\(outcome.layout)', which is not a file name")
      }
      guard isModeName(outcome.mode) else {
        throw bad("outcome \(index + 1) has mode '\(outcome.mode)', which is not a mode name")
      }
      guard outcome.name == "\(outcome.layout)/\(outcome.mode)" else {
        throw bad("outcome \(index + 1) is named '\(outcome.name)', not '\(outcome.layout)/\(outcome.mode)'")
      }
      guard outcome.scale.isFinite, (1...4).contains(outcome.scale) else {
        throw bad("outcome \(index + 1) has scale \(outcome.scale); scales are 1 to 4")
      }
    }
    for orphan in summary.orphans {
      let parts = orphan.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, isFileName(String(parts[0])), isFileName(String(parts[1])) else {
        throw bad("orphan '\(orphan)' is not <layout>/<mode>.png")
      }
    }
    guard let text = summary.shard else { return nil }
    do { return try Shard(text) } catch { throw bad(error.message) }
  }

  /// Checks that the reports are the whole of one run: each records its run, the
  /// runs are one (the same snapshots, modes, locales, baseline and comparison),
  /// every shard of it is there once, and their outcomes add up to the run's
  /// snapshots. A set that is not would merge into a report that passes while parts
  /// of the run were never checked.
  static func whole(_ parts: [(shard: Shard?, summary: RunSummary, folder: String)]) throws(DarkroomError) {
    guard let first = parts.first else { throw DarkroomError("merge-reports needs at least one report folder") }
    for part in parts where part.summary.run == nil {
      throw DarkroomError(
        "this report does not say which run it is part of (made by an older Darkroom?); merge reports made by this version",
        file: part.folder)
    }
    for part in parts.dropFirst() {
      if let difference = Self.difference(first.summary.run, part.summary.run) {
        throw DarkroomError(
          "this report is of another run than \(first.folder): \(difference); merge the shards of one run", file: part.folder)
      }
    }
    let sharded = parts.compactMap(\.shard)
    guard sharded.isEmpty || sharded.count == parts.count else {
      throw DarkroomError("some reports are shards (--shard K/N) and some are not; merge the shards of one run")
    }
    if sharded.isEmpty, parts.count > 1 {
      throw DarkroomError("these reports are not shards (--shard K/N) of a run: each holds the whole run; merge the shards of one run")
    }
    var seen: [Int: String] = [:]
    for part in parts {
      guard let shard = part.shard else { continue }
      guard shard.count == sharded[0].count else {
        throw DarkroomError("shard \(shard) is of a run split \(shard.count) ways, not \(sharded[0].count)", file: part.folder)
      }
      if let earlier = seen[shard.index] {
        throw DarkroomError("shard \(shard) is given twice: here and in \(earlier)", file: part.folder)
      }
      seen[shard.index] = part.folder
    }
    if let count = sharded.first?.count {
      let missing = (1...count).filter { seen[$0] == nil }
      if !missing.isEmpty {
        let named = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
        throw DarkroomError(
          "the set of shards is incomplete: \(named)\(missing.count > 10 ? " and \(missing.count - 10) more" : "") missing; a merged report of part of a run would pass what was never checked")
      }
    }
    let outcomes = parts.reduce(0) { $0 + $1.summary.outcomes.count }
    if let expected = first.summary.run?.snapshots, outcomes != expected {
      throw DarkroomError("the shards hold \(outcomes) outcomes, but their run has \(expected) snapshots; a shard's results.json was changed or cut")
    }
  }

  /// The first setting two runs differ in, in words; nil when they are one run.
  static func difference(_ a: RunIdentity?, _ b: RunIdentity?) -> String? {
    guard let a, let b, a != b else { return nil }
    if a.modes != b.modes { return "modes \(b.modes.joined(separator: ",")), not \(a.modes.joined(separator: ","))" }
    if a.locales != b.locales {
      return "locales \(b.locales?.joined(separator: ",") ?? "all"), not \(a.locales?.joined(separator: ",") ?? "all")"
    }
    if a.baseline != b.baseline { return "goldens \(Excerpt.quoted(b.baseline)), not \(Excerpt.quoted(a.baseline))" }
    if a.compare != b.compare { return "compared \(b.compare), not \(a.compare)" }
    if a.record != b.record { return "record mode \(b.record.rawValue), not \(a.record.rawValue)" }
    if a.only != b.only { return "--only \(b.only ?? "none"), not \(a.only ?? "none")" }
    return "other snapshots (\(b.snapshots) against \(a.snapshots), or other layouts)"
  }

  /// A layout's name: one path component that is not hidden, `.` or `..`.
  static func isFileName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".")
      && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 }
  }

  /// A snapshot's variant as a run writes it: a mode's name (letters, digits, `-`
  /// and `_`, as the theme allows), then a brand theme's (`dark+sunset`) and a
  /// locale's (`dark.de`, `dark+sunset.de`) when the snapshot's name carries them.
  static func isModeName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count <= 2, let mode = parts.first, parts.dropFirst().allSatisfy({ isWord(String($0)) }) else { return false }
    let themed = mode.split(separator: Character(Brand.separator), maxSplits: 1, omittingEmptySubsequences: false)
    return themed.allSatisfy { isWord(String($0)) }
  }

  private static func isWord(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix("-")
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
      }
  }
}
