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

  /// Checks that the reports are shards of one run: all or none sharded, the same
  /// number of parts, no part twice.
  static func shards(_ parts: [(shard: Shard?, folder: String)]) throws(DarkroomError) {
    let sharded = parts.compactMap(\.shard)
    guard sharded.isEmpty || sharded.count == parts.count else {
      throw DarkroomError("some reports are shards (--shard K/N) and some are not; merge the shards of one run")
    }
    var seen: [Int: String] = [:]
    for part in parts {
      guard let shard = part.shard else { continue }
      guard shard.count == sharded[0].count else {
        throw DarkroomError("shard \(shard) is of a run split \(shard.count) ways, not \(sharded[0].count)", file: part.folder)
      }
      if let first = seen[shard.index] {
        throw DarkroomError("shard \(shard) is given twice: here and in \(first)", file: part.folder)
      }
      seen[shard.index] = part.folder
    }
  }

  /// A layout's name: one path component that is not hidden, `.` or `..`.
  static func isFileName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".")
      && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 }
  }

  /// A mode's name: letters, digits, `-` and `_`, as the theme allows.
  /// A mode's name, or a mode and a locale (`dark.de`).
  static func isModeName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    return parts.count <= 2 && parts.allSatisfy { isWord(String($0)) }
  }

  private static func isWord(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix("-")
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
      }
  }
}
