/// What fills the pixels a shape covers.
public enum Paint: Sendable, Hashable {
  /// One colour.
  case solid(RGBA8)
  /// Colours blended along a line.
  case linearGradient(LinearGradient)

  /// Whether the paint leaves every pixel as it was.
  var isInvisible: Bool {
    switch self {
    case .solid(let c): c.a == 0
    case .linearGradient(let g): g.stops.allSatisfy { $0.color.a == 0 }
    }
  }

  /// Whether every pixel it paints at full coverage is opaque, whatever was under
  /// it: a solid opaque colour, or a gradient of opaque stops.
  package var isOpaque: Bool {
    switch self {
    case .solid(let c): c.a == 255
    case .linearGradient(let g): !g.stops.isEmpty && g.stops.allSatisfy { $0.color.a == 255 }
    }
  }
}

/// Colours that change along the line from `start` to `end`: before the start the
/// first stop's colour, after the end the last one's (CoreGraphics' extended
/// drawing), and between stops a blend of premultiplied colours, so a stop fading to
/// transparent does not darken on the way.
public struct LinearGradient: Sendable, Hashable {
  /// One colour at a position along the gradient.
  public struct Stop: Sendable, Hashable {
    /// 0 at `start`, 1 at `end`.
    public var location: Double
    /// The colour there.
    public var color: RGBA8

    /// A stop.
    public init(location: Double, color: RGBA8) {
      self.location = location
      self.color = color
    }
  }

  /// Where location 0 is.
  public var start: Point
  /// Where location 1 is.
  public var end: Point
  /// The stops, in increasing location.
  public var stops: [Stop]

  /// A gradient; stops are sorted by location (stably) and clamped to 0…1.
  public init(start: Point, end: Point, stops: [Stop]) {
    self.start = start
    self.end = end
    self.stops = stops.map { Stop(location: min(1, max(0, $0.location)), color: $0.color) }
      .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }

  /// The gradient with its points multiplied by `factor` (points to pixels).
  public func scaled(by factor: Double) -> LinearGradient {
    LinearGradient(start: start * factor, end: end * factor, stops: stops)
  }
}
