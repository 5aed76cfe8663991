import DarkroomFoundation
import DarkroomRaster
/// What a device draws around and over a layout: the status bar, the home
/// indicator, and presented sheets and alerts with the dimming behind them.
extension LayoutEngine {
  /// Places what the device draws: presented content over its dimming, then the
  /// status bar and home indicator, which stay above it, undimmed.
  func placeChrome(_ layout: Layout, screen: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    if let presentation = layout.presentation {
      steps.append(.chrome(.dimming(screen), engine: self))
      var elevated = self
      elevated.traits.level = .elevated
      switch presentation {
      case .sheet(let sheet):
        try elevated.placeSheet(sheet, layout: layout, screen: screen, steps: &steps)
      case .alert(let alert):
        try elevated.placeAlert(alert, screen: screen, steps: &steps)
      }
    }
    // The status bar is the system's, not the app's: no pseudo-locale changes its time.
    var system = self
    system.localization = .none
    // Nothing the device draws covers its own status bar.
    system.sight = Sight(visible: screen)
    // Its time is written where the layout names its device.
    system.textsWrittenAt = layout.sources.values["statusBar"] ?? layout.sources.values["size"]
    if layout.statusBar { try system.placeStatusBar(StatusBarLayout(layout), steps: &steps) }
    if layout.homeIndicator { steps.append(.chrome(.homeIndicator(Self.homeIndicator(in: screen)), engine: self)) }
  }

  /// The home indicator: 134 × 5 points, 8 above the screen's bottom edge.
  static func homeIndicator(in screen: Rect) -> Rect {
    Rect(x: (screen.width - 134) / 2, y: screen.maxY - 8 - 5, width: 134, height: 5)
  }

  /// What the device draws over every layout's content, for the truncation audit:
  /// the status bar (the safe area's top inset) and the home indicator.
  static func chromeCovers(_ layout: Layout, screen: Rect) -> [Sight.Cover] {
    var covers: [Sight.Cover] = []
    if layout.statusBar, layout.safeArea.top > 0 {
      covers.append(
        Sight.Cover(what: .statusBar, rect: Rect(x: screen.x, y: screen.y, width: screen.width, height: layout.safeArea.top)))
    }
    if layout.homeIndicator { covers.append(Sight.Cover(what: .homeIndicator, rect: homeIndicator(in: screen))) }
    return covers
  }

  /// 9:41, a label where the device puts it, and the glyphs beside it.
  private func placeStatusBar(_ bar: StatusBarLayout, steps: inout [PaintStep]) throws(DarkroomError) {
    let at = SourceLocation(file: "status bar", line: 1, column: 1)
    let time = LabelSpec(
      text: "9:41", size: bar.timeSize, weight: .semibold, color: .system(.label), alignment: .center)
    let timeBox = Rect(x: bar.timeCentre - 40, y: bar.middle - 12, width: 80, height: 24)
    let timeNode = Element(.label(time), width: timeBox.width, height: timeBox.height, at: at)
    try place(timeNode, in: timeBox, steps: &steps)
    steps.append(.chrome(.statusGlyphs(bar), engine: self))
  }

  /// A sheet's panel from the screen's bottom, its grabber, and its content inside.
  private func placeSheet(
    _ sheet: SheetSpec, layout: Layout, screen: Rect, steps: inout [PaintStep]
  ) throws(DarkroomError) {
    let top = layout.safeArea.top + 10
    let height = min(sheet.height ?? (screen.height - top), screen.height)
    let panel = Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height)
    steps.append(.chrome(.sheetPanel(sheet, panel: panel), engine: self))
    let inset = sheet.grabber ? 20.0 : 0
    let content = Rect(
      x: panel.x, y: panel.y + inset, width: panel.width, height: max(0, panel.height - inset - layout.safeArea.bottom))
    try place(sheet.content.element(theme: theme), in: content, steps: &steps)
  }

  /// An alert, 270 points wide and as tall as its content, in the screen's middle,
  /// its content cut by its corners.
  private func placeAlert(_ alert: AlertSpec, screen: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    let content = alert.content.element(theme: theme)
    let size = try measure(content, width: 270, height: nil)
    let frame = Rect(x: screen.width / 2 - 135, y: screen.y + (screen.height - size.height) / 2, width: 270, height: size.height)
    let shape = RoundedRect(frame, radii: CornerRadii(14))
    steps.append(.begin(clip: shape, opacity: 1))
    steps.append(.chrome(.alertPanel(alert, shape: shape), engine: self))
    try place(content, in: frame, steps: &steps)
    steps.append(.end)
  }

  /// The commands of a piece of chrome where placing put it.
  func draw(_ piece: PaintStep.Chrome, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    switch piece {
    case .dimming(let screen):
      // The dimming view: black at 40% (48% in dark), over the whole screen.
      let dim = RGBA8(r: 0, g: 0, b: 0, a: traits.style == .dark ? 122 : 102)
      commands.append(.fill(RoundedRect(screen, radii: CornerRadii(0)), paint: .solid(dim)))
    case .sheetPanel(let sheet, let panel):
      let radius = 10.0
      let background = colour(sheet.background)
      commands.append(
        .fill(RoundedRect(panel, radii: CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)),
          paint: .solid(background)))
      sources.fill(panel, colour: colourName(sheet.background), background)
      if sheet.grabber {
        let grabber = Rect(x: panel.x + panel.width / 2 - 18, y: panel.y + 5, width: 36, height: 5)
        commands.append(.fill(RoundedRect(grabber, radii: CornerRadii(2.5)), paint: .solid(colour(.system(.tertiaryLabel)))))
      }
    case .alertPanel(let alert, let shape):
      let background = colour(alert.background)
      commands.append(.fill(shape, paint: .solid(background)))
      sources.fill(shape.rect, colour: colourName(alert.background), background)
    case .statusGlyphs(let bar):
      drawStatusGlyphs(bar, commands: &commands)
    case .homeIndicator(let frame):
      commands.append(.fill(RoundedRect(frame, radii: CornerRadii(2.5)), paint: .solid(colour(.system(.label)))))
    }
  }

  /// The cellular, Wi-Fi and battery glyphs, in the label colour, where the device
  /// puts them.
  private func drawStatusGlyphs(_ bar: StatusBarLayout, commands: inout [DisplayList.Command]) {
    let ink = colour(.system(.label))
    let s = bar.glyphScale
    // The glyphs, each vertically centred on the bar's middle line: signal bars
    // (17 × 10.7 points at full size), the Wi-Fi fan (15.3 × 11) and the battery
    // (24.3 × 11.3 with its cap), 5 points apart.
    func icon(_ glyph: Icon, side: Double, x: Double) {
      let frame = Rect(x: x, y: bar.middle - side * s / 2, width: side * s, height: side * s)
      commands.append(.icon(glyph, frame: frame, lineWidth: 2, color: ink))
    }
    func battery(x: Double) {
      let body = Rect(x: x, y: bar.middle - 5.67 * s, width: 22 * s, height: 11.33 * s)
      let outline = RoundedRect(body, radii: CornerRadii(3.6 * s))
      commands.append(.border(outline, width: 1 * s, dashes: [], color: ink.withAlpha(0.4)))
      let level = Rect(x: body.x + 2 * s, y: body.y + 2 * s, width: body.width - 4 * s, height: body.height - 4 * s)
      commands.append(.fill(RoundedRect(level, radii: CornerRadii(1.6 * s)), paint: .solid(ink)))
      let cap = Rect(x: body.maxX + 1 * s, y: bar.middle - 2 * s, width: 1.33 * s, height: 4 * s)
      commands.append(.fill(RoundedRect(cap, radii: CornerRadii(0.67 * s)), paint: .solid(ink.withAlpha(0.4))))
    }
    let gap = 5 * s, cellular = 17 * s, wifi = 16 * s, batteryWidth = 24.33 * s
    switch bar.arrangement {
    case .island(let rightCentre):
      let cluster = cellular + gap + wifi + gap + batteryWidth
      var x = rightCentre - cluster / 2
      icon(.cellularbars, side: 17, x: x)
      x += cellular + gap
      icon(.wifi, side: 16, x: x)
      x += wifi + gap
      battery(x: x)
    case .homeButton(let inset):
      icon(.cellularbars, side: 17, x: inset)
      icon(.wifi, side: 16, x: inset + cellular + gap)
      battery(x: bar.width - inset - batteryWidth)
    case .pad(let inset):
      let right = bar.width - inset - batteryWidth
      battery(x: right)
      icon(.wifi, side: 16, x: right - gap - wifi)
    }
  }
}

extension RGBA8 {
  /// The colour with its alpha multiplied by `factor`.
  fileprivate func withAlpha(_ factor: Double) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: UInt8((Double(a) * factor).rounded()))
  }
}
