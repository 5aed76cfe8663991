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
  /// The device the size was taken from, if a preset was named.
  public var device: DevicePreset? = nil
  /// Insets the root is placed inside (the device's safe area; none otherwise).
  public var safeArea = EdgeInsets.all(0)
  /// Whether a status bar is drawn at the top, in the mode's label colour.
  public var statusBar = false
  /// Whether a home indicator is drawn at the bottom.
  public var homeIndicator = false
  /// A sheet or alert presented over the root.
  public var presentation: Presentation? = nil
}
