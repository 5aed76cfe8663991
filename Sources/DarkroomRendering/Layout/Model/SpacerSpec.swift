import DarkroomFoundation
import DarkroomRaster
/// `spacer`: empty space that grows to fill what a stack has left.
public struct SpacerSpec: Sendable {
  /// The least length along the stack, 0…4096. Default: 0.
  public var minLength = 0.0
}

extension SpacerSpec: NodeSpec {
  package var kind: NodeKind { .spacer }
  /// A spacer's size is what is left; it takes no frame keys.
  package static var takesFrame: Bool { false }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read("minLength", into: &minLength)
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.number(minLength, "minLength", in: 0...Node.maximumSide)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.spacer(self, of: node)
  }
}
