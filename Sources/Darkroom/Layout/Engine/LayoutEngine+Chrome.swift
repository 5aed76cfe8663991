import DarkroomRaster
/// What a device draws around and over a layout: the status bar, the home
/// indicator, and presented sheets and alerts with the dimming behind them.
extension LayoutEngine {
  func drawChrome(_ layout: Layout, screen: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    if let presentation = layout.presentation {
      // The dimming view: black at 40% (48% in dark), over the whole screen.
      let dim = RGBA8(r: 0, g: 0, b: 0, a: traits.style == .dark ? 122 : 102)
      commands.append(.fill(RoundedRect(screen, radii: CornerRadii(0)), paint: .solid(dim)))
      var elevated = self
      elevated.traits.level = .elevated
      switch presentation {
      case .sheet(let sheet):
        try elevated.drawSheet(sheet, layout: layout, screen: screen, commands: &commands)
      case .alert(let alert):
        try elevated.drawAlert(alert, screen: screen, commands: &commands)
      }
    }
    // The status bar and home indicator stay above presented content, undimmed.
    // The status bar is the system's, not the app's: no pseudo-locale changes its time.
    var system = self
    system.localization = .none
    if layout.statusBar { try system.drawStatusBar(in: Rect(x: 0, y: 0, width: screen.width, height: max(20, layout.safeArea.top)), commands: &commands) }
    if layout.homeIndicator {
      let bar = Rect(x: (screen.width - 134) / 2, y: screen.maxY - 8 - 5, width: 134, height: 5)
      commands.append(.fill(RoundedRect(bar, radii: CornerRadii(2.5)), paint: .solid(theme.resolve(.system(.label), in: traits))))
    }
  }

  /// 9:41, and signal, Wi-Fi and battery drawn as simple shapes, in the label colour.
  private func drawStatusBar(in bar: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let ink = theme.resolve(.system(.label), in: traits)
    let middle = bar.height > 30 ? bar.y + bar.height / 2 - 4 : bar.y + bar.height / 2
    let time = LabelSpec(text: "9:41", size: 17, weight: .semibold, color: .system(.label), alignment: .center)
    let timeNode = Element(.label(time), width: 54, height: 22, at: SourceLocation(file: "status bar", line: 1, column: 1))
    try place(timeNode, in: Rect(x: bar.width > 500 ? 20 : 32, y: middle - 11, width: 54, height: 22), commands: &commands)
    var x = bar.maxX - (bar.width > 500 ? 20 : 32) - 27
    // Battery: an outline, its charge, and the cap.
    let battery = Rect(x: x, y: middle - 6, width: 25, height: 12)
    commands.append(.border(RoundedRect(battery, radii: CornerRadii(3.5)), width: 1, dashes: [], color: ink.withAlpha(0.4)))
    commands.append(.fill(RoundedRect(Rect(x: x + 2, y: middle - 4, width: 21, height: 8), radii: CornerRadii(2)), paint: .solid(ink)))
    commands.append(.fill(RoundedRect(Rect(x: x + 26, y: middle - 2, width: 1.5, height: 4), radii: CornerRadii(0.75)), paint: .solid(ink.withAlpha(0.4))))
    // Wi-Fi: three bars of growing height stand in for the arcs.
    x -= 24
    for i in 0..<3 {
      let h = 4 + Double(i) * 3
      commands.append(.fill(RoundedRect(Rect(x: x + Double(i) * 6, y: middle + 5 - h, width: 4, height: h), radii: CornerRadii(1)), paint: .solid(ink)))
    }
    // Signal: four bars.
    x -= 26
    for i in 0..<4 {
      let h = 3 + Double(i) * 2.5
      commands.append(.fill(RoundedRect(Rect(x: x + Double(i) * 5, y: middle + 5 - h, width: 3, height: h), radii: CornerRadii(1)), paint: .solid(ink)))
    }
  }

  private func drawSheet(_ sheet: SheetSpec, layout: Layout, screen: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let top = layout.safeArea.top + 10
    let height = min(sheet.height ?? (screen.height - top), screen.height)
    let panel = Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height)
    let radius = 10.0
    commands.append(
      .fill(RoundedRect(panel, radii: CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)),
        paint: .solid(theme.resolve(sheet.background, in: traits))))
    if sheet.grabber {
      let grabber = Rect(x: panel.x + panel.width / 2 - 18, y: panel.y + 5, width: 36, height: 5)
      commands.append(.fill(RoundedRect(grabber, radii: CornerRadii(2.5)), paint: .solid(theme.resolve(.system(.tertiaryLabel), in: traits))))
    }
    let inset = sheet.grabber ? 20.0 : 0
    let content = Rect(
      x: panel.x, y: panel.y + inset, width: panel.width, height: max(0, panel.height - inset - layout.safeArea.bottom))
    try place(sheet.content.element(theme: theme), in: content, commands: &commands)
  }

  private func drawAlert(_ alert: AlertSpec, screen: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let content = alert.content.element(theme: theme)
    let size = try measure(content, width: 270, height: nil)
    let frame = Rect(x: screen.width / 2 - 135, y: screen.y + (screen.height - size.height) / 2, width: 270, height: size.height)
    let shape = RoundedRect(frame, radii: CornerRadii(14))
    var inner: [DisplayList.Command] = [.fill(shape, paint: .solid(theme.resolve(alert.background, in: traits)))]
    try place(content, in: frame, commands: &inner)
    commands.append(.group(clip: shape, opacity: 1, commands: inner))
  }
}

extension RGBA8 {
  /// The colour with its alpha multiplied by `factor`.
  fileprivate func withAlpha(_ factor: Double) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: UInt8((Double(a) * factor).rounded()))
  }
}
