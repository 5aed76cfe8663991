import DarkroomFoundation
import DarkroomRaster
/// What the layout engine measures and places: a primitive — stack, overlay,
/// text, shape, button, spacer, icon, image, activity indicator or divider — with
/// its size settings. Every node becomes one (`Node.element(theme:)`); a component
/// becomes the primitives its body is made of. A primitive holds its own spec; only
/// stacks and overlays have a form of their own, with their children as elements.
package struct Element: Sendable {
  /// The primitives.
  package indirect enum Kind: Sendable {
    /// Children placed one after another (`vstack`, `hstack`).
    case stack(Stack)
    /// Children drawn over each other, back to front, each placed by the alignment.
    case overlay(Overlay)
    /// Text.
    case label(LabelSpec)
    /// A rectangle with an optional fill, border and corner radius.
    case box(Decoration)
    /// A button with a face, an optional border and a lip below the face.
    case button(ButtonSpec)
    /// Empty space that grows to fill what a stack has left.
    case spacer(SpacerSpec)
    /// A built-in vector icon.
    case icon(IconSpec)
    /// An image from the theme's `images:`.
    case image(ImageSpec)
    /// Spokes round a centre, fading behind the leading one.
    case activity(ActivitySpec)
    /// A hairline across a stack: horizontal in a vstack, vertical in an hstack.
    case divider(DividerSpec)
  }

  /// What the element is.
  package var kind: Kind
  /// A fixed width in points, if given.
  package var width: Double?
  /// A fixed height in points, if given (a button's face height).
  package var height: Double?
  /// The element's opacity, 0…1, applied to its subtree as one layer.
  package var opacity: Double = 1
  /// Traits the element and its subtree are drawn with instead of the mode's.
  var traits: TraitOverride? = nil
  /// Whether the element's subtree mirrors in a right-to-left locale.
  var mirrors = true
  /// Bounds on the size the element takes, in points.
  var limits = SizeLimits()
  /// Width divided by height, kept whatever the element is offered; nil: none.
  var aspectRatio: Double? = nil
  /// The axes on which the element takes all it is offered.
  var fills = FillAxes()
  /// Its claim on a too-short stack's length (`priority:`): higher is offered first.
  var priority: Double = 0
  /// Whether it gives up none of its size in a too-short stack (`fixed: true`).
  var fixedSize = false
  /// The text style whose Dynamic Type scaling the element's fixed sizes and limits
  /// follow; nil: they are fixed.
  var scalesWith: TextStyle? = nil
  /// The content sizes the element shows at; nil: all. At others a stack leaves it
  /// out, spacing and all.
  var shownAt: ContentSizeClass? = nil
  /// Where the node it came from was written.
  package let location: SourceLocation
  /// Shared by its copies, so a layout pass measures it once per offer.
  let identity = ElementIdentity()

  init(_ kind: Kind, width: Double? = nil, height: Double? = nil, at location: SourceLocation) {
    self.kind = kind
    self.width = width
    self.height = height
    self.location = location
  }
}

extension Element {
  /// Whether the element holds children (a stack or an overlay).
  var isContainer: Bool {
    switch kind {
    case .stack, .overlay: true
    case .label, .box, .button, .spacer, .icon, .image, .activity, .divider: false
    }
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
package struct Stack: Sendable {
  let axis: StackAxis
  let spacing: Double
  let padding: Insets
  let alignment: CrossAlignment
  package let decoration: Decoration
  package let children: [Element]
  let distribution: StackSpec.Distribution
  /// Whether its content scrolls along its axis (a list, `scrolls: true`): what lies
  /// past its visible end is not cut, for the truncation audit.
  var scrolls = false
}

/// Children drawn one over another in the same frame.
package struct Overlay: Sendable {
  let alignment: ZStackSpec.Alignment
  let padding: Insets
  package let decoration: Decoration
  package let children: [Element]
}

extension LabelSpec {
  /// The size in points at the default content size: as given, else the style's,
  /// else 17.
  package var pointSize: Double { size ?? style?.size(at: .large) ?? 17 }
  /// The weight: as given, else the style's, else regular.
  package var fontWeight: FontWeight { weight ?? style?.weight ?? .regular }
  /// Whether the size stays as it is whatever the content size: a size was given,
  /// there is no style, or the style does not scale (bars).
  var sizeIsFixed: Bool { size != nil || style == nil || !scales }
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
