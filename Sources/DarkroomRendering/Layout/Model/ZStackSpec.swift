import DarkroomFoundation
import DarkroomRaster
/// `zstack`: children drawn over each other, back to front, each placed by the
/// alignment within the padding.
public struct ZStackSpec: Sendable {
  /// Where a child smaller than the frame sits (`align`). Default: `.center`.
  public var alignment: Alignment = .center
  /// Space inside the edges, 0…1000 on each side. Default: none.
  public var padding: Insets = .all(0)
  /// The background behind the children.
  public var decoration = Decoration()
  /// The children, back to front.
  public var children: [Node] = []

  /// Where a child smaller than the frame sits.
  public enum Alignment: String, Sendable, CaseIterable {
    /// In the middle.
    case center
    /// At the top edge, in the middle across.
    case top
    /// At the bottom edge, in the middle across.
    case bottom
    /// At the leading edge, in the middle vertically.
    case leading
    /// At the trailing edge, in the middle vertically.
    case trailing
    /// In the top leading corner.
    case topLeading
    /// In the top trailing corner.
    case topTrailing
    /// In the bottom leading corner.
    case bottomLeading
    /// In the bottom trailing corner.
    case bottomTrailing

    /// The fraction of the free space before the child: (horizontal, vertical).
    var fractions: (x: Double, y: Double) {
      switch self {
      case .center: (0.5, 0.5)
      case .top: (0.5, 0)
      case .bottom: (0.5, 1)
      case .leading: (0, 0.5)
      case .trailing: (1, 0.5)
      case .topLeading: (0, 0)
      case .topTrailing: (1, 0)
      case .bottomLeading: (0, 1)
      case .bottomTrailing: (1, 1)
      }
    }
  }
}

extension ZStackSpec: DecoratedSpec {
  package var kind: NodeKind { .zstack }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("align", \.alignment), ("padding", \.padding))
    try Decoration.read(&r, into: &decoration)
    children = try r.children()
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.insets(padding, "padding", in: 0...1000)
    try decoration.check(c)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.zstack(self, of: node)
  }
}
