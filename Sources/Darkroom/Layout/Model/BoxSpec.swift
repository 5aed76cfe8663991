import DarkroomRaster
/// `box`: a shape — fill, gradient, border, corners, shadow — of the size it is
/// given or offered.
public struct BoxSpec: Sendable {
  /// The shape.
  public var decoration = Decoration()
}

extension BoxSpec: DecoratedSpec {
  var kind: NodeKind { .box }

  init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try Decoration.read(&r, into: &decoration)
  }

  func check(_ c: SpecChecker) throws(DarkroomError) { try decoration.check(c) }

  func element(of node: Node, theme: Theme) -> Element { Element(.box(decoration), at: node.location) }
}
