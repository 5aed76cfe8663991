import DarkroomFoundation
import DarkroomRaster

/// A screen to snapshot: its size, scale, background and node tree, and what is
/// presented over it.
public struct Layout: Sendable {
  /// The snapshot name: the file name without `.yml`.
  public let name: String
  /// The file it was read from.
  public let file: String
  /// Width in points, 1…4096.
  public package(set) var width: Double
  /// Height in points, 1…4096; with ``autoHeight``, the most it may grow to.
  public package(set) var height: Double
  /// Whether the height is the content's (`size: [390, auto]`), as a screenshot of
  /// a whole scrolled view.
  public var autoHeight = false
  /// Pixels per point, 1…4. Default: 2.
  public package(set) var scale: Double
  /// The colour behind everything. Default: the theme's `background`, else
  /// `system.background`.
  public var background: ColorExpression = .defaultBackground
  /// The root node, given the whole screen (inside the safe area).
  public var root: Node
  /// How this layout's snapshots are compared, over the run's options.
  public var compare = CompareOverrides()
  /// The device the size was taken from, if a preset was named.
  public var device: DevicePreset? = nil
  /// Insets the root is placed inside (the device's safe area; none otherwise).
  public var safeArea = Insets.all(0)
  /// Whether a status bar is drawn at the top, in the mode's label colour.
  public var statusBar = false
  /// Whether a home indicator is drawn at the bottom.
  public var homeIndicator = false
  /// A sheet or alert presented over the root.
  public var presentation: Presentation? = nil
  /// The theme's locales this layout is drawn in (`locales:`); nil: all of them.
  public var locales: [LocaleID]? = nil
  /// The theme's modes this layout is drawn in (`modes:`); nil: all of them.
  public var modes: [String]? = nil
  /// The theme's brand themes this layout is also drawn in (`themes:`), besides the
  /// theme itself; nil: all of them.
  public var themes: [String]? = nil
  /// Where the layout's own keys were written (`size`, `background`, …).
  package var sources = SourceMap()

  /// Every node of the layout, the presented ones after the root's, depth first.
  package var nodes: [Node] { root.descendants + (presentation?.nodes.flatMap(\.descendants) ?? []) }
}

extension Layout {
  /// A layout of `root` at a size and scale, every other key at its default: what a
  /// store page or a report builds to lay out its own text.
  package init(name: String, file: String, width: Double, height: Double, scale: Double, root: Node) {
    self.name = name
    self.file = file
    self.width = width
    self.height = height
    self.scale = scale
    self.root = root
  }
}

extension Layout {
  /// The most an automatic height may grow to at `width` and `scale`: the side
  /// limit, and the pixel limit for that width.
  package static func tallestAuto(width: Double, scale: Double) -> Double {
    // In doubles throughout: an absurd width is reported by the size check, and
    // must not trap an integer conversion first.
    let pixelWidth = max(1, (width * scale).rounded())
    let byPixels = (Double(PixelBuffer.maximumPixelCount) / pixelWidth / max(scale, 1)).rounded(.down)
    return max(1, min(Node.maximumSide, Double(PixelBuffer.maximumSide) / max(scale, 1), byPixels))
  }
}
