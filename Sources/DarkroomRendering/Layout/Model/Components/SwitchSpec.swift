import DarkroomFoundation
import DarkroomRaster
/// `switch`: UISwitch, a 51 × 31 capsule — the tint when on,
/// `system.secondaryFill` when off — with a white 27-point thumb at its end.
public struct SwitchSpec: Sendable {
  /// Whether it is on. Default: false.
  public var on = false
  /// The capsule's colour when on. Default: `system.green`.
  public var tint: ColorExpression = .system(.green)
}

extension SwitchSpec: ComponentSpec {
  package var kind: NodeKind { .switch }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("on", \.on), ("tint", \.tint))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) { try c.color(tint, "tint") }

  package func body(at location: SourceLocation) -> Node {
    func black(_ alpha: UInt8) -> ColorExpression { .literal(RGBA8(r: 0, g: 0, b: 0, a: alpha)) }
    // The thumb's two shadows, 15% blurred 8 and 6% blurred 1, both 3 points down
    // (Flutter's thumb_painter; zelez-lab/dija measures the same).
    var thumb = Decoration.filled(.named("white"), corner: 13.5)
    thumb.shadow = ShadowSpec(color: black(0x26), y: 3, blur: 8)
    var edge = Decoration()
    edge.radii = CornerRadii(13.5)
    edge.shadow = ShadowSpec(color: black(0x0f), y: 3, blur: 1)
    let knob = ZStackSpec(
      children: [Node(BoxSpec(decoration: edge), at: location), Node(BoxSpec(decoration: thumb), at: location)])
    let capsule = ZStackSpec(
      alignment: on ? .trailing : .leading, padding: .all(2),
      decoration: .filled(on ? tint : .system(.secondaryFill), corner: 15.5),
      children: [Node(knob, at: location).frame(width: 27, height: 27)])
    return Node(capsule, at: location).frame(width: 51, height: 31)
  }
}
