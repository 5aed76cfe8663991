import DarkroomFoundation
import DarkroomRaster
/// `icon`: one of the project's symbols (an SF Symbol name its theme's `symbols:`
/// or asset catalog defines), drawn as iOS draws a symbol beside text, or one of
/// the built-in vector icons in a square.
public struct IconSpec: Sendable {
  /// Which built-in icon (`name`); not drawn when ``symbol`` names one of the
  /// theme's symbols.
  public var icon: Icon
  /// The name as written: the theme's symbol of this name, when it has one, is
  /// drawn rather than the built-in icon. Nil: the built-in icon.
  public var symbol: String? = nil
  /// A symbol's scale beside text (`UIImage.SymbolScale`). Default: medium.
  public var scale: SymbolTemplate.Scale = .medium
  /// A symbol's weight; nil: its style's, else regular. Default: nil.
  public var symbolWeight: FontWeight? = nil
  /// A symbol's point size; nil: its style's size, else 17. A layout's `size` sets
  /// it. Default: nil.
  public var symbolPointSize: Double? = nil
  /// The colour. Default: the theme's `primaryText`, else UIKit's label colour.
  public var color: ColorExpression = .defaultText
  /// Line width in grid units of 24, 0.5…6 (2: regular, 1.5: light, 2.5: semibold).
  /// Default: 2.
  public var weight = 2.0
  /// The square's side in points, 1…1000, unless a width or height is given; a
  /// symbol's point size. Default: 24 (a symbol's: its style's size, else 17).
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
    let name: String = try r.required("name", missing: "an icon needs a 'name' (one of the project's symbols, or \(names))")
    // A name no built-in icon has must be one of the theme's symbols (checked
    // against the theme); a built-in's name still draws the theme's symbol of
    // that name when it has one.
    self.init(icon: Icon(rawValue: name) ?? .checkmark, symbol: name)
    try r.read(
      into: &self, ("color", \.color), ("weight", \.weight), ("size", \.size), ("style", \.style), ("scale", \.scale),
      ("symbolWeight", \.symbolWeight))
    if r.has("size") { symbolPointSize = size }
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.icon(symbol, "name")
    try c.color(color, "color")
    try c.number(weight, "weight", in: 0.5...6)
    try c.number(size, "size", in: 1...1000)
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.icon(self, of: node)
  }
}

extension SymbolTemplate.Scale: SpecWord {
  package static let what = "a symbol scale"
}

extension IconSpec {
  /// The weight a symbol is drawn in: its own, else its style's, else regular.
  var shownWeight: FontWeight { symbolWeight ?? style?.weight ?? .regular }

  /// The icon of `name` — a theme's symbol of that name, else the built-in one — as
  /// a component draws it: a built-in icon in a `size` square, a symbol at
  /// `pointSize` points.
  init(named name: IconName, color: ColorExpression, weight: Double = 2, size: Double, pointSize: Double) {
    self.init(icon: name.icon ?? .checkmark, symbol: name.name, color: color, weight: weight, size: size)
    symbolPointSize = pointSize
  }
}

/// An icon's name as a layout writes it in a component (a cell's `icon`, a tab's,
/// a bar item's): one of the theme's symbols, or a built-in icon's name.
struct IconName: Sendable, Equatable {
  /// The name as written.
  let name: String
  /// The built-in icon of that name, if there is one.
  var icon: Icon? { Icon(rawValue: name) }

  /// The icon named `name`.
  init(_ name: String) { self.name = name }
  /// The built-in `icon`.
  init(_ icon: Icon) { name = icon.rawValue }
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
