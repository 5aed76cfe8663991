import DarkroomFoundation
import DarkroomRaster
/// Bars as UIKit lays them out: a navigation bar pinned to the top and a tab bar to
/// the bottom, the content between them scrolling — below the top bar, on under the
/// bottom one (which then draws its material) and cut at the screen's edge — and the
/// components' arrangements for regular and accessibility text sizes.
extension LayoutEngine {
  /// Whether `element` is a bar's background, and at which edge.
  private func barEdge(_ element: Element?) -> BarBackground.Edge? {
    guard let element, case .stack(let stack) = element.kind else { return nil }
    return stack.decoration.bar?.edge
  }

  /// Places a vertical stack whose first child is a top bar or whose last is a bottom
  /// bar (UINavigationController's and UITabBarController's screen): the bars at the
  /// stack's top and bottom whatever the content's height, the content between them
  /// as a scroll view's at its start. Content taller than the room runs on under the
  /// bottom bar, cut at the screen's edge; the truncation audit lists what it hides.
  /// Returns false for any other stack.
  func placePinned(
    _ stack: Stack, in frame: Rect, steps: inout [PaintStep]
  ) throws(DarkroomError) -> Bool {
    guard stack.axis == .vertical, stack.children.count > 1 else { return false }
    var content = stack.children
    let top = barEdge(content.first) == .top ? content.removeFirst() : nil
    let bottom = barEdge(content.last) == .bottom ? content.removeLast() : nil
    guard top != nil || bottom != nil else { return false }
    let pad = stack.padding
    let inner = Rect(
      x: frame.x + pad.leading, y: frame.y + pad.top, width: frame.width - pad.leading - pad.trailing,
      height: frame.height - pad.top - pad.bottom)
    func height(_ bar: Element?) throws(DarkroomError) -> Double {
      guard let bar else { return 0 }
      return try measure(bar, width: inner.width, height: nil).height
    }
    let topHeight = try height(top), bottomHeight = try height(bottom)
    let contentTop = inner.y + topHeight + (top == nil ? 0 : stack.spacing)
    let contentBottom = inner.maxY - bottomHeight - (bottom == nil ? 0 : stack.spacing)
    let room = max(0, contentBottom - contentTop)
    let scroller = Element(
      .stack(
        Stack(
          axis: .vertical, spacing: stack.spacing, padding: .all(0), alignment: stack.alignment, decoration: .none,
          children: content, distribution: stack.distribution, scrolls: stack.scrolls)),
      at: stack.children.first?.location ?? SourceLocation(file: "", line: 1, column: 1))
    let natural = content.isEmpty ? 0 : try measure(scroller, width: inner.width, height: nil).height
    let overflows = natural > room + 0.01
    let contentFrame = Rect(x: inner.x, y: contentTop, width: inner.width, height: overflows ? natural : room)
    var scrolling = self
    // What the bars cover, for the audit: the top one down to its bottom edge, the
    // bottom one from its top edge to where its background reaches.
    if top != nil {
      scrolling.sight.covers.append(
        Sight.Cover(what: .navigationBar, rect: Rect(x: screen.x, y: screen.y, width: screen.width, height: inner.y + topHeight - screen.y)))
    }
    if bottom != nil {
      let reach = abs(frame.maxY - safeContent.maxY) < 0.01 ? screen.maxY : inner.maxY
      let barTop = inner.maxY - bottomHeight
      scrolling.sight.covers.append(
        Sight.Cover(what: .tabBar, rect: Rect(x: screen.x, y: barTop, width: screen.width, height: max(0, reach - barTop))))
    }
    if content.isEmpty {
      // Nothing scrolls.
    } else if overflows {
      // The scroll view reaches the screen's bottom edge when the stack does (the
      // tab bar and the home indicator are over it), and cuts its content there.
      let reachesBottom = abs(frame.maxY - safeContent.maxY) < 0.01
      let clipBottom = reachesBottom ? screen.maxY : frame.maxY
      let clip = Rect(x: frame.x, y: frame.y, width: frame.width, height: max(0, clipBottom - frame.y))
      scrolling.sight.visible = TruncationLog.intersection(sight.visible, clip)
      steps.append(.begin(clip: RoundedRect(clip, radii: CornerRadii(0)), opacity: 1))
      try scrolling.place(scroller, in: mirrored(contentFrame, in: frame), steps: &steps)
      steps.append(.end)
    } else {
      try scrolling.place(scroller, in: mirrored(contentFrame, in: frame), steps: &steps)
    }
    // The bars over the content: the top one at the scroll edge (content starts
    // below it), the bottom one over content when it overflows.
    if let top {
      let barFrame = Rect(x: inner.x, y: inner.y, width: inner.width, height: topHeight)
      try place(top, in: mirrored(barFrame, in: frame), steps: &steps)
    }
    if let bottom {
      var over = self
      let barFrame = Rect(x: inner.x, y: inner.maxY - bottomHeight, width: inner.width, height: bottomHeight)
      if overflows {
        // Its background reaches the screen's bottom when the stack does.
        let reach = abs(frame.maxY - safeContent.maxY) < 0.01 ? screen.maxY - barFrame.maxY : 0
        let area = barFrame.width * (barFrame.height + reach)
        over.underBar = materials.admits(area, screenArea: screen.width * screen.height) ? .blurred : .tinted
        if over.underBar == .tinted {
          let most = YAMLNode.format(MaterialBudget.screens)
          let message =
            "bar materials would blur more than \(most) times the screen's area; "
            + "this tab bar is drawn with its tint alone"
          steps.append(.warning(Diagnostic(.warning, message, at: bottom.location)))
        }
      }
      try over.place(bottom, in: mirrored(barFrame, in: frame), steps: &steps)
    }
    return true
  }

  /// What lies under a bar, deciding its default background.
  enum UnderBar {
    /// Nothing: the bar is at its scroll edge, and transparent.
    case nothing
    /// Content, which its material blurs.
    case blurred
    /// Content, past the snapshot's material budget: the tint alone covers it.
    case tinted
  }

  /// A bar's background in `shape`: the app's fill, the material when content is
  /// under the bar, else nothing (the scroll edge); a one-pixel shadow line along the
  /// edge that faces the content whenever a background is drawn. Past the pass's
  /// ``MaterialBudget`` (twice the screen), a material is its tint alone, unblurred
  /// (`placePinned` decides, and warns).
  func drawBar(_ bar: BarBackground, shape: RoundedRect, commands: inout [DisplayList.Command]) {
    if let fill = bar.fill {
      let color = colour(fill)
      commands.append(.fill(shape, paint: .solid(color)))
      sources.fill(shape.rect, colour: colourName(fill), color)
    } else if underBar == .blurred {
      let tint = colour(bar.tint)
      commands.append(DisplayList.Material.bar.group(in: shape, tint: tint))
      sources.fill(shape.rect, colour: colourName(bar.tint), tint)
    } else if underBar == .tinted {
      let tint = colour(bar.tint)
      commands.append(.fill(shape, paint: .solid(tint)))
      sources.fill(shape.rect, colour: colourName(bar.tint), tint)
    } else {
      return
    }
    let hairline = 1 / pixelScale
    let frame = shape.rect
    let line = bar.edge == .bottom
      ? Rect(x: frame.x, y: frame.y - hairline, width: frame.width, height: hairline)
      : Rect(x: frame.x, y: frame.maxY, width: frame.width, height: hairline)
    let ink = colour(bar.shadow)
    commands.append(.fill(RoundedRect(line, radii: CornerRadii(0)), paint: .solid(ink)))
  }

  /// The stack without the children that do not show at this content size.
  func shown(_ stack: Stack) -> Stack {
    guard stack.children.contains(where: { $0.shownAt != nil }) else { return stack }
    let size = traits.contentSize
    return Stack(
      axis: stack.axis, spacing: stack.spacing, padding: stack.padding, alignment: stack.alignment,
      decoration: stack.decoration, children: stack.children.filter { $0.shownAt?.contains(size) ?? true },
      distribution: stack.distribution, scrolls: stack.scrolls)
  }

  /// The element with its fixed sizes and limits grown or shrunk as its text style
  /// is at this content size (`UIFontMetrics.scaledValue(for:)`).
  func scaled(_ element: Element) -> Element {
    guard let style = element.scalesWith else { return element }
    let factor = style.scale(at: traits.contentSize)
    guard factor != 1 else { return element }
    var result = element
    result.width = element.width.map { $0 * factor }
    result.height = element.height.map { $0 * factor }
    result.limits = SizeLimits(
      minWidth: element.limits.minWidth.map { $0 * factor }, maxWidth: element.limits.maxWidth.map { $0 * factor },
      minHeight: element.limits.minHeight.map { $0 * factor }, maxHeight: element.limits.maxHeight.map { $0 * factor })
    return result
  }
}
