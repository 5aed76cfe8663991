import DarkroomFoundation
import DarkroomRaster

/// Measures and places a layout's nodes for one mode, producing its display list.
///
/// The model is a small subset of SwiftUI's: a parent proposes a size on each axis
/// (or none), a child answers with its own size, and the parent places it. A stack
/// fills what it is offered along its axis when it is offered something (the screen,
/// a fixed size, or a filling parent), and otherwise hugs its children; spacers
/// share what is left along the axis.
///
/// Each step has its file: the elements made of specs (`ElementMaker`), measuring
/// (`+Measuring`), placing (`+Placing`) into paint steps (`PaintStep`), then
/// painting them (`+Painting`), localising and mirroring (`+Localising`), and the
/// bars, the status bar and what is presented (`+Bars`, `+Chrome`). A layout is
/// measured and placed whole before any of it is painted.
public struct LayoutEngine {
  /// The theme colours are resolved with.
  public let theme: Theme
  /// The traits of the mode being drawn (inside an overriding node, its traits).
  public internal(set) var traits: Traits
  /// The fonts and the memos of the run.
  let context: RenderContext
  /// Pixels per point of the list being built; picks an image's @2x/@3x file.
  var pixelScale = 2.0
  /// Characters no font has, by label, gathered while the list is built.
  let warnings = WarningLog()
  /// The nodes placed, for explanations.
  let placed = PlacementLog()
  /// The theme colours the pass drew with, for explanations.
  let colours = ColourLog()
  /// The labels whose text did not all show.
  let truncations = TruncationLog()
  /// The area bar materials have blurred in this pass.
  let materials = MaterialBudget()
  /// The sizes measured in this pass.
  var measured = MeasureMemo()
  /// The locale's strings.
  var localization: Localization
  /// Whether this subtree mirrors: the locale runs right to left and no node above
  /// said `mirror: false`.
  var rightToLeft: Bool
  /// What of the screen the node being placed is seen in, for the truncation audit.
  var sight = Sight(visible: Rect(x: 0, y: 0, width: 0, height: 0))
  /// Where each text and fill drawn came from, for the contrast audit.
  let sources = DrawingSourceLog()
  /// Where the texts placed now are written, when not at their nodes (the status
  /// bar's, which the layout's device asks for).
  var textsWrittenAt: SourceLocation? = nil
  /// What lies under the bar being placed, which decides its background.
  var underBar = UnderBar.nothing
  /// The screen and the part of it inside the safe area, for backgrounds that
  /// reach past the safe area.
  var screen = Rect(x: 0, y: 0, width: 0, height: 0)
  var safeContent = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Creates an engine for one mode and locale (nil: none declared), setting text
  /// with the fonts and memos of `context` (default: a context of its own).
  public init(theme: Theme, traits: Traits, locale: LocaleID? = nil, context: RenderContext = RenderContext()) {
    self.theme = theme
    self.traits = traits
    self.context = context
    self.localization = Localization(locale: locale, strings: theme.strings)
    self.rightToLeft = locale?.isRightToLeft ?? false
  }

  /// Lays out a whole layout: measures and places all of it, then paints it.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when a font cannot be opened, a
  ///   label's characters need a fallback face the project does not have, or an
  ///   image has no file for the traits.
  public func displayList(for layout: Layout) throws(DarkroomError) -> DisplayList {
    let placing = try placed(layout)
    let commands = try placing.engine.paint(placing.steps)
    var list = DisplayList(
      width: layout.width, height: placing.height, scale: placing.engine.pixelScale,
      background: colour(layout.background), commands: commands)
    list.warnings = warnings.diagnostics
    list.placements = placed.placements
    list.colourNames = colours.names
    list.truncations = truncations.findings
    list.sources = sources.sources(background: colourName(layout.background))
    return list
  }

  /// A layout measured and placed, not yet painted: the engine of the whole screen,
  /// the paint steps in drawing order, and the snapshot's height in points.
  struct PlacedLayout {
    let engine: LayoutEngine
    let steps: [PaintStep]
    let height: Double
  }

  /// Measures and places the whole of `layout` (its height first, when it is as tall
  /// as its content), then the device's chrome over it.
  func placed(_ layout: Layout) throws(DarkroomError) -> PlacedLayout {
    var engine = self
    engine.measured = MeasureMemo()
    engine.pixelScale = traits.scale ?? layout.scale
    engine.localization.device = layout.stringDevice
    let root = layout.root.element(theme: theme)
    var height = layout.height
    if layout.autoHeight {
      // As tall as the content — the root measured in the width alone — up to what
      // the pixel limits allow at this mode's scale; content cut there is said.
      let measured = try engine.measure(root, width: layout.width, height: nil).height
      let tallest = Layout.tallestAuto(width: layout.width, scale: engine.pixelScale)
      height = min(max(1, measured.rounded(.up)), tallest)
      if measured.rounded(.up) > tallest {
        warnings.add(
          Diagnostic(
            .warning,
            "the content is \(YAMLNode.format(measured.rounded(.up))) points tall; the snapshot stops at \(YAMLNode.format(tallest)), the most a @\(YAMLNode.format(engine.pixelScale))x snapshot of this width may have",
            at: layout.sources.values["size.1"] ?? SourceLocation(file: layout.file, line: 1, column: 1)))
      }
    }
    let screen = Rect(x: 0, y: 0, width: layout.width, height: height)
    let safe = layout.safeArea
    var content = Rect(
      x: safe.leading, y: safe.top, width: screen.width - safe.leading - safe.trailing,
      height: screen.height - safe.top - safe.bottom)
    content = engine.mirrored(content, in: screen)
    engine.screen = screen
    engine.sight = Sight(visible: screen, covers: Self.chromeCovers(layout, screen: screen))
    engine.safeContent = content
    var steps: [PaintStep] = []
    try engine.place(root, in: content, steps: &steps)
    try engine.placeChrome(layout, screen: screen, steps: &steps)
    return PlacedLayout(engine: engine, steps: steps, height: height)
  }

  /// A node's size in points, read along or across a stack's axis.
  struct Size {
    var width: Double
    var height: Double
    func along(_ axis: StackAxis) -> Double { axis == .vertical ? height : width }
    func across(_ axis: StackAxis) -> Double { axis == .vertical ? width : height }
    init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
    init(along: Double, across: Double, axis: StackAxis) {
      self = axis == .vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }
  }
}
