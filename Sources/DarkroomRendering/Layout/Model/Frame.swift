import DarkroomFoundation
import DarkroomRaster
/// The keys every node takes: its size, the bounds on its size, a fixed aspect
/// ratio, its opacity and the traits its subtree is drawn with.
public struct Frame: Sendable, Equatable {
  /// The width: points, `fill` (all that is offered), or nil (the node's own).
  public var width: Dimension?
  /// The height, likewise (a button's is its face's).
  public var height: Dimension?
  /// Bounds on the size the node takes.
  public var limits = SizeLimits()
  /// Width divided by height, kept whatever the node is offered; nil: none.
  public var aspectRatio: Double?
  /// The subtree's opacity, 0…1, composited as one layer. Default: 1.
  public var opacity: Double = 1
  /// Traits the subtree is drawn with instead of the mode's; nil: none.
  public var traits: TraitOverride?
  /// Its claim on a too-short stack's length, as SwiftUI's `.layoutPriority(_:)`:
  /// children of a higher priority are offered the length first. Default: 0.
  public var priority: Double = 0
  /// Whether it keeps its own size in a stack too short for its children, as
  /// SwiftUI's `.fixedSize()`: it gives up none. Default: false.
  public var fixed = false
  /// Whether the subtree mirrors in a right-to-left locale; false keeps it as drawn,
  /// as UIKit's `forceLeftToRight` does (a media player's controls, a chart's axis).
  /// Default: true.
  public var mirror = true
  /// The text style whose Dynamic Type scaling the node's sizes follow, as an SF
  /// Symbol's or a list cell's image follows its text; nil: fixed. Set by components.
  var scalesWith: TextStyle? = nil
  /// The content sizes the node shows at (a component's arrangement for regular or
  /// for accessibility sizes); nil: every size. Set by components.
  var shownAt: ContentSizeClass? = nil

  /// The width in points, when a number was given.
  var fixedWidth: Double? { if case .points(let w) = width { w } else { nil } }
  /// The height in points, when a number was given.
  var fixedHeight: Double? { if case .points(let h) = height { h } else { nil } }
}

/// The two kinds of content size a component may arrange itself for.
enum ContentSizeClass: Sendable, Equatable {
  /// xSmall through xxxLarge.
  case regular
  /// AX1 through AX5 (`isAccessibilityCategory`).
  case accessibility

  /// Whether `size` is of this kind.
  func contains(_ size: Traits.ContentSize) -> Bool { size.isAccessibility == (self == .accessibility) }
}

/// A width or a height as written.
public enum Dimension: Sendable, Equatable {
  /// A number of points.
  case points(Double)
  /// All that the parent offers (`width: fill`); along a stack's axis, a share of
  /// what is left.
  case fill
}

/// The least and most a node may measure, on each axis.
public struct SizeLimits: Sendable, Equatable {
  /// The least width.
  public var minWidth: Double? = nil
  /// The most width.
  public var maxWidth: Double? = nil
  /// The least height.
  public var minHeight: Double? = nil
  /// The most height.
  public var maxHeight: Double? = nil

  /// No limits.
  public init(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) {
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.maxHeight = maxHeight
  }

  /// A width and height brought within the limits.
  func clamp(width: Double, height: Double) -> (width: Double, height: Double) {
    var w = width, h = height
    if let v = maxWidth { w = min(w, v) }
    if let v = minWidth { w = max(w, v) }
    if let v = maxHeight { h = min(h, v) }
    if let v = minHeight { h = max(h, v) }
    return (w, h)
  }
}

extension Frame {
  /// Reads the frame keys of a layout file's node.
  static func read(_ r: inout SpecReader) throws(DarkroomError) -> Frame {
    var frame = Frame()
    frame.width = try r.dimension("width")
    frame.height = try r.dimension("height")
    frame.traits = try TraitOverride.read(&r)
    try r.read(
      into: &frame, ("opacity", \.opacity), ("mirror", \.mirror), ("minWidth", \.limits.minWidth), ("maxWidth", \.limits.maxWidth),
      ("minHeight", \.limits.minHeight), ("maxHeight", \.limits.maxHeight), ("priority", \.priority), ("fixed", \.fixed))
    frame.aspectRatio = try r.aspectRatio("aspectRatio")
    return frame
  }

  /// Checks sizes, limits and opacity against their bounds.
  func check(_ c: SpecChecker) throws(DarkroomError) {
    let side = 0...Node.maximumSide
    try c.number(fixedWidth, "width", in: side)
    try c.number(fixedHeight, "height", in: side)
    try c.number(opacity, "opacity", in: 0...1)
    try c.number(limits.minWidth, "minWidth", in: side)
    try c.number(limits.maxWidth, "maxWidth", in: side)
    try c.number(limits.minHeight, "minHeight", in: side)
    try c.number(limits.maxHeight, "maxHeight", in: side)
    if let low = limits.minWidth, let high = limits.maxWidth, low > high {
      throw c.error("minWidth \(YAMLNode.format(low)) is more than maxWidth \(YAMLNode.format(high))")
    }
    if let low = limits.minHeight, let high = limits.maxHeight, low > high {
      throw c.error("minHeight \(YAMLNode.format(low)) is more than maxHeight \(YAMLNode.format(high))")
    }
    try c.number(aspectRatio, "aspectRatio", in: 0.01...100)
    try c.number(priority, "priority", in: -1000...1000)
  }
}

extension TraitOverride {
  /// `traits: { style, level, contrast }` and `darkMode: false` (which is
  /// `style: light`); nil when the node sets neither.
  static func read(_ r: inout SpecReader) throws(DarkroomError) -> TraitOverride? {
    var override: TraitOverride? = try r.nested("traits", what: "traits") { (t: inout SpecReader) throws(DarkroomError) in
      var traits = TraitOverride()
      try t.read(into: &traits, ("style", \.style), ("level", \.level), ("contrast", \.contrast))
      return traits
    }
    var darkMode = true
    try r.read("darkMode", into: &darkMode)
    if !darkMode {
      if override?.style == .dark {
        throw DarkroomError("darkMode: false contradicts traits: { style: dark }", at: r.valueLocation("darkMode"))
      }
      override = TraitOverride(style: .light, level: override?.level, contrast: override?.contrast)
    }
    return override
  }
}
