/// A screen to snapshot: its size, scale, background and node tree.
public struct Layout: Sendable {
  /// The snapshot name: the file name without `.yml`.
  public let name: String
  /// The file it was read from.
  public let file: String
  /// Width and height in points.
  public let width: Double
  /// Height in points; with ``autoHeight``, the most it may grow to.
  public let height: Double
  /// Whether the height is the content's (`size: [390, auto]`), as a screenshot of
  /// a whole scrolled view.
  public var autoHeight = false
  /// Pixels per point. Default: 2.
  public let scale: Double
  /// The colour behind everything. Default: `background` when the theme has it,
  /// else white.
  public let background: ColorExpression
  /// The root node, given the whole screen.
  public let root: Node
  /// How this layout's snapshots are compared, over the run's options.
  public var compare = CompareSettings()
}
