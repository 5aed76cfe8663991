import DarkroomFoundation

/// `badge`: a count or a word on a capsule, 20 points tall at the default text
/// size and taller as its text grows.
public struct BadgeSpec: Sendable {
  /// The text. Default: none.
  public var text: LocalizedText = ""
  /// The capsule's colour. Default: `system.red`.
  public var fill: ColorExpression = .system(.red)
  /// The text's colour. Default: white.
  public var color: ColorExpression = .named("white")
}

extension BadgeSpec: ComponentSpec {
  package var kind: NodeKind { .badge }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("text", \.text), ("fill", \.fill), ("color", \.color))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.colors(["fill": fill, "color": color])
  }

  package func body(at location: SourceLocation) -> Node {
    // Radii larger than half the side shrink to it: a capsule at any height.
    let label = LabelSpec(text: text, style: .footnote, weight: .semibold, color: color, alignment: .center)
    let capsule = ZStackSpec(
      padding: .symmetric(vertical: 0, horizontal: 7), decoration: .filled(fill, corner: 1000),
      children: [Node(label, at: location)])
    return Node(capsule, at: location).frame(minHeight: 20)
  }
}
