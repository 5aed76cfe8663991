import DarkroomFoundation
import DarkroomRaster
/// `cell`: a table-view cell at UIKit's metrics — at least 44 points, 16-point
/// margins — with a leading icon or image, a title and subtitle, an accessory at
/// its trailing end, and its own background when selected. As a row of a `list` it
/// takes the list's fill and separators.
///
/// Like UIListContentConfiguration, its text wraps rather than truncates, its
/// chevron and checkmark (SF Symbols) grow with the body style while the icon tile
/// keeps its 29 points (an image, as Settings' tiles are), and at the accessibility
/// sizes the detail text and a badge go under the title instead of beside it
/// (chevrons, checkmarks and switches stay at the trailing edge).
public struct CellSpec: Sendable {
  /// The title, in the body style.
  public var title: LocalizedText
  /// A subtitle below it, in the subheadline style.
  public var subtitle: LocalizedText?
  /// A built-in icon on a tinted square at the leading edge.
  public var icon: Icon?
  /// The leading icon's name as a layout writes it: a theme's symbol of that name is
  /// drawn on the square in place of ``icon``. Nil: ``icon``.
  public var symbol: String? = nil
  /// A theme image at the leading edge, when there is no icon.
  public var image: String?
  /// What the cell shows at its trailing end. Default: `.none`.
  public var accessory: CellAccessory = .none
  /// Text before the trailing edge (or before the chevron, with `.detail`).
  public var detail: LocalizedText?
  /// The badge's text, with `.badge`.
  public var badge: LocalizedText?
  /// Whether the switch is on, with `.switch`. Default: false.
  public var on = false
  /// Whether the cell is selected, which draws `selectedFill`. Default: false.
  public var selected = false
  /// The background; nil: the list's (`system.background` in a plain list,
  /// `system.secondaryGroupedBackground` otherwise).
  public var fill: ColorExpression?
  /// The background when selected. Default: `system.gray4`.
  public var selectedFill: ColorExpression = .system(.gray4)
  /// The title's colour. Default: `system.label`.
  public var titleColor: ColorExpression = .system(.label)
  /// The subtitle's colour. Default: `system.secondaryLabel`.
  public var subtitleColor: ColorExpression = .system(.secondaryLabel)
  /// The checkmark's and the switch's colour, as SwiftUI's `.tint(_:)` colours a
  /// row's checkmark and toggle; nil: UIKit's (a `system.blue` checkmark, a
  /// `system.green` switch).
  public var tint: ColorExpression? = nil
  /// The icon's square. Default: `system.blue`.
  public var iconColor: ColorExpression = .system(.blue)

  /// Whether a leading icon or image moves the title (and the separator) inwards.
  var hasLeadingImage: Bool { icon != nil || symbol != nil || image != nil }
}

/// What a table cell shows at its trailing end.
public enum CellAccessory: String, Sendable, CaseIterable {
  /// Nothing.
  case none
  /// ›, for a row that opens a screen.
  case chevron
  /// ✓ in the tint, for a chosen row.
  case checkmark
  /// The `detail` text and a chevron.
  case detail
  /// A switch, on or off.
  case `switch`
  /// A count on a red capsule.
  case badge
}

extension CellSpec: ComponentSpec {
  package var kind: NodeKind { .cell }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    self.init(title: try r.required("title", missing: "a cell needs a 'title'"))
    try r.read(
      into: &self, ("subtitle", \.subtitle), ("icon", \.symbol), ("image", \.image), ("accessory", \.accessory),
      ("detail", \.detail), ("badge", \.badge), ("on", \.on), ("selected", \.selected), ("fill", \.fill),
      ("selectedFill", \.selectedFill), ("titleColor", \.titleColor), ("subtitleColor", \.subtitleColor), ("tint", \.tint),
      ("iconColor", \.iconColor))
    icon = symbol.flatMap(Icon.init(rawValue:))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.icon(symbol, "icon")
    try c.image(image, "image")
    try c.colors([
      "fill": fill, "selectedFill": selectedFill, "titleColor": titleColor, "subtitleColor": subtitleColor, "tint": tint,
      "iconColor": iconColor,
    ])
  }

  package func body(at location: SourceLocation) -> Node {
    body(at: location, fill: fill ?? .system(.secondaryGroupedBackground))
  }

  /// The cell on `background` when it has no fill of its own.
  func body(at location: SourceLocation, fill background: ColorExpression) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    func symbol(_ icon: Icon, _ size: Double, _ color: ColorExpression, weight: Double = 2) -> Node {
      node(IconSpec(icon: icon, color: color, weight: weight, size: size)).scaling(with: .body)
    }
    func text(_ text: LocalizedText, _ style: TextStyle, _ color: ColorExpression) -> Node {
      node(LabelSpec(text: text, style: style, color: color, lines: 0))
    }
    let secondary = ColorExpression.system(.secondaryLabel), chevron = ColorExpression.system(.tertiaryLabel)
    var children: [Node] = []
    if let name = self.symbol ?? icon?.rawValue {
      // A symbol on the square is set at the body's size, as Settings' are.
      let square = ZStackSpec(
        decoration: .filled(iconColor, corner: 7),
        children: [node(IconSpec(named: IconName(name), color: .named("white"), size: 18, pointSize: 17))])
      children.append(node(square).frame(width: 29, height: 29))
    } else if let image {
      let picture = ImageSpec(name: image, radii: CornerRadii(7), cornerCurve: .continuous)
      children.append(node(picture).frame(width: 29, height: 29))
    }
    var texts = [text(title, .body, titleColor)]
    if let subtitle { texts.append(text(subtitle, .subheadline, subtitleColor)) }
    // At accessibility sizes the detail and a badge stack under the title.
    if let detail { texts.append(text(detail, .body, secondary).shown(at: .accessibility)) }
    if accessory == .badge {
      let badge = node(StackSpec(axis: .horizontal, children: [node(BadgeSpec(text: badge ?? "")), node(SpacerSpec())]))
      texts.append(badge.shown(at: .accessibility))
    }
    // The text takes what the icon and the trailing items leave.
    children.append(node(StackSpec(axis: .vertical, spacing: 2, children: texts)).filling())
    if let detail { children.append(node(LabelSpec(text: detail, style: .body, color: secondary)).shown(at: .regular)) }
    switch accessory {
    case .none: break
    case .chevron, .detail: children.append(symbol(.chevronRight, 17, chevron, weight: 2.6))
    case .checkmark: children.append(symbol(.checkmark, 20, tint ?? .system(.blue), weight: 2.6))
    case .switch: children.append(node(SwitchSpec(on: on, tint: tint ?? .system(.green))))
    case .badge: children.append(node(BadgeSpec(text: badge ?? "")).shown(at: .regular))
    }
    let row = StackSpec(
      axis: .horizontal, spacing: 14, padding: .symmetric(vertical: 11, horizontal: 16), alignment: .center,
      decoration: .filled(selected ? selectedFill : background), children: children)
    return node(row).frame(minHeight: 44)
  }

  /// The hairline under the cell in a list: from the title's leading edge (past
  /// the icon) to the trailing edge.
  func separator(at location: SourceLocation) -> Node {
    let line = Node(BoxSpec(decoration: .filled(.system(.separator))), at: location).frame(height: 0.5)
    let inset = hasLeadingImage ? 16 + 29 + 14 : 16.0
    return Node(
      StackSpec(axis: .vertical, padding: Insets(top: 0, leading: inset, bottom: 0, trailing: 0), children: [line]),
      at: location)
  }
}

extension CellAccessory: SpecWord { package static var what: String { "accessory" } }
