import DarkroomFoundation
import DarkroomRaster
/// Reads one mapping of a layout file into a spec.
///
/// Each read names a key, so the reader learns every key the spec takes: a key
/// that is present and never read is unknown, and ``finish()`` reports it with the
/// closest key that was read — there is no list of allowed keys to keep in step
/// with the code. Each read also records where its value was written
/// (``sources``), so checks made after parsing point at the character a user wrote.
///
/// Reads check types only (a number, a word of a set, a colour expression's
/// syntax); limits and names are checked later, by ``SpecChecker``, for nodes built
/// in Swift as well.
package struct SpecReader {
  /// How messages name the mapping: "a vstack", "a shadow".
  let what: String
  /// Where the mapping (or the node's kind) was written.
  package let location: SourceLocation
  /// The key path of this mapping under its node ("" for the node itself).
  let prefix: String
  /// How deep the node being read is, for its children.
  let depth: Int
  /// The layout's node count so far, shared by every reader of a file.
  let budget: ParseBudget
  /// Where every value read was written, by key path.
  package private(set) var sources = SourceMap()
  private let entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)]
  /// The entries' keys, apart: a spec asks for each of its keys, written or not, and
  /// comparing names alone costs a fraction of walking the entries.
  private let keys: [String]
  private var known: [String] = []

  /// A reader over `yaml`, a mapping (or nil: a node written without keys).
  package init(
    _ yaml: YAMLNode?, what: String, at location: SourceLocation, prefix: String = "", depth: Int,
    budget: ParseBudget
  ) throws(DarkroomError) {
    entries = try yaml?.mapping(what) ?? []
    keys = entries.map(\.key)
    self.what = what
    self.location = location
    self.prefix = prefix
    self.depth = depth
    self.budget = budget
  }

  /// Fails on the first key that no read asked for.
  package func finish() throws(DarkroomError) {
    for entry in entries where !known.contains(entry.key) {
      throw DarkroomError(
        "unknown key '\(entry.key)' in \(what)", at: entry.keyNode.location,
        suggestion: Suggestion.closest(to: entry.key, in: known))
    }
  }

  // MARK: Keys

  /// The value of `key`, if written; the key becomes known either way.
  package mutating func value(_ key: String) -> YAMLNode? {
    if !known.contains(key) { known.append(key) }
    guard let index = keys.firstIndex(of: key) else { return nil }
    let value = entries[index].value
    sources.values[prefix + key] = value.textLocation
    return value
  }

  /// Whether `key` is written; the key becomes known either way.
  mutating func has(_ key: String) -> Bool { value(key) != nil }

  /// Whether `key` is written as the bare word `word` (`shadow: none`).
  mutating func isWord(_ key: String, _ word: String) -> Bool {
    guard let node = value(key), case .scalar(let scalar) = node.node else { return false }
    return scalar.string == word
  }

  /// Where `key`'s value starts, or the mapping's location when it is not written.
  func valueLocation(_ key: String) -> SourceLocation { entries[key]?.location ?? location }

  // MARK: Values

  /// The value of `key`, read as its field's type, over the field's default.
  package mutating func read<V: SpecValue>(_ key: String, into field: inout V) throws(DarkroomError) {
    if let node = value(key) { field = try V.read(node, key: key, reader: &self) }
  }

  /// Several keys into their fields of `spec`, each read as its field's type over
  /// the field's default: a spec names its keys and fields once, here.
  package mutating func read<S, each V: SpecValue>(
    into spec: inout S, _ fields: repeat (String, WritableKeyPath<S, each V>)
  ) throws(DarkroomError) {
    for (key, path) in repeat each fields { try read(key, into: &spec[keyPath: path]) }
  }

  /// A whole number with a hint of what it means in its message.
  package mutating func read(_ key: String, into field: inout Int, hint: String) throws(DarkroomError) {
    if let node = value(key) { field = try Self.whole(node, key, hint: hint) }
  }

  /// A value the spec cannot do without; `missing` says so when it is absent.
  package mutating func required<V: SpecValue>(_ key: String, missing: String) throws(DarkroomError) -> V {
    guard let node = value(key) else { throw DarkroomError(missing, at: location) }
    return try V.read(node, key: key, reader: &self)
  }

  /// A word of an enumeration the spec cannot do without.
  mutating func required<T: SpecWord>(_ key: String, as type: T.Type, missing: String) throws(DarkroomError) -> T {
    guard let node = value(key) else { throw DarkroomError(missing, at: location) }
    return try node.choice(T.what, as: T.self)
  }

  /// `width: 120` or `width: fill`.
  mutating func dimension(_ key: String) throws(DarkroomError) -> Dimension? {
    guard let node = value(key) else { return nil }
    if case .scalar(let scalar) = node.node, scalar.string == "fill" { return .fill }
    if case .scalar(let scalar) = node.node, Double(scalar.string) == nil {
      throw DarkroomError(
        "\(key) is a number of points or 'fill', found \(Excerpt.quoted(scalar.string))", at: node.textLocation,
        suggestion: Suggestion.closest(to: scalar.string, in: ["fill"]))
    }
    return .points(try node.number(key))
  }

  /// `aspectRatio`: width over height, as a number (1.5) or a ratio ("16:9").
  mutating func aspectRatio(_ key: String) throws(DarkroomError) -> Double? {
    guard let node = value(key) else { return nil }
    if case .scalar(let scalar) = node.node, scalar.string.contains(":") {
      let parts = scalar.string.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
        let h = Double(parts[1].trimmingCharacters(in: .whitespaces)), w > 0, h > 0, w.isFinite, h.isFinite
      {
        return w / h
      }
      throw DarkroomError(
        "\(key) is width over height, a number or 'width:height' of positive numbers, found \(Excerpt.quoted(scalar.string))",
        at: node.textLocation)
    }
    return try node.number(key)
  }

  /// The colours of a list (a gradient's), each recorded under `path.<index>`.
  mutating func colors(_ list: YAMLNode, path: String) throws(DarkroomError) -> [ColorExpression] {
    var colors: [ColorExpression] = []
    for (index, item) in try list.sequence("gradient colors").enumerated() {
      try budget.count(at: item.location)
      colors.append(try color(item, path: "\(path).\(index)"))
    }
    return colors
  }

  /// A colour expression written at `node`, recorded under `path`: where it and
  /// each name in it stand.
  mutating func color(_ node: YAMLNode, path: String) throws(DarkroomError) -> ColorExpression {
    let text = try node.string("a colour")
    var parser = ColorExpressionParser(text, start: node.textLocation)
    let expression = try parser.parse()
    sources.values[path] = node.textLocation
    for reference in parser.references where sources.names[path + "#" + reference.name] == nil {
      sources.names[path + "#" + reference.name] = reference.location
    }
    sources.colors.append(
      ColorUse(
        path: path, text: text, location: node.textLocation, expression: expression,
        references: parser.references.map { ($0.name, $0.location) }))
    return expression
  }

  static func whole(_ node: YAMLNode, _ what: String, hint: String = "") throws(DarkroomError) -> Int {
    let number = try node.number(what)
    // Beyond a billion nothing is a sensible count, and Int(_:) would trap on huge
    // values; the checks give the real limits.
    guard number == number.rounded() else {
      throw DarkroomError("\(what) must be a whole number\(hint)", at: node.location)
    }
    guard abs(number) < 1e9 else {
      throw DarkroomError("\(what) must be less than a billion, found \(YAMLNode.format(number))\(hint)", at: node.location)
    }
    return Int(number)
  }

  // MARK: Structure

  /// The nodes of a `children:` list.
  mutating func children(_ key: String = "children") throws(DarkroomError) -> [Node] {
    guard let list = value(key) else { return [] }
    var nodes: [Node] = []
    for child in try list.sequence(key) {
      nodes.append(try budget.readNode(child, depth + 1, budget))
    }
    return nodes
  }

  /// One node written under `key` (a sheet's `content`).
  mutating func node(_ key: String) throws(DarkroomError) -> Node? {
    guard let yaml = value(key) else { return nil }
    return try budget.readNode(yaml, depth + 1, budget)
  }

  /// The nodes of `spec`'s kind `kind` written as mappings of the list under `key` (a
  /// list's rows): each is read as that kind's node, with its own keys and places.
  mutating func nodes<Spec: NodeSpec>(_ key: String, item: String, as spec: Spec.Type, kind: NodeKind) throws(DarkroomError)
    -> [Node]
  {
    guard let yaml = value(key) else { return [] }
    var nodes: [Node] = []
    for element in try yaml.sequence(key) {
      try budget.count(at: element.location)
      var reader = try SpecReader(element, what: item, at: element.location, depth: depth + 1, budget: budget)
      let row = try Spec(&reader, as: kind)
      try reader.finish()
      nodes.append(Node(row, at: element.location, sources: reader.sources))
    }
    return nodes
  }

  /// Reads the mapping under `key` with its own reader (whose unknown keys are
  /// reported as in `what`), keeping where its values were written.
  mutating func nested<T>(
    _ key: String, what: String, _ body: (inout SpecReader) throws(DarkroomError) -> T
  ) throws(DarkroomError) -> T? {
    guard let yaml = value(key) else { return nil }
    var reader = try SpecReader(
      yaml, what: what, at: yaml.location, prefix: prefix + key + ".", depth: depth, budget: budget)
    let result = try body(&reader)
    try reader.finish()
    sources.merge(reader.sources)
    return result
  }

  /// Keeps where the values a reader of a nested mapping read were written.
  mutating func keep(_ nested: SpecReader) { sources.merge(nested.sources) }

  /// Reads each mapping of the list under `key` with its own reader; `item` names
  /// one in messages ("a section").
  package mutating func list<T>(
    _ key: String, item: String, _ body: (inout SpecReader) throws(DarkroomError) -> T
  ) throws(DarkroomError) -> [T]? {
    guard let yaml = value(key) else { return nil }
    var results: [T] = []
    for (index, element) in try yaml.sequence(key).enumerated() {
      try budget.count(at: element.location)
      var reader = try SpecReader(
        element, what: item, at: element.location, prefix: prefix + key + ".\(index).", depth: depth, budget: budget)
      results.append(try body(&reader))
      try reader.finish()
      sources.merge(reader.sources)
    }
    return results
  }
}

/// How many nodes (and list items) a layout file has produced so far, against the
/// limit: a hostile file cannot make the parser, or the layout after it, do
/// unbounded work. Every reader of the file shares it, and with it how a node
/// written inside another is read: the parser's reading, handed in, so a spec's
/// reader reads children without naming the parser above it.
package final class ParseBudget {
  /// Reads the node written at a YAML node, at a depth, counting against a budget.
  package typealias NodeReading = (YAMLNode, Int, ParseBudget) throws(DarkroomError) -> Node

  private(set) var nodes = 0
  let limit: Int
  /// How a nested node is read.
  let readNode: NodeReading

  package init(limit: Int, readNode: @escaping NodeReading) {
    self.limit = limit
    self.readNode = readNode
  }

  /// Counts one more node written at `location`.
  package func count(at location: SourceLocation) throws(DarkroomError) {
    nodes += 1
    guard nodes <= limit else { throw DarkroomError("a layout may have at most \(limit) nodes", at: location) }
  }
}
