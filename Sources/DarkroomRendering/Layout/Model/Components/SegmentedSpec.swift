import DarkroomFoundation
import DarkroomRaster
/// `segmented`: UISegmentedControl — segments of equal width on a 32-point track,
/// the selected one on a raised thumb, hairline separators between the others. Its
/// 13-point titles keep their size with Dynamic Type, as UIKit's do.
public struct SegmentedSpec: Sendable {
  /// The segments' titles; at least one.
  public var items: [LocalizedText]
  /// The selected segment, from 0. Default: 0.
  public var selected = 0
  /// The track. Default: `system.tertiaryFill`.
  public var fill: ColorExpression = .system(.tertiaryFill)
  /// The selected segment's thumb. Default: `system.chrome.segmentedThumb` (white,
  /// dark grey `#636366` in dark mode).
  public var thumb: ColorExpression = ChromeColor.segmentedThumb.expression
  /// The titles' colour. Default: `system.label`.
  public var color: ColorExpression = .system(.label)
}

extension SegmentedSpec: ComponentSpec {
  package var kind: NodeKind { .segmented }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    self.init(items: [])
    try r.read(
      into: &self, ("items", \.items), ("selected", \.selected), ("fill", \.fill), ("thumb", \.thumb), ("color", \.color))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    guard !items.isEmpty else { throw c.error("a segmented control needs 'items'", at: nil) }
    try c.number(Double(selected), "selected", in: 0...Double(items.count - 1))
    try c.colors(["fill": fill, "thumb": thumb, "color": color])
  }

  package func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    func black(_ alpha: UInt8) -> ColorExpression { .literal(RGBA8(r: 0, g: 0, b: 0, a: alpha)) }
    // The thumb: rounded 6.93, over two shadows (12% blurred 8, 4% blurred 1, both
    // 3 points down), as Flutter's reproduction measured UIKit's.
    var raised = Decoration.filled(thumb, corner: 6.93)
    raised.shadow = ShadowSpec(color: black(0x1f), y: 3, blur: 8)
    var edge = Decoration()
    edge.radii = CornerRadii(6.93)
    edge.shadow = ShadowSpec(color: black(0x0a), y: 3, blur: 1)
    let segments = items.enumerated().map { index, item in
      let chosen = index == selected
      let weight: FontWeight = chosen ? .medium : .regular
      let title = node(LabelSpec(text: item, size: 13, weight: weight, color: color, alignment: .center))
      let layers = chosen ? [node(BoxSpec(decoration: edge)), node(BoxSpec(decoration: raised)), title] : [title]
      return node(ZStackSpec(children: layers))
    }
    // Separators: one point of #8e8e93 at 30%, 6 points from the track's top and
    // bottom, between two unselected segments only.
    let separators = items.indices.map { index in
      let shows = index + 1 < items.count && index != selected && index + 1 != selected
      let line = node(BoxSpec(decoration: .filled(.literal(RGBA8(r: 0x8e, g: 0x8e, b: 0x93, a: 0x4d))))).frame(width: 1)
      return node(
        ZStackSpec(
          alignment: .trailing, padding: .symmetric(vertical: 4, horizontal: 0), children: shows ? [line] : []))
    }
    let track = ZStackSpec(
      padding: .all(2), decoration: .filled(fill, corner: 8),
      children: [
        node(StackSpec(axis: .horizontal, distribution: .fillEqually, children: separators)),
        node(StackSpec(axis: .horizontal, distribution: .fillEqually, children: segments)),
      ])
    return node(track).frame(height: 32)
  }
}
