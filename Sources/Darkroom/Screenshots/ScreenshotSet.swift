import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// A project's store screenshots (`Layouts/screenshots.yml`): pages in order — each a
/// layout of the app's screen with a caption above it — for the devices of each
/// store, in some of the theme's modes and locales.
///
/// Each page on each device, in each mode and locale, is a ``Snapshot`` like a
/// layout's (`screenshots/01_APP_IPHONE_67_orders_light.de`): `record` and `verify`
/// keep its golden in `Golden/screenshots/`, the report lists it, and the audits
/// read its captions. `darkroom screenshots` writes the same pixels where fastlane
/// uploads them (``ScreenshotExport``).
public struct ScreenshotSet: Sendable {
  /// The file's name in the layouts folder; no layout may take it.
  public static let fileName = "screenshots.yml"
  /// The name pages' snapshots go under: `Golden/screenshots/…`.
  public static let snapshotFolder = "screenshots"

  /// The file it was read from.
  public let file: String
  /// The pages, in the order the stores show them.
  public let pages: [ScreenshotPageSpec]
  /// Every store's devices: the App Store's, then Google Play's, each in the order
  /// written.
  public let targets: [ScreenshotTarget]
  /// The modes a set is drawn in, each a set of its own. Default: the theme's first.
  public let modes: [Mode]
  /// The locales drawn: the file's `locales:`, else the theme's; one nil when the
  /// theme declares none.
  public let locales: [LocaleID?]
  /// The store code each locale is written under, by store: pseudo-locales have
  /// none (their pages are drawn and verified, and written for no store).
  public let storeCodes: [Store: [LocaleID: String]]
  /// How the screen is shown: in a device frame, or alone.
  public let frame: FrameStyle
  /// How pages' snapshots are compared, over the run's options.
  let compare: CompareOverrides

  /// How a page shows the app's screen.
  public enum FrameStyle: String, Sendable, CaseIterable {
    /// In a bezel Darkroom draws: the display's corner radius, a glass edge, a band
    /// and the camera's housing (the default).
    case bezel
    /// The screen alone, cut to the display's corner radius.
    case none
  }

  /// The stores the set is made for, in order.
  public var stores: [Store] { Array(Set(targets.map(\.store))).sorted() }

  /// Whether pages' names carry the locale: when more than one is drawn.
  var namesLocales: Bool { locales.count > 1 }
}

/// One device of one store: the preset the screen is drawn on, and the size of the
/// store's image.
public struct ScreenshotTarget: Sendable {
  /// The store.
  public let store: Store
  /// The device the screen is drawn on, at its own size, scale and safe area.
  public let device: DevicePreset
  /// The store's kind of screen this size is for (`APP_IPHONE_67`, `phone`).
  public let display: StoreDisplay
  /// The image's width in pixels: by default the device's own for the App Store,
  /// 1080 for Google Play.
  public let pixelWidth: Int
  /// The image's height in pixels: by default the device's own for the App Store,
  /// 1920 for Google Play (9:16).
  public let pixelHeight: Int
  /// Where the device was named.
  public let location: SourceLocation

  /// The page's scale: the device's, so a caption's point is the screen's.
  var scale: Double { device.scale }
  /// The page's width in points.
  var width: Double { Double(pixelWidth) / scale }
  /// The page's height in points.
  var height: Double { Double(pixelHeight) / scale }
}

/// A page as the file describes it: its name, the layout of the app's screen, the
/// caption and subtitle set above it, and its background.
public struct ScreenshotPageSpec: Sendable {
  /// The page's name in file names: the layout's unless `name:` says.
  public let name: String
  /// The app's screen: on a phone, and on an iPad unless ``padLayout`` is given.
  public let layout: Layout
  /// The app's screen on an iPad (`layout: { phone: …, pad: … }`), as the app lays
  /// it out there (a sidebar, two columns); nil: the phone's, stretched.
  public let padLayout: Layout?
  /// The caption, if any.
  let caption: PageText?
  /// A line under the caption, if any.
  let subtitle: PageText?
  /// The colour behind everything. Default: the theme's `background`.
  let background: ColorExpression
  /// A gradient over it, top to bottom unless it says otherwise.
  let gradient: GradientFill?
  /// Where the page was written.
  let location: SourceLocation

  /// The screen drawn on `device`: the iPad layout on an iPad when there is one.
  func screen(on device: DevicePreset) -> Layout { device.isPad ? padLayout ?? layout : layout }
}

/// A caption or subtitle: a label's settings and text, and how far it may shrink
/// before it is cut.
struct PageText: Sendable {
  /// Text, size, weight, colour, font, lines, alignment.
  var label: LabelSpec
  /// The smallest fraction of its size the text may shrink to so it fits its lines,
  /// 0.25…1 (UIKit's `minimumScaleFactor`).
  var minimumScale: Double
  /// Where the text was written.
  let location: SourceLocation
  /// Where its values were written, for checks.
  var sources: SourceMap

  /// The label as a node the engine lays out and the checks read.
  var node: Node { Node(label, at: location, sources: sources) }
}
