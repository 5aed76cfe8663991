import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// A folder of layouts and the theme beside them, loaded and checked.
///
/// Loading reads and checks every file before anything is rendered, so bad input is
/// reported before a single file is written.
public struct Project: Sendable {
  /// The folder the layouts were read from, as the command line or `darkroom.yml`
  /// named it.
  public let directory: String
  /// The folder the command runs in, where a relative ``directory`` starts.
  public let working: WorkingFolder
  /// The theme (`theme.yml` in the folder).
  public let theme: Theme
  /// The layouts (every other `.yml` file), sorted by name.
  public let layouts: [Layout]
  /// The store screenshots (`screenshots.yml`), when the folder has them: their
  /// pages are snapshots of every run, after the layouts'.
  public let screenshots: ScreenshotSet?
  /// The hashes of the files the theme and each layout were read from, when the
  /// project was loaded from its folder; nil for one made in Swift.
  public let inputs: ProjectInputs?

  /// A project of layouts already loaded and checked against `theme` (a Swift
  /// test's layout), which names files relative to `directory` (relative: from the
  /// process's working directory).
  public init(directory: String, theme: Theme, layouts: [Layout], screenshots: ScreenshotSet? = nil) {
    self.init(
      directory: directory, working: .process, theme: theme, layouts: layouts, screenshots: screenshots, inputs: nil)
  }

  init(
    directory: String, working: WorkingFolder, theme: Theme, layouts: [Layout], screenshots: ScreenshotSet?,
    inputs: ProjectInputs?
  ) {
    self.directory = directory
    self.working = working
    self.theme = theme
    self.layouts = layouts
    self.screenshots = screenshots
    self.inputs = inputs
  }

  /// Loads `theme.yml`, every other `.yml` file of a folder as a layout, and
  /// `screenshots.yml`, when there is one, as the store screenshots, reading no file
  /// outside `boundary` (default: the project the folder belongs to,
  /// ``/DarkroomFoundation/InputBoundary/project(containing:from:)``) whatever links lead there.
  /// A relative `directory` is inside `working` (default: the process's working
  /// directory, as a package's own code means it; the commands give theirs).
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a missing folder or theme, a folder with no
  ///   layouts, a file that leads outside the boundary, or the first problem in any
  ///   file.
  public static func load(
    layoutsDirectory directory: String, from working: WorkingFolder = .process, boundary: InputBoundary? = nil
  ) throws(DarkroomError) -> Project {
    try load(
      directory,
      reader: InputReader(boundary: boundary ?? .project(containing: directory, from: working), working: working))
  }

  /// Loads the folder, every file through `reader`; each of the theme, the layouts
  /// and the store screenshots is noted in a ledger of its own, its inputs' hash.
  private static func load(_ directory: String, reader: InputReader) throws(DarkroomError) -> Project {
    guard reader.isFolder(directory) else {
      throw DarkroomError("no layouts folder at '\(directory)'", file: directory)
    }
    let themeFile = (directory as NSString).appendingPathComponent("theme.yml")
    guard reader.exists(themeFile) else {
      throw DarkroomError("the layouts folder has no theme.yml", file: directory)
    }
    let (theme, themeInputs) = try reader.recording(root: directory) { (reader) throws(DarkroomError) in
      try Theme.load(file: themeFile, reader: reader)
    }
    let names: [String]
    do {
      names = try reader.names(in: directory)
        .filter { $0.hasSuffix(".yml") && $0 != "theme.yml" && $0 != ScreenshotSet.fileName && !$0.hasPrefix(".") }
        .sorted()
    } catch {
      throw DarkroomError("cannot list the layouts folder: \(error.localizedDescription)", file: directory)
    }
    guard !names.isEmpty else {
      throw DarkroomError("the layouts folder has no layout (.yml files besides theme.yml)", file: directory)
    }
    for name in names where PaletteSheet.isSheetName(String(name.dropLast(4))) {
      throw DarkroomError(
        "'\(name.dropLast(4))' is the name of a page of the theme's palette sheet; give this layout another name",
        file: (directory as NSString).appendingPathComponent(name))
    }
    // Files are parsed side by side (a project of hundreds of layouts is read in a
    // fraction of the time), and the first bad one in name order is the error, as if
    // read one after another.
    let parser = LayoutParser()
    let parsed = Mutex([Result<(Layout, ContentHash), DarkroomError>?](repeating: nil, count: names.count))
    DispatchQueue.concurrentPerform(iterations: names.count) { index in
      let file = (directory as NSString).appendingPathComponent(names[index])
      let result = Result { () throws(DarkroomError) -> (Layout, ContentHash) in
        try reader.recording(root: directory) { (reader) throws(DarkroomError) -> Layout in
          let layout = try parser.load(file: file, reader: reader)
          try layout.check(against: theme)
          return layout
        }
      }
      parsed.withLock { $0[index] = result }
    }
    var layouts: [Layout] = []
    var layoutInputs: [String: ContentHash] = [:]
    for result in parsed.withLock({ $0 }) {
      guard let result else { continue }
      let (layout, inputs) = try result.get()
      layouts.append(layout)
      layoutInputs[layout.name] = inputs
    }
    let screenshotsFile = (directory as NSString).appendingPathComponent(ScreenshotSet.fileName)
    var screenshots: ScreenshotSet? = nil
    var screenshotInputs: ContentHash? = nil
    if reader.kind(of: screenshotsFile) != .missing {
      (screenshots, screenshotInputs) = try reader.recording(root: directory) { (reader) throws(DarkroomError) in
        try ScreenshotSet.load(file: screenshotsFile, theme: theme, layouts: layouts, reader: reader)
      }
    }
    // The palette sheet is a snapshot like the layouts, after them.
    // The palette sheet is drawn from the theme alone.
    let sheets = PaletteSheet.layouts(for: theme, file: themeFile)
    for sheet in sheets { layoutInputs[sheet.name] = themeInputs }
    layouts += sheets
    return Project(
      directory: directory, working: reader.working, theme: theme, layouts: layouts, screenshots: screenshots,
      inputs: ProjectInputs(theme: themeInputs, layouts: layoutInputs, screenshots: screenshotInputs))
  }

  /// The theme's modes named in `names`, in the theme's order; every mode when nil.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for an unknown name, with the closest known one.
  public func modes(named names: [String]?) throws(DarkroomError) -> [Mode] {
    try theme.modes(named: names)
  }

  /// Every layout × theme × locale × mode, layouts in name order, then the theme
  /// itself and each brand theme the layout is drawn in (``Layout/brands(in:)``),
  /// then each locale the layout is drawn in (the theme's order; only those of
  /// `locales` when given), then the modes in theme order. The palette sheet has no
  /// text to translate: it is drawn once per theme and mode. The store screenshots' pages come last, in those of
  /// `modes` their file draws (``ScreenshotSet/snapshots(modes:locales:)``).
  public func snapshots(modes: [Mode], locales: [LocaleID]? = nil) -> [Snapshot] {
    let drawings = layouts.flatMap { layout -> [Snapshot] in
      let brands = layout.brands(in: theme)
      guard !PaletteSheet.isSheet(layout) else {
        return brands.flatMap { brand in modes.map { Snapshot(layout: layout, mode: $0, brand: brand) } }
      }
      let named = layout.namesLocales(in: theme)
      var drawn = layout.locales(in: theme)
      if let locales { drawn = drawn.filter { $0.map(locales.contains) ?? true } }
      let layoutModes = layout.drawn(in: modes)
      return brands.flatMap { brand in
        drawn.flatMap { locale in
          layoutModes.map { Snapshot(layout: layout, mode: $0, locale: locale, namesLocale: named, brand: brand) }
        }
      }
    }
    return drawings + (screenshots?.snapshots(modes: modes, locales: locales) ?? [])
  }

  /// Checks that a run in `modes` and `locales` (nil: all) draws no more snapshots
  /// than `cap` allows, counting before anything is drawn.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` at the theme's `modes:` (or `locales:`, whichever
  ///   multiplies more), naming the product.
  public func check(_ cap: SnapshotCap, modes: [Mode], locales: [LocaleID]?) throws(DarkroomError) {
    let count = snapshots(modes: modes, locales: locales).count
    guard count > cap.limit else { return }
    let localeCount = locales?.count ?? max(theme.locales.count, 1)
    let sheets = layouts.filter(PaletteSheet.isSheet).count
    let sheet = sheets == 0 ? "" : sheets == 1 ? " and the palette sheet" : " and the palette sheet's \(sheets) pages"
    var product = "\(layouts.count - sheets) layouts\(sheet) × \(modes.count) modes"
    if localeCount > 1 { product += " × \(localeCount) locales" }
    let themeCount = theme.brands.count + 1
    if themeCount > 1 { product += " × \(themeCount) themes (the theme and its brands)" }
    if let screenshots { product += ", with the store pages of \((screenshots.file as NSString).lastPathComponent)" }
    // Said where the largest factor is written.
    var location = localeCount > modes.count ? theme.localeLocations.values.min { $0.line < $1.line } : theme.modesLocation
    if themeCount > max(localeCount, modes.count) { location = theme.brands.first?.location }
    try cap.check(count, product: product, at: location, file: directory + "/theme.yml")
  }

  /// The theme's locales named in `names`, in the theme's order; nil (all) when
  /// `names` is nil.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a locale the theme does not declare, with the
  ///   closest one.
  public func locales(named names: [String]?, at location: SourceLocation? = nil) throws(DarkroomError) -> [LocaleID]? {
    guard let names else { return nil }
    let declared = theme.locales.map(\.identifier)
    for name in names where !theme.locales.contains(LocaleID(name)) {
      let message = declared.isEmpty
        ? "unknown locale '\(name)': the theme declares no locales (add 'locales:' to theme.yml)"
        : "unknown locale '\(name)' (the theme's locales: \(declared.joined(separator: ", ")))"
      throw DarkroomError(message, at: location, suggestion: Suggestion.closest(to: name, in: declared))
    }
    guard !names.isEmpty else { throw DarkroomError("the list of locales names no locale", at: location) }
    let wanted = Set(names.map { LocaleID($0) })
    return theme.locales.filter { wanted.contains($0) }
  }
}

/// One picture to take: a layout in a mode, and in a locale when the theme declares
/// locales — or a page of the store screenshots, which stands on a layout of its
/// size.
public struct Snapshot: Sendable {
  /// The layout (for a store page, one of the page's size named `screenshots`,
  /// holding the screen's nodes).
  public let layout: Layout
  /// The mode.
  public let mode: Mode
  /// The locale; nil when the theme declares none.
  public let locale: LocaleID?
  /// Whether the name carries the locale: the layout is drawn in more than one.
  public let namesLocale: Bool
  /// The store page this snapshot draws, if it is one.
  public let page: ScreenshotPage?
  /// The brand theme it is drawn in; nil: the theme itself.
  public let brand: Brand?

  /// A layout in one mode and locale, in the theme itself or one of its brands.
  public init(layout: Layout, mode: Mode, locale: LocaleID? = nil, namesLocale: Bool = false, brand: Brand? = nil) {
    self.layout = layout
    self.mode = mode
    self.locale = locale
    self.namesLocale = namesLocale && locale != nil
    self.brand = brand
    page = nil
  }

  /// A store page in one mode and locale.
  public init(page: ScreenshotPage, mode: Mode, locale: LocaleID? = nil, namesLocale: Bool = false) {
    layout = page.layout
    self.mode = mode
    self.locale = locale
    self.namesLocale = namesLocale && locale != nil
    self.page = page
    brand = nil
  }

  /// The mode's name, then a brand theme's (`dark+sunset`), then the locale's when
  /// the name carries it: `dark`, `dark.de` or `dark+sunset.de` — the golden's file
  /// name without `.png`. A store page's starts with the page's name:
  /// `01_APP_IPHONE_67_orders_light.de`.
  public var variant: String {
    var mode = page.map { "\($0.name)_\(self.mode.name)" } ?? self.mode.name
    if let brand { mode += Brand.separator + brand.name }
    guard namesLocale, let locale else { return mode }
    return "\(mode).\(locale.identifier)"
  }

  /// The theme the snapshot is drawn from, given the project's: its brand's, else
  /// the project's own.
  public func drawnTheme(_ theme: Theme) -> Theme { brand?.theme ?? theme }

  /// Whether the contrast audit reads its labels: not on the palette sheet, whose
  /// labels show pairs as they are, readable or not.
  public var isAudited: Bool { !PaletteSheet.isSheet(layout) }

  /// `layout/mode` (or `layout/mode.locale`), the snapshot's name and its path
  /// under a golden folder.
  public var name: String { "\(layout.name)/\(variant)" }

  /// Lays out the snapshot: its draw commands in this mode and locale, with the
  /// fonts and memos of `context` (default: a context of its own).
  public func displayList(theme: Theme, context: RenderContext = RenderContext()) throws(DarkroomError) -> DisplayList {
    let theme = drawnTheme(theme)
    if let page { return try page.displayList(theme: theme, traits: mode.traits, locale: locale, context: context) }
    return try LayoutEngine(theme: theme, traits: mode.traits, locale: locale, context: context).displayList(for: layout)
  }

  /// Lays out and rasterizes the snapshot.
  public func render(theme: Theme, context: RenderContext = RenderContext()) throws -> PixelBuffer {
    try Renderer.render(try displayList(theme: theme, context: context), context: context)
  }
}
