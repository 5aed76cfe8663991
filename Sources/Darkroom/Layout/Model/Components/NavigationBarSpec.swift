import DarkroomRaster
/// `navbar`: UINavigationBar — a back button and trailing items on a 44-point row,
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
  /// Icons at the trailing end.
  public var trailing: [Icon] = []
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
  var kind: NodeKind { .navbar }

  init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(
      into: &self, ("title", \.title), ("style", \.style), ("back", \.back), ("trailing", \.trailing), ("tint", \.tint),
      ("fill", \.fill))
  }

  func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.colors(["tint": tint, "fill": fill])
  }

  func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    // The bar's title and buttons keep their size with Dynamic Type, as UIKit's do
    // (only the large title grows).
    var row: [Node] = []
    if let back {
      let chevron = node(IconSpec(icon: .chevronLeft, color: tint, weight: 2.6, size: 22))
      let title = node(LabelSpec(text: back, style: .body, color: tint, scales: false))
      row.append(node(StackSpec(axis: .horizontal, spacing: 2, alignment: .center, children: [chevron, title])))
    }
    row.append(node(SpacerSpec()))
    for item in trailing { row.append(node(IconSpec(icon: item, color: tint))) }
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
