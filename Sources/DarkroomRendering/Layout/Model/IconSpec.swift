import DarkroomFoundation
import DarkroomRaster
/// `icon`: one of the built-in vector icons in a square.
public struct IconSpec: Sendable {
  /// Which icon (`name`).
  public var icon: Icon
  /// The colour. Default: the theme's `primaryText`, else UIKit's label colour.
  public var color: ColorExpression = .defaultText
  /// Line width in grid units of 24, 0.5…6 (2: regular, 1.5: light, 2.5: semibold).
  /// Default: 2.
  public var weight = 2.0
  /// The square's side in points, 1…1000, unless a width or height is given.
  /// Default: 24.
  public var size = 24.0
  /// The text style the icon sits with: its size then grows and shrinks with
  /// Dynamic Type as that style's text does, as an SF Symbol configured with the
  /// style does; nil: a fixed size. Default: nil.
  public var style: TextStyle? = nil
}

extension IconSpec: NodeSpec {
  package var kind: NodeKind { .icon }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    let names = Icon.allCases.map(\.rawValue).joined(separator: ", ")
    self.init(icon: try r.required("name", as: Icon.self, missing: "an icon needs a 'name' (\(names))"))
    try r.read(into: &self, ("color", \.color), ("weight", \.weight), ("size", \.size), ("style", \.style))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.color(color, "color")
    try c.number(weight, "weight", in: 0.5...6)
    try c.number(size, "size", in: 1...1000)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.icon(self, of: node)
  }
}

extension Icon {
  /// The icon a mirrored layout draws: a directional icon's counterpart (a back
  /// chevron points right in Arabic), any other icon itself — a bell or a gear is
  /// not flipped.
  var mirrored: Icon {
    switch self {
    case .chevronLeft: .chevronRight
    case .chevronRight: .chevronLeft
    case .chevronDown, .chevronUp, .checkmark, .plus, .xmark, .magnifyingglass, .gear, .bell, .heart, .heartFill, .house,
      .person, .cart, .listBullet, .wifi, .cellularbars:
      self
    }
  }
}
