import DarkroomFoundation

/// `card`: an optional image across the top, then a title, a subtitle and any
/// content, on a rounded surface with a soft shadow; the image is cut to the card's
/// corners.
public struct CardSpec: Sendable {
  /// The title, in the headline style, wrapped.
  public var title: LocalizedText?
  /// The subtitle, in the subheadline style, wrapped.
  public var subtitle: LocalizedText?
  /// A theme image across the top.
  public var image: String?
  /// The image's height in points, 1…4096. Default: 160.
  public var imageHeight = 160.0
  /// Nodes below the texts.
  public var children: [Node] = []
  /// Points between the texts and the children, 0…1000. Default: 8.
  public var spacing = 8.0
  /// Space around them, 0…1000 on each side. Default: 16.
  public var padding: Insets = .all(16)
  /// The surface. Default: `system.secondaryGroupedBackground`, 12-point continuous
  /// corners, a black shadow at 8% 2 points down with a 12-point blur; each key
  /// given replaces its part (`shadow: none` removes the shadow, a gradient the
  /// fill).
  public var decoration = CardSpec.surface

  /// The card's own look.
  static let surface: Decoration = {
    var surface = Decoration.filled(.system(.secondaryGroupedBackground), corner: 12)
    surface.cornerCurve = .continuous
    surface.shadow = ShadowSpec(color: .alpha(.named("black"), 0.08), y: 2, blur: 12)
    return surface
  }()
}

extension CardSpec: ComponentSpec, DecoratedSpec {
  package var kind: NodeKind { .card }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(
      into: &self, ("title", \.title), ("subtitle", \.subtitle), ("image", \.image), ("imageHeight", \.imageHeight),
      ("spacing", \.spacing), ("padding", \.padding))
    // A key given replaces the card's own part: corners are then circular unless
    // their curve is given too, and a gradient needs no fill beneath it.
    if r.has("corner") { decoration.cornerCurve = .circular }
    if r.has("gradient") && !r.has("fill") { decoration.fill = nil }
    try Decoration.read(&r, into: &decoration)
    children = try r.children()
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.image(image, "image")
    try c.number(imageHeight, "imageHeight", in: 1...Node.maximumSide)
    try c.number(spacing, "spacing", in: 0...1000)
    try c.insets(padding, "padding", in: 0...1000)
    try decoration.check(c)
  }

  package func body(at location: SourceLocation) -> Node {
    var texts: [Node] = []
    if let title {
      texts.append(Node(LabelSpec(text: title, style: .headline, color: .system(.label), lines: 0), at: location))
    }
    if let subtitle {
      texts.append(Node(LabelSpec(text: subtitle, style: .subheadline, color: .system(.secondaryLabel), lines: 0), at: location))
    }
    var parts: [Node] = []
    if let image {
      parts.append(Node(ImageSpec(name: image), at: location).frame(height: imageHeight))
    }
    if !texts.isEmpty || !children.isEmpty {
      parts.append(Node(StackSpec(axis: .vertical, spacing: spacing, padding: padding, children: texts + children), at: location))
    }
    var surface = decoration
    surface.clip = image != nil
    return Node(StackSpec(axis: .vertical, decoration: surface, children: parts), at: location)
  }
}
