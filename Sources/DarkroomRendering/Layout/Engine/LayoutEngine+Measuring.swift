import DarkroomFoundation
import DarkroomRaster

/// Measuring: the size a node answers for what it is offered, and the sizes a stack
/// offers its children (SwiftUI's rules: layout priority, then the least flexible
/// child first); labels set in the mode's content size; baselines.
extension LayoutEngine {
  /// A label's text set in `width` (nil: as wide as it needs), in this mode's
  /// content size.
  func textLayout(_ label: LabelSpec, width: Double?) throws(DarkroomError) -> TextLayout {
    try textLayout(label, runs: runs(of: label), width: width)
  }

  /// ``textLayout(_:width:)`` of the label's `runs` (``runs(of:)``), for a caller
  /// that has them already.
  func textLayout(_ label: LabelSpec, runs labelRuns: [LabelRun], width: Double?) throws(DarkroomError) -> TextLayout {
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
    let brand = label.font.flatMap { theme.fonts[$0] }
    let family = SystemFont.family(size: style.size, project: theme.fontFiles)
    // The system font carries its own tracking; a label's `letterSpacing` is added to it.
    if brand == nil { style.letterSpacing += SystemFont.tracking(size: style.size, family: family) }
    let runs = try labelRuns.map { (run) throws(DarkroomError) in
      let runFamily = run.monospaced ? SystemFont.monospacedFamily(project: theme.fontFiles) : family
      let chain = try context.fonts.chain(
        run.weight, family: runFamily, italic: run.italic, brand: run.monospaced ? nil : brand, project: theme.fontFiles)
      return TextRun(run.text, fonts: chain, underline: run.underline, strikethrough: run.strikethrough)
    }
    let content = runs.map(\.text).joined()
    let key = TextMemo.Key(text: content, style: style, width: width?.bitPattern, runs: runs.map { TextMemo.Key.Run($0) })
    return context.textLayouts.layout(key) {
      TextLayout(runs: runs, style: style, width: width, caches: context.text)
    }
  }

  /// A button's title on one line.
  func titleLine(_ button: ButtonSpec) throws(DarkroomError) -> TextLine {
    let family = SystemFont.family(size: button.titleSize, project: theme.fontFiles)
    let chain = try context.fonts.chain(button.titleWeight, family: family, project: theme.fontFiles)
    let title = shown(button.title)
    var style = ParagraphStyle(size: button.titleSize)
    style.letterSpacing = SystemFont.tracking(size: button.titleSize, family: family)
    let layout = TextLayout(title, fonts: chain, style: style, width: nil, caches: context.text)
    if let first = layout.lines.first { return first.line }
    return TextLine(title, face: chain.primary, size: button.titleSize, caches: context.text)
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

  func measureAnew(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
    let node = scaled(node)
    guard changesEngine(node) else { return try measureEntered(node, width: width, height: height) }
    return try entering(node).measureEntered(node, width: width, height: height)
  }

  /// ``measureAnew(_:width:height:)`` by the engine of the node's subtree.
  func measureEntered(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
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
  func aspectFitted(
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

  func measureNode(_ node: Element, width: Double?, height: Double?) throws(DarkroomError) -> Size {
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
  func childSizes(
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

  /// How far down each child of a baseline-aligned stack sits so that their first
  /// baselines line up.
  func baselineOffsets(_ stack: Stack, sizes: [Size]) throws(DarkroomError) -> [Double] {
    var baselines: [Double] = []
    for (child, size) in zip(stack.children, sizes) {
      baselines.append(try firstBaseline(child, size: size) ?? size.height)
    }
    let lowest = baselines.max() ?? 0
    return baselines.map { lowest - $0 }
  }

  /// A node's first text baseline, from its top, when drawn at `size`; nil when it
  /// shows no text (a baseline-aligned stack then uses its bottom edge).
  func firstBaseline(_ node: Element, size: Size) throws(DarkroomError) -> Double? {
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
}
