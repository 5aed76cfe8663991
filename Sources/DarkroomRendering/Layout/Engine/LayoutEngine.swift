import DarkroomFoundation
import DarkroomRaster
/// Measures and places a layout's nodes for one mode, producing its display list.
///
/// The model is a small subset of SwiftUI's: a parent proposes a size on each axis
/// (or none), a child answers with its own size, and the parent places it. A stack
/// fills what it is offered along its axis when it is offered something (the screen,
/// a fixed size, or a filling parent), and otherwise hugs its children; spacers
/// share what is left along the axis.
public struct LayoutEngine {
  /// The theme colours are resolved with.
  public let theme: Theme
  /// The traits of the mode being drawn (inside an overriding node, its traits).
  public internal(set) var traits: Traits
  /// The fonts and the memos of the run.
  private let context: RenderContext
  /// Pixels per point of the list being built; picks an image's @2x/@3x file.
  var pixelScale = 2.0
  /// Characters no font has, by label, gathered while the list is built.
  let warnings = WarningLog()
  /// The nodes placed, for explanations.
  private let placed = PlacementLog()
  /// The theme colours the pass drew with, for explanations.
  private let colours = ColourLog()
  /// The labels whose text did not all show.
  private let truncations = TruncationLog()
  /// The area bar materials have blurred in this pass.
  let materials = MaterialBudget()
  /// The sizes measured in this pass.
  private var measured = MeasureMemo()
  /// The locale's strings.
  var localization: Localization
  /// Whether this subtree mirrors: the locale runs right to left and no node above
  /// said `mirror: false`.
  private(set) var rightToLeft: Bool
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

  /// Lays out a whole layout.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` only when a font cannot be opened.
  public func displayList(for layout: Layout) throws(DarkroomError) -> DisplayList {
    var commands: [DisplayList.Command] = []
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
    try engine.place(root, in: content, commands: &commands)
    try engine.drawChrome(layout, screen: screen, commands: &commands)
    var list = DisplayList(
      width: layout.width, height: height, scale: engine.pixelScale,
      background: colour(layout.background), commands: commands)
    list.warnings = warnings.diagnostics
    list.placements = placed.placements
    list.colourNames = colours.names
    list.truncations = truncations.findings
    list.sources = sources.sources(background: colourName(layout.background))
    return list
  }

  // MARK: Measuring

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

  /// A label's text set in `width` (nil: as wide as it needs), in this mode's
  /// content size.
  private func textLayout(_ label: LabelSpec, width: Double?) throws(DarkroomError) -> TextLayout {
    var style = ParagraphStyle(size: label.pointSize)
    if let textStyle = label.style {
      if label.sizeIsFixed {
        // A size that does not follow Dynamic Type keeps the style's default leading,
        // in proportion to its own size.
        style.lineHeight = textStyle.lineHeight(at: .large) * style.size / textStyle.size(at: .large)
      } else {
        style.size = textStyle.size(at: traits.contentSize)
        style.lineHeight = textStyle.lineHeight(at: traits.contentSize)
      }
    }
    if let lineHeight = label.lineHeight { style.lineHeight = lineHeight }
    style.letterSpacing = label.letterSpacing
    style.lines = label.lines
    style.truncation = label.truncation
    style.underline = label.underline
    style.strikethrough = label.strikethrough
    switch label.alignment {
    case .leading: style.alignment = .leading
    case .center: style.alignment = .center
    case .trailing: style.alignment = .trailing
    case .justified: style.alignment = .justified
    }
    // In a right-to-left interface, leading is the right edge whatever the text's
    // own direction, as with UIKit's natural alignment.
    if localization.locale?.isRightToLeft == true { style.interfaceRightToLeft = rightToLeft }
    let chain = try context.fonts.chain(
      label.fontWeight, brand: label.font.flatMap { theme.fonts[$0] }, project: theme.fontFiles)
    let content = text(of: label)
    let key = TextMemo.Key(text: content, style: style, width: width?.bitPattern, faces: chain.identity)
    return context.textLayouts.layout(key) {
      TextLayout(content, fonts: chain, style: style, width: width, caches: context.text)
    }
  }

  /// A button's title on one line.
  private func titleLine(_ button: ButtonSpec) throws(DarkroomError) -> TextLine {
    let chain = try context.fonts.chain(button.titleWeight, project: theme.fontFiles)
    let title = shown(button.title)
    let layout = TextLayout(
      title, fonts: chain, style: ParagraphStyle(size: button.titleSize), width: nil, caches: context.text)
    if let first = layout.lines.first { return first.line }
    return TextLine(title, face: chain.primary, size: button.titleSize, caches: context.text)
  }

  /// Whether a node's subtree is laid out by an engine of its own (``entering(_:)``):
  /// it overrides traits, or stops mirroring. Most nodes do not, and are laid out
  /// by this engine itself: a copy retains every reference the engine holds, which
  /// was a sixth of a layout pass.
  private func changesEngine(_ node: Element) -> Bool {
    node.traits != nil || (rightToLeft && !node.mirrors)
  }

  /// The engine for a node's subtree: its trait override applied, and mirroring
  /// turned off under `mirror: false`.
  private func entering(_ node: Element) -> LayoutEngine {
    var engine = self
    if let override = node.traits { engine.traits = override.applied(to: traits) }
    if !node.mirrors { engine.rightToLeft = false }
    return engine
  }

  /// The size a node takes when offered `width` and `height` (nil: no offer).
  func measure(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
    let limits = node.limits
    let offer = MeasureMemo.Offer(
      width: width?.bitPattern, height: height?.bitPattern,
      fixedWidth: node.width?.bitPattern, fixedHeight: node.height?.bitPattern,
      minWidth: limits.minWidth?.bitPattern, maxWidth: limits.maxWidth?.bitPattern,
      minHeight: limits.minHeight?.bitPattern, maxHeight: limits.maxHeight?.bitPattern)
    let key = MeasureMemo.Key(element: node.identity, offer: offer, traits: traits, rightToLeft: rightToLeft)
    return try measured.size(key) { () throws(DarkroomError) in try measureAnew(node, width: width, height: height) }
  }

  private func measureAnew(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
    let node = scaled(node)
    guard changesEngine(node) else { return try measureEntered(node, width: width, height: height) }
    return try entering(node).measureEntered(node, width: width, height: height)
  }

  /// ``measureAnew(_:width:height:)`` by the engine of the node's subtree.
  private func measureEntered(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
    let limits = node.limits
    // An offer is narrowed to the limits first, so content wraps or truncates
    // within the maximum.
    var offerWidth = width.map { limits.clamp(width: $0, height: 0).width }
    var offerHeight = height.map { limits.clamp(width: 0, height: $0).height }
    if let ratio = node.aspectRatio {
      let fitted = try aspectFitted(node, ratio: ratio, width: offerWidth, height: offerHeight)
      offerWidth = fitted.width
      offerHeight = fitted.height
    }
    var size = try measureNode(node, width: offerWidth, height: offerHeight)
    if node.aspectRatio != nil, let w = offerWidth, let h = offerHeight { size = Size(width: w, height: h) }
    // A filling node takes the whole offer on its axes.
    if node.fills.width, node.width == nil, let offerWidth { size.width = offerWidth }
    if node.fills.height, node.height == nil, let offerHeight { size.height = offerHeight }
    let clamped = limits.clamp(width: size.width, height: size.height)
    return Size(width: clamped.width, height: clamped.height)
  }

  /// The size a node with an aspect ratio takes: a side it fixes gives the other;
  /// otherwise the largest size of that shape inside the offer, as SwiftUI's
  /// `.aspectRatio(contentMode: .fit)`; offered nothing, its content's width.
  private func aspectFitted(
    _ node: Element, ratio: Double, width: Double?, height: Double?
  ) throws(DarkroomError) -> (width: Double, height: Double) {
    switch (node.width, node.height) {
    case (let w?, let h?): return (w, h)
    case (let w?, nil): return (w, w / ratio)
    case (nil, let h?): return (h * ratio, h)
    case (nil, nil): break
    }
    switch (width, height) {
    case (let w?, let h?): return w / ratio <= h ? (w, w / ratio) : (h * ratio, h)
    case (let w?, nil): return (w, w / ratio)
    case (nil, let h?): return (h * ratio, h)
    case (nil, nil):
      let natural = try measureNode(node, width: nil, height: nil).width
      return (natural, natural / ratio)
    }
  }

  private func measureNode(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
    switch node.kind {
    case .label(let label):
      let offered = node.width ?? width
      let text = try textLayout(label, width: offered)
      return Size(width: offered ?? text.width, height: node.height ?? text.height)
    case .box, .icon, .activity:
      return Size(width: node.width ?? width ?? 0, height: node.height ?? height ?? 0)
    case .divider(let divider):
      // Across whatever it is offered: a vstack offers a width, an hstack a height.
      let thickness = divider.thickness ?? 1 / pixelScale
      if width == nil, let height { return Size(width: node.width ?? thickness, height: node.height ?? height) }
      return Size(width: node.width ?? width ?? thickness, height: node.height ?? thickness)
    case .overlay(let overlay):
      let pad = overlay.padding
      let w = node.width ?? width, h = node.height ?? height
      var largest = Size(width: 0, height: 0)
      for child in overlay.children {
        let size = try measure(
          child, width: w.map { $0 - pad.leading - pad.trailing }, height: h.map { $0 - pad.top - pad.bottom })
        largest = Size(width: max(largest.width, size.width), height: max(largest.height, size.height))
      }
      return Size(
        width: w ?? (largest.width + pad.leading + pad.trailing), height: h ?? (largest.height + pad.top + pad.bottom))
    case .image(let image):
      // A side not given is what the parent offers, else follows the aspect ratio.
      let natural = theme.images[image.name]?.pointSize ?? (width: 0, height: 0)
      let ratio = natural.height > 0 ? natural.width / natural.height : 1
      guard let w = node.width ?? width else {
        let h = node.height ?? height ?? natural.height
        return Size(width: h * ratio, height: h)
      }
      return Size(width: w, height: node.height ?? height ?? (ratio > 0 ? w / ratio : 0))
    case .button(let button):
      let faceHeight = node.height ?? 44
      let intrinsic = try titleLine(button).width + 32
      return Size(width: node.width ?? width ?? intrinsic, height: faceHeight + button.lip)
    case .spacer(let spacer):
      return Size(width: spacer.minLength, height: spacer.minLength)
    case .stack(let all):
      let stack = shown(all)
      let axis = stack.axis
      let pad = insets(stack.padding, axis)
      let offeredAlong = axis == .vertical ? (node.height ?? height) : (node.width ?? width)
      let offeredAcross = axis == .vertical ? (node.width ?? width) : (node.height ?? height)
      let sizes = try childSizes(stack, across: offeredAcross.map { $0 - pad.across }, along: offeredAlong.map { $0 - pad.along })
      var content = sizes.enumerated().reduce(0) { $0 + $1.element.along(axis) }
        + stack.spacing * Double(max(0, stack.children.count - 1))
      if stack.distribution == .fillEqually {
        content = (sizes.map { $0.along(axis) }.max() ?? 0) * Double(sizes.count)
          + stack.spacing * Double(max(0, sizes.count - 1))
      }
      let along = offeredAlong ?? (content + pad.along)
      var natural = sizes.map { $0.across(axis) }.max() ?? 0
      if stack.alignment == .baseline && axis == .horizontal {
        let offsets = try baselineOffsets(stack, sizes: sizes)
        natural = zip(offsets, sizes).map { $0 + $1.height }.max() ?? 0
      }
      let across = offeredAcross ?? (natural + pad.across)
      return Size(along: along, across: across, axis: axis)
    }
  }

  func insets(_ padding: Insets, _ axis: StackAxis) -> (along: Double, across: Double, alongStart: Double, acrossStart: Double) {
    axis == .vertical
      ? (padding.top + padding.bottom, padding.leading + padding.trailing, padding.top, padding.leading)
      : (padding.leading + padding.trailing, padding.top + padding.bottom, padding.leading, padding.top)
  }

  /// Each child's size, offered the stack's inner cross size when it fills.
  ///
  /// When the stack has no cross size yet, children are first measured without one,
  /// and the largest answer becomes the size filling children stretch to.
  private func childSizes(
    _ stack: Stack, across: Double?, along: Double? = nil, share: Double? = nil
  ) throws(DarkroomError) -> [Size] {
    let axis = stack.axis
    func fixedAcross(_ child: Element) -> Double? { axis == .vertical ? child.width : child.height }
    func offer(_ child: Element, _ across: Double?) throws(DarkroomError) -> Size {
      var dividing = false
      if case .divider = child.kind { dividing = true }
      let stretch =
        fixedAcross(child) == nil
        && (stack.alignment == .fill || dividing || child.fills.along(axis == .vertical ? .horizontal : .vertical))
      let a = stretch ? across : nil
      // Filling equally, each child is offered its share of the length, and takes it.
      if let share {
        var size = try axis == .vertical ? measure(child, width: a, height: share) : measure(child, width: share, height: a)
        if axis == .vertical { size.height = share } else { size.width = share }
        return size
      }
      if axis == .vertical, !stretch, let across, child.width == nil, case .label = child.kind {
        // Text that is not stretched keeps its own width, up to the stack's: a
        // longer text wraps (or truncates) there instead of running out of it.
        let natural = try measure(child, width: nil, height: nil)
        return natural.width > across ? try measure(child, width: across, height: nil) : natural
      }
      return try axis == .vertical ? measure(child, width: a, height: nil) : measure(child, width: nil, height: a)
    }
    var resolvedAcross = across
    if resolvedAcross == nil && stack.alignment == .fill {
      var largest = 0.0
      for child in stack.children { largest = max(largest, try offer(child, nil).across(axis)) }
      resolvedAcross = largest
    }
    var sizes: [Size] = []
    for child in stack.children { sizes.append(try offer(child, resolvedAcross)) }
    guard axis == .horizontal, share == nil, let along else { return sizes }
    // Too wide: the width is dealt out as SwiftUI's HStack deals it. The children
    // that can give up width (text, and stacks without a fixed width, unless
    // `fixed: true`) are offered what the others leave one at a time — a higher
    // `priority:` first, then the least flexible (the narrowest) first, children that
    // fill the stack's length last — each an equal share of what remains among its
    // priority's children (lower ones may be left none), taking what it needs up to
    // that share. So a short trailing "3d" keeps its text and the long
    // name beside it truncates, and a cell's wrapping title makes room for its price.
    // A child given less is measured again in it: a label truncates, a stack's text
    // wraps.
    let used = sizes.reduce(0) { $0 + $1.width } + stack.spacing * Double(max(0, sizes.count - 1))
    guard used > along else { return sizes }
    let flexible = stack.children.indices.filter { index in
      let child = stack.children[index]
      guard child.width == nil, child.aspectRatio == nil, !child.fixedSize else { return false }
      switch child.kind {
      case .label, .stack: return true
      case .overlay, .box, .button, .spacer, .icon, .image, .activity, .divider: return false
      }
    }
    let held = Set(flexible)
    var available = along - stack.spacing * Double(max(0, sizes.count - 1))
    for index in sizes.indices where !held.contains(index) { available -= sizes[index].width }
    let order = flexible.sorted { a, b in
      let first = stack.children[a], second = stack.children[b]
      if first.priority != second.priority { return first.priority > second.priority }
      if first.fills.width != second.fills.width { return !first.fills.width }
      if sizes[a].width != sizes[b].width { return sizes[a].width < sizes[b].width }
      return a < b
    }
    for (taken, index) in order.enumerated() {
      let priority = stack.children[index].priority
      let peers = order[taken...].prefix { stack.children[$0].priority == priority }.count
      let share = max(0, available / Double(peers))
      if sizes[index].width > share {
        let child = stack.children[index]
        let stretch = stack.alignment == .fill && child.height == nil
        sizes[index] = try measure(child, width: share, height: stretch ? resolvedAcross : nil)
        sizes[index].width = share
      }
      available -= sizes[index].width
    }
    return sizes
  }

  // MARK: Placing

  /// Places a node, wrapping its commands in a group when it is translucent or
  /// clips its children.
  func place(_ node: Element, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    if case .stack(let stack) = node.kind, stack.scrolls {
      // What lies past a scrolling container's visible end is scrolled to, not cut.
      var engine = entering(node)
      engine.sight = sight.scrolling(stack.axis, in: frame, safe: safeContent, rightToLeft: engine.rightToLeft)
      return try engine.placeNode(node, in: frame, commands: &commands)
    }
    guard changesEngine(node) else { return try placeNode(node, in: frame, commands: &commands) }
    try entering(node).placeNode(node, in: frame, commands: &commands)
  }

  /// `child`, laid out left to right in `parent`, as the mirrored layout places it:
  /// the same distance from the right edge as it had from the left.
  func mirrored(_ child: Rect, in parent: Rect) -> Rect {
    guard rightToLeft else { return child }
    var result = child
    result.x = parent.x + (parent.maxX - child.maxX)
    return result
  }

  private func placeNode(_ node: Element, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    var clip: RoundedRect? = nil
    if case .stack(let stack) = node.kind, stack.decoration.clip { clip = stack.decoration.shape(frame) }
    guard clip != nil || node.opacity < 1 else {
      try draw(node, in: frame, commands: &commands)
      return
    }
    guard node.opacity > 0 else { return }
    var inner: [DisplayList.Command] = []
    if case .stack(let stack) = node.kind, let clip {
      // The stack's own shadow and background sit outside its clip; only the
      // children are cut.
      decorate(frame, stack.decoration, commands: &inner)
      var children: [DisplayList.Command] = []
      var clipped = self
      clipped.sight = sight.clipped(to: frame)
      try clipped.placeChildren(of: stack, in: frame, commands: &children)
      inner.append(.group(clip: clip, opacity: 1, commands: children))
    } else {
      try draw(node, in: frame, commands: &inner)
    }
    if node.opacity < 1 {
      commands.append(.group(clip: nil, opacity: node.opacity, commands: inner))
    } else {
      commands.append(contentsOf: inner)
    }
  }

  private func draw(_ node: Element, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let drawn = commands.count
    // A stack or overlay counts when its own decoration drew, not its children.
    defer { if commands.count > drawn, !node.isContainer { record(node, frame) } }
    switch node.kind {
    case .spacer:
      return
    case .box(let decoration):
      decorate(frame, decoration, commands: &commands)
    case .label(let label):
      let text = try textLayout(label, width: frame.width)
      let top = frame.y + (frame.height - text.height) / 2
      let color = colour(label.color)
      let named = colourName(label.color)
      for placed in text.lines {
        let origin = Point(x: frame.x + placed.origin.x, y: top + placed.origin.y)
        commands.append(.text(placed.line, origin: origin, color: color))
        sources.text(placed.line.text, at: origin, written: textsWrittenAt ?? node.location, colour: named)
      }
      let content = self.text(of: label)
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
      try placeChildren(of: stack, in: frame, commands: &commands)
    case .overlay(let overlay):
      decorate(frame, overlay.decoration, commands: &commands)
      if commands.count > drawn { record(node, frame) }
      let pad = overlay.padding
      let inner = Rect(
        x: frame.x + pad.leading, y: frame.y + pad.top, width: frame.width - pad.leading - pad.trailing,
        height: frame.height - pad.top - pad.bottom)
      let fractions = overlay.alignment.fractions
      for child in overlay.children {
        // Shapes and stacks fill the frame; text takes its own width when it fits,
        // so the alignment can place it.
        var size = try measure(child, width: inner.width, height: inner.height)
        if case .label = child.kind, child.width == nil {
          let natural = try measure(child, width: nil, height: nil)
          if natural.width < inner.width { size = try measure(child, width: natural.width, height: nil) }
        }
        let w = min(size.width, inner.width), h = min(size.height, inner.height)
        let childFrame = Rect(
          x: inner.x + (inner.width - w) * fractions.x, y: inner.y + (inner.height - h) * fractions.y, width: w, height: h)
        try place(child, in: mirrored(childFrame, in: frame), commands: &commands)
      }
    }
  }

  /// Each icon as a placement names it: its case's name, as goldens recorded before
  /// stored it (`chevronRight`), made once rather than by reflection for every icon.
  private static let iconNames = Dictionary(uniqueKeysWithValues: Icon.allCases.map { ($0, "\($0)") })

  /// Notes a node that drew something, as a reviewer names it.
  private func record(_ node: Element, _ frame: Rect) {
    switch node.kind {
    case .label(let label): placed.add("label", text(of: label), frame, node)
    case .button(let button): placed.add("button", shown(button.title), frame, node)
    case .icon(let icon): placed.add("icon", Self.iconNames[icon.icon] ?? "", frame, node)
    case .image(let image): placed.add("image", image.name, frame, node)
    case .box: placed.add("box", "", frame, node)
    case .stack, .overlay: placed.add("stack", "", frame, node)
    case .divider: placed.add("divider", "", frame, node)
    case .activity: placed.add("activity", "", frame, node)
    case .spacer: break
    }
  }

  /// The lip is the face's shape moved down by the lip's height, drawn first so the
  /// face covers all of it but the part below; a shadow falls from both.
  private func drawButton(
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

  private func placeChildren(of all: Stack, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
    let stack = shown(all)
    if try placePinned(stack, in: frame, commands: &commands) { return }
    let axis = stack.axis
    let pad = insets(stack.padding, axis)
    let frameSize = Size(width: frame.width, height: frame.height)
    let innerAlong = frameSize.along(axis) - pad.along
    let innerAcross = frameSize.across(axis) - pad.across
    let count = Double(max(1, stack.children.count))
    let share = stack.distribution == .fillEqually
      ? max(0, (innerAlong - stack.spacing * (count - 1)) / count) : nil
    let sizes = try childSizes(stack, across: innerAcross, along: innerAlong, share: share)
    let used = sizes.reduce(0) { $0 + $1.along(axis) } + stack.spacing * Double(max(0, sizes.count - 1))
    // Spacers and children that fill along the axis share what is left.
    func grows(_ child: Element) -> Bool {
      if case .spacer = child.kind { return true }
      return child.fills.along(axis) && (axis == .vertical ? child.height : child.width) == nil
    }
    let growing = stack.children.filter(grows).count
    let extra = growing > 0 ? max(0, innerAlong - used) / Double(growing) : 0
    var gap = stack.spacing
    if stack.distribution == .spaceBetween && growing == 0 && sizes.count > 1 {
      gap += max(0, innerAlong - used) / Double(sizes.count - 1)
    }

    let baselines = stack.alignment == .baseline ? try baselineOffsets(stack, sizes: sizes) : []
    var cursor = pad.alongStart
    for (index, (child, size)) in zip(stack.children, sizes).enumerated() {
      var along = size.along(axis)
      if grows(child) { along += extra }
      let across = size.across(axis)
      let offset: Double
      switch stack.alignment {
      case .fill, .leading: offset = 0
      case .center: offset = (innerAcross - across) / 2
      case .trailing: offset = innerAcross - across
      case .baseline: offset = baselines[index]
      }
      let childFrame: Rect
      if axis == .vertical {
        childFrame = Rect(x: frame.x + pad.acrossStart + offset, y: frame.y + cursor, width: across, height: along)
      } else {
        childFrame = Rect(x: frame.x + cursor, y: frame.y + pad.acrossStart + offset, width: along, height: across)
      }
      try place(child, in: mirrored(childFrame, in: frame), commands: &commands)
      cursor += along + gap
    }
  }

  /// How far down each child of a baseline-aligned stack sits so that their first
  /// baselines line up.
  private func baselineOffsets(_ stack: Stack, sizes: [Size]) throws(DarkroomError) -> [Double] {
    var baselines: [Double] = []
    for (child, size) in zip(stack.children, sizes) {
      baselines.append(try firstBaseline(child, size: size) ?? size.height)
    }
    let lowest = baselines.max() ?? 0
    return baselines.map { lowest - $0 }
  }

  /// A node's first text baseline, from its top, when drawn at `size`; nil when it
  /// shows no text (a baseline-aligned stack then uses its bottom edge).
  private func firstBaseline(_ node: Element, size: Size) throws(DarkroomError) -> Double? {
    switch node.kind {
    case .label(let label):
      let text = try textLayout(label, width: size.width)
      return (size.height - text.height) / 2 + text.firstBaseline
    case .button(let button):
      let line = try titleLine(button)
      return (size.height - button.lip - line.ascent - line.descent) / 2 + line.ascent
    case .stack(let all):
      let stack = shown(all)
      let pad = insets(stack.padding, stack.axis)
      let sizes = try childSizes(stack, across: size.across(stack.axis) - pad.across)
      if stack.axis == .vertical {
        // The first child with text, below those before it.
        var top = stack.padding.top
        for (child, childSize) in zip(stack.children, sizes) {
          if let baseline = try firstBaseline(child, size: childSize) { return top + baseline }
          top += childSize.height + stack.spacing
        }
        return nil
      }
      let offsets = stack.alignment == .baseline ? try baselineOffsets(stack, sizes: sizes) : sizes.map { _ in 0 }
      for (i, (child, childSize)) in zip(stack.children, sizes).enumerated() {
        if let baseline = try firstBaseline(child, size: childSize) { return stack.padding.top + offsets[i] + baseline }
      }
      return nil
    case .overlay, .box, .spacer, .icon, .image, .activity, .divider:
      return nil
    }
  }

  /// `expression` in this mode, noted as drawn with (``ColourLog``): every colour
  /// a command is given, or a label shows the value of, is resolved here.
  func colour(_ expression: ColorExpression) -> RGBA8 {
    colours.note(expression, theme: theme, traits: traits)
    return theme.resolve(expression, in: traits)
  }

  /// A label's text in this mode.
  private func text(of label: LabelSpec) -> String {
    switch label.value {
    case nil:
      let text = shown(label.text)
      guard label.uppercased else { return text }
      return (localization.locale ?? LocaleID("en")).uppercased(text)
    case .hex(let expression):
      let c = colour(expression)
      return c.a == 255 ? c.hex : c.hex + " (alpha " + String(Int((Double(c.a) / 255 * 100).rounded())) + "%)"
    case .variant(let name):
      colours.note(.named(name), theme: theme, traits: traits)
      guard let color = theme.colors[name], let chosen = color.candidates(for: traits).first else { return "" }
      if color.variants.count == 1 { return chosen.value.description }
      return chosen.key.description + ": " + chosen.value.description
    case .contrast(let foreground, let background):
      let back = Contrast.composite(colour(background), over: RGBA8(r: 255, g: 255, b: 255))
      let ratio = Contrast.ratio(Contrast.composite(colour(foreground), over: back), back)
      let marks = ratio >= 7 ? "AA AAA" : ratio >= 4.5 ? "AA" : ratio >= 3 ? "AA large" : "fails AA"
      return format3(ratio) + ":1 " + marks
    }
  }

  /// What `text` shows in this locale. The layout's check has resolved every text
  /// in every locale, so a failure here cannot happen; the key would show.
  func shown(_ text: LocalizedText) -> String {
    (try? localization.resolve(text)) ?? text.description
  }

  /// A decoration's commands, back to front: shadow, fill, gradient, border.
  private func decorate(_ frame: Rect, _ decoration: Decoration, commands: inout [DisplayList.Command]) {
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

  private func resolve(_ shadow: ShadowSpec) -> DisplayList.Shadow {
    DisplayList.Shadow(
      color: colour(shadow.color), x: shadow.x, y: shadow.y, blur: shadow.blur, spread: shadow.spread)
  }

  /// Evenly spaced stops from one edge of the frame to the opposite one.
  private func resolve(_ gradient: GradientFill, in frame: Rect) -> LinearGradient {
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

extension LayoutEngine {
  /// A label whose characters no face has, where a fallback family that would
  /// have them is not on this machine: an error naming the text, never boxes.
  func requireFallbacks(for missing: [Unicode.Scalar], label: String, at location: SourceLocation) throws(DarkroomError) {
    guard !missing.isEmpty else { return }
    let absent = context.fonts.missingFallbacks(project: theme.fontFiles)
    for scalar in missing {
      guard let family = absent.first(where: { FontLibrary.family($0, covers: scalar) }) else { continue }
      let code = String(scalar.value, radix: 16, uppercase: true)
      throw DarkroomError(
        "label \"\(Quoted.text(label))\" needs the font family '\(family)' for '\(Quoted.text(String(scalar)))' "
          + "(U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), which is not on this machine; install "
          + "it (Scripts/install-deps installs Debian's) or run `darkroom fonts vendor` where it is installed",
        at: location)
    }
  }
}
