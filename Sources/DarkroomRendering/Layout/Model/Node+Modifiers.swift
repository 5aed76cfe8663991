import DarkroomFoundation
import DarkroomRaster
/// The keys every node takes, and the shape keys, as modifiers on nodes built in
/// Swift: each returns a changed copy.
extension Node {
  /// A fixed width and height in points (a button's height is its face's); nil
  /// leaves a side as it is.
  public func frame(width: Double? = nil, height: Double? = nil) -> Node {
    var node = self
    if let width { node.frame.width = .points(width) }
    if let height { node.frame.height = .points(height) }
    return node
  }

  /// Bounds on the size the node takes; nil leaves a bound as it is.
  public func frame(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil
  ) -> Node {
    var node = self
    let limits = frame.limits
    node.frame.limits = SizeLimits(
      minWidth: minWidth ?? limits.minWidth, maxWidth: maxWidth ?? limits.maxWidth,
      minHeight: minHeight ?? limits.minHeight, maxHeight: maxHeight ?? limits.maxHeight)
    return node
  }

  /// Takes all it is offered on the axes given (`width: fill` in a layout file).
  public func filling(width: Bool = true, height: Bool = false) -> Node {
    var node = self
    if width { node.frame.width = .fill }
    if height { node.frame.height = .fill }
    return node
  }

  /// Keeps width over height at `ratio`.
  public func aspectRatio(_ ratio: Double) -> Node {
    var node = self
    node.frame.aspectRatio = ratio
    return node
  }

  /// Offers the node a too-short stack's length before children of a lower
  /// priority, as SwiftUI's `.layoutPriority(_:)` (`priority:` in a layout file).
  public func layoutPriority(_ priority: Double) -> Node {
    var node = self
    node.frame.priority = priority
    return node
  }

  /// Keeps the node's own size in a too-short stack, as SwiftUI's `.fixedSize()`
  /// (`fixed: true` in a layout file).
  public func fixedSize() -> Node {
    var node = self
    node.frame.fixed = true
    return node
  }

  /// Draws the node and its subtree as one layer at `opacity`.
  public func opacity(_ opacity: Double) -> Node {
    var node = self
    node.frame.opacity *= opacity
    return node
  }

  /// Draws the subtree with these traits instead of the mode's, as
  /// `overrideUserInterfaceStyle` does.
  public func traits(style: Traits.Style? = nil, level: Traits.Level? = nil, contrast: Traits.Contrast? = nil) -> Node {
    var node = self
    node.frame.traits = TraitOverride(style: style, level: level, contrast: contrast)
    return node
  }

  /// `darkMode(false)` opts the subtree out of dark mode: it renders light in every
  /// mode.
  public func darkMode(_ enabled: Bool) -> Node {
    guard !enabled else { return self }
    return traits(style: .light, level: frame.traits?.level, contrast: frame.traits?.contrast)
  }

  /// Space inside the node's edges: the node inside a stack with that padding.
  public func padding(_ insets: Insets) -> Node {
    Node(StackSpec(axis: .vertical, padding: insets, children: [self]), at: location)
  }

  /// The same padding on every side.
  public func padding(_ points: Double) -> Node { padding(.all(points)) }

  /// A background colour with rounded corners (on a stack, zstack, box, button or
  /// card).
  public func fill(_ color: ColorExpression, corner: Double? = nil) -> Node {
    decorated { decoration in
      decoration.fill = color
      if let corner { decoration.radii = CornerRadii(corner) }
    }
  }

  /// A gradient over the fill: the colours spread evenly in `direction`.
  public func gradient(_ colors: [ColorExpression], direction: GradientFill.Direction = .down) -> Node {
    decorated { $0.gradient = GradientFill(colors: colors, direction: direction) }
  }

  /// A border drawn inside the node's edge; dashed when `dash` lists dash and gap
  /// lengths.
  public func border(_ color: ColorExpression, width: Double = 1, dash: [Double] = []) -> Node {
    decorated { decoration in
      decoration.border = color
      decoration.borderWidth = width
      decoration.borderDash = dash
    }
  }

  /// Rounded corners, circular or continuous (iOS's squircle).
  public func corner(_ radius: Double, curve: CornerCurve = .circular) -> Node {
    corner(CornerRadii(radius), curve: curve)
  }

  /// A radius per corner.
  public func corner(_ radii: CornerRadii, curve: CornerCurve = .circular) -> Node {
    decorated { decoration in
      decoration.radii = radii
      decoration.cornerCurve = curve
    }
  }

  /// A shadow behind the shape; `blur` is CSS's and Figma's.
  public func shadow(_ color: ColorExpression, x: Double = 0, y: Double = 0, blur: Double = 0, spread: Double = 0) -> Node {
    decorated { $0.shadow = ShadowSpec(color: color, x: x, y: y, blur: blur, spread: spread) }
  }

  /// Cuts a stack's children to its rounded shape.
  public func clipped() -> Node {
    decorated { $0.clip = true }
  }

  /// The node with its shape changed; a node without one (text, icons, images,
  /// spacers, components other than cards) is returned as it is.
  private func decorated(_ change: (inout Decoration) -> Void) -> Node {
    guard var shaped = spec as? any DecoratedSpec else { return self }
    change(&shaped.decoration)
    var node = self
    node.spec = shaped
    return node
  }
}
