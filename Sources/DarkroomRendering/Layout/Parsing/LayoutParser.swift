import DarkroomFoundation
import Foundation

/// Reads layout files into ``Layout`` values.
///
/// Parsing needs no theme: it reads each node into its kind's spec, checking types
/// and reporting unknown kinds and keys (with a suggestion) at their file, line and
/// column, and remembers where every value was written. ``Layout/check(against:)``
/// then judges values and names against a theme with the same messages it gives a
/// layout built in Swift. A layout that parses and checks renders.
public struct LayoutParser: Sendable {
  /// The deepest nesting accepted; deeper input is almost certainly generated or
  /// hostile, and would only exhaust the stack.
  public static let maximumDepth = 64
  /// The most nodes (and list items) one layout may have.
  public static let maximumNodes = 10_000
  /// The largest side of a layout, in points.
  public static let maximumSide = Node.maximumSide

  /// Creates a parser.
  public init() {}

  /// Reads a layout file through `reader` (default: anywhere, noted nowhere); its
  /// name is the file name without extension.
  public func load(file: String, reader: InputReader = .unbounded) throws(DarkroomError) -> Layout {
    let text = try reader.readText(file, what: "the layout")
    let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    return try parse(text, file: file, name: name)
  }

  /// Parses layout YAML; `file` names it in errors.
  public func parse(_ text: String, file: String, name: String) throws(DarkroomError) -> Layout {
    try Theme.checkLayoutName(name, at: SourceLocation(file: file, line: 1, column: 1))
    let yaml = try YAMLNode.parse(text, file: file)
    let budget = Self.budget()
    var r = try SpecReader(yaml, what: "a layout", at: yaml.location, depth: 0, budget: budget)
    guard let size = r.value("size") else {
      throw DarkroomError("a layout needs 'size: [width, height]' in points, or a device", at: yaml.location)
    }
    var scale: Double? = nil
    try r.read("scale", into: &scale)
    guard let rootYAML = r.value("root") else { throw DarkroomError("a layout needs a 'root' node", at: yaml.location) }
    let root = try Self.node(rootYAML, depth: 0, budget: budget)
    var layout: Layout
    if case .scalar = size.node {
      let device = try size.choice("device", as: DevicePreset.self)
      layout = Layout(name: name, file: file, width: device.size.width, height: device.size.height, scale: scale ?? device.scale, root: root)
      layout.device = device
      layout.safeArea = device.safeArea
      layout.statusBar = true
      layout.homeIndicator = device.hasHomeIndicator
    } else {
      let sides = try size.sequence("size")
      guard sides.count == 2 else { throw DarkroomError("size is [width, height], found \(sides.count) values", at: size.location) }
      let width = try sides[0].number("the width")
      // `auto`: as tall as the content, up to what the pixel limits allow.
      let auto = (try? sides[1].string("the height")) == "auto"
      let height = auto ? Self.maximumSide : try sides[1].number("the height (or auto)")
      layout = Layout(name: name, file: file, width: width, height: height, scale: scale ?? 2, root: root)
      layout.autoHeight = auto
      layout.sources.values["size.0"] = sides[0].location
      layout.sources.values["size.1"] = sides[1].location
    }
    layout.sources.merge(r.sources)
    // The size is checked now: everything after it computes with it.
    try layout.checkSize(SpecChecker(theme: nil, sources: layout.sources, location: yaml.location))
    if layout.autoHeight { layout.height = Layout.tallestAuto(width: layout.width, scale: layout.scale) }
    try r.read("background", into: &layout.background)
    if let compare = r.value("compare") { layout.compare = try CompareOverrides.parse(compare) }
    try r.read("statusBar", into: &layout.statusBar)
    try r.read("homeIndicator", into: &layout.homeIndicator)
    if let locales = r.value("locales") {
      // Each locale is a snapshot of its own: a second would write the same file.
      let chosen = try Self.names(locales, key: "locales", noun: "locale", sources: &layout.sources) {
        LocaleID($0) == LocaleID($1)
      }.map { LocaleID($0) }
      guard !chosen.isEmpty else { throw DarkroomError("'locales' names no locale", at: locales.location) }
      layout.locales = chosen
    }
    if let modes = r.value("modes") {
      // A mode listed twice is drawn once: the layout draws the theme's modes it names.
      let chosen = try Self.names(modes, key: "modes", noun: "mode", sources: &layout.sources, same: nil)
      guard !chosen.isEmpty else { throw DarkroomError("'modes' names no mode", at: modes.location) }
      layout.modes = chosen
    }
    if let themes = r.value("themes") {
      // An empty list is meaningful: drawn in the theme itself only.
      layout.themes = try Self.names(themes, key: "themes", noun: "theme", sources: &layout.sources) { $0 == $1 }
    }
    let sheet = try r.nested("sheet", what: "a sheet") { (s: inout SpecReader) throws(DarkroomError) in
      try SheetSpec.read(&s)
    }
    let alert = try r.nested("alert", what: "an alert") { (a: inout SpecReader) throws(DarkroomError) in
      try AlertSpec.read(&a)
    }
    if sheet != nil, alert != nil {
      throw DarkroomError("a layout presents a sheet or an alert, not both", at: r.valueLocation("alert"))
    }
    layout.presentation = sheet.map(Presentation.sheet) ?? alert.map(Presentation.alert)
    try r.finish()
    layout.sources.merge(r.sources)
    return layout
  }

  /// A file's budget of nodes, whose nested nodes are read by ``node(_:depth:budget:)``.
  package static func budget() -> ParseBudget {
    ParseBudget(limit: maximumNodes) { (yaml, depth, budget) throws(DarkroomError) in
      try node(yaml, depth: depth, budget: budget)
    }
  }

  /// Reads one node: `kind: { keys }`, or a bare kind (`- spacer`).
  static func node(_ yaml: YAMLNode, depth: Int, budget: ParseBudget) throws(DarkroomError) -> Node {
    try budget.count(at: yaml.location)
    guard depth < maximumDepth else {
      throw DarkroomError("nodes are nested more than \(maximumDepth) deep", at: yaml.location)
    }
    let name: String
    let location: SourceLocation
    var keys: YAMLNode? = nil
    if case .scalar(let scalar) = yaml.node, !scalar.string.isEmpty {
      name = scalar.string
      location = yaml.textLocation
    } else {
      let entries = try yaml.mapping("a node")
      guard entries.count == 1, let entry = entries.first else {
        throw DarkroomError(
          "a node is a mapping with one key, its kind (\(NodeKind.names)), found \(entries.count) keys", at: yaml.location)
      }
      name = entry.key
      location = entry.keyNode.location
      if case .scalar(let scalar) = entry.value.node, scalar.string.isEmpty || scalar.string == "~" {
        keys = nil
      } else {
        keys = entry.value
      }
    }
    guard let kind = NodeKind(rawValue: name) else {
      throw DarkroomError(
        "unknown node kind '\(name)' (expected \(NodeKind.names))", at: location,
        suggestion: Suggestion.closest(to: name, in: NodeKind.allCases.map(\.rawValue)))
    }
    var reader = try SpecReader(keys, what: kind.named, at: location, depth: depth, budget: budget)
    let frame = kind.spec.takesFrame ? try Frame.read(&reader) : Frame()
    let spec = try kind.spec.init(&reader, as: kind)
    try reader.finish()
    return Node(spec, frame: frame, at: location, sources: reader.sources)
  }
}

extension NodeKind {
  /// Every kind's name, for messages.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension SheetSpec {
  static func read(_ r: inout SpecReader) throws(DarkroomError) -> SheetSpec {
    guard let content = try r.node("content") else {
      throw DarkroomError("a sheet needs 'content' (a node)", at: r.location)
    }
    var sheet = SheetSpec(content: content)
    try r.read(into: &sheet, ("height", \.height), ("background", \.background), ("grabber", \.grabber))
    return sheet
  }
}

extension AlertSpec {
  static func read(_ r: inout SpecReader) throws(DarkroomError) -> AlertSpec {
    var alert = AlertSpec(title: try r.required("title", missing: "an alert needs a 'title'"), location: r.location)
    try r.read(
      into: &alert, ("message", \.message), ("buttons", \.buttons), ("tint", \.tint), ("background", \.background))
    return alert
  }
}

extension LayoutParser {
  /// The names a layout lists under `key` (`locales`, `modes`, `themes`), each
  /// recorded where it is written (`key.<index>`). With `same`, a name listed twice
  /// (as `same` compares them) is an error at its second place.
  fileprivate static func names(
    _ node: YAMLNode, key: String, noun: String, sources: inout SourceMap, same: ((String, String) -> Bool)?
  ) throws(DarkroomError) -> [String] {
    var chosen: [String] = []
    for (index, item) in try node.sequence(key).enumerated() {
      let name = try item.string("a \(noun)")
      if let same, chosen.contains(where: { same($0, name) }) {
        throw DarkroomError("\(noun) '\(Quoted.text(name))' is listed twice in '\(key)'", at: item.textLocation)
      }
      chosen.append(name)
      sources.values["\(key).\(index)"] = item.textLocation
    }
    return chosen
  }
}
