import DarkroomFoundation
import DarkroomRaster

/// Painting: the commands a placed node draws in its frame — fills, borders,
/// shadows and gradients resolved in the mode, text, icons, images, controls — and
/// the notes of what was drawn (placements, sources, colours, truncations).
extension LayoutEngine {
  /// The commands of `steps`, in their order, with each group's steps inside it.
  /// A loop rather than a recursion: nesting costs no stack here.
  func paint(_ steps: [PaintStep]) throws(DarkroomError) -> [DisplayList.Command] {
    var commands: [DisplayList.Command] = []
    // The groups begun and not yet ended, each with the commands before it.
    var open: [(clip: RoundedRect?, opacity: Double, before: [DisplayList.Command])] = []
    for step in steps {
      switch step {
      case .node(let node, let frame, let engine):
        try engine.draw(node, in: frame, commands: &commands)
      case .decoration(let decoration, let frame, let engine):
        engine.decorate(frame, decoration, commands: &commands)
      case .begin(let clip, let opacity):
        open.append((clip, opacity, commands))
        commands = []
      case .end:
        // Placing ends every group it begins. The group's commands are swapped out,
        // not copied: a copy of those before it at every end is quadratic in a list
        // of many translucent rows.
        guard var group = open.popLast() else { continue }
        swap(&commands, &group.before)
        commands.append(.group(clip: group.clip, opacity: group.opacity, commands: group.before))
      case .warning(let warning):
        warnings.add(warning)
      case .chrome(let piece, let engine):
        try engine.draw(piece, commands: &commands)
      }
    }
    return commands
  }

  /// A node's own marks: a container's decoration (its children are steps of their
  /// own), a leaf's whole drawing.
  func draw(_ node: Element, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let drawn = commands.count
    // A stack or overlay counts when its own decoration drew, not its children.
    defer { if commands.count > drawn, !node.isContainer { record(node, frame) } }
    switch node.kind {
    case .spacer:
      return
    case .box(let decoration):
      decorate(frame, decoration, commands: &commands)
    case .label(let label):
      // The runs once, for the setting, the colours and the text messages name.
      let runs = runs(of: label)
      let text = try textLayout(label, runs: runs, width: frame.width)
      let top = frame.y + (frame.height - text.height) / 2
      // Each run's piece of a line is drawn in the run's colour, so the audit judges
      // a tinted link or mention by its own contrast.
      let inks = runs.map { (color: colour($0.color), name: colourName($0.color)) }
      for placed in text.lines {
        for piece in placed.line.pieces() {
          let ink = inks.indices.contains(piece.run) ? inks[piece.run] : inks[0]
          let origin = Point(x: frame.x + placed.origin.x + piece.x, y: top + placed.origin.y)
          commands.append(.text(piece.line, origin: origin, color: ink.color))
          sources.text(piece.line.text, at: origin, written: textsWrittenAt ?? node.location, colour: ink.name)
        }
      }
      let content = runs.map(\.text).joined()
      try requireFallbacks(for: text.missing, label: content, at: node.location)
      for scalar in text.missing { warnings.missing(scalar, label: content, at: node.location) }
      if !label.expectsTruncation {
        truncations.check(
          label, content, text, in: frame, top: top, sight: sight, screen: screen, at: node.location)
      }
    case .button(let button):
      try drawButton(button, in: frame, at: node.location, commands: &commands)
    case .icon(let icon):
      guard !frame.isEmpty else { return }
      if let template = icon.symbol.flatMap({ theme.symbols[$0] }) {
        var symbol = DisplayList.Symbol(template: template, weight: icon.shownWeight, scale: icon.scale)
        symbol.mirrored = template.isMirrored(rightToLeft: rightToLeft)
        commands.append(.symbol(symbol, frame: frame, color: colour(icon.color)))
        return
      }
      // Directional icons point the other way in a mirrored layout, as SF Symbols'
      // do; the others are drawn as they are.
      let glyph = rightToLeft ? icon.icon.mirrored : icon.icon
      commands.append(.icon(glyph, frame: frame, lineWidth: icon.weight, color: colour(icon.color)))
    case .divider(let divider):
      guard !frame.isEmpty else { return }
      commands.append(.fill(RoundedRect(frame, radii: CornerRadii(0)), paint: .solid(colour(divider.color))))
    case .activity(let indicator):
      guard !frame.isEmpty else { return }
      let color = colour(indicator.color)
      for spoke in ActivityIndicator.spokes(in: frame) {
        var faded = color
        faded.a = UInt8((Double(color.a) * spoke.opacity).rounded())
        commands.append(.line(from: spoke.from, to: spoke.to, width: spoke.width, color: faded))
      }
    case .image(let image):
      guard !frame.isEmpty else { return }
      guard let resolved = theme.image(image.name, in: traits, scale: pixelScale) else {
        throw DarkroomError("image '\(image.name)' has no file for the traits \(traits)", at: node.location)
      }
      commands.append(.image(resolved, frame: RoundedRect(frame, radii: image.radii, curve: image.cornerCurve)))
    case .stack(let stack):
      decorate(frame, stack.decoration, commands: &commands)
      if commands.count > drawn { record(node, frame) }
    case .overlay(let overlay):
      decorate(frame, overlay.decoration, commands: &commands)
      if commands.count > drawn { record(node, frame) }
    }
  }

  /// Notes a node that drew something, as a reviewer names it.
  func record(_ node: Element, _ frame: Rect) {
    switch node.kind {
    case .label(let label): placed.add("label", text(of: label), frame, node)
    case .button(let button): placed.add("button", shown(button.title), frame, node)
    case .icon(let icon):
      let name = icon.symbol.flatMap { theme.symbols[$0] == nil ? nil : $0 } ?? Self.iconNames[icon.icon] ?? ""
      placed.add("icon", name, frame, node)
    case .image(let image): placed.add("image", image.name, frame, node)
    case .box: placed.add("box", "", frame, node)
    case .stack, .overlay: placed.add("stack", "", frame, node)
    case .divider: placed.add("divider", "", frame, node)
    case .activity: placed.add("activity", "", frame, node)
    case .spacer: break
    }
  }


  /// Each icon as a placement names it: its case's name, as goldens recorded before
  /// stored it (`chevronRight`), made once rather than by reflection for every icon.
  static let iconNames = Dictionary(uniqueKeysWithValues: Icon.allCases.map { ($0, "\($0)") })

  /// The lip is the face's shape moved down by the lip's height, drawn first so the
  /// face covers all of it but the part below; a shadow falls from both.
  func drawButton(
    _ button: ButtonSpec, in frame: Rect, at location: SourceLocation, commands: inout [DisplayList.Command]
  ) throws(DarkroomError) {
    let (styledFace, ink) = button.styled
    let pressed = button.state == .pressed
    // Pressed, the face moves down onto its lip, which it then covers.
    let drop = pressed ? button.lip : 0
    let face = Rect(x: frame.x, y: frame.y + drop, width: frame.width, height: frame.height - button.lip)
    if let shadow = styledFace.shadow, !frame.isEmpty {
      commands.append(.shadow(styledFace.shape(frame), resolve(shadow)))
    }
    if button.lip > 0, !pressed, let lipColor = button.lipColor ?? styledFace.fill.map({ .darken($0, 0.2) }) {
      let lip = Rect(x: face.x, y: face.y + button.lip, width: face.width, height: face.height)
      commands.append(.fill(styledFace.shape(lip), paint: .solid(colour(lipColor))))
    }
    var faceDecoration = styledFace
    faceDecoration.shadow = nil
    if pressed && button.lip == 0, let fill = faceDecoration.fill { faceDecoration.fill = .darken(fill, 0.12) }
    decorate(face, faceDecoration, commands: &commands)
    let line = try titleLine(button)
    let origin = Point(
      x: face.x + (face.width - line.width) / 2,
      y: face.y + (face.height - line.ascent - line.descent) / 2 + line.ascent)
    commands.append(.text(line, origin: origin, color: colour(ink)))
    sources.text(line.text, at: origin, written: location, colour: colourName(ink))
  }

  /// `expression` in this mode, noted as drawn with (``ColourLog``): every colour
  /// a command is given, or a label shows the value of, is resolved here.
  func colour(_ expression: ColorExpression) -> RGBA8 {
    colours.note(expression, theme: theme, traits: traits)
    return theme.resolve(expression, in: traits)
  }

  /// A decoration's commands, back to front: shadow, fill, gradient, border.
  func decorate(_ frame: Rect, _ decoration: Decoration, commands: inout [DisplayList.Command]) {
    guard !frame.isEmpty else { return }
    var frame = frame
    if decoration.extendsIntoSafeArea {
      // Touching the safe area's top or bottom edge, the shape reaches on to the
      // screen's.
      if abs(frame.maxY - safeContent.maxY) < 0.01 { frame.height += screen.maxY - frame.maxY }
      if abs(frame.y - safeContent.y) < 0.01 {
        frame.height += frame.y - screen.y
        frame.y = screen.y
      }
    }
    let shape = decoration.shape(frame)
    if let bar = decoration.bar { drawBar(bar, shape: shape, commands: &commands) }
    if let shadow = decoration.shadow {
      commands.append(.shadow(shape, resolve(shadow)))
    }
    if let fill = decoration.fill {
      let color = colour(fill)
      commands.append(.fill(shape, paint: .solid(color)))
      sources.fill(frame, colour: colourName(fill), color)
    }
    if let gradient = decoration.gradient {
      commands.append(.fill(shape, paint: .linearGradient(resolve(gradient, in: frame))))
    }
    if let border = decoration.border, decoration.strokeWidth > 0 {
      commands.append(
        .border(
          shape, width: decoration.strokeWidth, dashes: decoration.borderDash,
          color: colour(border)))
    }
  }

  func resolve(_ shadow: ShadowSpec) -> DisplayList.Shadow {
    DisplayList.Shadow(
      color: colour(shadow.color), x: shadow.x, y: shadow.y, blur: shadow.blur, spread: shadow.spread)
  }

  /// Evenly spaced stops from one edge of the frame to the opposite one.
  func resolve(_ gradient: GradientFill, in frame: Rect) -> LinearGradient {
    let top = Point(x: frame.x, y: frame.y), bottom = Point(x: frame.x, y: frame.maxY)
    let left = Point(x: frame.x, y: frame.y), right = Point(x: frame.maxX, y: frame.y)
    let line: (Point, Point)
    switch gradient.direction {
    case .down: line = (top, bottom)
    case .up: line = (bottom, top)
    case .right: line = (left, right)
    case .left: line = (right, left)
    }
    let last = Double(max(1, gradient.colors.count - 1))
    var stops: [LinearGradient.Stop] = []
    for (index, color) in gradient.colors.enumerated() {
      stops.append(LinearGradient.Stop(location: Double(index) / last, color: colour(color)))
    }
    return LinearGradient(start: line.0, end: line.1, stops: stops)
  }
}
