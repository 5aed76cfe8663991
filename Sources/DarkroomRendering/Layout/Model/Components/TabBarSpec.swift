import DarkroomFoundation
import DarkroomRaster
/// `tabbar`: UITabBar — items of equal width, an icon over a 10-point title, the
/// selected one tinted, on a 49-point row whose background reaches under the home
/// indicator. Neither the icons nor the titles grow with Dynamic Type, as UIKit's do
/// not. Its default background is UIKit's: a material over content that scrolls
/// under it, nothing when none does.
public struct TabBarSpec: Sendable {
  /// The tabs, leading to trailing; at least one.
  public var items: [Item] = []
  /// The selected tab, from 0. Default: 0.
  public var selected = 0
  /// The selected tab's colour. Default: `system.blue`.
  public var tint: ColorExpression = .system(.blue)
  /// The bar's background, drawn whatever is under it (the app's opaque
  /// appearance); nil: UIKit's default — blurred content under a translucent
  /// `system.chrome.tabBar` tint when content is under the bar, transparent when
  /// none is (the scroll edge). Default: nil.
  public var fill: ColorExpression?

  /// One tab.
  public struct Item: Sendable {
    /// Its icon.
    public var icon: Icon
    /// Its icon's name as a layout writes it: a theme's symbol of that name is drawn
    /// in place of ``icon``. Nil: ``icon``.
    public var symbol: String? = nil
    /// Its title. Default: none.
    public var title: LocalizedText = ""

    /// A tab with `icon` over `title`.
    public init(icon: Icon, title: LocalizedText = "") {
      self.icon = icon
      self.title = title
    }
  }
}

extension TabBarSpec: ComponentSpec {
  package var kind: NodeKind { .tabbar }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    items = try r.list("items", item: "a tab") { (tab: inout SpecReader) throws(DarkroomError) in
      let name: String = try tab.required("icon", missing: "a tab needs an 'icon'")
      var item = Item(icon: Icon(rawValue: name) ?? .checkmark)
      item.symbol = name
      try tab.read("title", into: &item.title)
      return item
    } ?? []
    try r.read(into: &self, ("selected", \.selected), ("tint", \.tint), ("fill", \.fill))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    guard !items.isEmpty else { throw c.error("a tab bar needs 'items'", at: nil) }
    for (index, item) in items.enumerated() { try c.icon(item.symbol, "items.\(index).icon") }
    try c.number(Double(selected), "selected", in: 0...Double(items.count - 1))
    try c.colors(["tint": tint, "fill": fill])
  }

  package func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    // UIKit's stacked item on a 49-point bar: the glyph in the upper part, the
    // title (10 points, medium) below it. An icon square of 30 points draws
    // Darkroom's glyphs (which keep a margin in their 24-unit grid) about as large
    // as the HIG's 23-point square target for tab bar glyphs.
    let tabs = items.enumerated().map { index, item in
      let ink: ColorExpression = index == selected ? tint : .system(.gray)
      // A symbol at 22 points fills about the HIG's 23-point square target.
      let icon = node(IconSpec(named: IconName(item.symbol ?? item.icon.rawValue), color: ink, size: 30, pointSize: 22))
      let title = node(LabelSpec(text: item.title, size: 10, weight: .medium, color: ink, alignment: .center))
      return node(
        StackSpec(
          axis: .vertical, spacing: 1, padding: Insets(top: 3, leading: 2, bottom: 0, trailing: 2), alignment: .center,
          children: [icon, title]))
    }
    let row = node(StackSpec(axis: .horizontal, distribution: .fillEqually, children: tabs)).frame(height: 49)
    var background = Decoration()
    background.bar = BarBackground(
      edge: .bottom, fill: fill, tint: ChromeColor.tabBar.expression, shadow: ChromeColor.tabBarShadow.expression)
    background.extendsIntoSafeArea = true
    return node(StackSpec(axis: .vertical, decoration: background, children: [row]))
  }
}
