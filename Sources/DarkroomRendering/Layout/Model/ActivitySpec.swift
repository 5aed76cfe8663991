import DarkroomFoundation
import DarkroomRaster
/// `activity`: UIActivityIndicatorView, eight spokes fading behind the leading one,
/// drawn at one moment of its turn.
public struct ActivitySpec: Sendable {
  /// The size. Default: `.medium`.
  public var style: Style = .medium
  /// The spokes' colour. Default: `system.secondaryLabel`.
  public var color: ColorExpression = .system(.secondaryLabel)

  /// UIKit's two sizes.
  public enum Style: String, Sendable, CaseIterable {
    /// 20 points.
    case medium
    /// 37 points.
    case large
  }
}

extension ActivitySpec: NodeSpec {
  package var kind: NodeKind { .activity }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("style", \.style), ("color", \.color))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) { try c.color(color, "color") }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.activity(self, of: node)
  }
}
