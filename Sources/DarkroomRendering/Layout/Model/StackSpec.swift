import DarkroomFoundation
import DarkroomRaster
/// `vstack` and `hstack`: children placed one after another, on a background.
public struct StackSpec: Sendable {
  /// The direction of placement: `vstack` is vertical, `hstack` horizontal.
  public var axis: StackAxis
  /// Points between neighbouring children, 0…1000. Default: 0.
  public var spacing: Double = 0
  /// Space inside the edges, 0…1000 on each side. Default: none.
  public var padding: Insets = .all(0)
  /// Placement across the axis (`align`). Default: `.fill`.
  public var alignment: CrossAlignment = .fill
  /// How the children share the stack's length. Default: `.packed`.
  public var distribution: Distribution = .packed
  /// The background behind the children, and whether they are cut to its shape
  /// (`clip`).
  public var decoration = Decoration()
  /// The children, in order.
  public var children: [Node] = []
  /// Whether the children scroll along the stack's axis, as a scroll view's
  /// content (`scrolls`): what lies past the stack's visible end — below it, under
  /// a tab bar or the home indicator — is where content rests until it is scrolled
  /// to, and the truncation audit does not call it cut. The drawing is the same.
  /// Default: false (a list scrolls).
  public var scrolls = false

  /// How children share a stack's length.
  public enum Distribution: String, Sendable, CaseIterable {
    /// One after another at their own lengths; spacers take what is left.
    case packed
    /// Every child the same length, filling the stack.
    case fillEqually
    /// The first at the start, the last at the end, the rest spread evenly between.
    case spaceBetween
  }
}

extension StackSpec: DecoratedSpec {
  package var kind: NodeKind { axis == .vertical ? .vstack : .hstack }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    self.init(axis: kind == .hstack ? .horizontal : .vertical)
    try r.read(
      into: &self, ("spacing", \.spacing), ("padding", \.padding), ("distribution", \.distribution),
      ("scrolls", \.scrolls))
    if let node = r.value("align") {
      // An hstack's cross axis is vertical; top and bottom read better there.
      if axis == .horizontal {
        switch try node.word("align", from: ["fill", "top", "center", "bottom", "baseline", "leading", "trailing"]) {
        case "top", "leading": alignment = .leading
        case "bottom", "trailing": alignment = .trailing
        case "center": alignment = .center
        case "baseline": alignment = .baseline
        default: alignment = .fill
        }
      } else {
        alignment = CrossAlignment(rawValue: try node.word("align", from: ["fill", "leading", "center", "trailing"])) ?? .fill
      }
    }
    try r.read("clip", into: &decoration.clip)
    try Decoration.read(&r, into: &decoration)
    children = try r.children()
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.number(spacing, "spacing", in: 0...1000)
    try c.insets(padding, "padding", in: 0...1000)
    if alignment == .baseline && axis == .vertical {
      throw c.error("align: baseline lines up the children of an hstack, not a vstack", at: "align")
    }
    try decoration.check(c)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.stack(self, of: node)
  }
}

/// A spec with a shape — fill, border, corners, shadow — that the DSL's `fill`,
/// `border`, `corner`, `shadow` and `clipped` modifiers change.
protocol DecoratedSpec: NodeSpec {
  /// The shape.
  var decoration: Decoration { get set }
}

extension StackSpec {
  /// A stack of `children`, undecorated and packed: a store page's captions.
  package init(axis: StackAxis, spacing: Double, padding: Insets, alignment: CrossAlignment, children: [Node]) {
    self.axis = axis
    self.spacing = spacing
    self.padding = padding
    self.alignment = alignment
    self.children = children
  }
}
