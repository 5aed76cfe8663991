import DarkroomFoundation
import DarkroomRaster
/// A shape's fill, border, corners and shadow: what the `fill`, `gradient`,
/// `border`, `borderWidth`, `borderDash`, `corner`, `cornerCurve` and `shadow` keys
/// of a stack, zstack, box, button or card say.
public struct Decoration: Sendable {
  /// The fill colour, if any.
  public var fill: ColorExpression? = nil
  /// A gradient drawn over the fill, if any.
  public var gradient: GradientFill? = nil
  /// The border colour, if any; the border is drawn inside the bounds.
  public var border: ColorExpression? = nil
  /// The border's width in points; nil: 1 when a border colour is given.
  public var borderWidth: Double? = nil
  /// Dash and gap lengths of a dashed border, in points; empty: solid.
  public var borderDash: [Double] = []
  /// Each corner's radius in points. Default: square corners.
  public var radii = CornerRadii(0)
  /// The corner curve. Default: `.circular`.
  public var cornerCurve: CornerCurve = .circular
  /// A shadow behind the shape, if any.
  public var shadow: ShadowSpec? = nil
  /// Whether a stack's children are cut to its rounded bounds. Default: false.
  public var clip = false
  /// Whether the shape reaches on to the screen's edge where it touches the safe
  /// area's, as a tab bar's or navigation bar's background does. Default: false.
  var extendsIntoSafeArea = false
  /// A bar's background, drawn as UIKit's bar appearance decides (a material, a
  /// fill or nothing); nil: not a bar.
  var bar: BarBackground? = nil

  /// No fill, no border, square corners.
  public static let none = Decoration()

  /// A fill with rounded corners.
  static func filled(_ color: ColorExpression, corner: Double = 0) -> Decoration {
    var decoration = Decoration()
    decoration.fill = color
    decoration.radii = CornerRadii(corner)
    return decoration
  }

  /// The border's width as drawn: as given, else 1 with a border colour, else 0.
  var strokeWidth: Double { borderWidth ?? (border == nil ? 0 : 1) }

  /// The rounded rectangle the decoration draws in `frame`.
  public func shape(_ frame: Rect) -> RoundedRect { RoundedRect(frame, radii: radii, curve: cornerCurve) }

  /// Whether the decoration draws anything.
  var isVisible: Bool { fill != nil || gradient != nil || border != nil || shadow != nil || bar != nil }
}

/// A navigation or tab bar's background as UIKit draws it (`UIBarAppearance`): with
/// the default appearance, a material — the content under the bar blurred, under a
/// translucent tint — and a shadow line when content is under the bar, and nothing
/// at all at the scroll edge (`scrollEdgeAppearance`: nothing under it); with the
/// app's own opaque background, that fill and the line always.
struct BarBackground: Sendable {
  /// The screen edge a bar is pinned to.
  enum Edge: Sendable {
    /// A navigation bar, under the status bar.
    case top
    /// A tab bar, above the home indicator.
    case bottom
  }

  /// Where the bar sits; its shadow line is on the other side.
  var edge: Edge
  /// The app's opaque background; nil: UIKit's default appearance.
  var fill: ColorExpression?
  /// The material's tint.
  var tint: ColorExpression
  /// The shadow line's colour; one pixel thick.
  var shadow: ColorExpression
}

/// A gradient as written in a layout: colours spread evenly along a direction.
public struct GradientFill: Sendable {
  /// The direction the colours run in.
  public enum Direction: String, Sendable, CaseIterable {
    /// Top to bottom.
    case down
    /// Bottom to top.
    case up
    /// Left to right.
    case right
    /// Right to left.
    case left
  }
  /// The colours, first to last; 2 to 16.
  public var colors: [ColorExpression]
  /// Default: `.down`.
  public var direction: Direction = .down
}

/// A shadow as written in a layout.
public struct ShadowSpec: Sendable {
  /// The shadow's colour; a dynamic colour like any other.
  public var color: ColorExpression
  /// Offset to the right, in points, -1000…1000. Default: 0.
  public var x: Double = 0
  /// Offset downwards, in points, -1000…1000. Default: 0.
  public var y: Double = 0
  /// Blur radius in points (CSS's and Figma's: twice the Gaussian's σ), 0…200.
  /// Default: 0.
  public var blur: Double = 0
  /// Growth on every side, in points, -200…200. Default: 0.
  public var spread: Double = 0
}

extension Decoration {
  /// Reads the shape keys of a node.
  static func read(_ r: inout SpecReader, into decoration: inout Decoration) throws(DarkroomError) {
    try r.read(
      into: &decoration, ("fill", \.fill), ("border", \.border), ("borderWidth", \.borderWidth),
      ("borderDash", \.borderDash), ("corner", \.radii), ("cornerCurve", \.cornerCurve))
    if let gradient = try GradientFill.read(&r) { decoration.gradient = gradient }
    if r.has("shadow") { decoration.shadow = try ShadowSpec.read(&r) }
  }

  /// Checks the shape's values and colours.
  func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.color(fill, "fill")
    if let gradient {
      guard (2...16).contains(gradient.colors.count) else {
        throw c.error("a gradient has 2 to 16 colours, found \(gradient.colors.count)", at: "gradient")
      }
      for (index, color) in gradient.colors.enumerated() { try c.color(color, "gradient.\(index)") }
    }
    try c.color(border, "border")
    try c.number(borderWidth, "borderWidth", in: 0...100)
    if !borderDash.isEmpty || c.has("borderDash") {
      for length in borderDash { try c.number(length, "borderDash", in: 0...1000, what: "a dash length") }
      guard borderDash.contains(where: { $0 > 0 }) else {
        throw c.error("borderDash is a list of dash and gap lengths, at least one above 0", at: "borderDash")
      }
      guard borderDash.reduce(0, +) >= 0.5 else {
        throw c.error("borderDash's lengths add up to less than half a point, too fine to see", at: "borderDash")
      }
    }
    for radius in [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft] {
      try c.number(radius, "corner", in: 0...1000)
    }
    if let shadow {
      let s = c.nested("shadow")
      try s.color(shadow.color, "color")
      try s.number(shadow.x, "x", in: -1000...1000, what: "the shadow's x")
      try s.number(shadow.y, "y", in: -1000...1000, what: "the shadow's y")
      try s.number(shadow.blur, "blur", in: 0...200, what: "the shadow's blur")
      try s.number(shadow.spread, "spread", in: -200...200, what: "the shadow's spread")
    }
  }
}

extension GradientFill {
  /// `gradient: [a, b, …]` (top to bottom) or `gradient: {colors: [a, b], direction: right}`.
  package static func read(_ r: inout SpecReader) throws(DarkroomError) -> GradientFill? {
    guard let node = r.value("gradient") else { return nil }
    if node.isSequence {
      return GradientFill(colors: try r.colors(node, path: r.prefix + "gradient"))
    }
    return try r.nested("gradient", what: "a gradient") { (g: inout SpecReader) throws(DarkroomError) in
      guard let list = g.value("colors") else {
        throw DarkroomError("a gradient needs 'colors: [from, to]'", at: g.location)
      }
      var gradient = GradientFill(colors: try g.colors(list, path: String(g.prefix.dropLast())))
      try g.read("direction", into: &gradient.direction)
      return gradient
    }
  }
}

extension ShadowSpec {
  /// `shadow: { color, x, y, blur, spread }`, or `shadow: none` (nil), which turns
  /// off a component's own shadow.
  static func read(_ r: inout SpecReader) throws(DarkroomError) -> ShadowSpec? {
    if r.isWord("shadow", "none") { return nil }
    return try r.nested("shadow", what: "a shadow") { (s: inout SpecReader) throws(DarkroomError) in
      var color: ColorExpression? = nil
      try s.read("color", into: &color)
      guard let color else { throw DarkroomError("a shadow needs a 'color'", at: s.location) }
      var shadow = ShadowSpec(color: color)
      try s.read(into: &shadow, ("x", \.x), ("y", \.y), ("blur", \.blur), ("spread", \.spread))
      return shadow
    }
  }
}
