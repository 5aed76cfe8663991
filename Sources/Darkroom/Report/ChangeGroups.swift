import DarkroomFoundation
import DarkroomRendering

/// The snapshots that need review, in groups a reviewer reads one at a time.
///
/// Snapshots whose drawings differ from their goldens by exactly the same changes
/// (the same ``SnapshotOutcome/cause`` key: theme colours, named colours, texts,
/// images, fonts, node moves) form one group; nothing else differs in their
/// drawings, so two or three representatives show what all of them show. In order:
///
/// 1. unknown: the drawings say nothing (pixels differ, drawings equal; a golden
///    without a drawing summary), one group, every member in full;
/// 2. mixed: a cause that holds another group's cause and more, so a member's
///    own change hides among the shared one; every member in full;
/// 3. one group per cause, the largest first;
/// 4. snapshots added (no golden), then snapshots verify recorded.
///
/// A group of at most ``fullGroupLimit`` members shows each in full; a larger one
/// shows its representatives (the largest change; then one of each style and
/// direction it holds: light and dark, left to right and right to left) and the
/// rest as thumbnails.
struct ChangeGroup: Sendable {
  /// What kind of group it is.
  enum Kind: String, Sendable, Codable {
    case unknown, mixed, cause, added, recorded
  }

  /// `g1`, `g2`… in the order shown: anchors in the page.
  var id: String
  /// Its kind.
  var kind: Kind
  /// The cause's lines (the first member's explanation without the colours that
  /// followed a changed definition, which depend on what each snapshot draws).
  var cause: [String]
  /// The members, in run order.
  var members: [SnapshotOutcome]
  /// The members shown in full: all of them, or the representatives.
  var shownInFull: [String]
  /// Whether every member is shown in full.
  var isFull: Bool { shownInFull.count == members.count }
  /// How to accept every member at once, when their commands combine.
  var accept: Acceptance?
  /// What the cause changed, in a few words each (the first member's
  /// ``SnapshotOutcome/causeSubjects``); empty when the drawings do not say.
  var subjects: [String] = []
  /// Whether a mixed group holds this group's cause and more: its heading then says
  /// the cause is alone here.
  var alone = false

  /// What the group's heading says changed: "`label` and `tint` changed", or
  /// "`tint` alone" beside a group where it changed with more.
  var changed: String {
    guard !subjects.isEmpty else { return "what their drawings show changed" }
    let named = subjects.count == 1 ? subjects[0] : subjects.dropLast().joined(separator: ", ") + " and " + (subjects.last ?? "")
    return named + (alone ? " alone" : " changed")
  }
}

enum ChangeGroups {
  /// The largest group whose members are each shown in full.
  static let fullGroupLimit = 6

  /// The group an outcome belongs in while a run is under way, before mixed causes
  /// are known: its cause, `unknown`, `added` or `recorded`; nil for an outcome
  /// that needs no review.
  static func streamingKey(of outcome: SnapshotOutcome) -> String? {
    guard outcome.isFailure else { return nil }
    switch outcome.status {
    case .missing: return "added"
    case .failed: return outcome.cause.map { "cause:" + $0 } ?? "unknown"
    // A failure that is neither is a golden verify recorded (``SnapshotOutcome/recordedByVerify``).
    case .recorded, .rendered, .unchanged, .passed: return "recorded"
    }
  }

  /// The groups of `outcomes`' failures. Representatives are chosen among members
  /// with full-size images when any has them (a merged report's shards chose their
  /// own), else among all.
  static func make(_ outcomes: [SnapshotOutcome]) -> [ChangeGroup] {
    var order: [String] = []
    var members: [String: [SnapshotOutcome]] = [:]
    for outcome in outcomes {
      guard let key = streamingKey(of: outcome) else { continue }
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(outcome)
    }
    let causes = order.filter { $0.hasPrefix("cause:") }
    let parts = Dictionary(uniqueKeysWithValues: causes.map { ($0, Set($0.dropFirst(6).split(separator: "+"))) })
    // A cause is mixed when it holds every part of another cause that a group has.
    let mixed = Set(
      causes.filter { key in
        let own = parts[key] ?? []
        return causes.contains { other in other != key && (parts[other] ?? []).isSubset(of: own) && own.count > (parts[other] ?? []).count }
      })
    let bySize = { (keys: [String]) in
      keys.enumerated().sorted { a, b in
        let (x, y) = (members[a.element]?.count ?? 0, members[b.element]?.count ?? 0)
        return x != y ? x > y : a.offset < b.offset
      }.map(\.element)
    }
    var keys = order.filter { $0 == "unknown" }
    keys += bySize(causes.filter { mixed.contains($0) })
    keys += bySize(causes.filter { !mixed.contains($0) })
    keys += order.filter { $0 == "added" } + order.filter { $0 == "recorded" }
    // A cause that a mixed group holds, with more, is said to be alone in its group.
    let held = Set(causes.filter { key in mixed.contains { $0 != key && (parts[key] ?? []).isSubset(of: parts[$0] ?? []) } })
    return keys.enumerated().map { index, key in
      let list = members[key] ?? []
      let kind: ChangeGroup.Kind =
        key == "unknown" ? .unknown : key == "added" ? .added : key == "recorded" ? .recorded : mixed.contains(key) ? .mixed : .cause
      let full = kind == .unknown || kind == .mixed || list.count <= fullGroupLimit
      return ChangeGroup(
        id: "g\(index + 1)", kind: kind, cause: kind == .cause || kind == .mixed ? causeLines(list[0]) : [],
        members: list, shownInFull: full ? list.map(\.name) : representatives(list), accept: acceptance(list),
        subjects: kind == .cause || kind == .mixed ? list[0].causeSubjects ?? [] : [],
        alone: kind == .cause && held.contains(key))
    }
  }

  /// The explanation's lines that every member shares: all but "followed by …".
  static func causeLines(_ outcome: SnapshotOutcome) -> [String] {
    (outcome.explanation ?? []).filter { !$0.hasPrefix("followed by ") }
  }

  /// Two or three members that show the group: the largest change, then the
  /// largest of each style (light, dark) and direction (left to right, right to
  /// left) not shown yet. Ties go to the first in run order.
  static func representatives(_ members: [SnapshotOutcome]) -> [String] {
    let withImages = members.filter { $0.images?.hasFullSize == true }
    let pool = withImages.isEmpty ? members : withImages
    // Largest first; the stable sort keeps run order among equals.
    let ranked = pool.enumerated().sorted { a, b in
      a.element.changedArea != b.element.changedArea ? a.element.changedArea > b.element.changedArea : a.offset < b.offset
    }.map(\.element)
    guard let first = ranked.first else { return [] }
    var chosen = [first]
    for style in Set(pool.map { $0.dark ?? false }).sorted(by: { !$0 && $1 })
    where !chosen.contains(where: { ($0.dark ?? false) == style }) {
      if let pick = ranked.first(where: { ($0.dark ?? false) == style }) { chosen.append(pick) }
    }
    for direction in Set(pool.map { $0.rightToLeft ?? false }).sorted(by: { !$0 && $1 })
    where !chosen.contains(where: { ($0.rightToLeft ?? false) == direction }) {
      if let pick = ranked.first(where: { ($0.rightToLeft ?? false) == direction }) { chosen.append(pick) }
    }
    let names = Set(chosen.map(\.name))
    return members.map(\.name).filter { names.contains($0) }
  }

  /// One command for the whole group, when every member's is the same command
  /// ending in `--only` and its own name: the names joined with commas. The same
  /// instruction when every member has it. Nil otherwise, or when a name holds a
  /// comma (`--only` would split it).
  static func acceptance(_ members: [SnapshotOutcome]) -> Acceptance? {
    var prefix: ShellCommand?
    var instruction: String?
    for outcome in members {
      switch outcome.accept {
      case .command(let command)?:
        guard instruction == nil, !outcome.name.contains(","), let start = command.removing("--only", outcome.name),
          prefix == nil || prefix == start
        else { return nil }
        prefix = start
      case .instruction(let text)?:
        guard prefix == nil, instruction == nil || instruction == text else { return nil }
        instruction = text
      case nil:
        return nil
      }
    }
    if let instruction { return .instruction(instruction) }
    guard let prefix else { return nil }
    return .running(prefix.adding("--only", members.map(\.name).joined(separator: ",")))
  }
}
