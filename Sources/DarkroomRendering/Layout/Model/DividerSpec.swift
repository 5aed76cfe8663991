import DarkroomFoundation
import DarkroomRaster
/// `divider`: a hairline across its stack — horizontal in a vstack, upright in an
/// hstack.
public struct DividerSpec: Sendable {
  /// The colour. Default: the theme's `separator`, else UIKit's.
  public var color: ColorExpression = .defaultSeparator
  /// Thickness in points, 0.1…100; nil: one pixel, a hairline at any scale.
  public var thickness: Double?
}

extension DividerSpec: NodeSpec {
  package var kind: NodeKind { .divider }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("color", \.color), ("thickness", \.thickness))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.color(color, "color")
    try c.number(thickness, "thickness", in: 0.1...100)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.divider(self, of: node)
  }
}
