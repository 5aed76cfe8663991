import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// Draws one store page: the background, the caption and subtitle set with the
/// theme's fonts and shrunk to fit their lines, and the app's screen — laid out at
/// the device's own size, scale and safe area, in the mode and locale — in the
/// device's frame, scaled to fit the room below the text.
///
/// The text is laid out by the layout engine like any label (so it mirrors in a
/// right-to-left locale, falls back to other faces, and is audited); a caption that
/// needs more lines than it may have is set at the largest size, down to its
/// `minimumScale`, at which it fits, and cut with an ellipsis at that size if none
/// does — which the truncation audit then lists. Where the text and the device go
/// depends on the page's size alone, so a set's pages line up in every locale.
///
/// The screen is a nested display list (``/DarkroomRendering/DisplayList/Command/snapshot(_:frame:)``):
/// drawn at the device's own pixels, then scaled into the frame, so what it blurs
/// (a bar's material) ends at the screen's edge as on the device, and the page shows
/// the screenshot the device would take.
struct PageComposer {
  let page: ScreenshotPage
  let theme: Theme
  let traits: Traits
  let locale: LocaleID?
  let context: RenderContext

  /// The page's margins and gaps, as fractions of its width or height.
  static let sideMargin = 0.07
  static let topMargin = 0.045
  static let bottomMargin = 0.035
  static let textGap = 0.03

  /// The page: its background, its caption, and the screen in the device's frame,
  /// with the notes of both layouts (warnings, placements, cut text, colours).
  func compose() throws(DarkroomError) -> DisplayList {
    let target = page.target
    let colours = ColourLog()
    let base = opaque(theme.resolve(page.spec.background, in: traits))
    var commands = background(noting: colours)
    let caption = try self.caption(over: base)
    commands += caption.list.commands
    let frame = DeviceFrame(device: target.device, style: page.frame)
    let screen = deviceScreen(in: frame, below: caption.bottom, captioned: caption.hasText)
    let screenList = try engine(screenLocale).displayList(for: screenLayout)
    // How much of a point of the device a point of the page shows.
    let shown = screen.width / target.device.size.width
    let parts = frame.commands(screen: screen, factor: shown)
    commands += parts.under
    let display = RoundedRect(screen, radius: target.device.cornerRadius * shown, curve: .continuous)
    commands.append(.snapshot(screenList, frame: display))
    commands += parts.over

    var list = DisplayList(
      width: target.width, height: target.height, scale: target.scale, background: base, commands: commands)
    guard list.pixelWidth == target.pixelWidth, list.pixelHeight == target.pixelHeight else {
      throw DarkroomError(
        "the page comes out \(list.pixelWidth)×\(list.pixelHeight) pixels, not \(target.pixelWidth)×\(target.pixelHeight)",
        at: target.location)
    }
    note(caption.list, screenList, screen: screen, shown: shown, colours: colours, in: &list)
    return list
  }

  /// The page's gradient, when it has one (its plain colour is the list's
  /// background), its colours noted as a layout pass notes its own (``ColourLog``).
  private func background(noting colours: ColourLog) -> [DisplayList.Command] {
    let spec = page.spec
    colours.note(spec.background, theme: theme, traits: traits)
    for color in spec.gradient?.colors ?? [] { colours.note(color, theme: theme, traits: traits) }
    guard let gradient = spec.gradient else { return [] }
    let whole = Rect(x: 0, y: 0, width: page.target.width, height: page.target.height)
    return [.fill(RoundedRect(whole), paint: .linearGradient(resolve(gradient, in: whole)))]
  }

  /// The caption and subtitle laid out from the top margin, each in a band as tall
  /// as its lines at its full size and set at the size that fits it; the list, and
  /// where the text ends.
  private func caption(over base: RGBA8) throws(DarkroomError) -> (list: DisplayList, bottom: Double, hasText: Bool) {
    let target = page.target, spec = page.spec
    let width = target.width, height = target.height
    let margin = width * Self.sideMargin
    let texts = [spec.caption, spec.subtitle].compactMap { $0 }
    let spacing = (spec.caption?.label.size ?? 20) * 0.3
    var bands: [Double] = []
    for text in texts { bands.append(try band(text)) }
    var nodes: [Node] = []
    for (text, band) in zip(texts, bands) {
      let size = try fittedSize(text, width: width - 2 * margin, band: band)
      nodes.append(Node(text.label.resized(to: size), at: text.location, sources: text.sources).frame(height: band))
    }
    let top = height * Self.topMargin
    guard !nodes.isEmpty else {
      return (DisplayList(width: width, height: height, scale: target.scale, background: base, commands: []), top, false)
    }
    let stack = StackSpec(
      axis: .vertical, spacing: spacing, padding: Insets(top: top, leading: margin, bottom: 0, trailing: margin),
      alignment: .fill, children: nodes)
    let layout = Layout(
      name: ScreenshotSet.snapshotFolder, file: page.file, width: width, height: height, scale: target.scale,
      root: Node(stack, at: spec.location))
    let list = try engine(locale).displayList(for: layout)
    return (list, top + bands.reduce(0, +) + spacing * Double(bands.count - 1), true)
  }

  /// Where the device's display goes: the device as large as fits the room below
  /// the text, centred in it, its display on whole pixels of the page.
  private func deviceScreen(in frame: DeviceFrame, below textBottom: Double, captioned: Bool) -> Rect {
    let target = page.target, device = target.device
    let width = target.width, height = target.height, scale = target.scale
    let roomTop = textBottom + (captioned ? height * Self.textGap : 0)
    let roomHeight = height - roomTop - height * Self.bottomMargin
    let outerWidth = device.size.width + 2 * frame.bezel, outerHeight = device.size.height + 2 * frame.bezel
    let factor = max(0.01, min((width - 2 * width * Self.sideMargin) / outerWidth, roomHeight / outerHeight))
    let pixelWidth = (device.size.width * factor * scale).rounded()
    let pixelHeight = (device.size.height * factor * scale).rounded()
    let left = ((Double(target.pixelWidth) - pixelWidth) / 2).rounded()
    let top = ((roomTop + (roomHeight - outerHeight * factor) / 2 + frame.bezel * factor) * scale).rounded()
    return Rect(x: left / scale, y: top / scale, width: pixelWidth / scale, height: pixelHeight / scale)
  }

  /// The page's notes: the caption's and the screen's warnings (and a phone layout
  /// stretched on an iPad), placements (the screen's moved into its frame), cut
  /// text and colours; the drawing sources are the caption's.
  private func note(
    _ caption: DisplayList, _ screenList: DisplayList, screen: Rect, shown: Double, colours: ColourLog,
    in list: inout DisplayList
  ) {
    let spec = page.spec
    var warnings = caption.warnings
    if page.target.device.isPad, spec.padLayout == nil {
      // A phone layout on an iPad is stretched: small text in a wide screen, which a
      // store's reviewer sees at once.
      warnings.append(
        Diagnostic(
          .warning,
          "page '\(spec.name)' draws the phone layout '\(spec.layout.name)' on the \(page.target.display.title), stretched; name the app's iPad layout with layout: { phone: \(spec.layout.name), pad: … }",
          at: spec.location))
    }
    for warning in screenList.warnings where !warnings.contains(warning) { warnings.append(warning) }
    list.warnings = warnings
    list.placements = caption.placements + screenList.placements.map { placed in
      var moved = placed
      moved.frame = Rect(
        x: screen.x + placed.frame.x * shown, y: screen.y + placed.frame.y * shown, width: placed.frame.width * shown,
        height: placed.frame.height * shown)
      return moved
    }
    var truncations = caption.truncations
    for cut in screenList.truncations where !truncations.contains(cut) { truncations.append(cut) }
    list.truncations = truncations
    // The screen's colours travel with its nested list.
    list.colourNames = colours.names.union(caption.colourNames)
    // The captions' sources; the screen's labels are audited in its own snapshots.
    list.sources = caption.sources
    list.sources.background = DrawingSources.name(of: spec.background, theme: theme)
  }

  /// The app's screen at the device's size, scale and safe area, with a status bar
  /// and home indicator unless the layout turns them off.
  var screenLayout: Layout {
    let device = page.target.device
    var screen = page.spec.screen(on: device)
    screen.width = device.size.width
    screen.height = device.size.height
    screen.autoHeight = false
    screen.scale = device.scale
    screen.device = device
    screen.safeArea = device.safeArea
    if screen.sources.values["statusBar"] == nil { screen.statusBar = true }
    if screen.sources.values["homeIndicator"] == nil { screen.homeIndicator = device.hasHomeIndicator }
    return screen
  }

  /// The locale the screen is drawn in: the page's when its layout is drawn in it,
  /// else the layout's first (a layout whose text is written in one language).
  var screenLocale: LocaleID? {
    let drawn = page.spec.screen(on: page.target.device).locales(in: theme)
    return drawn.contains(locale) ? locale : drawn.first ?? nil
  }

  private func engine(_ locale: LocaleID?) -> LayoutEngine {
    LayoutEngine(theme: theme, traits: traits, locale: locale, context: context)
  }

  /// How tall a text's lines are at its full size: the band it is centred in.
  private func band(_ text: PageText) throws(DarkroomError) -> Double {
    let label = text.label
    let chain = try context.fonts.chain(label.fontWeight, brand: label.font.flatMap { theme.fonts[$0] })
    var style = ParagraphStyle(size: label.pointSize)
    style.lineHeight = label.lineHeight
    style.lines = 0
    let probe = Array(repeating: "Hg", count: max(1, label.lines)).joined(separator: "\n")
    return TextLayout(probe, fonts: chain, style: style, width: nil, caches: context.text).height.rounded(.up)
  }

  /// The largest size, down to the text's minimum, at which it shows whole in its
  /// band, to a quarter point; the minimum when none does (it is then cut there).
  private func fittedSize(_ text: PageText, width: Double, band: Double) throws(DarkroomError) -> Double {
    let full = text.label.pointSize
    if try fits(text, size: full, width: width, band: band) { return full }
    var low = (full * text.minimumScale * 4).rounded(.up) / 4
    guard try fits(text, size: low, width: width, band: band) else { return low }
    var high = full
    while high - low > 0.25 {
      let middle = ((low + high) / 2 * 4).rounded(.down) / 4
      guard middle > low else { break }
      if try fits(text, size: middle, width: width, band: band) { low = middle } else { high = middle }
    }
    return low
  }

  /// Whether the text at `size` shows whole in a box `width` × `band`.
  private func fits(_ text: PageText, size: Double, width: Double, band: Double) throws(DarkroomError) -> Bool {
    let node = Node(text.label.resized(to: size), at: text.location)
    let layout = Layout(
      name: ScreenshotSet.snapshotFolder, file: page.file, width: width, height: band, scale: page.target.scale, root: node)
    return try engine(locale).displayList(for: layout).truncations.isEmpty
  }

  /// A colour made opaque over white (black in dark mode): store images have no
  /// transparency.
  private func opaque(_ color: RGBA8) -> RGBA8 {
    let behind = traits.style == .dark ? RGBA8(r: 0, g: 0, b: 0) : RGBA8(r: 255, g: 255, b: 255)
    return color.a == 255 ? color : Contrast.composite(color, over: behind)
  }

  private func resolve(_ gradient: GradientFill, in frame: Rect) -> LinearGradient {
    let top = Point(x: frame.x, y: frame.y), bottom = Point(x: frame.x, y: frame.maxY)
    let right = Point(x: frame.maxX, y: frame.y)
    let line: (Point, Point)
    switch gradient.direction {
    case .down: line = (top, bottom)
    case .up: line = (bottom, top)
    case .right: line = (top, right)
    case .left: line = (right, top)
    }
    let last = Double(max(1, gradient.colors.count - 1))
    let stops = gradient.colors.enumerated().map { index, color in
      LinearGradient.Stop(location: Double(index) / last, color: theme.resolve(color, in: traits))
    }
    return LinearGradient(start: line.0, end: line.1, stops: stops)
  }
}

extension LabelSpec {
  /// The label at `size` points, its line height and letter spacing in proportion.
  func resized(to size: Double) -> LabelSpec {
    var label = self
    let factor = size / pointSize
    label.size = size
    label.lineHeight = lineHeight.map { $0 * factor }
    label.letterSpacing = letterSpacing * factor
    return label
  }
}
