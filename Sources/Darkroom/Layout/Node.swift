/// One element of a layout tree, as written in a layout file.
public struct Node: Sendable {
  /// What the node is.
  public enum Kind: Sendable {
    /// Children placed one after another (`vstack`, `hstack`).
    case stack(Stack)
    /// A single line of text.
    case label(Label)
    /// A rectangle with an optional fill, border and corner radius.
    case box(Decoration)
    /// A button with a face, an optional border and a lip below the face.
    case button(Button)
    /// Empty space that grows to fill what a stack has left.
    case spacer(minLength: Double)
  }

  /// What the node is.
  public let kind: Kind
  /// A fixed width in points, if given.
  public let width: Double?
  /// A fixed height in points, if given (a button's face height).
  public let height: Double?
  /// Where the node was written.
  public let location: SourceLocation
}

/// The direction a stack places its children in.
public enum Axis: String, Sendable {
  /// Top to bottom (`vstack`).
  case vertical
  /// Leading to trailing (`hstack`).
  case horizontal
}

/// Where children sit across a stack's axis.
public enum CrossAlignment: String, Sendable, CaseIterable {
  /// Children without a fixed size stretch across the stack; others sit at the
  /// leading (top) edge.
  case fill
  /// At the leading edge (the top, in an hstack).
  case leading
  /// In the middle.
  case center
  /// At the trailing edge (the bottom, in an hstack).
  case trailing
}

/// Space inside a container's edges, in points.
public struct EdgeInsets: Sendable, Equatable {
  /// Top inset.
  public var top: Double
  /// Leading (left) inset.
  public var leading: Double
  /// Bottom inset.
  public var bottom: Double
  /// Trailing (right) inset.
  public var trailing: Double

  /// The same inset on every side.
  public static func all(_ v: Double) -> EdgeInsets {
    EdgeInsets(top: v, leading: v, bottom: v, trailing: v)
  }
}

/// A container's children and how they are placed.
public struct Stack: Sendable {
  /// The direction of placement.
  public let axis: Axis
  /// Points between neighbouring children. Default: 0.
  public let spacing: Double
  /// Space inside the edges. Default: 0.
  public let padding: EdgeInsets
  /// Placement across the axis. Default: `.fill`.
  public let alignment: CrossAlignment
  /// The background drawn behind the children, if any.
  public let decoration: Decoration
  /// The children, in order.
  public let children: [Node]
}

/// A shape's fill, border and corners.
public struct Decoration: Sendable {
  /// The fill colour, if any.
  public let fill: ColorExpression?
  /// The border colour, if any; the border is drawn inside the bounds.
  public let border: ColorExpression?
  /// The border's width in points. Default: 1 when a border colour is given.
  public let borderWidth: Double
  /// The corner radius in points. Default: 0.
  public let corner: Double

  /// No fill, no border, square corners.
  public static let none = Decoration(fill: nil, border: nil, borderWidth: 0, corner: 0)
}

/// A single line of text.
public struct Label: Sendable {
  /// The text.
  public let text: String
  /// The font size in points. Default: 17.
  public let size: Double
  /// The font weight. Default: `.regular`.
  public let weight: FontWeight
  /// The text colour.
  public let color: ColorExpression
  /// Where the text sits when the label is wider than it. Default: `.leading`.
  public let alignment: TextAlignment
}

/// Horizontal placement of text in its frame.
public enum TextAlignment: String, Sendable, CaseIterable {
  /// At the left edge.
  case leading
  /// In the middle.
  case center
  /// At the right edge.
  case trailing
}

/// A button: a face with a title, an optional border, and a lip below the face.
public struct Button: Sendable {
  /// The title.
  public let title: String
  /// The title's colour.
  public let titleColor: ColorExpression
  /// The title's size in points. Default: 17.
  public let titleSize: Double
  /// The title's weight. Default: `.semibold`.
  public let titleWeight: FontWeight
  /// The face: its fill, border and corner radius.
  public let face: Decoration
  /// The lip's height in points, shown below the face. Default: 0.
  public let lip: Double
  /// The lip's colour. Default: `darken(fill, 0.2)`, which stays dynamic.
  public let lipColor: ColorExpression?
}
