/// Builds UIKit's components out of Darkroom's primitives, at UIKit's metrics: a
/// 51 × 31 switch, 44-point rows with 16-point margins, a 32-point segmented control,
/// a 36-point search field, a 44-point navigation bar (plus 52 for a large title),
/// a 49-point tab bar.
struct ComponentBuilder {
  /// Where the component was written; every node built carries it.
  let location: SourceLocation

  /// A list's look.
  enum ListStyle: String, CaseIterable {
    /// Edge to edge, on the page's background.
    case plain
    /// Edge to edge sections on the grouped background.
    case grouped
    /// Rounded sections inset from the edges.
    case insetGrouped
  }


  /// The keys a cell takes.
  static let cellKeys = [
    "title", "subtitle", "icon", "image", "accessory", "detail", "badge", "on", "selected", "fill", "selectedFill",
    "titleColor", "subtitleColor", "tint", "iconColor",
  ]

  struct CellSpec {
    let title: String
    let subtitle: String?
    let icon: Icon?
    let image: String?
    let accessory: CellAccessory
    let detail: String?
    let badge: String?
    let on: Bool
    let selected: Bool
    let fill: ColorExpression
    let selectedFill: ColorExpression
    let titleColor: ColorExpression
    let subtitleColor: ColorExpression
    let tint: ColorExpression
    let iconColor: ColorExpression
  }

  struct CardSpec {
    let title: String?
    let subtitle: String?
    let image: String?
    let imageHeight: Double
    let children: [Node]
    let spacing: Double
    let padding: EdgeInsets
    let decoration: Decoration
  }

  struct Section {
    let header: String?
    let footer: String?
    let rows: [Node]
  }

  // MARK: Primitives

  func node(_ kind: Node.Kind, width: Double? = nil, height: Double? = nil) -> Node {
    Node(kind: kind, width: width, height: height, location: location)
  }

  /// Text in a text style; `scales: false` keeps the style's default size whatever
  /// the content size, as UIKit's bars keep theirs.
  func label(
    _ text: String, _ style: TextStyle, weight: FontWeight? = nil, color: ColorExpression, align: TextAlignment = .leading,
    lines: Int = 1, scales: Bool = true
  ) -> Node {
    var label = Label(text: text, style: style, size: nil, weight: weight, color: color, alignment: align)
    label.sizeIsFixed = !scales
    label.lines = lines
    return node(.label(label))
  }

  func stack(
    _ axis: Axis, _ children: [Node], spacing: Double = 0, padding: EdgeInsets = .all(0), align: CrossAlignment = .fill,
    decoration: Decoration = .none, distribution: Stack.Distribution = .packed, width: Double? = nil, height: Double? = nil
  ) -> Node {
    var stack = Stack(axis: axis, spacing: spacing, padding: padding, alignment: align, decoration: decoration, children: children)
    stack.distribution = distribution
    return node(.stack(stack), width: width, height: height)
  }

  func overlay(
    _ children: [Node], align: Overlay.Alignment = .center, padding: EdgeInsets = .all(0), decoration: Decoration = .none,
    width: Double? = nil, height: Double? = nil
  ) -> Node {
    node(.overlay(Overlay(alignment: align, padding: padding, decoration: decoration, children: children)), width: width, height: height)
  }

  func fill(_ color: ColorExpression, corner: Double = 0) -> Decoration {
    var decoration = Decoration()
    decoration.fill = color
    decoration.radii = CornerRadii(corner)
    return decoration
  }

  func icon(_ icon: Icon, size: Double, color: ColorExpression, weight: Double = 2) -> Node {
    node(.icon(IconNode(icon: icon, color: color, weight: weight)), width: size, height: size)
  }

  func spacer() -> Node { node(.spacer(minLength: 0)) }

  static func insets(_ vertical: Double, _ horizontal: Double) -> EdgeInsets {
    EdgeInsets(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  // MARK: Components

  /// UISwitch: a 51 × 31 capsule, green when on, with a white 27-point thumb.
  func toggle(on: Bool, tint: ColorExpression) -> Node {
    var thumb = fill(.named("white"), corner: 13.5)
    thumb.shadow = ShadowSpec(color: .alpha(.named("black"), 0.2), x: 0, y: 2, blur: 6, spread: 0)
    return overlay(
      [node(.box(thumb), width: 27, height: 27)], align: on ? .trailing : .leading, padding: .all(2),
      decoration: fill(on ? tint : .named("system.fill"), corner: 15.5), width: 51, height: 31)
  }

  /// A count or word on a capsule, 20 points tall at the default text size and
  /// taller as its text grows.
  func badge(_ text: String, fill color: ColorExpression, color ink: ColorExpression) -> Node {
    // Radii larger than half the side shrink to it: a capsule at any height.
    var capsule = overlay(
      [label(text, .footnote, weight: .semibold, color: ink, align: .center)], padding: Self.insets(0, 7),
      decoration: fill(color, corner: 1000))
    capsule.limits.minHeight = 20
    return capsule
  }

  /// A table cell: leading icon or image, title and subtitle, accessory; its own
  /// background when selected. The separator inset lines up with the title.
  func cell(_ spec: CellSpec) -> (node: Node, separatorInset: Double) {
    var children: [Node] = []
    var inset = 16.0
    if let icon = spec.icon {
      children.append(overlay([self.icon(icon, size: 18, color: .named("white"))], decoration: fill(spec.iconColor, corner: 7), width: 29, height: 29))
      inset += 29 + 14
    } else if let image = spec.image {
      children.append(node(.image(ImageNode(name: image, radii: CornerRadii(7), cornerCurve: .continuous)), width: 29, height: 29))
      inset += 29 + 14
    }
    var texts = [label(spec.title, .body, color: spec.titleColor)]
    if let subtitle = spec.subtitle { texts.append(label(subtitle, .subheadline, color: spec.subtitleColor)) }
    children.append(stack(.vertical, texts, spacing: 2))
    children.append(spacer())
    if let detail = spec.detail, spec.accessory != .detail {
      children.append(label(detail, .body, color: .named("system.secondaryLabel")))
    }
    switch spec.accessory {
    case .none: break
    case .chevron: children.append(icon(.chevronRight, size: 17, color: .named("system.tertiaryLabel"), weight: 2.6))
    case .checkmark: children.append(icon(.checkmark, size: 20, color: spec.tint, weight: 2.6))
    case .detail:
      children.append(label(spec.detail ?? "", .body, color: .named("system.secondaryLabel")))
      children.append(icon(.chevronRight, size: 17, color: .named("system.tertiaryLabel"), weight: 2.6))
    case .switch: children.append(toggle(on: spec.on, tint: .named("system.green")))
    case .badge: children.append(badge(spec.badge ?? "", fill: .named("system.red"), color: .named("white")))
    }
    var row = stack(
      .horizontal, children, spacing: 14, padding: Self.insets(11, 16), align: .center,
      decoration: fill(spec.selected ? spec.selectedFill : spec.fill))
    row.limits.minHeight = 44
    return (row, inset)
  }

  /// A hairline between rows, from the title's leading edge to the trailing edge.
  func separator(inset: Double) -> Node {
    stack(.vertical, [node(.box(fill(.named("system.separator"))), height: 0.5)], padding: EdgeInsets(top: 0, leading: inset, bottom: 0, trailing: 0))
  }

  /// Sections of rows with their headers and footers.
  func list(_ sections: [Section], style: ListStyle) -> Node {
    let margin = style == .insetGrouped ? 16.0 : 0
    var children: [Node] = []
    for section in sections {
      var parts: [Node] = []
      let textInset = EdgeInsets(top: 0, leading: margin + 16, bottom: 0, trailing: margin + 16)
      if let header = section.header {
        parts.append(stack(.vertical, [label(header, .footnote, color: .named("system.secondaryLabel"), lines: 0)], padding: EdgeInsets(top: 6, leading: textInset.leading, bottom: 6, trailing: textInset.trailing)))
      }
      var rows = Decoration()
      if style == .insetGrouped {
        rows.radii = CornerRadii(10)
        rows.clip = true
      }
      parts.append(stack(.vertical, [stack(.vertical, section.rows, decoration: rows)], padding: EdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)))
      if let footer = section.footer {
        parts.append(stack(.vertical, [label(footer, .footnote, color: .named("system.secondaryLabel"), lines: 0)], padding: EdgeInsets(top: 6, leading: textInset.leading, bottom: 0, trailing: textInset.trailing)))
      }
      children.append(stack(.vertical, parts))
    }
    return stack(.vertical, children, spacing: style == .plain ? 0 : 24)
  }

  /// UISegmentedControl: segments of equal width on a 32-point track, the selected
  /// one on a raised thumb.
  func segmented(_ items: [String], selected: Int, fill track: ColorExpression, thumb: ColorExpression, color: ColorExpression) -> Node {
    var thumbShape = fill(thumb, corner: 7)
    thumbShape.shadow = ShadowSpec(color: .alpha(.named("black"), 0.12), x: 0, y: 3, blur: 8, spread: 0)
    let segments = items.enumerated().map { index, item in
      overlay(
        [label(item, .footnote, weight: index == selected ? .semibold : .medium, color: color, align: .center)],
        decoration: index == selected ? thumbShape : .none)
    }
    // 32 points at the default text size; it grows with Dynamic Type.
    var control = stack(
      .horizontal, segments, spacing: 2, padding: Self.insets(2, 2), decoration: fill(track, corner: 9), distribution: .fillEqually)
    control.limits.minHeight = 32
    return control
  }

  /// UISearchBar's field: a magnifying glass and the text or placeholder.
  func searchField(text: String?, placeholder: String, fill color: ColorExpression) -> Node {
    // 36 points at the default text size; it grows with Dynamic Type.
    var field = stack(
      .horizontal,
      [
        icon(.magnifyingglass, size: 17, color: .named("system.secondaryLabel")),
        label(text ?? placeholder, .body, color: .named(text == nil ? "system.secondaryLabel" : "system.label")),
      ], spacing: 6, padding: Self.insets(7, 8), align: .center, decoration: fill(color, corner: 10))
    field.limits.minHeight = 36
    return field
  }

  /// UINavigationBar: a back button and trailing items on a 44-point row, and the
  /// title inline in the middle or large below.
  func navigationBar(title: String, large: Bool, back: String?, trailing: [Icon], tint: ColorExpression, fill color: ColorExpression?) -> Node {
    var row: [Node] = []
    if let back {
      row.append(
        stack(
          .horizontal, [icon(.chevronLeft, size: 22, color: tint, weight: 2.6), label(back, .body, color: tint, scales: false)],
          spacing: 2, align: .center))
    }
    row.append(spacer())
    for item in trailing { row.append(icon(item, size: 24, color: tint)) }
    var bar = stack(.horizontal, row, spacing: 18, padding: Self.insets(0, back == nil ? 16 : 8), align: .center, height: 44)
    if !large {
      // The bar's title and buttons keep their size with Dynamic Type, as UIKit's
      // do (only the large title grows).
      bar = overlay([bar, label(title, .headline, color: .named("system.label"), align: .center, scales: false)], height: 44)
    }
    var decoration = Decoration.none
    if let color { decoration = fill(color) }
    decoration.extendsIntoSafeArea = true
    guard large else { return stack(.vertical, [bar], decoration: decoration) }
    let largeTitle = stack(.vertical, [label(title, .largeTitle, weight: .bold, color: .named("system.label"))], padding: EdgeInsets(top: 3, leading: 16, bottom: 8, trailing: 16))
    return stack(.vertical, [bar, largeTitle], decoration: decoration)
  }

  /// UITabBar: items of equal width, icon over title, the selected one tinted.
  func tabBar(_ items: [(Icon, String)], selected: Int, tint: ColorExpression, fill color: ColorExpression) -> Node {
    let tabs = items.enumerated().map { index, item in
      let ink: ColorExpression = index == selected ? tint : .named("system.gray")
      return stack(.vertical, [icon(item.0, size: 26, color: ink), label(item.1, .caption2, weight: .medium, color: ink, align: .center, scales: false)], spacing: 2, padding: EdgeInsets(top: 6, leading: 0, bottom: 0, trailing: 0), align: .center)
    }
    let row = stack(.horizontal, tabs, distribution: .fillEqually, height: 49)
    var background = fill(color)
    background.extendsIntoSafeArea = true
    return stack(.vertical, [node(.box(fill(.named("system.separator"))), height: 0.5), row], decoration: background)
  }

  /// A card: an optional image across the top, then a title, a subtitle and any
  /// content, on a rounded surface with a soft shadow; the image is cut to the
  /// card's corners.
  func card(_ spec: CardSpec) -> Node {
    var body: [Node] = []
    if let title = spec.title { body.append(label(title, .headline, color: .named("system.label"), lines: 0)) }
    if let subtitle = spec.subtitle {
      body.append(label(subtitle, .subheadline, color: .named("system.secondaryLabel"), lines: 0))
    }
    body += spec.children
    var parts: [Node] = []
    if let image = spec.image {
      parts.append(node(.image(ImageNode(name: image, radii: CornerRadii(0), cornerCurve: .circular)), height: spec.imageHeight))
    }
    if !body.isEmpty { parts.append(stack(.vertical, body, spacing: spec.spacing, padding: spec.padding)) }
    var decoration = spec.decoration
    decoration.clip = spec.image != nil
    return stack(.vertical, parts, decoration: decoration)
  }

  /// UIAlertController's alert: 270 points wide, title and message centred, then
  /// the buttons — two side by side split by a hairline (the second preferred,
  /// in semibold), otherwise stacked.
  func alert(title: String, message: String?, buttons: [String], tint: ColorExpression) -> Node {
    var texts = [label(title, .headline, color: .named("system.label"), align: .center, lines: 0)]
    if let message { texts.append(label(message, .footnote, color: .named("system.label"), align: .center, lines: 0)) }
    func rule(vertical: Bool) -> Node {
      node(.box(fill(.named("system.separator"))), width: vertical ? 0.5 : nil, height: vertical ? nil : 0.5)
    }
    func button(_ title: String, preferred: Bool, width: Double? = nil) -> Node {
      let made = label(title, .body, weight: preferred ? .semibold : .regular, color: tint, align: .center, lines: 0)
      return node(made.kind, width: width, height: 44)
    }
    var rows = [stack(.vertical, texts, spacing: 4, padding: EdgeInsets(top: 19, leading: 16, bottom: 19, trailing: 16)), rule(vertical: false)]
    if buttons.count == 2 {
      let half = 270 / 2 - 0.25
      let pair = [button(buttons[0], preferred: false, width: half), rule(vertical: true), button(buttons[1], preferred: true, width: half)]
      rows.append(stack(.horizontal, pair, height: 44))
    } else {
      for (index, title) in buttons.enumerated() {
        if index > 0 { rows.append(rule(vertical: false)) }
        rows.append(button(title, preferred: index == buttons.count - 1 && buttons.count > 1))
      }
    }
    return stack(.vertical, rows, width: 270)
  }

  /// How many nodes a built tree holds, counted against a layout's node limit.
  static func nodeCount(_ node: Node) -> Int {
    switch node.kind {
    case .stack(let stack): 1 + stack.children.reduce(0) { $0 + nodeCount($1) }
    case .overlay(let overlay): 1 + overlay.children.reduce(0) { $0 + nodeCount($1) }
    default: 1
    }
  }
}
