import DarkroomFoundation
import DarkroomRaster
/// One check for a layout from either front end: every value against its limits and
/// every name against the theme, in drawing order, with the same messages for a file
/// (pointing at the value's line and column) and for Swift (pointing at the call).
extension Layout {
  /// Throws the first problem: a size, a value out of its range, a contradiction
  /// (a lip on a button that is not lipped), or a colour, image or font the theme
  /// does not have — with a suggestion when a known name is close.
  public func check(against theme: Theme) throws(DarkroomError) {
    let c = SpecChecker(theme: theme, sources: sources, location: SourceLocation(file: file, line: 1, column: 1))
    try checkSize(c)
    for mode in theme.modes where mode.traits.scale != nil {
      try checkPixels(scale: mode.traits.scale ?? scale, in: "in mode '\(mode.name)' ", c)
    }
    try c.color(background, "background")
    for node in root.descendants { try node.check(against: theme) }
    switch presentation {
    case .sheet(let sheet):
      let s = c.nested("sheet")
      try s.number(sheet.height, "height", in: 1...Node.maximumSide, what: "the sheet's height")
      try s.color(sheet.background, "background")
      for node in sheet.content.descendants { try node.check(against: theme) }
    case .alert(let alert):
      let a = c.nested("alert")
      try a.color(alert.tint, "tint")
      try a.color(alert.background, "background")
    case nil:
      break
    }
    try checkLocales(against: theme)
    try checkModes(against: theme)
    try checkThemes(against: theme)
    let texts = localizedTexts(theme: theme)
    for locale in locales(in: theme) where !texts.isEmpty {
      var localization = Localization(locale: locale, strings: theme.strings)
      localization.device = stringDevice
      for text in texts { _ = try localization.resolve(text) }
    }
  }

  /// The locales the layout is drawn in: its own `locales:`, else the theme's; one
  /// nil when the theme declares none.
  public func locales(in theme: Theme) -> [LocaleID?] {
    let chosen = locales ?? theme.locales
    return chosen.isEmpty ? [nil] : chosen
  }

  /// Whether snapshot names carry the locale: when the layout is drawn in more than
  /// one, so a project that declares none, or one, keeps its names.
  public func namesLocales(in theme: Theme) -> Bool { locales(in: theme).count > 1 }

  /// A layout's `locales:` narrows the theme's: each must be one of them.
  private func checkLocales(against theme: Theme) throws(DarkroomError) {
    guard let locales else { return }
    let c = SpecChecker(theme: theme, sources: sources, location: SourceLocation(file: file, line: 1, column: 1))
    let declared = theme.locales.map(\.identifier)
    for (index, locale) in locales.enumerated() where !theme.locales.contains(locale) {
      let message = declared.isEmpty
        ? "locale '\(locale)' is not declared: the theme has no 'locales:'"
        : "locale '\(locale)' is not one of the theme's locales (\(declared.joined(separator: ", ")))"
      throw c.error(message, at: "locales.\(index)", suggestion: Suggestion.closest(to: locale.identifier, in: declared))
    }
  }

  /// A layout's `modes:` narrows the theme's: each must be one of them.
  private func checkModes(against theme: Theme) throws(DarkroomError) {
    guard let modes else { return }
    let c = SpecChecker(theme: theme, sources: sources, location: SourceLocation(file: file, line: 1, column: 1))
    let declared = theme.modes.map(\.name)
    for (index, mode) in modes.enumerated() where !declared.contains(mode) {
      throw c.error(
        "mode '\(Quoted.text(mode))' is not one of the theme's modes (\(declared.joined(separator: ", ")))", at: "modes.\(index)",
        suggestion: Suggestion.closest(to: mode, in: declared))
    }
  }

  /// A layout's `themes:` narrows the theme's brands: each must be one of them.
  private func checkThemes(against theme: Theme) throws(DarkroomError) {
    guard let themes else { return }
    let c = SpecChecker(theme: theme, sources: sources, location: SourceLocation(file: file, line: 1, column: 1))
    let declared = theme.brands.map(\.name)
    for (index, name) in themes.enumerated() where !declared.contains(name) {
      let message = declared.isEmpty
        ? "theme '\(Quoted.text(name))' is not declared: theme.yml has no 'themes:'"
        : "theme '\(Quoted.text(name))' is not one of the theme's themes (\(declared.joined(separator: ", ")))"
      throw c.error(message, at: "themes.\(index)", suggestion: Suggestion.closest(to: name, in: declared))
    }
  }

  /// The themes the layout is drawn in: the theme itself (nil), then each brand of
  /// the theme's, or those of its own `themes:`, in the theme's order.
  public func brands(in theme: Theme) -> [Brand?] {
    [nil] + theme.brands.filter { themes?.contains($0.name) ?? true }
  }

  /// The modes of `modes` this layout is drawn in: all of them, or those its own
  /// `modes:` names, in the theme's order.
  public func drawn(in modes: [Mode]) -> [Mode] {
    guard let own = self.modes else { return modes }
    return modes.filter { own.contains($0.name) }
  }

  /// Every text of the layout that names a string key: labels', buttons' and
  /// components' (as their elements hold them), a sheet's and an alert's.
  package func localizedTexts(theme: Theme) -> [LocalizedText] {
    var result: [LocalizedText] = []
    var pending = [root.element(theme: theme)]
    if case .sheet(let sheet) = presentation { pending.append(sheet.content.element(theme: theme)) }
    if case .alert(let alert) = presentation { result += [alert.title] + (alert.message.map { [$0] } ?? []) + alert.buttons }
    while let element = pending.popLast() {
      switch element.kind {
      case .label(let label): result += [label.text] + (label.runs ?? []).map(\.text)
      case .button(let button): result.append(button.title)
      case .stack(let stack): pending += stack.children
      case .overlay(let overlay): pending += overlay.children
      case .box, .spacer, .icon, .image, .activity, .divider: break
      }
    }
    return result.filter { $0.key != nil }
  }

  /// Checks the size and scale, and that the pixels they make fit a buffer.
  func checkSize(_ c: SpecChecker) throws(DarkroomError) {
    try c.number(width, "size.0", in: 1...Node.maximumSide, what: "the width")
    if !autoHeight { try c.number(height, "size.1", in: 1...Node.maximumSide, what: "the height (or auto)") }
    try c.number(scale, "scale", in: 1...4)
    try checkPixels(scale: scale, in: "", c)
  }

  /// Checks that the pixels of the layout at `scale` fit a buffer; a mode with its
  /// own scale is checked with that scale, before anything is drawn. An automatic
  /// height is capped to fit at each scale.
  func checkPixels(scale: Double, in context: String, _ c: SpecChecker) throws(DarkroomError) {
    let tallest = autoHeight ? Layout.tallestAuto(width: width, scale: scale) : height
    let pixelWidth = Int((width * scale).rounded()), pixelHeight = Int((tallest * scale).rounded())
    if pixelWidth > PixelBuffer.maximumSide || pixelHeight > PixelBuffer.maximumSide
      || pixelWidth * pixelHeight > PixelBuffer.maximumPixelCount
    {
      let at = scale == self.scale ? "" : " (@\(YAMLNode.format(scale))x)"
      throw c.error(
        "\(context)size × scale\(at) is \(pixelWidth)×\(pixelHeight) pixels, over the limit of \(PixelBuffer.maximumSide) per side and \(PixelBuffer.maximumPixelCount) in all",
        at: "size")
    }
  }
}

extension Node {
  /// Checks this node alone (not its children): its frame and its spec.
  package func check(against theme: Theme) throws(DarkroomError) {
    let c = SpecChecker(theme: theme, node: self)
    try frame.check(c)
    try spec.check(c)
  }
}
