import DarkroomFoundation
import DarkroomRaster

/// Placing: each node given its frame inside its parent's and the engine its
/// subtree is drawn in, as paint steps in drawing order, with groups for what is
/// translucent or clips.
extension LayoutEngine {
  /// Places a node and what it holds, wrapping them in a group when it is
  /// translucent or clips its children.
  func place(_ node: Element, in frame: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    if case .stack(let stack) = node.kind, stack.scrolls {
      // What lies past a scrolling container's visible end is scrolled to, not cut.
      var engine = entering(node)
      engine.sight = sight.scrolling(stack.axis, in: frame, safe: safeContent, rightToLeft: engine.rightToLeft)
      return try engine.placeNode(node, in: frame, steps: &steps)
    }
    guard changesEngine(node) else { return try placeNode(node, in: frame, steps: &steps) }
    try entering(node).placeNode(node, in: frame, steps: &steps)
  }

  func placeNode(_ node: Element, in frame: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    var clip: RoundedRect? = nil
    if case .stack(let stack) = node.kind, stack.decoration.clip { clip = stack.decoration.shape(frame) }
    guard clip != nil || node.opacity < 1 else { return try placeContent(node, in: frame, steps: &steps) }
    guard node.opacity > 0 else { return }
    if node.opacity < 1 { steps.append(.begin(clip: nil, opacity: node.opacity)) }
    if case .stack(let stack) = node.kind, let clip {
      // The stack's own shadow and background sit outside its clip; only the
      // children are cut.
      steps.append(.decoration(stack.decoration, frame: frame, engine: self))
      var clipped = self
      clipped.sight = sight.clipped(to: frame)
      steps.append(.begin(clip: clip, opacity: 1))
      try clipped.placeChildren(of: stack, in: frame, steps: &steps)
      steps.append(.end)
    } else {
      try placeContent(node, in: frame, steps: &steps)
    }
    if node.opacity < 1 { steps.append(.end) }
  }

  /// A node's own marks, then its children's.
  private func placeContent(_ node: Element, in frame: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    steps.append(.node(node, frame: frame, engine: self))
    switch node.kind {
    case .stack(let stack): try placeChildren(of: stack, in: frame, steps: &steps)
    case .overlay(let overlay): try placeLayers(of: overlay, in: frame, steps: &steps)
    case .spacer, .box, .label, .button, .icon, .image, .divider, .activity: return
    }
  }

  /// An overlay's children, one over another inside its padding, each at the
  /// overlay's alignment.
  private func placeLayers(of overlay: Overlay, in frame: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
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
      try place(child, in: mirrored(childFrame, in: frame), steps: &steps)
    }
  }

  func placeChildren(of all: Stack, in frame: Rect, steps: inout [PaintStep]) throws(DarkroomError) {
    let stack = shown(all)
    if try placePinned(stack, in: frame, steps: &steps) { return }
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
      try place(child, in: mirrored(childFrame, in: frame), steps: &steps)
      cursor += along + gap
    }
  }
}
