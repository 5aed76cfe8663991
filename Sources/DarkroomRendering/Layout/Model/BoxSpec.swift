import DarkroomFoundation
import DarkroomRaster
/// `box`: a shape — fill, gradient, border, corners, shadow — of the size it is
/// given or offered.
public struct BoxSpec: Sendable {
  /// The shape.
  public var decoration = Decoration()
}

extension BoxSpec: DecoratedSpec {
  package var kind: NodeKind { .box }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try Decoration.read(&r, into: &decoration)
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) { try decoration.check(c) }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.box(self, of: node)
  }
}
