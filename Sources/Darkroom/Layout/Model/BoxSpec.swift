import DarkroomRaster
/// `box`: a shape — fill, gradient, border, corners, shadow — of the size it is
/// given or offered.
public struct BoxSpec: Sendable {
  /// The shape.
  public var decoration = Decoration()
}

extension BoxSpec: DecoratedSpec {
  var kind: NodeKind { .box }

  static func read(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) -> BoxSpec {
    var spec = BoxSpec()
    try Decoration.read(&r, into: &spec.decoration)
    return spec
  }

  func check(_ c: SpecChecker) throws(DarkroomError) { try decoration.check(c) }

  func element(of node: Node, theme: Theme) -> Element { Element(.box(decoration), at: node.location) }
}
