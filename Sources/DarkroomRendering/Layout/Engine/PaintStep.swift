import DarkroomFoundation
import DarkroomRaster

/// One step of painting a placed layout, in drawing order.
///
/// Placing (`+Placing`, `+Bars`, `+Chrome`) measures each node, gives it its frame
/// and the engine its subtree is drawn in (traits, direction, what of it is seen,
/// what lies under a bar); painting (`+Painting`) then turns the steps into
/// display-list commands, one after another, and notes what it drew. So no
/// drawing decides a size or a place, and only painting makes commands.
enum PaintStep {
  /// A node's own marks in its frame — a container's decoration, a leaf's text,
  /// icon, image or control — drawn by the engine of its subtree.
  case node(Element, frame: Rect, engine: LayoutEngine)
  /// A decoration alone: a clipping stack's shadow and background, which sit
  /// outside the clip its children are cut by.
  case decoration(Decoration, frame: Rect, engine: LayoutEngine)
  /// The steps up to the matching ``end`` drawn as one group, clipped, faded or both.
  case begin(clip: RoundedRect?, opacity: Double)
  /// The end of the innermost group.
  case end
  /// A warning placing found, kept in the order painting finds the others.
  case warning(Diagnostic)
  /// Something the device draws around or over the layout.
  case chrome(Chrome, engine: LayoutEngine)

  /// What the device draws, where placing put it.
  enum Chrome {
    /// The dimming view behind presented content, over the whole screen.
    case dimming(Rect)
    /// A sheet's panel and grabber (its content is placed as nodes).
    case sheetPanel(SheetSpec, panel: Rect)
    /// An alert's background in its shape, which also clips its content (placed as
    /// nodes).
    case alertPanel(AlertSpec, shape: RoundedRect)
    /// The status bar's signal, Wi-Fi and battery glyphs (its time is a label).
    case statusGlyphs(StatusBarLayout)
    /// The home indicator.
    case homeIndicator(Rect)
  }
}
