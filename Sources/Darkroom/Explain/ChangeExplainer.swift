/// Why a snapshot looks different from its golden, read from the two drawings'
/// summaries (``DrawingSummary``), not from the pixels:
///
/// - theme colours whose value changed in the snapshot's mode and that it draws:
///   the ones whose definition changed (the cause), and the ones that follow them;
/// - colours a node names that changed (a fill from `key` to `errorText`);
/// - images and fonts whose files changed;
/// - texts that changed, appeared or went;
/// - nodes that moved, were resized, appeared or went, by their layout file:line.
///
/// The first line is the cause: snapshots with the same first line are grouped
/// under it in the report.
public enum ChangeExplainer {
  /// The most nodes a side may have for its nodes and texts to be compared.
  static let maximumNodes = 5_000

  /// The reasons, one line each, the cause first; empty when the summaries show
  /// no difference (the renderer changed, or something they do not record).
  public static func explain(before: DrawingSummary, after: DrawingSummary) -> [String] {
    var lines = colourChanges(before, after)
    if max(before.nodes.count, after.nodes.count) <= maximumNodes {
      lines += referenceChanges(before.nodes, after.nodes)
    }
    lines += fileChanges("image", before.images, after.images)
    lines += fontChanges(before, after)
    // Matching nodes is quadratic: a drawing of more nodes than a screen has (a
    // hostile golden's summary) is explained by its colours and files alone.
    if max(before.nodes.count, after.nodes.count) <= maximumNodes {
      lines += textChanges(before.nodes, after.nodes)
      lines += nodeChanges(before.nodes, after.nodes)
    }
    if lines.isEmpty, before.width != after.width || before.height != after.height {
      lines.append("size \(before.width)×\(before.height) → \(after.width)×\(after.height) pixels")
    }
    return lines
  }

  /// Colours whose value changed, among those drawn before or now (a palette entry
  /// counts when a colour that aliases it was drawn: it has its value): a
  /// definition that changed is a cause; a colour defined as before whose value
  /// moved with it follows.
  private static func colourChanges(_ before: DrawingSummary, _ after: DrawingSummary) -> [String] {
    var causes: [String] = [], followers: [String] = []
    let drawnBefore = Set(before.drawn), drawnAfter = Set(after.drawn)
    for name in Set(before.colours.keys).intersection(after.colours.keys).sorted() {
      guard let was = before.colours[name], let now = after.colours[name], was.value != now.value,
        drawnBefore.contains(was.value) || drawnAfter.contains(now.value)
      else { continue }
      if was.definition != now.definition {
        causes.append("`\(name)` \(was.value) → \(now.value)")
      } else {
        followers.append("`\(name)`")
      }
    }
    guard !causes.isEmpty || !followers.isEmpty else { return [] }
    // The causes are what snapshots are grouped by; which colours followed them
    // depends on what each snapshot draws.
    var lines = [causes.isEmpty ? "colours changed" : causes.joined(separator: ", ")]
    if !followers.isEmpty { lines.append("followed by " + followers.joined(separator: ", ")) }
    return lines
  }

  /// Colours named by the same node (the same kind and text, written at the same
  /// place) that changed: `fill \`key\` → \`errorText\` (button "Track",
  /// card.yml:12:5)`. Summaries that do not record a node's colours say nothing.
  private static func referenceChanges(_ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node]) -> [String] {
    var earlier: [String: [String: String]] = [:]
    for node in old { if let colours = node.colours { earlier["\(node.kind)\u{0}\(node.text)\u{0}\(node.source)"] = colours } }
    var lines: [String] = []
    for node in new {
      guard let now = node.colours, let was = earlier["\(node.kind)\u{0}\(node.text)\u{0}\(node.source)"] else { continue }
      for role in Set(was.keys).union(now.keys).sorted() where was[role] != now[role] {
        let from = was[role].map { "`\($0)`" } ?? "none", to = now[role].map { "`\($0)`" } ?? "none"
        let what = node.text.isEmpty ? node.kind : "\(node.kind) \"\(node.text)\""
        lines.append("\(role) \(from) → \(to) (\(what), \(node.source))")
      }
    }
    return lines.count > 4 ? Array(lines.prefix(3)) + ["and \(lines.count - 3) more colours named by nodes changed"] : lines
  }

  /// Faces that draw other glyphs, by family and style (a file renamed or
  /// repackaged with the same glyphs is no change), and, when the faces are the
  /// same, the libraries text is shaped with that differ; summaries from before
  /// faces were recorded compare font files.
  static func fontChanges(_ before: DrawingSummary, _ after: DrawingSummary) -> [String] {
    guard let old = before.faces, let new = after.faces else { return fileChanges("font", before.fonts, after.fonts) }
    let changed = FaceChange.between(old, new)
    if !changed.isEmpty { return changed.map(\.description) }
    let was = before.libraries ?? [:], now = after.libraries ?? [:]
    let libraries = Set(was.keys).intersection(now.keys).sorted().compactMap { name in
      was[name] == now[name] ? nil : "\(name) \(was[name] ?? "") → \(now[name] ?? "")"
    }
    return libraries.isEmpty ? [] : ["same faces, other libraries: " + libraries.joined(separator: ", ")]
  }

  /// Images or fonts drawn on both sides whose files differ.
  private static func fileChanges(_ what: String, _ before: [String: String], _ after: [String: String]) -> [String] {
    let changed = before.keys.filter { name in after[name].map { $0 != before[name] } ?? false }.sorted()
    return changed.isEmpty ? [] : ["\(what) " + changed.map { "`\($0)`" }.joined(separator: ", ") + " changed"]
  }

  private static func textChanges(_ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node]) -> [String] {
    func texts(_ nodes: [DrawingSummary.Node]) -> [DrawingSummary.Node] {
      nodes.filter { ($0.kind == "label" || $0.kind == "button") && !$0.text.isEmpty }
    }
    let gone = subtracting(texts(new), from: texts(old), by: \.text)
    let came = subtracting(texts(old), from: texts(new), by: \.text)
    let lines =
      gone.count == came.count
      ? zip(gone, came).map { "text \"\($0.text)\" → \"\($1.text)\" (\($1.source))" }
      : gone.map { "text removed: \"\($0.text)\" (was \($0.source))" } + came.map { "text added: \"\($0.text)\" (\($0.source))" }
    // A colour's value printed on a sheet changes with it: the first few say enough.
    return lines.count > 4 ? Array(lines.prefix(3)) + ["and \(lines.count - 3) more texts changed"] : lines
  }

  /// Nodes matched by kind and text: the same frame is no change, the same size
  /// elsewhere a move, the same origin another size, the same place in the layout
  /// file both; the rest went or came. Texts
  /// that changed are said by ``textChanges(_:_:)``.
  private static func nodeChanges(_ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node]) -> [String] {
    var unmatched = new
    var lines: [String] = []
    var removed: [DrawingSummary.Node] = []
    for node in old {
      let same = { (other: DrawingSummary.Node) in other.kind == node.kind && other.text == node.text }
      if let index = unmatched.firstIndex(where: { same($0) && $0.frame == node.frame }) {
        unmatched.remove(at: index)
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.frame.suffix(2) == node.frame.suffix(2) }) {
        let now = unmatched.remove(at: index)
        lines.append("\(describe(now)) moved from \(point(node.frame)) to \(point(now.frame))")
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.frame.prefix(2) == node.frame.prefix(2) }) {
        let now = unmatched.remove(at: index)
        lines.append("\(describe(now)) resized from \(size(node.frame)) to \(size(now.frame))")
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.source == node.source }) {
        // The same node, written at the same place: both moved and resized.
        let now = unmatched.remove(at: index)
        lines.append(
          "\(describe(now)) moved from \(point(node.frame)) to \(point(now.frame)), resized from \(size(node.frame)) to \(size(now.frame))")
      } else {
        removed.append(node)
      }
    }
    let isText = { (node: DrawingSummary.Node) in (node.kind == "label" || node.kind == "button") && !node.text.isEmpty }
    removed.removeAll(where: isText)
    unmatched.removeAll(where: isText)
    // What is left of one kind and text, as many gone as came, in drawing order:
    // the same nodes, changed in place and size (their file's lines moved too).
    for key in Set(removed.map { "\($0.kind)\u{0}\($0.text)" }).sorted() {
      let matches = { (node: DrawingSummary.Node) in "\(node.kind)\u{0}\(node.text)" == key }
      let gone = removed.filter(matches), came = unmatched.filter(matches)
      guard gone.count == came.count else { continue }
      for (was, now) in zip(gone, came) {
        lines.append(
          "\(describe(now)) moved from \(point(was.frame)) to \(point(now.frame)), resized from \(size(was.frame)) to \(size(now.frame))")
      }
      removed.removeAll(where: matches)
      unmatched.removeAll(where: matches)
    }
    lines += removed.map { "removed: \(describe($0, was: true))" }
    lines += unmatched.map { "added: \(describe($0))" }
    // A long list says less than its length: keep the first few.
    return lines.count > 6 ? Array(lines.prefix(5)) + ["and \(lines.count - 5) more nodes moved, resized, added or removed"] : lines
  }

  private static func describe(_ node: DrawingSummary.Node, was: Bool = false) -> String {
    let what = node.text.isEmpty ? node.kind : "\(node.kind) \"\(node.text)\""
    return "\(what) (\(was ? "was " : "")\(node.source))"
  }

  private static func point(_ frame: [Double]) -> String {
    frame.prefix(2).map(YAMLNode.format).joined(separator: ",")
  }

  private static func size(_ frame: [Double]) -> String {
    frame.suffix(2).map(YAMLNode.format).joined(separator: "×")
  }

  /// Each element of `items` not matched by one of `other` (by `key`), in order.
  private static func subtracting<T>(_ other: [T], from items: [T], by key: (T) -> String) -> [T] {
    var counts: [String: Int] = [:]
    for item in other { counts[key(item), default: 0] += 1 }
    return items.filter { item in
      guard let count = counts[key(item)], count > 0 else { return true }
      counts[key(item)] = count - 1
      return false
    }
  }
}
