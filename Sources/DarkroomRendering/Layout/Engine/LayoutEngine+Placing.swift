import DarkroomFoundation
import DarkroomRaster

/// Placing: each node given its frame inside its parent's, groups for what is
/// translucent or clips, and the placements a drawing summary lists.
extension LayoutEngine {
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

  func placeNode(_ node: Element, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
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

  func placeChildren(of all: Stack, in frame: Rect, commands: inout [DisplayList.Command]) throws(DarkroomError) {
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
}
