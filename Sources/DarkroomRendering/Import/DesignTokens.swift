import DarkroomFoundation

/// Reads a W3C design tokens file (the Design Tokens Community Group format): the
/// colour tokens of its groups, named by their path (`color.brand.primary`).
///
/// A token is an object with `$value`; `$type` is inherited from enclosing groups.
/// Colour values are hex strings, objects with `colorSpace` and `components` (sRGB,
/// linear sRGB or Display P3, with `alpha`), or aliases (`{color.brand.primary}`),
/// which stay references and so resolve in each mode like any semantic colour.
struct DesignTokens {
  /// The file.
  let file: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// Group nesting beyond which a file is refused.
  private static let maximumDepth = 64

  func load() throws(DarkroomError) -> [SourceColor] {
    let root = try YAMLNode.parseJSON(try reader.readText(file, what: "the design tokens"), file: file)
    var tokens: [(path: String, type: String?, value: YAMLNode, location: SourceLocation)] = []
    try walk(root, path: [], inheritedType: nil, depth: 0, into: &tokens)
    let types = Self.effectiveTypes(tokens.map { ($0.path, $0.type, $0.value) })
    var typeOf: [String: String?] = [:]
    for (index, token) in tokens.enumerated() where typeOf[token.path] == nil { typeOf[token.path] = types[index] }
    var colors: [SourceColor] = []
    for (index, token) in tokens.enumerated() where types[index] == "color" {
      try Theme.checkName(token.path, at: token.location)
      let (value, references) = try parse(token.value, token: token.path)
      // An alias to a token of another type would otherwise read as an unknown colour.
      for reference in references {
        guard let targetType = typeOf[reference.name], targetType != "color" else { continue }
        let why = targetType.map { "its type is '\($0)'" } ?? "it has no type, and its aliases form a cycle"
        throw DarkroomError(
          "token '\(token.path)' points to '\(reference.name)', which is not a colour: \(why)", at: reference.location)
      }
      colors.append(SourceColor(name: token.path, location: token.location, value: value, references: references))
    }
    return colors
  }

  /// Each token's type: its own or its group's, else — an untyped alias — the type of
  /// what it points to, else "color" for a hex value. Every chain is followed once
  /// and its answer kept, so the work is linear; a cycle gives no type here and is
  /// reported later with its path.
  static func effectiveTypes(_ tokens: [(path: String, type: String?, value: YAMLNode)]) -> [String?] {
    var index: [String: Int] = [:]
    for (i, token) in tokens.enumerated() where index[token.path] == nil { index[token.path] = i }
    var types = [String??](repeating: nil, count: tokens.count)
    for start in tokens.indices where types[start] == nil {
      var chain: [Int] = []
      var onChain: Set<Int> = []
      var current: Int? = start
      var answer: String? = nil
      while let i = current {
        if let known = types[i] {
          answer = known
          break
        }
        guard onChain.insert(i).inserted else { break }  // a cycle
        chain.append(i)
        let token = tokens[i]
        if let type = token.type {
          answer = type
          break
        }
        if let target = Self.alias(token.value) {
          current = index[target]
          continue
        }
        if case .scalar(let scalar) = token.value.node, scalar.string.hasPrefix("#") { answer = "color" }
        break
      }
      for i in chain { types[i] = .some(answer) }
    }
    return types.map { $0 ?? nil }
  }

  private func walk(
    _ node: YAMLNode, path: [String], inheritedType: String?, depth: Int,
    into tokens: inout [(path: String, type: String?, value: YAMLNode, location: SourceLocation)]
  ) throws(DarkroomError) {
    guard depth < Self.maximumDepth else {
      throw DarkroomError("design token groups nest more than \(Self.maximumDepth) deep", at: node.location)
    }
    let what = path.isEmpty ? "the design tokens" : "group '\(path.joined(separator: "."))'"
    let fields = try node.mapping(what)
    let type = try fields["$type"]?.string("$type") ?? inheritedType
    if let value = fields["$value"] {
      tokens.append((path.joined(separator: "."), type, value, node.location))
      return
    }
    for field in fields where !field.key.hasPrefix("$") {
      guard case .mapping = field.value.node else {
        throw DarkroomError(
          "'\(field.key)' in \(what) is neither a group nor a token (a token is an object with \"$value\")",
          at: field.keyNode.location)
      }
      try walk(field.value, path: path + [field.key], inheritedType: type, depth: depth + 1, into: &tokens)
    }
  }

  /// The token an alias value names, if the value is an alias.
  private static func alias(_ node: YAMLNode) -> String? {
    guard case .scalar(let scalar) = node.node else { return nil }
    let text = scalar.string
    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
    return String(text.dropFirst().dropLast())
  }

  private func parse(_ node: YAMLNode, token: String) throws(DarkroomError) -> (ColorExpression, [ColorDefinition.Reference]) {
    if let target = Self.alias(node) {
      return (.named(target), [ColorDefinition.Reference(name: target, location: node.textLocation.advanced(by: 1))])
    }
    if case .mapping = node.node { return (try object(node, token: token), []) }
    let text = try node.string("token '\(token)'")
    guard text.hasPrefix("#") else {
      throw DarkroomError(
        "token '\(token)': expected a hex colour, a colour object or an alias such as {color.base.blue}, found \(Excerpt.quoted(text))",
        at: node.textLocation)
    }
    var parser = ColorExpressionParser(text, start: node.textLocation)
    return (try parser.parse(), [])
  }

  /// `{ "colorSpace": "srgb", "components": [r, g, b], "alpha": a, "hex": "#…" }`.
  private func object(_ node: YAMLNode, token: String) throws(DarkroomError) -> ColorExpression {
    let fields = try node.mapping("token '\(token)'")
    try fields.checkKeys(allowed: ["colorSpace", "components", "alpha", "hex"], in: "token '\(token)'")
    guard let spaceNode = fields["colorSpace"], let componentsNode = fields["components"] else {
      throw DarkroomError("token '\(token)': a colour object needs 'colorSpace' and 'components'", at: node.location)
    }
    let spaces: [String: ColorSpace] = ["srgb": .sRGB, "srgb-linear": .extendedLinearSRGB, "display-p3": .displayP3]
    let spaceName = try spaceNode.string("colorSpace")
    let alpha = try fields["alpha"]?.number("alpha", in: 0...1) ?? 1
    guard let space = spaces[spaceName] else {
      // A space Darkroom does not convert from: the token's own sRGB fallback.
      if let hex = fields["hex"] {
        var parser = ColorExpressionParser(try hex.string("hex"), start: hex.textLocation)
        if case .literal(let color) = try parser.parse() {
          return .literal(ColorMath.withAlpha(color, alpha))
        }
      }
      throw DarkroomError(
        "token '\(token)': colour space '\(spaceName)' is not supported (srgb, srgb-linear, display-p3) and there is no 'hex' fallback",
        at: spaceNode.textLocation, suggestion: Suggestion.closest(to: spaceName, in: Array(spaces.keys)))
    }
    let items = try componentsNode.sequence("components")
    guard items.count == 3 else {
      throw DarkroomError("token '\(token)': expected 3 components, found \(items.count)", at: componentsNode.location)
    }
    var components: [Double] = []
    for item in items {
      if case .scalar(let scalar) = item.node, scalar.string == "none" {
        components.append(0)
      } else {
        components.append(try item.number("a component", in: 0...1))
      }
    }
    return .literal(space.sRGB(components, alpha: alpha))
  }
}
