import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

extension ScreenshotSet {
  /// The caption's settings when the file gives none: 34 points bold, two lines,
  /// centred, down to 60% of its size before it is cut.
  static let captionDefaults = PageText(
    label: LabelSpec(text: "", size: 34, weight: .bold, alignment: .center, lines: 2), minimumScale: 0.6,
    location: SourceLocation(file: "", line: 1, column: 1), sources: SourceMap())
  /// The subtitle's: 20 points in the secondary text colour, two lines, centred, down
  /// to 75%.
  static let subtitleDefaults = PageText(
    label: LabelSpec(text: "", size: 20, weight: .regular, color: .defaultSecondaryText, alignment: .center, lines: 2),
    minimumScale: 0.75, location: SourceLocation(file: "", line: 1, column: 1), sources: SourceMap())
  /// Google Play's page when the file names no size: 9:16 at 1080 pixels wide, the
  /// size Play recommends for phones.
  static let playSize = (width: 1080, height: 1920)
  /// The most lines a caption or subtitle may wrap to.
  static let maximumLines = 10

  /// Reads `file` through `reader` and checks it against the theme and the project's
  /// layouts: every name, every locale's text, and every page's size against its
  /// store's rules.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` at the value that is wrong, with the closest known
  ///   name when one is near.
  public static func load(
    file: String, theme: Theme, layouts: [Layout], reader: InputReader = .unbounded
  ) throws(DarkroomError) -> ScreenshotSet {
    let text = try reader.readText(file, what: "the screenshots file")
    return try parse(text, file: file, theme: theme, layouts: layouts)
  }

  /// Parses and checks screenshots YAML; `file` names it in errors.
  static func parse(_ text: String, file: String, theme: Theme, layouts: [Layout]) throws(DarkroomError) -> ScreenshotSet {
    let yaml = try YAMLNode.parse(text, file: file)
    let keys = try yaml.mapping("the screenshots file").map(\.key)
    if keys.contains("root") && !keys.contains("pages") {
      throw DarkroomError(
        "\(fileName) is the store screenshots file (stores:, pages:), not a layout; give this layout another name",
        at: yaml.location)
    }
    let budget = LayoutParser.budget()
    var r = try SpecReader(yaml, what: "the screenshots file", at: yaml.location, depth: 0, budget: budget)
    var reading = Reading(file: file, theme: theme, layouts: layouts, budget: budget)

    guard let stores = r.value("stores") else {
      throw DarkroomError("the screenshots file needs 'stores:' (appstore, play and their devices)", at: yaml.location)
    }
    let targets = try reading.targets(stores)
    let modes = try reading.modes(r.value("modes"))
    let locales = try reading.locales(r.value("locales"))
    var frame = FrameStyle.bezel
    if let node = r.value("frame") { frame = try node.choice("frame", as: FrameStyle.self) }
    var compare = CompareOverrides()
    if let node = r.value("compare") { compare = try CompareOverrides.parse(node) }
    var background = ColorExpression.defaultBackground
    try r.read("background", into: &background)
    let gradient = try GradientFill.read(&r)
    let caption = try reading.style(r.value("caption"), over: captionDefaults, what: "the caption style")
    let subtitle = try reading.style(r.value("subtitle"), over: subtitleDefaults, what: "the subtitle style")
    let storeLocales = r.value("storeLocales")
    guard let pagesNode = r.value("pages") else {
      throw DarkroomError("the screenshots file needs 'pages:' (each a layout and its caption)", at: yaml.location)
    }
    let pages =
      try r.list("pages", item: "a page") { (p: inout SpecReader) throws(DarkroomError) -> ScreenshotPageSpec in
        try reading.page(&p, caption: caption, subtitle: subtitle, background: background, gradient: gradient)
      } ?? []
    try r.finish()

    let checker = SpecChecker(theme: theme, sources: r.sources, location: yaml.location)
    try checker.color(background, "background")
    if let gradient { try reading.check(gradient, checker) }
    for (index, page) in pages.enumerated() {
      let p = SpecChecker(theme: theme, sources: r.sources, location: page.location, prefix: "pages.\(index).")
      try p.color(page.background, "background")
      if let gradient = page.gradient, p.has("gradient") { try reading.check(gradient, p) }
      for text in [page.caption, page.subtitle].compactMap({ $0 }) { try reading.check(text, locales: locales) }
    }
    guard !pages.isEmpty else { throw DarkroomError("'pages' lists no page", at: pagesNode.location) }
    for store in Set(targets.map(\.store)).sorted() where !(store.minimumPages...store.maximumPages).contains(pages.count) {
      throw DarkroomError(
        "\(store.title) takes \(store.minimumPages) to \(store.maximumPages) screenshots a set; the file has \(pages.count) page(s)",
        at: pagesNode.location)
    }
    let codes = try reading.storeCodes(storeLocales, stores: Set(targets.map(\.store)).sorted(), locales: locales)
    return ScreenshotSet(
      file: file, pages: pages, targets: targets, modes: modes, locales: locales, storeCodes: codes, frame: frame,
      compare: compare)
  }

  /// The store code the pages of `locale` are written under for `store`; nil for a
  /// pseudo-locale, which has no listing.
  public func storeCode(for locale: LocaleID?, in store: Store) -> String? {
    storeCodes[store]?[locale ?? ScreenshotSet.unnamedLocale]
  }

  /// What a theme without locales is listed as: its text is in the source
  /// language, English unless a catalog says otherwise.
  static let unnamedLocale = LocaleID("en")
}

extension ScreenshotSet.FrameStyle: SpecWord { package static var what: String { "frame" } }

/// The state of one read of a screenshots file: what names are checked against.
private struct Reading {
  let file: String
  let theme: Theme
  let layouts: [Layout]
  let budget: ParseBudget
  /// Where each locale was named: the file's `locales:`, else the theme's.
  var localeLocations: [LocaleID: SourceLocation] = [:]
  var pageNames: Set<String> = []

  init(file: String, theme: Theme, layouts: [Layout], budget: ParseBudget) {
    self.file = file
    self.theme = theme
    self.layouts = layouts
    self.budget = budget
    localeLocations = theme.localeLocations
  }

  /// `stores: { appstore: [iPhone16ProMax, …], play: [{ device: pixel9, size: [1080, 1920] }] }`.
  func targets(_ node: YAMLNode) throws(DarkroomError) -> [ScreenshotTarget] {
    let entries = try node.mapping("stores")
    try entries.checkKeys(allowed: Store.allCases.map(\.rawValue), in: "stores")
    guard !entries.isEmpty else {
      throw DarkroomError("'stores' names no store (\(Store.allCases.map(\.rawValue).joined(separator: ", ")))", at: node.location)
    }
    var targets: [ScreenshotTarget] = []
    for store in Store.allCases {
      guard let list = entries[store.rawValue] else { continue }
      let items = try list.sequence("\(store.rawValue)'s devices")
      guard !items.isEmpty else { throw DarkroomError("'\(store.rawValue)' lists no device", at: list.location) }
      for item in items {
        try budget.count(at: item.location)
        let target = try self.target(item, store: store)
        if let same = targets.first(where: { $0.store == store && $0.device == target.device }) {
          throw DarkroomError(
            "\(target.device.rawValue) is listed twice for \(store.title) (first at line \(same.location.line))",
            at: target.location)
        }
        if let same = targets.first(where: { $0.store == store && $0.display == target.display }) {
          throw DarkroomError(
            "\(target.device.rawValue) and \(same.device.rawValue) are both \(store.title)'s \(target.display.title) (\(target.display.name)); list one",
            at: target.location)
        }
        targets.append(target)
      }
    }
    return targets
  }

  /// `iPhone16ProMax`, or `{ device: pixel9, size: [1080, 1920] }` (pixels).
  private func target(_ item: YAMLNode, store: Store) throws(DarkroomError) -> ScreenshotTarget {
    var deviceNode = item
    var sizeNode: YAMLNode? = nil
    if case .mapping = item.node {
      let entries = try item.mapping("a device")
      try entries.checkKeys(allowed: ["device", "size"], in: "a device")
      guard let named = entries["device"] else {
        throw DarkroomError("a device needs 'device' (a device preset)", at: item.location)
      }
      deviceNode = named
      sizeNode = entries["size"]
    }
    let device = try deviceNode.choice("device", as: DevicePreset.self)
    let own = (Int((device.size.width * device.scale).rounded()), Int((device.size.height * device.scale).rounded()))
    var width = store == .play ? ScreenshotSet.playSize.width : own.0
    var height = store == .play ? ScreenshotSet.playSize.height : own.1
    if let sizeNode {
      let sides = try sizeNode.sequence("size")
      guard sides.count == 2 else {
        throw DarkroomError("size is [width, height] in pixels, found \(sides.count) values", at: sizeNode.location)
      }
      width = try Self.pixels(sides[0], "the width")
      height = try Self.pixels(sides[1], "the height")
    }
    let location = sizeNode?.location ?? deviceNode.textLocation
    switch store.display(width: width, height: height) {
    case .success(let display):
      guard height >= width else {
        throw DarkroomError("pages are portrait: the height must be at least the width, found \(width)×\(height)", at: location)
      }
      return ScreenshotTarget(
        store: store, device: device, display: display, pixelWidth: width, pixelHeight: height,
        location: deviceNode.textLocation)
    case .failure(let problem):
      let whose = sizeNode == nil ? ", \(device.rawValue)'s own size; give it one the store takes with { device: \(device.rawValue), size: [width, height] }" : ""
      throw DarkroomError(problem.message + whose, at: location, suggestion: sizeNode == nil ? nil : problem.closest)
    }
  }

  private static func pixels(_ node: YAMLNode, _ what: String) throws(DarkroomError) -> Int {
    let value = try node.number(what, in: 1...Double(PixelBuffer.maximumSide))
    guard value == value.rounded() else { throw DarkroomError("\(what) is a whole number of pixels", at: node.location) }
    return Int(value)
  }

  /// `modes: [light, dark]`: some of the theme's; default its first.
  func modes(_ node: YAMLNode?) throws(DarkroomError) -> [Mode] {
    guard let node else { return Array(theme.modes.prefix(1)) }
    var modes: [Mode] = []
    for item in try node.sequence("modes") {
      try budget.count(at: item.location)
      let name = try item.string("a mode")
      guard let mode = theme.modes.first(where: { $0.name == name }) else {
        throw DarkroomError(
          "unknown mode '\(name)' (the theme's modes: \(theme.modes.map(\.name).joined(separator: ", ")))",
          at: item.textLocation, suggestion: Suggestion.closest(to: name, in: theme.modes.map(\.name)))
      }
      guard !modes.contains(mode) else { throw DarkroomError("mode '\(name)' is listed twice", at: item.textLocation) }
      modes.append(mode)
    }
    guard !modes.isEmpty else { throw DarkroomError("'modes' names no mode", at: node.location) }
    return modes
  }

  /// `locales: [en, de]`: some of the theme's; default all of them.
  mutating func locales(_ node: YAMLNode?) throws(DarkroomError) -> [LocaleID?] {
    guard let node else { return theme.locales.isEmpty ? [nil] : theme.locales }
    let declared = theme.locales.map(\.identifier)
    var locales: [LocaleID] = []
    for item in try node.sequence("locales") {
      try budget.count(at: item.location)
      let locale = LocaleID(try item.string("a locale"))
      guard theme.locales.contains(locale) else {
        let message = declared.isEmpty
          ? "locale '\(locale)' is not declared: the theme has no 'locales:'"
          : "locale '\(locale)' is not one of the theme's locales (\(declared.joined(separator: ", ")))"
        throw DarkroomError(
          message, at: item.textLocation, suggestion: Suggestion.closest(to: locale.identifier, in: declared))
      }
      guard !locales.contains(locale) else {
        throw DarkroomError("locale '\(locale)' is listed twice", at: item.textLocation)
      }
      locales.append(locale)
      localeLocations[locale] = item.textLocation
    }
    guard !locales.isEmpty else { throw DarkroomError("'locales' names no locale", at: node.location) }
    return locales
  }

  /// A caption's or subtitle's settings over `defaults`: a label's keys but
  /// `text`, and `minimumScale`.
  func style(_ node: YAMLNode?, over defaults: PageText, what: String) throws(DarkroomError) -> PageText {
    guard let node else { return defaults }
    var r = try SpecReader(node, what: what, at: node.location, depth: 1, budget: budget)
    var text = defaults
    try Self.readStyle(&r, into: &text)
    try r.finish()
    text.sources.merge(r.sources)
    return text
  }

  private static func readStyle(_ r: inout SpecReader, into text: inout PageText) throws(DarkroomError) {
    try r.read(
      into: &text.label, ("size", \.size), ("weight", \.weight), ("color", \.color), ("align", \.alignment),
      ("lineHeight", \.lineHeight), ("letterSpacing", \.letterSpacing), ("font", \.font), ("truncation", \.truncation))
    try r.read("lines", into: &text.label.lines, hint: " (1 to \(ScreenshotSet.maximumLines))")
    try r.read("minimumScale", into: &text.minimumScale)
  }

  /// The layout named at `node`, a layout of the folder (not the palette sheet).
  private func layout(named node: YAMLNode) throws(DarkroomError) -> Layout {
    let name = try node.string("a layout")
    let known = layouts.map(\.name).filter { !PaletteSheet.isSheetName($0) }
    guard let layout = layouts.first(where: { $0.name == name && !PaletteSheet.isSheet($0) }) else {
      throw DarkroomError(
        "unknown layout '\(name)' (the layouts: \(known.joined(separator: ", ")))", at: node.textLocation,
        suggestion: Suggestion.closest(to: name, in: known))
    }
    return layout
  }

  /// One page: `layout` (a layout, or `{ phone, pad }`: one per device class),
  /// `name`, `caption`, `subtitle`, `background`, `gradient`.
  mutating func page(
    _ p: inout SpecReader, caption: PageText, subtitle: PageText, background: ColorExpression, gradient: GradientFill?
  ) throws(DarkroomError) -> ScreenshotPageSpec {
    guard let layoutNode = p.value("layout") else {
      throw DarkroomError("a page needs 'layout' (the screen it shows)", at: p.location)
    }
    let layout: Layout, padLayout: Layout?
    var nameLocation = layoutNode.textLocation
    if case .mapping = layoutNode.node {
      var classes = try SpecReader(layoutNode, what: "a page's layouts", at: layoutNode.location, depth: 1, budget: budget)
      guard let phone = classes.value("phone") else {
        throw DarkroomError(
          "a page's layouts need 'phone' (the layout on phones), and 'pad' for iPads", at: layoutNode.location)
      }
      layout = try self.layout(named: phone)
      padLayout = try classes.value("pad").map { (node: YAMLNode) throws(DarkroomError) in try self.layout(named: node) }
      try classes.finish()
      nameLocation = phone.textLocation
    } else {
      layout = try self.layout(named: layoutNode)
      padLayout = nil
    }
    var pageName = layout.name
    if let node = p.value("name") {
      pageName = try node.string("a page's name")
      nameLocation = node.textLocation
    }
    let allowed = pageName.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
    guard allowed, !pageName.isEmpty, !pageName.hasPrefix("-"), pageName.count <= 64 else {
      throw DarkroomError(
        "a page's name is 1 to 64 letters, digits, '-' and '_' (it becomes a file name), found '\(pageName)'; give one with 'name:'",
        at: nameLocation)
    }
    guard pageNames.insert(pageName).inserted else {
      throw DarkroomError("two pages are named '\(pageName)'; give one another with 'name:'", at: nameLocation)
    }
    var pageBackground = background
    try p.read("background", into: &pageBackground)
    let pageGradient = try GradientFill.read(&p) ?? gradient
    return ScreenshotPageSpec(
      name: pageName, layout: layout, padLayout: padLayout, caption: try text(p.value("caption"), over: caption, what: "a caption"),
      subtitle: try text(p.value("subtitle"), over: subtitle, what: "a subtitle"), background: pageBackground,
      gradient: pageGradient, location: p.location)
  }

  /// A page's caption: text (`"Track orders"`, `{ key: shots.orders }`) or the
  /// text with settings of its own (`{ text: { key: … }, size: 30 }`).
  private func text(_ node: YAMLNode?, over style: PageText, what: String) throws(DarkroomError) -> PageText? {
    guard let node else { return nil }
    var text = style
    var withSettings = false
    if case .mapping = node.node { withSettings = try node.mapping(what).contains { $0.key == "text" } }
    if withSettings {
      var r = try SpecReader(node, what: what, at: node.location, depth: 1, budget: budget)
      text.label.text = try r.required("text", missing: "\(what) needs 'text'")
      try Self.readStyle(&r, into: &text)
      try r.finish()
      text.sources.merge(r.sources)
    } else {
      // The reader only lends its budget and key path to the text's own.
      var lender = try SpecReader(nil, what: what, at: node.location, depth: 1, budget: budget)
      text.label.text = try LocalizedText.read(node, key: "text", reader: &lender)
    }
    let location = text.label.text.location ?? node.textLocation
    text.sources.values["text"] = location
    return PageText(label: text.label, minimumScale: text.minimumScale, location: node.textLocation, sources: text.sources)
  }

  /// A caption's values, names and text in every locale.
  func check(_ text: PageText, locales: [LocaleID?]) throws(DarkroomError) {
    let node = text.node
    try node.check(against: theme)
    let c = SpecChecker(theme: theme, node: node)
    try c.number(Double(text.label.lines), "lines", in: 1...Double(ScreenshotSet.maximumLines))
    try c.number(text.minimumScale, "minimumScale", in: 0.25...1)
    for locale in locales {
      _ = try Localization(locale: locale, strings: theme.strings).resolve(text.label.text)
    }
  }

  /// A gradient's colours: 2 to 16, each known.
  func check(_ gradient: GradientFill, _ c: SpecChecker) throws(DarkroomError) {
    guard (2...16).contains(gradient.colors.count) else {
      throw c.error("a gradient has 2 to 16 colours, found \(gradient.colors.count)", at: "gradient")
    }
    for (index, color) in gradient.colors.enumerated() { try c.color(color, "gradient.\(index)") }
  }

  /// The store code of every locale for every store: `storeLocales:` first, then
  /// ``StoreLocales/code(for:in:)``; pseudo-locales have none.
  func storeCodes(_ node: YAMLNode?, stores: [Store], locales: [LocaleID?]) throws(DarkroomError)
    -> [Store: [LocaleID: String]]
  {
    var given: [Store: [LocaleID: (code: String, at: SourceLocation)]] = [:]
    let named = locales.compactMap { $0 }
    if let node {
      let entries = try node.mapping("storeLocales")
      try entries.checkKeys(allowed: Store.allCases.map(\.rawValue), in: "storeLocales")
      for entry in entries {
        guard let store = Store(rawValue: entry.key) else { continue }
        for pair in try entry.value.mapping("\(store.rawValue)'s locales") {
          try budget.count(at: pair.keyNode.location)
          let locale = LocaleID(pair.key)
          guard named.contains(locale) else {
            throw DarkroomError(
              "locale '\(locale)' is not one the screenshots are drawn in (\(named.map(\.identifier).joined(separator: ", ")))",
              at: pair.keyNode.location, suggestion: Suggestion.closest(to: pair.key, in: named.map(\.identifier)))
          }
          guard locale.pseudo == nil else {
            throw DarkroomError(
              "'\(locale)' is a pseudo-locale: no store lists it, and its pages are drawn for review only",
              at: pair.keyNode.location)
          }
          let code = try pair.value.string("a store's locale code")
          let codes = StoreLocales.codes(of: store)
          guard let exact = codes.first(where: { $0.lowercased() == code.lowercased() }) else {
            throw DarkroomError(
              "'\(code)' is not one of \(store.title)'s locale codes", at: pair.value.textLocation,
              suggestion: Suggestion.closest(to: code, in: codes))
          }
          given[store, default: [:]][locale] = (exact, pair.value.textLocation)
        }
      }
    }
    var result: [Store: [LocaleID: String]] = [:]
    for store in stores {
      var codes: [LocaleID: String] = [:]
      var owners: [String: LocaleID] = [:]
      for maybe in locales {
        let locale = maybe ?? ScreenshotSet.unnamedLocale
        guard locale.pseudo == nil else { continue }
        let at = given[store]?[locale]?.at ?? localeLocations[locale] ?? SourceLocation(file: file, line: 1, column: 1)
        guard let code = given[store]?[locale]?.code ?? StoreLocales.code(for: locale, in: store) else {
          throw DarkroomError(
            "\(store.title) has no listing language for locale '\(locale)'; name one with storeLocales: { \(store.rawValue): { \(locale): <code> } }",
            at: at)
        }
        if let other = owners[code] {
          throw DarkroomError(
            "locales '\(other)' and '\(locale)' would both be written under \(store.title)'s '\(code)'; give one another code under storeLocales",
            at: at)
        }
        owners[code] = locale
        codes[locale] = code
      }
      result[store] = codes
    }
    return result
  }
}
