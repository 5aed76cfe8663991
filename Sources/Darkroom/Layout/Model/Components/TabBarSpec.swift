import DarkroomRaster
/// `tabbar`: UITabBar — items of equal width, an icon over a title, the selected
/// one tinted, on a 49-point row whose background reaches under the home
/// indicator.
public struct TabBarSpec: Sendable {
  /// The tabs, leading to trailing; at least one.
  public var items: [Item] = []
  /// The selected tab, from 0. Default: 0.
  public var selected = 0
  /// The selected tab's colour. Default: `system.blue`.
  public var tint: ColorExpression = .system(.blue)
  /// The bar's background. Default: `system.background`.
  public var fill: ColorExpression = .system(.background)

  /// One tab.
  public struct Item: Sendable {
    /// Its icon.
    public var icon: Icon
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
  var kind: NodeKind { .tabbar }

  init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    items = try r.list("items", item: "a tab") { (tab: inout SpecReader) throws(DarkroomError) in
      var item = Item(icon: try tab.required("icon", as: Icon.self, missing: "a tab needs an 'icon'"))
      try tab.read("title", into: &item.title)
      return item
    } ?? []
    try r.read(into: &self, ("selected", \.selected), ("tint", \.tint), ("fill", \.fill))
  }

  func check(_ c: SpecChecker) throws(DarkroomError) {
    guard !items.isEmpty else { throw c.error("a tab bar needs 'items'", at: nil) }
    try c.number(Double(selected), "selected", in: 0...Double(items.count - 1))
    try c.colors(["tint": tint, "fill": fill])
  }

  func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    let tabs = items.enumerated().map { index, item in
      let ink: ColorExpression = index == selected ? tint : .system(.gray)
      let icon = node(IconSpec(icon: item.icon, color: ink, size: 26))
      let title = node(LabelSpec(text: item.title, style: .caption2, weight: .medium, color: ink, alignment: .center, scales: false))
      return node(
        StackSpec(
          axis: .vertical, spacing: 2, padding: Insets(top: 6, leading: 0, bottom: 0, trailing: 0), alignment: .center,
          children: [icon, title]))
    }
    let row = node(StackSpec(axis: .horizontal, distribution: .fillEqually, children: tabs)).frame(height: 49)
    var background = Decoration.filled(fill)
    background.extendsIntoSafeArea = true
    let line = node(BoxSpec(decoration: .filled(.system(.separator)))).frame(height: 0.5)
    return node(StackSpec(axis: .vertical, decoration: background, children: [line, row]))
  }
}
