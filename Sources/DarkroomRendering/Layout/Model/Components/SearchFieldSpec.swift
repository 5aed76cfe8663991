import DarkroomFoundation

/// `searchfield`: UISearchBar's field — a magnifying glass and the text, or the
/// placeholder — 36 points at the default text size and taller as its text (and
/// the glass with it) grows.
public struct SearchFieldSpec: Sendable {
  /// The text typed; nil: the placeholder shows.
  public var text: LocalizedText?
  /// The placeholder. Default: "Search".
  public var placeholder: LocalizedText = "Search"
  /// The field. Default: `system.tertiaryFill`.
  public var fill: ColorExpression = .system(.tertiaryFill)
}

extension SearchFieldSpec: ComponentSpec {
  package var kind: NodeKind { .searchfield }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("placeholder", \.placeholder), ("text", \.text), ("fill", \.fill))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) { try c.color(fill, "fill") }

  package func body(at location: SourceLocation) -> Node {
    let glass = IconSpec(icon: .magnifyingglass, color: .system(.secondaryLabel), size: 17, style: .body)
    let words = LabelSpec(text: text ?? placeholder, style: .body, color: .system(text == nil ? .secondaryLabel : .label))
    let field = StackSpec(
      axis: .horizontal, spacing: 6, padding: .symmetric(vertical: 7, horizontal: 8), alignment: .center,
      decoration: .filled(fill, corner: 10), children: [Node(glass, at: location), Node(words, at: location)])
    return Node(field, at: location).frame(minHeight: 36)
  }
}
