/// The keys that describe a shape: fill, gradient, border, corners and shadow.
extension LayoutParser {
  /// Keys every decorated node (stack, box, button) accepts.
  static let decorationKeys = [
    "fill", "gradient", "border", "borderWidth", "borderDash", "corner", "cornerCurve", "shadow",
  ]

  typealias Properties = [(key: String, keyNode: YAMLNode, value: YAMLNode)]

  func decoration(_ properties: Properties) throws(DarkroomError) -> Decoration {
    var decoration = Decoration()
    decoration.fill = try properties["fill"].map { (node) throws(DarkroomError) in try color(node, what: "fill") }
    decoration.gradient = try properties["gradient"].map { (node) throws(DarkroomError) in try gradient(node) }
    decoration.border = try properties["border"].map { (node) throws(DarkroomError) in try color(node, what: "border") }
    let borderWidth = try properties["borderWidth"]?.number("borderWidth", in: 0...100)
    decoration.borderWidth = borderWidth ?? (decoration.border == nil ? 0 : 1)
    if let dash = properties["borderDash"] {
      var lengths: [Double] = []
      for value in try dash.sequence("borderDash") { lengths.append(try value.number("a dash length", in: 0...1000)) }
      guard !lengths.isEmpty, lengths.contains(where: { $0 > 0 }) else {
        throw DarkroomError("borderDash is a list of dash and gap lengths, at least one above 0", at: dash.location)
      }
      guard lengths.reduce(0, +) >= 0.5 else {
        throw DarkroomError("borderDash's lengths add up to less than half a point, too fine to see", at: dash.location)
      }
      decoration.borderDash = lengths
    }
    decoration.radii = try radii(properties["corner"])
    decoration.cornerCurve = try properties["cornerCurve"]?.choice("corner curve", as: CornerCurve.self) ?? .circular
    decoration.shadow = try properties["shadow"].flatMap { (node) throws(DarkroomError) in try shadow(node) }
    return decoration
  }

  /// `corner: 12` or `corner: [topLeft, topRight, bottomRight, bottomLeft]`.
  func radii(_ node: YAMLNode?) throws(DarkroomError) -> CornerRadii {
    guard let node else { return CornerRadii(0) }
    guard node.isSequence else { return CornerRadii(try node.number("corner", in: 0...1000)) }
    var values: [Double] = []
    for value in try node.sequence("corner") { values.append(try value.number("corner", in: 0...1000)) }
    guard values.count == 4 else {
      throw DarkroomError(
        "corner is a radius or [topLeft, topRight, bottomRight, bottomLeft], found \(values.count) values",
        at: node.location)
    }
    return CornerRadii(topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
  }

  /// `gradient: [a, b, …]` (top to bottom) or `gradient: {colors: [a, b], direction: right}`.
  private func gradient(_ node: YAMLNode) throws(DarkroomError) -> GradientFill {
    var direction = GradientFill.Direction.down
    let list: YAMLNode
    if node.isSequence {
      list = node
    } else {
      let entries = try node.mapping("a gradient")
      try entries.checkKeys(allowed: ["colors", "direction"], in: "a gradient")
      guard let colors = entries["colors"] else {
        throw DarkroomError("a gradient needs 'colors: [from, to]'", at: node.location)
      }
      list = colors
      direction = try entries["direction"]?.choice("gradient direction", as: GradientFill.Direction.self) ?? .down
    }
    var colors: [ColorExpression] = []
    for item in try list.sequence("gradient colors") { colors.append(try color(item, what: "a gradient colour")) }
    guard (2...16).contains(colors.count) else {
      throw DarkroomError("a gradient has 2 to 16 colours, found \(colors.count)", at: list.location)
    }
    return GradientFill(colors: colors, direction: direction)
  }

  /// `shadow: {color: shadow, x: 0, y: 4, blur: 12, spread: 0}`.
  /// `shadow: { color, x, y, blur, spread }`, or `shadow: none` (nil), which turns
  /// off a component's own shadow.
  private func shadow(_ node: YAMLNode) throws(DarkroomError) -> ShadowSpec? {
    if case .scalar(let scalar) = node.node, scalar.string == "none" { return nil }
    let entries = try node.mapping("a shadow")
    try entries.checkKeys(allowed: ["color", "x", "y", "blur", "spread"], in: "a shadow")
    guard let colorNode = entries["color"] else {
      throw DarkroomError("a shadow needs a 'color'", at: node.location)
    }
    return ShadowSpec(
      color: try color(colorNode, what: "the shadow colour"),
      x: try entries["x"]?.number("the shadow's x", in: -1000...1000) ?? 0,
      y: try entries["y"]?.number("the shadow's y", in: -1000...1000) ?? 0,
      blur: try entries["blur"]?.number("the shadow's blur", in: 0...200) ?? 0,
      spread: try entries["spread"]?.number("the shadow's spread", in: -200...200) ?? 0)
  }
}
