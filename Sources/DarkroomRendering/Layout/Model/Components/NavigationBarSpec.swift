import DarkroomFoundation
import DarkroomRaster
/// `navbar`: UINavigationBar — a back button or leading items, and trailing items,
/// on a 44-point row,
/// the title inline in the middle or large below; its background reaches under the
/// status bar. Its default background is UIKit's: a material over content that
/// scrolls under it, nothing at the scroll edge — where a screen's content starts.
public struct NavigationBarSpec: Sendable {
  /// The title. Default: none.
  public var title: LocalizedText = ""
  /// Large (below the row, growing with Dynamic Type) or inline. Default: `.large`.
  public var style: Style = .large
  /// The back button's title; nil: no back button.
  public var back: LocalizedText?
  /// Items at the leading end, in place of a back button, as UIKit's
  /// `leftBarButtonItems` (an account's avatar, a text button).
  public var leading: [BarItem] = []
  /// Items at the trailing end, in the order written (left to right; mirrored in
  /// a right-to-left locale).
  public var trailing: [BarItem] = []
  /// The back button's and items' colour. Default: `system.blue`.
  public var tint: ColorExpression = .system(.blue)
  /// The bar's background, drawn whatever is under it (the app's opaque
  /// appearance); nil: UIKit's default — transparent at the scroll edge, blurred
  /// content under a translucent `system.chrome.navigationBar` tint when content
  /// is under the bar. Default: nil.
  public var fill: ColorExpression?

  /// Where the title sits.
  public enum Style: String, Sendable, CaseIterable {
    /// Below the row, in the large title style.
    case large
    /// In the middle of the row.
    case inline
  }
}

extension NavigationBarSpec: ComponentSpec {
  package var kind: NodeKind { .navbar }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(
      into: &self, ("title", \.title), ("style", \.style), ("back", \.back), ("leading", \.leading),
      ("trailing", \.trailing), ("tint", \.tint), ("fill", \.fill))
    if back != nil && !leading.isEmpty {
      throw DarkroomError(
        "a navbar takes back or leading, not both: leading items take the back button's place, as UIKit's leftBarButtonItems do",
        at: r.valueLocation("leading"))
    }
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.colors(["tint": tint, "fill": fill])
    for case .image(let name, _) in leading + trailing { try c.image(name, "image") }
    for case .symbol(let name) in leading + trailing { try c.icon(name, "trailing") }
  }

  /// An item as the bar draws it: in the tint, at sizes that do not follow Dynamic
  /// Type, as UIKit's bar items keep theirs.
  private func item(_ item: BarItem, _ node: (any NodeSpec) -> Node) -> Node {
    switch item {
    case .icon(let icon):
      return node(IconSpec(named: IconName(icon), color: tint, size: 24, pointSize: 17))
    case .symbol(let name):
      // A bar button's symbol: the body's size, at the large scale.
      var symbol = IconSpec(named: IconName(name), color: tint, size: 24, pointSize: 17)
      symbol.scale = .large
      return node(symbol)
    case .text(let text, let done):
      return node(LabelSpec(text: text, style: .body, weight: done ? .semibold : nil, color: tint, scales: false))
    case .image(let name, let size):
      var image = ImageSpec(name: name)
      image.radii = CornerRadii(size / 2)
      return node(image).frame(width: size, height: size)
    }
  }

  package func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    // The bar's title and buttons keep their size with Dynamic Type, as UIKit's do
    // (only the large title grows).
    var row: [Node] = []
    if let back {
      let chevron = node(IconSpec(icon: .chevronLeft, color: tint, weight: 2.6, size: 22))
      let title = node(LabelSpec(text: back, style: .body, color: tint, scales: false))
      row.append(node(StackSpec(axis: .horizontal, spacing: 2, alignment: .center, children: [chevron, title])))
    }
    for entry in leading { row.append(item(entry, node)) }
    row.append(node(SpacerSpec()))
    for entry in trailing { row.append(item(entry, node)) }
    var bar = node(
      StackSpec(
        axis: .horizontal, spacing: 18, padding: .symmetric(vertical: 0, horizontal: back == nil ? 16 : 8),
        alignment: .center, children: row)
    ).frame(height: 44)
    if style == .inline {
      let title = node(LabelSpec(text: title, style: .headline, color: .system(.label), alignment: .center, scales: false))
      bar = node(ZStackSpec(children: [bar, title])).frame(height: 44)
    }
    var background = Decoration()
    background.bar = BarBackground(
      edge: .top, fill: fill, tint: ChromeColor.navigationBar.expression,
      shadow: ChromeColor.navigationBarShadow.expression)
    background.extendsIntoSafeArea = true
    guard style == .large else { return node(StackSpec(axis: .vertical, decoration: background, children: [bar])) }
    let large = LabelSpec(text: title, style: .largeTitle, weight: .bold, color: .system(.label))
    let titleRow = node(StackSpec(axis: .vertical, padding: Insets(top: 3, leading: 16, bottom: 8, trailing: 16), children: [node(large)]))
    return node(StackSpec(axis: .vertical, decoration: background, children: [bar, titleRow]))
  }
}

extension NavigationBarSpec.Style: SpecWord { package static var what: String { "navigation bar style" } }
