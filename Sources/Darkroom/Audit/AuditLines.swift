import DarkroomRendering

/// The findings of an audit run, gathered into groups as they are found — contrast
/// failures by colour pair, truncations by label and cause — and written one line a
/// group, each starting with the first occurrence's `file:line:column`, so a
/// repeated finding is one line that opens in an editor.
public struct AuditLines: Sendable {
  /// The contrast failures' groups, in the order their first label was found.
  public private(set) var contrast: [ContrastGroup] = []
  /// The truncations' groups, in the order their first label was found.
  public private(set) var truncations: [TruncationGroup] = []

  /// No findings yet.
  public init() {}

  /// Adds a failing check to its pair's group.
  public mutating func add(_ check: ContrastCheck) {
    if let index = contrast.firstIndex(where: { $0.holds(check) }) {
      contrast[index].add(check)
    } else {
      contrast.append(ContrastGroup(check))
    }
  }

  /// Adds a truncation found in `snapshot` to its label's group.
  public mutating func add(_ truncation: Truncation, snapshot: String) {
    if let index = truncations.firstIndex(where: { $0.holds(truncation) }) {
      truncations[index].add(truncation, snapshot: snapshot)
    } else {
      truncations.append(TruncationGroup(truncation, snapshot: snapshot))
    }
  }

  /// One line a group: the contrast failures', then the truncations'.
  public var lines: [String] { contrast.map(\.line) + truncations.map(\.line) }

  /// A report's lines (``ContrastCheck/description``, ``/DarkroomRendering/Truncation/line(snapshot:)``),
  /// each found in a snapshot, gathered where they say the same but for the
  /// snapshot's name: the first line, then in how many snapshots and which others.
  /// What a run's outcomes keep is lines, so the report groups those.
  public static func bySnapshot(_ found: [(snapshot: String, line: String)]) -> [String] {
    var order: [String] = []
    var groups: [String: (first: String, snapshots: [String])] = [:]
    for (snapshot, line) in found {
      let key = line.replacingOccurrences(of: ": \(snapshot): ", with: ": ", options: [], range: line.range(of: ": \(snapshot): "))
      if groups[key] == nil {
        order.append(key)
        groups[key] = (line, [snapshot])
      } else if groups[key]?.snapshots.contains(snapshot) == false {
        groups[key]?.snapshots.append(snapshot)
      }
    }
    return order.compactMap { key in
      guard let group = groups[key] else { return nil }
      guard group.snapshots.count > 1 else { return group.first }
      return group.first + "; in \(group.snapshots.count) snapshots, also in " + names(Array(group.snapshots.dropFirst()))
    }
  }

  /// `items` without repeats, in the order first found.
  static func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
  }

  /// How many, with the noun in the singular or plural: `1 label`, `3 snapshots`.
  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  /// The first three names, then how many more: `a, b, c and 4 more`.
  static func names(_ names: [String]) -> String {
    guard names.count > 3 else { return names.joined(separator: ", ") }
    return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
  }
}
