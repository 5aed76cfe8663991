import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// One page of a store's set on one device: what a page snapshot draws.
///
/// Its name is its file's without `.png` — the page's number in two digits, the
/// store's display (`APP_IPHONE_67`, `phone`) and the page's name — and its snapshot
/// is named `screenshots/<name>_<mode>` (`.<locale>` when the set has several).
public struct ScreenshotPage: Sendable {
  /// The page's place in the set, from 1.
  public let number: Int
  /// The page as the file describes it.
  public let spec: ScreenshotPageSpec
  /// The store and device it is drawn for.
  public let target: ScreenshotTarget
  /// How the screen is shown.
  public let frame: ScreenshotSet.FrameStyle
  /// The screenshots file.
  let file: String
  /// How its snapshots are compared, over the run's options.
  let compare: CompareOverrides

  /// `01_APP_IPHONE_67_orders`: the store file's name without `.png`, and the
  /// start of the snapshot's.
  public var name: String {
    let digits = number < 10 ? "0\(number)" : "\(number)"
    return "\(digits)_\(target.display.name)_\(spec.name)"
  }

  /// The file a store reads the page from, inside its locale folder.
  public var fileName: String { target.store.fileName(number: number, display: target.display.name, page: spec.name) }

  /// The layout a page snapshot stands on: the page's size and scale, named
  /// `screenshots`, holding the screen's nodes — what the memory estimate and the
  /// golden's path read.
  var layout: Layout {
    let screen = spec.screen(on: target.device)
    var layout = Layout(
      name: ScreenshotSet.snapshotFolder, file: file, width: target.width, height: target.height, scale: target.scale,
      root: screen.root)
    layout.presentation = screen.presentation
    layout.compare = compare
    layout.sources.values["size"] = target.location
    return layout
  }

  /// The page's drawing in a mode's `traits` and `locale`: background, captions set
  /// to fit, the device's frame, and the screen drawn at the device's size.
  func displayList(theme: Theme, traits: Traits, locale: LocaleID?, context: RenderContext) throws(DarkroomError)
    -> DisplayList
  {
    try PageComposer(page: self, theme: theme, traits: traits, locale: locale, context: context).compose()
  }
}
