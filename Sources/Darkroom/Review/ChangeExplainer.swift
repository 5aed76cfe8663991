import DarkroomRaster

/// Why a snapshot looks different from its base: read from the two display lists
/// and the two themes, not from the pixels.
///
/// - theme colours whose value changed in the snapshot's mode and that it draws:
///   the ones whose definition changed, and the ones that follow them;
/// - texts that changed, appeared or went;
/// - drawing commands that moved, were resized, appeared or went.
public struct ChangeExplainer: Sendable {
  /// The project as it was (the base).
  public let base: Project
  /// The project as it is.
  public let current: Project

  /// An explainer of `current` against `base`.
  public init(base: Project, current: Project) {
    self.base = base
    self.current = current
  }

  /// The reasons, one line each, the cause first (snapshots with the same first line
  /// are grouped under it): `added` when the base has no such layout or mode; empty
  /// when the display lists show no difference (an image's or font's bytes, or the
  /// renderer, changed).
  public func explain(layout: String, mode: String) -> [String] {
    guard let was = base.layouts.first(where: { $0.name == layout }),
      let wasMode = base.theme.modes.first(where: { $0.name == mode })
    else { return ["added"] }
    guard let now = current.layouts.first(where: { $0.name == layout }),
      let nowMode = current.theme.modes.first(where: { $0.name == mode }),
      let before = try? Snapshot(layout: was, mode: wasMode).displayList(theme: base.theme),
      let after = try? Snapshot(layout: now, mode: nowMode).displayList(theme: current.theme)
    else { return [] }
    let old = DrawnContent(before.commands), new = DrawnContent(after.commands)
    var lines = colourChanges(before: wasMode.traits, after: nowMode.traits, drawn: (old.colours, new.colours))
    lines += textChanges(old.texts, new.texts)
    lines += shapeChanges(old.shapes, new.shapes)
    if lines.isEmpty, before.pixelWidth != after.pixelWidth || before.pixelHeight != after.pixelHeight {
      lines.append("size \(before.pixelWidth)×\(before.pixelHeight) → \(after.pixelWidth)×\(after.pixelHeight) pixels")
    }
    return lines
  }

  /// Colours whose value in this mode changed, among those the snapshot drew before
  /// or draws now (a palette entry counts when a colour that aliases it was
  /// drawn: it has its value): a definition that changed is a cause; a colour
  /// defined as before whose value moved with it follows.
  private func colourChanges(before: Traits, after: Traits, drawn: (Set<RGBA8>, Set<RGBA8>)) -> [String] {
    var causes: [String] = [], followers: [String] = []
    let names = Set(base.theme.colorNames).intersection(current.theme.colorNames)
      .union(Set(base.theme.palette.keys).intersection(current.theme.palette.keys))
    for name in names.sorted() {
      let was = base.theme.resolve(name, in: before), now = current.theme.resolve(name, in: after)
      guard was != now, drawn.0.contains(was) || drawn.1.contains(now) else { continue }
      if base.theme.colors[name] != current.theme.colors[name] || base.theme.palette[name] != current.theme.palette[name] {
        causes.append("`\(name)` \(was.hex) → \(now.hex)")
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

  private func textChanges(_ old: [String], _ new: [String]) -> [String] {
    let gone = Self.subtracting(new, from: old), came = Self.subtracting(old, from: new)
    if gone.count == came.count {
      return zip(gone, came).map { "text \"\($0)\" → \"\($1)\"" }
    }
    return gone.map { "text removed: \"\($0)\"" } + came.map { "text added: \"\($0)\"" }
  }

  private func shapeChanges(_ old: [DrawnContent.Shape], _ new: [DrawnContent.Shape]) -> [String] {
    var unmatched = new
    var lines: [String] = []
    var removed = 0
    for shape in old {
      if let same = unmatched.firstIndex(of: shape) {
        unmatched.remove(at: same)
      } else if let moved = unmatched.firstIndex(where: { $0.kind == shape.kind && $0.label == shape.label && $0.size == shape.size }) {
        lines.append("\(shape.what) moved from \(shape.origin) to \(unmatched[moved].origin)")
        unmatched.remove(at: moved)
      } else if let resized = unmatched.firstIndex(where: { $0.kind == shape.kind && $0.label == shape.label && $0.origin == shape.origin }) {
        lines.append("\(shape.what) resized from \(shape.size) to \(unmatched[resized].size)")
        unmatched.remove(at: resized)
      } else if shape.kind != "text" {
        removed += 1
      }
    }
    // Texts that changed are said by their text; only other drawing is counted.
    unmatched.removeAll { $0.kind == "text" }
    if removed > 0 { lines.append("\(removed) drawing command(s) removed") }
    if !unmatched.isEmpty { lines.append("\(unmatched.count) drawing command(s) added") }
    // A long list says less than its length: keep the first few.
    return lines.count > 6 ? Array(lines.prefix(5)) + ["and \(lines.count - 5) more changes of position or size"] : lines
  }

  /// Each element of `items` not matched by one of `other`, in order.
  private static func subtracting(_ other: [String], from items: [String]) -> [String] {
    var counts: [String: Int] = [:]
    for item in other { counts[item, default: 0] += 1 }
    return items.filter { item in
      guard let count = counts[item], count > 0 else { return true }
      counts[item] = count - 1
      return false
    }
  }
}

/// What a display list draws, without its colours: shapes by kind, place and size,
/// texts, and every colour used.
struct DrawnContent {
  struct Shape: Equatable {
    let kind: String
    let label: String
    let origin: String
    let size: String
    var what: String { label.isEmpty ? kind : "\(kind) \"\(label)\"" }
  }

  var colours: Set<RGBA8> = []
  var shapes: [Shape] = []
  /// The texts drawn, in order.
  var texts: [String] { shapes.filter { $0.kind == "text" }.map(\.label) }

  init(_ commands: [DisplayList.Command]) { add(commands) }

  private mutating func add(_ commands: [DisplayList.Command]) {
    for command in commands {
      switch command {
      case .fill(let shape, let paint):
        if case .solid(let colour) = paint { colours.insert(colour) }
        add("fill", rect: shape.rect)
      case .border(let shape, _, _, let colour):
        colours.insert(colour)
        add("border", rect: shape.rect)
      case .text(let line, let origin, let colour):
        colours.insert(colour)
        shapes.append(Shape(kind: "text", label: line.text, origin: Self.point(origin.x, origin.y), size: ""))
      case .shadow(let shape, let shadow):
        colours.insert(shadow.color)
        add("shadow", rect: shape.rect)
      case .icon(let icon, let frame, _, let colour):
        colours.insert(colour)
        add("icon", label: "\(icon)", rect: frame)
      case .line(let from, let to, _, let colour):
        colours.insert(colour)
        shapes.append(Shape(kind: "line", label: "", origin: Self.point(from.x, from.y), size: Self.point(to.x, to.y)))
      case .image(_, let frame):
        add("image", rect: frame.rect)
      case .group(_, _, let children):
        add(children)
      }
    }
  }

  private mutating func add(_ kind: String, label: String = "", rect: Rect) {
    shapes.append(Shape(kind: kind, label: label, origin: Self.point(rect.x, rect.y), size: Self.point(rect.width, rect.height, by: "×")))
  }

  private static func point(_ x: Double, _ y: Double, by separator: String = ",") -> String {
    YAMLNode.format(x) + separator + YAMLNode.format(y)
  }
}
