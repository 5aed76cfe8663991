/// `badge`: a count or a word on a capsule, 20 points tall at the default text
/// size and taller as its text grows.
public struct BadgeSpec: Sendable {
  /// The text. Default: none.
  public var text = ""
  /// The capsule's colour. Default: `system.red`.
  public var fill: ColorExpression = .system(.red)
  /// The text's colour. Default: white.
  public var color: ColorExpression = .named("white")
}

extension BadgeSpec: ComponentSpec {
  var kind: NodeKind { .badge }

  static func read(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) -> BadgeSpec {
    var spec = BadgeSpec()
    try r.read(into: &spec, ("text", \.text), ("fill", \.fill), ("color", \.color))
    return spec
  }

  func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.colors(["fill": fill, "color": color])
  }

  func body(at location: SourceLocation) -> Node {
    // Radii larger than half the side shrink to it: a capsule at any height.
    let label = LabelSpec(text: text, style: .footnote, weight: .semibold, color: color, alignment: .center)
    let capsule = ZStackSpec(
      padding: .symmetric(vertical: 0, horizontal: 7), decoration: .filled(fill, corner: 1000),
      children: [Node(label, at: location)])
    return Node(capsule, at: location).frame(minHeight: 20)
  }
}
