import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// Why a snapshot looks different from its golden, read from the two drawings'
/// summaries (``/DarkroomRendering/DrawingSummary``), not from the pixels:
///
/// - theme colours whose value changed in the snapshot's mode and that it draws:
///   the ones whose definition changed (the cause), and the ones that follow them;
/// - colours a node names that changed (a fill from `key` to `errorText`);
/// - images and fonts whose files changed;
/// - texts that changed, appeared or went;
/// - nodes that moved, were resized, appeared or went, by their layout file:line.
///
/// Besides the lines a reviewer reads, it gives the change's cause as a key
/// (``Explanation/cause``): every difference but the colours that only followed a
/// changed definition, written without what differs from snapshot to snapshot of
/// the same change (a node's position, not how far it moved). Snapshots with the
/// same key differ by exactly the same changes, and the report groups them.
public enum ChangeExplainer {
  /// The most nodes a side may have for its nodes and texts to be compared.
  static let maximumNodes = 5_000

  /// What two drawings' summaries say about their difference.
  public struct Explanation: Sendable, Equatable {
    /// The reasons, one line each, the cause first; long lists shortened with
    /// "and N more".
    public var lines: [String]
    /// A digest of each difference (followers aside), sorted and joined with `+`:
    /// the same for drawings that differ by the same changes, and a cause that holds
    /// another's parts holds its digests. Nil when the summaries show no
    /// difference, or when the drawings have too many nodes to compare all of them
    /// (the cause would be partial).
    public var cause: String?
    /// What changed, in a few words each, the cause's parts in order (`` `tint` ``,
    /// `text "Display Settings"`): what a group's heading names.
    public var subjects: [String] = []
  }

  /// One difference: the line a reviewer reads, what it is in any snapshot of the
  /// same change (nil for a colour that follows a changed definition), and what
  /// changed in a few words.
  struct Difference {
    var line: String
    var key: String?
    var subject: String? = nil
  }

  /// The reasons, one line each, the cause first; empty when the summaries show
  /// no difference (the renderer changed, or something they do not record).
  public static func explain(before: DrawingSummary, after: DrawingSummary) -> [String] {
    compare(before: before, after: after).lines
  }

  /// The reasons and the cause's key.
  public static func compare(before: DrawingSummary, after: DrawingSummary) -> Explanation {
    let comparable = max(before.nodes.count, after.nodes.count) <= maximumNodes
    let colours = colourChanges(before, after)
    var groups: [[Difference]] = [colours.keys]
    var shortened: [[String]] = [colours.lines]
    if comparable {
      let references = referenceChanges(before.nodes, after.nodes)
      groups.append(references)
      shortened.append(shorten(references.map(\.line), keeping: 3, over: 4, "colours named by nodes changed"))
    }
    let images = fileChanges("image", before.images, after.images)
    groups.append(images)
    // One line names every image file.
    shortened.append(images.isEmpty ? [] : ["image " + images.map(\.line).joined(separator: ", ") + " changed"])
    let fonts = fontDifferences(before, after)
    groups.append(fonts)
    shortened.append(fonts.map(\.line).filter { !$0.isEmpty })
    // Matching nodes is quadratic: a drawing of more nodes than a screen has (a
    // hostile golden's summary) is explained by its colours and files alone.
    if comparable {
      let texts = textChanges(before.nodes, after.nodes, showing: colours.changed, in: before, after)
      groups.append(texts)
      // A colour's value printed on a sheet changes with it: the first few say enough.
      shortened.append(shorten(texts.map(\.line), keeping: 3, over: 4, "texts changed"))
      let nodes = nodeChanges(before.nodes, after.nodes).map { node in
        var named = node
        named.subject = "the layout"
        return named
      }
      groups.append(nodes)
      // A long list says less than its length: keep the first few.
      shortened.append(shorten(nodes.map(\.line), keeping: 5, over: 6, "nodes moved, resized, added or removed"))
    }
    var lines = shortened.flatMap { $0 }
    var keys = groups.flatMap { $0 }.compactMap(\.key)
    var subjects: [String] = []
    for subject in groups.flatMap({ $0 }).compactMap(\.subject) where !subjects.contains(subject) { subjects.append(subject) }
    if lines.isEmpty, before.width != after.width || before.height != after.height {
      lines.append("size \(before.width)×\(before.height) → \(after.width)×\(after.height) pixels")
      keys.append("size\u{0}\(before.width)×\(before.height)\u{0}\(after.width)×\(after.height)")
      subjects.append("the size")
    }
    guard comparable, !keys.isEmpty else { return Explanation(lines: lines, cause: nil, subjects: subjects) }
    let digests = Set(keys.map { String(ContentHash($0).description.prefix(12)) }).sorted()
    // A change of many parts is one cause that is not compared part by part.
    guard digests.count <= maximumCauseParts else {
      return Explanation(lines: lines, cause: String(ContentHash(digests.joined()).description.prefix(12)), subjects: subjects)
    }
    return Explanation(lines: lines, cause: digests.joined(separator: "+"), subjects: subjects)
  }

  /// The most differences a cause key lists one by one; past it the key is one
  /// digest of them all.
  static let maximumCauseParts = 24

  /// The first `keeping` lines and a count of the rest, when there are more than `over`.
  private static func shorten(_ lines: [String], keeping: Int, over: Int, _ what: String) -> [String] {
    lines.count > over ? Array(lines.prefix(keeping)) + ["and \(lines.count - keeping) more \(what)"] : lines
  }

  /// Colours whose value changed that the drawing uses, before or now: a
  /// definition that changed is a cause; a colour defined as before whose value
  /// moved with it follows. A colour is used when a command was resolved from it or
  /// from a colour made of it (``/DarkroomRendering/DrawingSummary/used``); a summary written before
  /// names were recorded stands in with the values it drew, which may name a colour
  /// that only shares a value with one drawn.
  private static func colourChanges(
    _ before: DrawingSummary, _ after: DrawingSummary
  ) -> (lines: [String], keys: [Difference], changed: Set<String>) {
    var causes: [Difference] = [], followers: [Difference] = []
    let valuesBefore = Set(before.drawn), valuesAfter = Set(after.drawn)
    let namesBefore = before.used.map(Set.init), namesAfter = after.used.map(Set.init)
    var changed: Set<String> = []
    for name in Set(before.colours.keys).intersection(after.colours.keys).sorted() {
      guard let was = before.colours[name], let now = after.colours[name], was.value != now.value || was.definition != now.definition
      else { continue }
      let usedBefore = namesBefore.map { $0.contains(name) } ?? valuesBefore.contains(was.value)
      let usedAfter = namesAfter.map { $0.contains(name) } ?? valuesAfter.contains(now.value)
      guard usedBefore || usedAfter else { continue }
      // A definition rewritten to the same value in this mode draws the same pixels
      // here, but what prints the definition (the palette sheet) shows the change.
      changed.insert(name)
      guard was.value != now.value else { continue }
      if was.definition != now.definition {
        let place = (now.at ?? was.at).map { " (\($0))" } ?? ""
        causes.append(
          Difference(
            line: "`\(name)` \(was.value) → \(now.value)\(place)",
            key: "colour\u{0}\(name)\u{0}\(was.definition)\u{0}\(now.definition)", subject: "`\(name)`"))
      } else {
        followers.append(
          Difference(line: "`\(name)`", key: "value\u{0}\(name)\u{0}\(was.value)\u{0}\(now.value)", subject: "`\(name)`"))
      }
    }
    guard !causes.isEmpty || !followers.isEmpty else { return ([], [], changed) }
    // The causes are what snapshots are grouped by; which colours followed them
    // depends on what each snapshot draws (and its mode), so they are no part of
    // the key — unless no definition changed, when they are all there is.
    var lines = [causes.isEmpty ? "colours changed" : causes.map(\.line).joined(separator: ", ")]
    if !followers.isEmpty { lines.append("followed by " + followers.map(\.line).joined(separator: ", ")) }
    return (lines, causes.isEmpty ? followers : causes, changed)
  }

  /// Colours named by the same node (the same kind and text, written at the same
  /// place) that changed: `fill \`key\` → \`errorText\` (button "Track",
  /// card.yml:12:5)`. Summaries that do not record a node's colours say nothing.
  private static func referenceChanges(_ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node]) -> [Difference] {
    // One place in a layout file can draw several nodes (a segmented control's
    // segments, a palette sheet's swatches): they pair up in drawing order.
    var earlier: [String: [[String: String]?]] = [:]
    for node in old { earlier["\(node.kind)\u{0}\(node.text)\u{0}\(node.source)", default: []].append(node.colours) }
    var taken: [String: Int] = [:]
    var lines: [Difference] = []
    for node in new {
      let key = "\(node.kind)\u{0}\(node.text)\u{0}\(node.source)"
      let position = taken[key, default: 0]
      taken[key] = position + 1
      guard let now = node.colours, let list = earlier[key], position < list.count, let was = list[position] else { continue }
      // What a label shows of a colour is that colour's change, not a reference's.
      for role in Set(was.keys).union(now.keys).sorted() where role != "shows" && was[role] != now[role] {
        let from = was[role].map { "`\($0)`" } ?? "none", to = now[role].map { "`\($0)`" } ?? "none"
        let what = node.text.isEmpty ? node.kind : "\(node.kind) \"\(node.text)\""
        lines.append(
          Difference(
            line: "\(role) \(from) → \(to) (\(what), \(node.source))",
            key: "named\u{0}\(role)\u{0}\(node.kind)\u{0}\(node.text)\u{0}\(node.source)\u{0}\(from)\u{0}\(to)",
            subject: "the \(role) of \(what)"))
      }
    }
    return lines
  }

  /// Whether the two drawings differ in nothing other faces could not cause: no
  /// colour, image, colour a node names, text or size changed (nodes may have moved
  /// and grown, as text set in other faces does).
  static func onlyFacesCouldExplain(_ before: DrawingSummary, _ after: DrawingSummary) -> Bool {
    guard before.width == after.width, before.height == after.height,
      colourChanges(before, after).lines.isEmpty, fileChanges("image", before.images, after.images).isEmpty
    else { return false }
    guard max(before.nodes.count, after.nodes.count) <= maximumNodes else { return true }
    return referenceChanges(before.nodes, after.nodes).isEmpty && textChanges(before.nodes, after.nodes).isEmpty
  }

  /// The lines of ``fontDifferences(_:_:)``.
  static func fontChanges(_ before: DrawingSummary, _ after: DrawingSummary) -> [String] {
    fontDifferences(before, after).map(\.line).filter { !$0.isEmpty }
  }

  /// Faces that draw other glyphs, by family and style (a file renamed or
  /// repackaged with the same glyphs is no change), and, when the faces are the
  /// same, the libraries text is shaped with that differ; summaries from before
  /// faces were recorded compare font files.
  static func fontDifferences(_ before: DrawingSummary, _ after: DrawingSummary) -> [Difference] {
    guard let old = before.faces, let new = after.faces else {
      let files = fileChanges("font", before.fonts, after.fonts)
      guard let first = files.first else { return [] }
      // One line names every font file; the others carry only their keys.
      let line = "font " + files.map(\.line).joined(separator: ", ") + " changed"
      return [Difference(line: line, key: first.key)] + files.dropFirst().map { Difference(line: "", key: $0.key) }
    }
    let changed = FaceChange.between(old, new)
    if !changed.isEmpty {
      return changed.map { change in
        Difference(
          line: change.description,
          key: "face\u{0}\(change.before.family)\u{0}\(change.before.style)\u{0}\(change.before.identity)\u{0}\(change.after.identity)",
          subject: "the face \(change.before.family) \(change.before.style)")
      }
    }
    let was = before.libraries ?? [:], now = after.libraries ?? [:]
    let libraries = Set(was.keys).intersection(now.keys).sorted().compactMap { name in
      was[name] == now[name] ? nil : "\(name) \(was[name] ?? "") → \(now[name] ?? "")"
    }
    guard !libraries.isEmpty else { return [] }
    let line = "same faces, other libraries: " + libraries.joined(separator: ", ")
    return [Difference(line: line, key: "libraries\u{0}" + line, subject: "the text libraries")]
  }

  /// Images or fonts drawn on both sides whose files differ: each file's name as
  /// code, and its two digests in the key.
  private static func fileChanges(_ what: String, _ before: [String: String], _ after: [String: String]) -> [Difference] {
    let changed = before.keys.filter { name in after[name].map { $0 != before[name] } ?? false }.sorted()
    return changed.map { name in
      Difference(
        line: "`\(name)`", key: "\(what)\u{0}\(name)\u{0}\(before[name] ?? "")\u{0}\(after[name] ?? "")",
        subject: "\(what) `\(name)`")
    }
  }

  /// Texts that changed, appeared or went. A text that shows a colour whose value
  /// or definition changed (the palette sheet's hex values, definitions and ratios)
  /// is that colour's change, already said: it is left out.
  private static func textChanges(
    _ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node], showing changed: Set<String> = [],
    in before: DrawingSummary? = nil, _ after: DrawingSummary? = nil
  ) -> [Difference] {
    let known = Set(before?.colours.keys.map { $0 } ?? []).union(after?.colours.keys.map { $0 } ?? [])
    // The changed colours' values and definitions as either side prints them: what a
    // summary written before nodes said what they show is recognised by.
    var printed: Set<String> = []
    for name in changed {
      for colour in [before?.colours[name], after?.colours[name]].compactMap({ $0 }) {
        printed.insert(colour.value)
        printed.insert(colour.definition)
      }
    }
    // Both sides say what their labels show, or neither is asked: a summary from
    // before says nothing, and the same text must be left out on both sides.
    let recorded = [old, new].allSatisfy { nodes in nodes.contains { $0.colours?["shows"] != nil } }
    func showsChanged(_ node: DrawingSummary.Node) -> Bool {
      guard !changed.isEmpty else { return false }
      guard recorded, let shown = node.colours?["shows"] else {
        // A value, or a definition or the variant of one a sheet prints.
        return node.text.count >= 4 && printed.contains { $0 == node.text || $0.contains(node.text) }
      }
      // The names in an expression as written: words of letters, digits, `.`, `-`, `_`.
      let words = shown.split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
      return words.contains { known.contains(String($0)) && changed.contains(String($0)) }
    }
    func texts(_ nodes: [DrawingSummary.Node]) -> [DrawingSummary.Node] {
      nodes.filter { ($0.kind == "label" || $0.kind == "button") && !$0.text.isEmpty && !showsChanged($0) }
    }
    let gone = subtracting(texts(new), from: texts(old), by: \.text)
    let came = subtracting(texts(old), from: texts(new), by: \.text)
    guard gone.count != came.count else {
      return zip(gone, came).map {
        Difference(
          line: "text \"\($0.text)\" → \"\($1.text)\" (\($1.source))",
          key: "text\u{0}\($0.text)\u{0}\($1.text)\u{0}\($1.source)", subject: "the text \"\(short($0.text))\"")
      }
    }
    return gone.map {
      Difference(
        line: "text removed: \"\($0.text)\" (was \($0.source))", key: "text-\u{0}\($0.text)\u{0}\($0.source)",
        subject: "the text \"\(short($0.text))\"")
    }
      + came.map {
        Difference(
          line: "text added: \"\($0.text)\" (\($0.source))", key: "text+\u{0}\($0.text)\u{0}\($0.source)",
          subject: "the text \"\(short($0.text))\"")
      }
  }

  /// Nodes matched by kind and text: the same frame is no change, the same size
  /// elsewhere a move, the same origin another size, the same place in the layout
  /// file both; the rest went or came. Texts that changed are said by
  /// ``textChanges(_:_:)``. A move's key holds how far the node moved, not where
  /// from: the same change moves a node by the same amount in every mode.
  private static func nodeChanges(_ old: [DrawingSummary.Node], _ new: [DrawingSummary.Node]) -> [Difference] {
    var unmatched = new
    var lines: [Difference] = []
    var removed: [DrawingSummary.Node] = []
    func both(_ was: DrawingSummary.Node, _ now: DrawingSummary.Node) -> Difference {
      Difference(
        line:
          "\(describe(now)) moved from \(point(was.frame)) to \(point(now.frame)), resized from \(size(was.frame)) to \(size(now.frame))",
        key: key("moved+resized", now, delta(was.frame, now.frame, 0..<4)))
    }
    for node in old {
      let same = { (other: DrawingSummary.Node) in other.kind == node.kind && other.text == node.text }
      if let index = unmatched.firstIndex(where: { same($0) && $0.frame == node.frame }) {
        unmatched.remove(at: index)
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.frame.suffix(2) == node.frame.suffix(2) }) {
        let now = unmatched.remove(at: index)
        lines.append(
          Difference(
            line: "\(describe(now)) moved from \(point(node.frame)) to \(point(now.frame))",
            key: key("moved", now, delta(node.frame, now.frame, 0..<2))))
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.frame.prefix(2) == node.frame.prefix(2) }) {
        let now = unmatched.remove(at: index)
        lines.append(
          Difference(
            line: "\(describe(now)) resized from \(size(node.frame)) to \(size(now.frame))",
            key: key("resized", now, delta(node.frame, now.frame, 2..<4))))
      } else if let index = unmatched.firstIndex(where: { same($0) && $0.source == node.source }) {
        // The same node, written at the same place: both moved and resized.
        lines.append(both(node, unmatched.remove(at: index)))
      } else {
        removed.append(node)
      }
    }
    let isText = { (node: DrawingSummary.Node) in (node.kind == "label" || node.kind == "button") && !node.text.isEmpty }
    removed.removeAll(where: isText)
    unmatched.removeAll(where: isText)
    // What is left of one kind and text, as many gone as came, in drawing order:
    // the same nodes, changed in place and size (their file's lines moved too).
    for kindAndText in Set(removed.map { "\($0.kind)\u{0}\($0.text)" }).sorted() {
      let matches = { (node: DrawingSummary.Node) in "\(node.kind)\u{0}\(node.text)" == kindAndText }
      let gone = removed.filter(matches), came = unmatched.filter(matches)
      guard gone.count == came.count else { continue }
      lines += zip(gone, came).map(both)
      removed.removeAll(where: matches)
      unmatched.removeAll(where: matches)
    }
    lines += removed.map { Difference(line: "removed: \(describe($0, was: true))", key: key("removed", $0, "")) }
    lines += unmatched.map { Difference(line: "added: \(describe($0))", key: key("added", $0, "")) }
    return lines
  }

  /// A text as a heading names it: its first 30 characters.
  private static func short(_ text: String) -> String { text.count > 30 ? String(text.prefix(29)) + "…" : text }

  /// What a node's change is in any snapshot: how, which node, by how much.
  private static func key(_ how: String, _ node: DrawingSummary.Node, _ amount: String) -> String {
    "node\u{0}\(how)\u{0}\(node.kind)\u{0}\(node.text)\u{0}\(node.source)\u{0}\(amount)"
  }

  /// How far the frame's values in `range` (x, y, width, height) changed.
  private static func delta(_ was: [Double], _ now: [Double], _ range: Range<Int>) -> String {
    range.map { i in i < was.count && i < now.count ? YAMLNode.format(rounded(now[i] - was[i])) : "?" }
      .joined(separator: ",")
  }

  private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

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
