/// `switch`: UISwitch, a 51 × 31 capsule — the tint when on — with a white
/// 27-point thumb at its end.
public struct SwitchSpec: Sendable {
  /// Whether it is on. Default: false.
  public var on = false
  /// The capsule's colour when on. Default: `system.green`.
  public var tint: ColorExpression = .system(.green)
}

extension SwitchSpec: ComponentSpec {
  var kind: NodeKind { .switch }

  init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("on", \.on), ("tint", \.tint))
  }

  func check(_ c: SpecChecker) throws(DarkroomError) { try c.color(tint, "tint") }

  func body(at location: SourceLocation) -> Node {
    var thumb = Decoration.filled(.named("white"), corner: 13.5)
    thumb.shadow = ShadowSpec(color: .alpha(.named("black"), 0.2), y: 2, blur: 6)
    let capsule = ZStackSpec(
      alignment: on ? .trailing : .leading, padding: .all(2),
      decoration: .filled(on ? tint : .system(.fill), corner: 15.5),
      children: [Node(BoxSpec(decoration: thumb), at: location).frame(width: 27, height: 27)])
    return Node(capsule, at: location).frame(width: 51, height: 31)
  }
}
