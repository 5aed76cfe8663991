import DarkroomFoundation

extension DisplayList {
  /// One of the project's symbols as a command draws it: the template, and the
  /// weight and scale whose design is drawn.
  public struct Symbol: Sendable {
    /// The symbol's template.
    public let template: SymbolTemplate
    /// The weight asked for (the nearest design the template has is drawn).
    public let weight: FontWeight
    /// The scale asked for.
    public let scale: SymbolTemplate.Scale
    /// Drawn mirrored left to right: a directional symbol in a layout of the other
    /// direction.
    public var mirrored = false

    /// The design drawn, as its template names its group (`Regular-M`).
    public var design: String { template.placed(weight: weight, scale: scale).id }
  }
}
