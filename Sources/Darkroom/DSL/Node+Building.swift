/// Nodes built in Swift: the same kinds, keys and defaults as a layout file's, so a
/// test can describe a screen in code. Each records where it was written, which an
/// error about it (an unknown colour, say) names.
extension Node {
  /// Where a node built in Swift was written.
  static func here(_ file: String, _ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  /// Children placed top to bottom (`vstack`).
  public static func vstack(
    spacing: Double = 0, padding: EdgeInsets = .all(0), align: CrossAlignment = .fill,
    distribution: Stack.Distribution = .packed, file: String = #fileID, line: Int = #line, column: Int = #column,
    @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    stack(.vertical, spacing, padding, align, distribution, children(), here(file, line, column))
  }

  /// Children placed leading to trailing (`hstack`); `align: .baseline` puts their
  /// first baselines on one line.
  public static func hstack(
    spacing: Double = 0, padding: EdgeInsets = .all(0), align: CrossAlignment = .fill,
    distribution: Stack.Distribution = .packed, file: String = #fileID, line: Int = #line, column: Int = #column,
    @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    stack(.horizontal, spacing, padding, align, distribution, children(), here(file, line, column))
  }

  private static func stack(
    _ axis: Axis, _ spacing: Double, _ padding: EdgeInsets, _ align: CrossAlignment, _ distribution: Stack.Distribution,
    _ children: [Node], _ location: SourceLocation
  ) -> Node {
    var stack = Stack(axis: axis, spacing: spacing, padding: padding, alignment: align, decoration: .none, children: children)
    stack.distribution = distribution
    return Node(kind: .stack(stack), width: nil, height: nil, location: location)
  }

  /// Children drawn over each other, placed by `align` (`zstack`).
  public static func zstack(
    align: Overlay.Alignment = .center, padding: EdgeInsets = .all(0), file: String = #fileID, line: Int = #line,
    column: Int = #column, @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    let overlay = Overlay(alignment: align, padding: padding, decoration: .none, children: children())
    return Node(kind: .overlay(overlay), width: nil, height: nil, location: here(file, line, column))
  }

  /// Text in an iOS text style (which follows the mode's content size), or at a
  /// fixed `size`; in UIKit's label colour unless `color` names another (a layout
  /// file's label defaults to the theme's `primaryText` instead).
  public static func label(
    _ text: String, style: TextStyle? = nil, size: Double? = nil, weight: FontWeight? = nil,
    color: ColorExpression = .label, align: TextAlignment = .leading, lines: Int = 1, file: String = #fileID,
    line: Int = #line, column: Int = #column
  ) -> Node {
    var label = Label(text: text, style: style, size: size, weight: weight, color: color, alignment: align)
    label.lines = lines
    return Node(kind: .label(label), width: nil, height: nil, location: here(file, line, column))
  }

  /// A shape: give it a size, a fill, a border, corners or a shadow with the
  /// modifiers.
  public static func box(
    width: Double? = nil, height: Double? = nil, file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    Node(kind: .box(.none), width: width, height: height, location: here(file, line, column))
  }

  /// A button; the lipped style (the default) draws a face with a border and a lip
  /// below it, whose colour is derived from the fill (`darken(fill, 0.2)`) unless
  /// given. `height` is the face's.
  public static func button(
    _ title: String, style: ButtonStyle = .lipped, state: ButtonState = .normal, fill: ColorExpression? = nil,
    text: ColorExpression? = nil, border: ColorExpression? = nil, borderWidth: Double = 1, lip: Double = 0,
    lipColor: ColorExpression? = nil, corner: Double? = nil, tint: ColorExpression = .systemBlue, height: Double = 44,
    size: Double = 17, weight: FontWeight = .semibold, file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    var face = Decoration()
    face.fill = fill
    face.border = border
    face.borderWidth = border == nil ? 0 : borderWidth
    face.radii = CornerRadii(corner ?? 0)
    let styled = style.styled(face, title: text, tint: tint, lippedTitle: .label, cornerGiven: corner != nil)
    var button = Button(
      title: title, titleColor: styled.title, titleSize: size, titleWeight: weight, face: styled.face,
      lip: style == .lipped ? lip : 0, lipColor: lipColor)
    button.pressed = state == .pressed
    var made = Node(kind: .button(button), width: nil, height: height, location: here(file, line, column))
    // Disabled: the whole button at 40%, as one layer.
    if state == .disabled { made.opacity = 0.4 }
    return made
  }

  /// Space that grows to fill what a stack has left.
  public static func spacer(minLength: Double = 0, file: String = #fileID, line: Int = #line, column: Int = #column) -> Node {
    Node(kind: .spacer(minLength: minLength), width: nil, height: nil, location: here(file, line, column))
  }

  /// A hairline across its stack; one pixel thick unless `thickness` is given.
  public static func divider(
    color: ColorExpression = .system.separator, thickness: Double? = nil, file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    Node(kind: .divider(Divider(color: color, thickness: thickness)), width: nil, height: nil, location: here(file, line, column))
  }

  /// A built-in icon in a `size`-point square.
  public static func icon(
    _ icon: Icon, size: Double = 24, color: ColorExpression = .label, weight: Double = 2, file: String = #fileID,
    line: Int = #line, column: Int = #column
  ) -> Node {
    Node(kind: .icon(IconNode(icon: icon, color: color, weight: weight)), width: size, height: size, location: here(file, line, column))
  }

  /// An image of the theme's `images:`, drawn aspect-filled in its frame (give it
  /// one with ``frame(width:height:)``).
  public static func image(
    _ name: String, corner: Double = 0, cornerCurve: CornerCurve = .circular, file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    let image = ImageNode(name: name, radii: CornerRadii(corner), cornerCurve: cornerCurve)
    return Node(kind: .image(image), width: nil, height: nil, location: here(file, line, column))
  }

  /// A table-view cell at UIKit's metrics: at least 44 points, 16-point margins.
  public static func cell(
    title: String, subtitle: String? = nil, icon: Icon? = nil, accessory: CellAccessory = .none, detail: String? = nil,
    badge: String? = nil, on: Bool = false, selected: Bool = false, fill: ColorExpression = .system.secondaryGroupedBackground,
    selectedFill: ColorExpression = .named("system.gray4"), titleColor: ColorExpression = .label,
    subtitleColor: ColorExpression = .system.secondaryLabel, tint: ColorExpression = .systemBlue,
    iconColor: ColorExpression = .systemBlue, file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    let spec = ComponentBuilder.CellSpec(
      title: title, subtitle: subtitle, icon: icon, image: nil, accessory: accessory, detail: detail, badge: badge, on: on,
      selected: selected, fill: fill, selectedFill: selectedFill, titleColor: titleColor, subtitleColor: subtitleColor,
      tint: tint, iconColor: iconColor)
    return ComponentBuilder(location: here(file, line, column)).cell(spec).node
  }
}
