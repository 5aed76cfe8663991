/// How a path's outline is drawn as a line of some width.
public struct StrokeStyle: Sendable, Hashable {
  /// The shape at the open ends of a stroke.
  public enum Cap: String, Sendable, CaseIterable {
    /// Square, flush with the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// Square, extended half the width past the end point.
    case square
  }

  /// The shape where two segments of a stroke meet.
  public enum Join: String, Sendable, CaseIterable {
    /// The outer edges extended until they meet, unless that point is further than
    /// ``miterLimit`` half-widths away, when the corner is bevelled.
    case miter
    /// A circular arc around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
  }

  /// The line width, in the path's unit.
  public var width: Double
  /// The end shape of open contours and dashes.
  public var cap: Cap
  /// The corner shape.
  public var join: Join
  /// The longest miter, as a multiple of the line width, before it becomes a bevel.
  public var miterLimit: Double
  /// Lengths of alternating dashes and gaps, in the path's unit; empty: a solid line.
  public var dashes: [Double]
  /// How far into the dash pattern the stroke starts.
  public var dashPhase: Double

  /// A stroke style; the defaults are CoreGraphics' (butt caps, miter joins with a
  /// limit of 10, solid).
  public init(
    width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dashes: [Double] = [],
    dashPhase: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashes = dashes
    self.dashPhase = dashPhase
  }
}
