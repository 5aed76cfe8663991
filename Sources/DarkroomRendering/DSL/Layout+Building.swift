import DarkroomFoundation
import DarkroomRaster
/// Layouts built in Swift, and layout files loaded from a test.
extension Layout {
  /// A screen of `width` × `height` points (nil height: as tall as the content);
  /// several root nodes are stacked top to bottom. The background defaults to the
  /// theme's `background`, else UIKit's, as a layout file's does.
  ///
  /// ```swift
  /// let layout = Layout("orders", width: 390, height: 300) {
  ///   Node.vstack(spacing: 12, padding: .all(16)) {
  ///     Node.label("Orders", style: .title1)
  ///     Node.button("Track", fill: .system(.blue), text: .white, lip: 4, corner: 10)
  ///   }
  /// }
  /// ```
  public init(
    _ name: String, width: Double, height: Double?, scale: Double = 2, background: ColorExpression = .defaultBackground,
    file: String = #fileID, @LayoutBuilder root: () -> [Node]
  ) {
    let tallest = Layout.tallestAuto(width: width, scale: scale)
    self.init(
      name: name, file: file, width: width, height: height ?? tallest, scale: scale, root: Layout.single(root(), file: file))
    self.background = background
    autoHeight = height == nil
  }

  /// A device's screen: its size, scale and safe area, with a status bar and (on
  /// devices without a home button) a home indicator.
  public init(
    _ name: String, device: DevicePreset, background: ColorExpression = .defaultBackground, file: String = #fileID,
    @LayoutBuilder root: () -> [Node]
  ) {
    self.init(
      name: name, file: file, width: device.size.width, height: device.size.height, scale: device.scale,
      root: Layout.single(root(), file: file))
    self.background = background
    self.device = device
    safeArea = device.safeArea
    statusBar = true
    homeIndicator = device.hasHomeIndicator
  }

  /// The layout with a sheet presented over it at the elevated level, the screen
  /// behind dimmed.
  public func sheet(
    height: Double? = nil, background: ColorExpression = .defaultBackground, grabber: Bool = true,
    @LayoutBuilder content: () -> [Node]
  ) -> Layout {
    var layout = self
    layout.presentation = .sheet(
      SheetSpec(height: height, background: background, grabber: grabber, content: Layout.single(content(), file: file)))
    return layout
  }

  /// The layout with an alert presented over it: two buttons side by side (the
  /// second preferred), more stacked.
  public func alert(
    title: LocalizedText, message: LocalizedText? = nil, buttons: [LocalizedText] = ["OK"], tint: ColorExpression = .system(.blue),
    background: ColorExpression = .defaultBackground
  ) -> Layout {
    var layout = self
    let alert = AlertSpec(
      title: title, message: message, buttons: buttons, tint: tint, background: background,
      location: SourceLocation(file: file, line: 1, column: 1))
    layout.presentation = .alert(alert)
    return layout
  }

  /// Reads a layout file and checks it against `theme`.
  public static func load(_ file: String, theme: Theme) throws(DarkroomError) -> Layout {
    let layout = try LayoutParser().load(file: file)
    try layout.check(against: theme)
    return layout
  }

  /// One root: the node itself, or several stacked.
  private static func single(_ nodes: [Node], file: String) -> Node {
    if nodes.count == 1, let only = nodes.first { return only }
    return Node(StackSpec(axis: .vertical, children: nodes), at: SourceLocation(file: file, line: 1, column: 1))
  }
}
