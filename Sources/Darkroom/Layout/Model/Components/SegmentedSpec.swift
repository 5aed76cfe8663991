/// `segmented`: UISegmentedControl — segments of equal width on a track, 32 points
/// at the default text size and taller as its text grows, the selected one on a
/// raised thumb.
public struct SegmentedSpec: Sendable {
  /// The segments' titles; at least one.
  public var items: [LocalizedText]
  /// The selected segment, from 0. Default: 0.
  public var selected = 0
  /// The track. Default: `system.tertiaryFill`.
  public var fill: ColorExpression = .system(.tertiaryFill)
  /// The selected segment's thumb. Default: `system.tertiaryBackground`.
  public var thumb: ColorExpression = .system(.tertiaryBackground)
  /// The titles' colour. Default: `system.label`.
  public var color: ColorExpression = .system(.label)
}

extension SegmentedSpec: ComponentSpec {
  var kind: NodeKind { .segmented }

  init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    self.init(items: [])
    try r.read(
      into: &self, ("items", \.items), ("selected", \.selected), ("fill", \.fill), ("thumb", \.thumb), ("color", \.color))
  }

  func check(_ c: SpecChecker) throws(DarkroomError) {
    guard !items.isEmpty else { throw c.error("a segmented control needs 'items'", at: nil) }
    try c.number(Double(selected), "selected", in: 0...Double(items.count - 1))
    try c.colors(["fill": fill, "thumb": thumb, "color": color])
  }

  func body(at location: SourceLocation) -> Node {
    var raised = Decoration.filled(thumb, corner: 7)
    raised.shadow = ShadowSpec(color: .alpha(.named("black"), 0.12), y: 3, blur: 8)
    let segments = items.enumerated().map { index, item in
      let title = LabelSpec(
        text: item, style: .footnote, weight: index == selected ? .semibold : .medium, color: color, alignment: .center)
      return Node(ZStackSpec(decoration: index == selected ? raised : .none, children: [Node(title, at: location)]), at: location)
    }
    let track = StackSpec(
      axis: .horizontal, spacing: 2, padding: .all(2), distribution: .fillEqually, decoration: .filled(fill, corner: 9),
      children: segments)
    return Node(track, at: location).frame(minHeight: 32)
  }
}
