import DarkroomFoundation
import DarkroomRaster
/// `button`: a face with a title, an optional border, and a lip below the face —
/// in the lipped style (border and lip derived from the fill, so they stay dynamic)
/// or one of UIKit's configurations.
public struct ButtonSpec: Sendable {
  /// The title. Default: none.
  public var title: LocalizedText = ""
  /// The title's colour (`text`); nil: the style's — the theme's `primaryText` on a
  /// lipped face, white on a filled one, the tint on the others.
  public var titleColor: ColorExpression?
  /// The title's size in points, 1…200 (`size`). Default: 17.
  public var titleSize = 17.0
  /// The title's weight (`weight`). Default: semibold.
  public var titleWeight: FontWeight = .semibold
  /// How the button is drawn. Default: `.lipped`.
  public var style: Style = .lipped
  /// At rest, held down, or not available. Default: `.normal`.
  public var state: State = .normal
  /// The colour the styles other than lipped draw with. Default: the theme's `key`,
  /// else UIKit's blue.
  public var tint: ColorExpression = .defaultTint
  /// The lip's height in points, 0…100, below the face; only a lipped button has
  /// one. Default: 0.
  public var lip = 0.0
  /// The lip's colour; nil: `darken(fill, 0.2)`, which stays dynamic.
  public var lipColor: ColorExpression?
  /// The face: fill, border, corners, shadow. A style other than lipped has
  /// 10-point corners unless corners are given.
  public var decoration = Decoration()

  /// How a button is drawn, as UIButton.Configuration's styles (and the seed
  /// article's lipped button).
  public enum Style: String, Sendable, CaseIterable {
    /// A face with a border and a lip below it, derived from its fill.
    case lipped
    /// The tint as the face, white title.
    case filled
    /// The tint at 15% as the face, tinted title.
    case tinted
    /// A grey face, tinted title.
    case bordered
    /// No face, tinted title.
    case plain

    /// The corner radius a face of this style has when none is given.
    var defaultCorner: Double { self == .lipped ? 0 : 10 }
  }

  /// A button's state.
  public enum State: String, Sendable, CaseIterable {
    /// At rest.
    case normal
    /// Held down: the face moves down onto its lip.
    case pressed
    /// Not available: drawn at 40%.
    case disabled
  }

  /// The height of a button's face when none is given.
  public static let defaultHeight = 44.0

  /// The face and title colour as drawn, with what the style fills in: a filled
  /// face is the tint, a tinted one the tint at 15%, a bordered one a grey fill.
  var styled: (face: Decoration, title: ColorExpression) {
    var face = decoration
    var ink: ColorExpression
    switch style {
    case .lipped:
      ink = .defaultText
    case .filled:
      if face.fill == nil { face.fill = tint }
      ink = .named("white")
    case .tinted:
      if face.fill == nil { face.fill = .alpha(tint, 0.15) }
      ink = tint
    case .bordered:
      if face.fill == nil { face.fill = .system(.secondaryFill) }
      ink = tint
    case .plain:
      ink = tint
    }
    return (face, titleColor ?? ink)
  }
}

extension ButtonSpec: DecoratedSpec {
  package var kind: NodeKind { .button }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(
      into: &self, ("title", \.title), ("text", \.titleColor), ("size", \.titleSize), ("weight", \.titleWeight),
      ("style", \.style), ("state", \.state), ("tint", \.tint), ("lip", \.lip), ("lipColor", \.lipColor))
    decoration.radii = CornerRadii(style.defaultCorner)
    try Decoration.read(&r, into: &decoration)
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try decoration.check(c)
    try c.colors(["text": titleColor, "tint": tint, "lipColor": lipColor])
    try c.number(titleSize, "size", in: 1...200)
    try c.number(lip, "lip", in: 0...100)
    if lip > 0, styled.face.fill == nil, lipColor == nil {
      throw c.error("a button with a lip needs a 'fill' or a 'lipColor'")
    }
    if lip > 0 && style != .lipped {
      throw c.error("only a lipped button has a lip (this one is \(style.rawValue))", at: "lip")
    }
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.button(self, of: node)
  }
}
