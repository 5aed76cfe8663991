import DarkroomRaster
/// What the layout engine measures and places: a primitive — stack, overlay,
/// text, shape, button, spacer, icon, image, activity indicator or divider — with
/// its size settings. Every node becomes one (`Node.element(theme:)`); a component
/// becomes the primitives its body is made of.
struct Element: Sendable {
  /// The primitives.
  enum Kind: Sendable {
    /// Children placed one after another (`vstack`, `hstack`).
    case stack(Stack)
    /// Children drawn over each other, back to front, each placed by the alignment.
    case overlay(Overlay)
    /// Text.
    case label(Label)
    /// A rectangle with an optional fill, border and corner radius.
    case box(Decoration)
    /// A button with a face, an optional border and a lip below the face.
    case button(Button)
    /// Empty space that grows to fill what a stack has left.
    case spacer(minLength: Double)
    /// A built-in vector icon.
    case icon(IconElement)
    /// An image from the theme's `images:`.
    case image(ImageElement)
    /// Spokes round a centre, fading behind the leading one.
    case activity(color: ColorExpression)
    /// A hairline across a stack: horizontal in a vstack, vertical in an hstack.
    case divider(color: ColorExpression, thickness: Double?)
  }

  /// What the element is.
  var kind: Kind
  /// A fixed width in points, if given.
  var width: Double?
  /// A fixed height in points, if given (a button's face height).
  var height: Double?
  /// The element's opacity, 0…1, applied to its subtree as one layer.
  var opacity: Double = 1
  /// Traits the element and its subtree are drawn with instead of the mode's.
  var traits: TraitOverride? = nil
  /// Bounds on the size the element takes, in points.
  var limits = SizeLimits()
  /// Width divided by height, kept whatever the element is offered; nil: none.
  var aspectRatio: Double? = nil
  /// The axes on which the element takes all it is offered.
  var fills = FillAxes()
  /// Where the node it came from was written.
  let location: SourceLocation

  init(_ kind: Kind, width: Double? = nil, height: Double? = nil, at location: SourceLocation) {
    self.kind = kind
    self.width = width
    self.height = height
    self.location = location
  }
}

/// The axes an element fills.
struct FillAxes: Sendable, Equatable {
  /// Takes the whole width offered.
  var width = false
  /// Takes the whole height offered.
  var height = false

  /// Whether the element fills along `axis`.
  func along(_ axis: StackAxis) -> Bool { axis == .vertical ? height : width }
}

/// A stack's children and how they are placed.
struct Stack: Sendable {
  let axis: StackAxis
  let spacing: Double
  let padding: Insets
  let alignment: CrossAlignment
  let decoration: Decoration
  let children: [Element]
  let distribution: StackSpec.Distribution
}

/// Children drawn one over another in the same frame.
struct Overlay: Sendable {
  let alignment: ZStackSpec.Alignment
  let padding: Insets
  let decoration: Decoration
  let children: [Element]
}

/// Text, as the engine sets it: the size and weight decided, and whether the size
/// follows the mode's content size.
struct Label: Sendable {
  let text: String
  /// The font size in points at the default content size.
  let size: Double
  let weight: FontWeight
  let color: ColorExpression
  let alignment: TextAlign
  /// When set, the text is computed in each mode instead (palette sheets).
  var value: LabelValue? = nil
  /// The iOS text style, whose size follows the mode's content size.
  var textStyle: TextStyle? = nil
  /// Whether the size stays as it is whatever the content size.
  var sizeIsFixed = true
  var lines = 1
  var truncation = ParagraphStyle.Truncation.tail
  var lineHeight: Double? = nil
  var letterSpacing = 0.0
  var underline = false
  var strikethrough = false
  /// A font family of the theme's `fonts:`, tried before Inter.
  var font: String? = nil

  /// Text in an iOS text style, whose size and weight it takes unless `size` or
  /// `weight` say otherwise; a given size (or no style: 17 points) is fixed, a
  /// style's follows the mode's content size unless `scales` is false.
  init(
    text: String, style: TextStyle?, size: Double?, weight: FontWeight?, color: ColorExpression, alignment: TextAlign,
    scales: Bool = true
  ) {
    self.text = text
    self.size = size ?? style?.size(at: .large) ?? 17
    self.weight = weight ?? style?.weight ?? .regular
    self.color = color
    self.alignment = alignment
    textStyle = style
    sizeIsFixed = size != nil || style == nil || !scales
  }
}

/// Text a label computes in the mode being drawn.
enum LabelValue: Sendable {
  /// The colour's hex value, with its alpha when not opaque.
  case hex(ColorExpression)
  /// Which variant of a semantic colour applies, and what it is made of.
  case variant(String)
  /// The WCAG contrast ratio of a foreground on a background, with AA / AAA marks.
  case contrast(foreground: ColorExpression, background: ColorExpression)
}

/// A button as drawn: its face already styled.
struct Button: Sendable {
  let title: String
  let titleColor: ColorExpression
  let titleSize: Double
  let titleWeight: FontWeight
  let face: Decoration
  let lip: Double
  let lipColor: ColorExpression?
  /// The face has moved down onto its lip (a button without a lip draws its face
  /// darker).
  let pressed: Bool
}

/// A built-in icon as drawn.
struct IconElement: Sendable {
  let icon: Icon
  let color: ColorExpression
  /// Line width in grid units of 24.
  let weight: Double
}

/// An image as drawn.
struct ImageElement: Sendable {
  /// The theme's name for the image.
  let name: String
  let radii: CornerRadii
  let cornerCurve: CornerCurve
}

/// UIActivityIndicatorView's geometry, drawn at one moment of its turn.
enum ActivityIndicator {
  /// How many spokes: 8, as iOS 13 and later draw it.
  static let spokes = 8

  /// The spokes in a square `frame`: each a line from an inner to an outer radius,
  /// its width, and its opacity, the leading (top) spoke first.
  static func spokes(in frame: Rect) -> [(from: Point, to: Point, width: Double, opacity: Double)] {
    let side = min(frame.width, frame.height)
    let centre = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    // UIKit's medium indicator (20 points): spokes 2.5 wide whose round ends
    // reach from 3.5 to 9 points out of the centre; other sizes scale.
    let unit = side / 20
    let inner = 4.75 * unit, outer = 7.75 * unit, width = 2.5 * unit
    var result: [(from: Point, to: Point, width: Double, opacity: Double)] = []
    // Clockwise from twelve o'clock in eighths of a turn; square roots are
    // correctly rounded everywhere, so the points are the same on every machine.
    let d = 0.5.squareRoot()
    let directions = [(0.0, -1.0), (d, -d), (1, 0), (d, d), (0, 1), (-d, d), (-1, 0), (-d, -d)]
    for (index, (dx, dy)) in directions.enumerated() {
      // The leading spoke is at twelve; the trail fades anticlockwise behind it.
      let behind = Double((spokes - index) % spokes)
      result.append(
        (
          Point(x: centre.x + dx * inner, y: centre.y + dy * inner),
          Point(x: centre.x + dx * outer, y: centre.y + dy * outer), width, 1 - 0.1 * behind
        ))
    }
    return result
  }
}
