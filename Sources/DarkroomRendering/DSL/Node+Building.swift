import DarkroomFoundation
import DarkroomRaster
/// Nodes built in Swift: each function initialises the same spec a layout file's
/// node of that kind is read into, with the same defaults, so a layout written in
/// Swift draws exactly what the same layout written in YAML draws — and fails
/// ``Layout/check(against:)`` with the same messages. Each node records where it was
/// written, which an error about it names.
extension Node {
  /// A node of `spec` written at the caller's place.
  static func here(_ spec: any NodeSpec, _ file: String, _ line: Int, _ column: Int) -> Node {
    Node(spec, at: SourceLocation(file: file, line: line, column: column))
  }

  /// Children placed top to bottom (`vstack`).
  public static func vstack(
    spacing: Double = 0, padding: Insets = .all(0), align: CrossAlignment = .fill,
    distribution: StackSpec.Distribution = .packed, scrolls: Bool = false, file: String = #fileID, line: Int = #line,
    column: Int = #column, @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    let spec = StackSpec(
      axis: .vertical, spacing: spacing, padding: padding, alignment: align, distribution: distribution, children: children(),
      scrolls: scrolls)
    return here(spec, file, line, column)
  }

  /// Children placed leading to trailing (`hstack`); `align: .baseline` puts their
  /// first baselines on one line.
  public static func hstack(
    spacing: Double = 0, padding: Insets = .all(0), align: CrossAlignment = .fill,
    distribution: StackSpec.Distribution = .packed, scrolls: Bool = false, file: String = #fileID, line: Int = #line,
    column: Int = #column, @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    let spec = StackSpec(
      axis: .horizontal, spacing: spacing, padding: padding, alignment: align, distribution: distribution,
      children: children(), scrolls: scrolls)
    return here(spec, file, line, column)
  }

  /// Children drawn over each other, placed by `align` (`zstack`).
  public static func zstack(
    align: ZStackSpec.Alignment = .center, padding: Insets = .all(0), file: String = #fileID, line: Int = #line,
    column: Int = #column, @LayoutBuilder _ children: () -> [Node]
  ) -> Node {
    here(ZStackSpec(alignment: align, padding: padding, children: children()), file, line, column)
  }

  /// Text in an iOS text style (which follows the mode's content size), or at a
  /// fixed `size`; in the theme's `primaryText`, else UIKit's label colour, unless
  /// `color` names another.
  public static func label(
    _ text: LocalizedText, style: TextStyle? = nil, size: Double? = nil, weight: FontWeight? = nil,
    color: ColorExpression = .defaultText, align: TextAlign = .leading, lines: Int = 1,
    truncation: ParagraphStyle.Truncation = .tail, lineHeight: Double? = nil, letterSpacing: Double = 0,
    underline: Bool = false, strikethrough: Bool = false, font: String? = nil, file: String = #fileID,
    line: Int = #line, column: Int = #column
  ) -> Node {
    let spec = LabelSpec(
      text: text, style: style, size: size, weight: weight, color: color, alignment: align, lines: lines,
      truncation: truncation, lineHeight: lineHeight, letterSpacing: letterSpacing, underline: underline,
      strikethrough: strikethrough, font: font)
    return here(spec, file, line, column)
  }

  /// A shape: give it a size, a fill, a border, corners or a shadow with the
  /// modifiers.
  public static func box(
    width: Double? = nil, height: Double? = nil, file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(BoxSpec(), file, line, column).frame(width: width, height: height)
  }

  /// A button; the lipped style (the default) draws a face with a border and a lip
  /// below it, whose colour is derived from the fill (`darken(fill, 0.2)`) unless
  /// given. `height` is the face's; a style other than lipped has 10-point corners
  /// unless `corner` is given.
  public static func button(
    _ title: LocalizedText, style: ButtonSpec.Style = .lipped, state: ButtonSpec.State = .normal, fill: ColorExpression? = nil,
    text: ColorExpression? = nil, border: ColorExpression? = nil, borderWidth: Double? = nil, lip: Double = 0,
    lipColor: ColorExpression? = nil, corner: Double? = nil, tint: ColorExpression = .defaultTint,
    height: Double = ButtonSpec.defaultHeight, size: Double = 17, weight: FontWeight = .semibold, file: String = #fileID,
    line: Int = #line, column: Int = #column
  ) -> Node {
    var face = Decoration()
    face.fill = fill
    face.border = border
    face.borderWidth = borderWidth
    face.radii = CornerRadii(corner ?? style.defaultCorner)
    let spec = ButtonSpec(
      title: title, titleColor: text, titleSize: size, titleWeight: weight, style: style, state: state, tint: tint, lip: lip,
      lipColor: lipColor, decoration: face)
    return here(spec, file, line, column).frame(height: height)
  }

  /// Space that grows to fill what a stack has left.
  public static func spacer(minLength: Double = 0, file: String = #fileID, line: Int = #line, column: Int = #column) -> Node {
    here(SpacerSpec(minLength: minLength), file, line, column)
  }

  /// A hairline across its stack; one pixel thick unless `thickness` is given, in
  /// the theme's `separator`, else UIKit's.
  public static func divider(
    color: ColorExpression = .defaultSeparator, thickness: Double? = nil, file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    here(DividerSpec(color: color, thickness: thickness), file, line, column)
  }

  /// A built-in icon in a `size`-point square; with a `style`, the square grows
  /// and shrinks with that text style under Dynamic Type.
  public static func icon(
    _ icon: Icon, size: Double = 24, color: ColorExpression = .defaultText, weight: Double = 2, style: TextStyle? = nil,
    file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(IconSpec(icon: icon, color: color, weight: weight, size: size, style: style), file, line, column)
  }

  /// An image of the theme's `images:`, drawn aspect-filled in its frame (its
  /// natural size without one).
  public static func image(
    _ name: String, corner: Double = 0, cornerCurve: CornerCurve = .circular, file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    here(ImageSpec(name: name, radii: CornerRadii(corner), cornerCurve: cornerCurve), file, line, column)
  }

  /// UIActivityIndicatorView.
  public static func activity(
    style: ActivitySpec.Style = .medium, color: ColorExpression = .system(.secondaryLabel), file: String = #fileID,
    line: Int = #line, column: Int = #column
  ) -> Node {
    here(ActivitySpec(style: style, color: color), file, line, column)
  }

  /// A card: an optional image across the top, a title, a subtitle and `children`,
  /// on a rounded surface with a soft shadow (change it with the modifiers).
  public static func card(
    title: LocalizedText? = nil, subtitle: LocalizedText? = nil, image: String? = nil, imageHeight: Double = 160, spacing: Double = 8,
    padding: Insets = .all(16), file: String = #fileID, line: Int = #line, column: Int = #column,
    @LayoutBuilder _ children: () -> [Node] = { [] }
  ) -> Node {
    let spec = CardSpec(
      title: title, subtitle: subtitle, image: image, imageHeight: imageHeight, children: children(), spacing: spacing,
      padding: padding)
    return here(spec, file, line, column)
  }

  /// UISwitch, 51 × 31 points.
  public static func `switch`(
    on: Bool = false, tint: ColorExpression = .system(.green), file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    here(SwitchSpec(on: on, tint: tint), file, line, column)
  }

  /// A count or a word on a capsule.
  public static func badge(
    _ text: LocalizedText, fill: ColorExpression = .system(.red), color: ColorExpression = .named("white"),
    file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(BadgeSpec(text: text, fill: fill, color: color), file, line, column)
  }

  /// A table-view cell at UIKit's metrics: at least 44 points, 16-point margins.
  public static func cell(
    title: LocalizedText, subtitle: LocalizedText? = nil, icon: Icon? = nil, image: String? = nil, accessory: CellAccessory = .none,
    detail: LocalizedText? = nil, badge: LocalizedText? = nil, on: Bool = false, selected: Bool = false, fill: ColorExpression? = nil,
    selectedFill: ColorExpression = .system(.gray4), titleColor: ColorExpression = .system(.label),
    subtitleColor: ColorExpression = .system(.secondaryLabel), tint: ColorExpression? = nil,
    iconColor: ColorExpression = .system(.blue), file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    let spec = CellSpec(
      title: title, subtitle: subtitle, icon: icon, image: image, accessory: accessory, detail: detail, badge: badge, on: on,
      selected: selected, fill: fill, selectedFill: selectedFill, titleColor: titleColor, subtitleColor: subtitleColor,
      tint: tint, iconColor: iconColor)
    return here(spec, file, line, column)
  }

  /// A table view's sections of cells; `textCase` cases the section headers (nil:
  /// the style's — capitals in the grouped styles).
  public static func list(
    style: ListSpec.Style = .insetGrouped, fill: ColorExpression? = nil, textCase: ListSpec.TextCase? = nil,
    sections: [ListSpec.Section], file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(ListSpec(style: style, sections: sections, fill: fill, textCase: textCase), file, line, column)
  }

  /// UISegmentedControl with `items`, `selected` raised.
  public static func segmented(
    _ items: [LocalizedText], selected: Int = 0, fill: ColorExpression = .system(.tertiaryFill),
    thumb: ColorExpression = .named("system.chrome.segmentedThumb"), color: ColorExpression = .system(.label),
    file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(SegmentedSpec(items: items, selected: selected, fill: fill, thumb: thumb, color: color), file, line, column)
  }

  /// UISearchBar's field, with `text` typed or the placeholder.
  public static func searchField(
    text: LocalizedText? = nil, placeholder: LocalizedText = "Search", fill: ColorExpression = .system(.tertiaryFill),
    file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(SearchFieldSpec(text: text, placeholder: placeholder, fill: fill), file, line, column)
  }

  /// UINavigationBar with a large or inline title, a back button or leading items,
  /// and trailing items (icons, text buttons, images).
  public static func navigationBar(
    _ title: LocalizedText, style: NavigationBarSpec.Style = .large, back: LocalizedText? = nil, leading: [BarItem] = [],
    trailing: [BarItem] = [], tint: ColorExpression = .system(.blue), fill: ColorExpression? = nil,
    file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    let spec = NavigationBarSpec(
      title: title, style: style, back: back, leading: leading, trailing: trailing, tint: tint, fill: fill)
    return here(spec, file, line, column)
  }

  /// UINavigationBar with a large or inline title, a back button and trailing icons.
  public static func navigationBar(
    _ title: LocalizedText, style: NavigationBarSpec.Style = .large, back: LocalizedText? = nil, trailing: [Icon],
    tint: ColorExpression = .system(.blue), fill: ColorExpression? = nil, file: String = #fileID, line: Int = #line,
    column: Int = #column
  ) -> Node {
    navigationBar(
      title, style: style, back: back, trailing: trailing.map(BarItem.icon), tint: tint, fill: fill, file: file,
      line: line, column: column)
  }

  /// UITabBar with `items`, `selected` tinted; `fill` nil: UIKit's default
  /// background (a material over content under it, else transparent).
  public static func tabBar(
    _ items: [TabBarSpec.Item], selected: Int = 0, tint: ColorExpression = .system(.blue),
    fill: ColorExpression? = nil, file: String = #fileID, line: Int = #line, column: Int = #column
  ) -> Node {
    here(TabBarSpec(items: items, selected: selected, tint: tint, fill: fill), file, line, column)
  }
}
