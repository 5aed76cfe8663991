/// The keys every node takes, as modifiers on nodes built in Swift: each returns a
/// changed copy.
extension Node {
  /// A fixed width and height in points (a button's height is its face's).
  public func frame(width: Double? = nil, height: Double? = nil) -> Node {
    copy(kind: kind, width: width ?? self.width, height: height ?? self.height)
  }

  /// Bounds on the size the node takes.
  public func frame(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil
  ) -> Node {
    var node = self
    node.limits = SizeLimits(
      minWidth: minWidth ?? limits.minWidth, maxWidth: maxWidth ?? limits.maxWidth,
      minHeight: minHeight ?? limits.minHeight, maxHeight: maxHeight ?? limits.maxHeight)
    return node
  }

  /// Takes all it is offered on the axes given (`width: fill` in a layout file).
  public func filling(width: Bool = true, height: Bool = false) -> Node {
    var node = self
    node.fills = FillAxes(width: width, height: height)
    return node
  }

  /// Keeps width over height at `ratio`.
  public func aspectRatio(_ ratio: Double) -> Node {
    var node = self
    node.aspectRatio = ratio
    return node
  }

  /// Draws the node and its subtree as one layer at `opacity`.
  public func opacity(_ opacity: Double) -> Node {
    var node = self
    node.opacity *= opacity
    return node
  }

  /// Draws the subtree with these traits instead of the mode's, as
  /// `overrideUserInterfaceStyle` does.
  public func traits(style: Traits.Style? = nil, level: Traits.Level? = nil, contrast: Traits.Contrast? = nil) -> Node {
    var node = self
    node.traits = TraitOverride(style: style, level: level, contrast: contrast)
    return node
  }

  /// `darkMode(false)` opts the subtree out of dark mode: it renders light in every
  /// mode.
  public func darkMode(_ enabled: Bool) -> Node {
    guard !enabled else { return self }
    return traits(style: .light, level: traits?.level, contrast: traits?.contrast)
  }

  /// Space inside the node's edges: the node inside a stack with that padding.
  public func padding(_ insets: EdgeInsets) -> Node {
    let stack = Stack(axis: .vertical, spacing: 0, padding: insets, alignment: .fill, decoration: .none, children: [self])
    return Node(kind: .stack(stack), width: nil, height: nil, location: location)
  }

  /// The same padding on every side.
  public func padding(_ points: Double) -> Node { padding(.all(points)) }

  /// A background colour with rounded corners (on a stack, zstack, box or button).
  public func fill(_ color: ColorExpression, corner: Double? = nil) -> Node {
    decorated { decoration in
      decoration.fill = color
      if let corner { decoration.radii = CornerRadii(corner) }
    }
  }

  /// A border drawn inside the node's edge.
  public func border(_ color: ColorExpression, width: Double = 1) -> Node {
    decorated { decoration in
      decoration.border = color
      decoration.borderWidth = width
    }
  }

  /// Rounded corners, circular or continuous (iOS's squircle).
  public func corner(_ radius: Double, curve: CornerCurve = .circular) -> Node {
    decorated { decoration in
      decoration.radii = CornerRadii(radius)
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
  /// spacers) is returned as it is.
  private func decorated(_ change: (inout Decoration) -> Void) -> Node {
    switch kind {
    case .stack(let stack):
      var decoration = stack.decoration
      change(&decoration)
      var changed = Stack(
        axis: stack.axis, spacing: stack.spacing, padding: stack.padding, alignment: stack.alignment,
        decoration: decoration, children: stack.children)
      changed.distribution = stack.distribution
      return copy(kind: .stack(changed), width: width, height: height)
    case .overlay(let overlay):
      var decoration = overlay.decoration
      change(&decoration)
      let changed = Overlay(alignment: overlay.alignment, padding: overlay.padding, decoration: decoration, children: overlay.children)
      return copy(kind: .overlay(changed), width: width, height: height)
    case .box(var decoration):
      change(&decoration)
      return copy(kind: .box(decoration), width: width, height: height)
    case .button(let button):
      var face = button.face
      change(&face)
      var changed = Button(
        title: button.title, titleColor: button.titleColor, titleSize: button.titleSize, titleWeight: button.titleWeight,
        face: face, lip: button.lip, lipColor: button.lipColor)
      changed.pressed = button.pressed
      return copy(kind: .button(changed), width: width, height: height)
    default:
      return self
    }
  }

  /// The node with a new kind and size, keeping everything else.
  private func copy(kind: Kind, width: Double?, height: Double?) -> Node {
    var node = Node(kind: kind, width: width, height: height, location: location)
    node.opacity = opacity
    node.traits = traits
    node.limits = limits
    node.aspectRatio = aspectRatio
    node.fills = fills
    return node
  }
}
