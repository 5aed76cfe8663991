/// Layouts built in Swift, and layout files loaded from a test.
extension Layout {
  /// A screen of `width` × `height` points (nil height: as tall as the content);
  /// several root nodes are stacked top to bottom.
  ///
  /// ```swift
  /// let layout = Layout("orders", width: 390, height: 300) {
  ///   Node.vstack(spacing: 12, padding: .all(16)) {
  ///     Node.label("Orders", style: .title1)
  ///     Node.button("Track", fill: .system.blue, text: .white, lip: 4, corner: 10)
  ///   }
  /// }
  /// ```
  public init(
    _ name: String, width: Double, height: Double?, scale: Double = 2, background: ColorExpression = .system.background,
    file: String = #fileID, @LayoutBuilder root: () -> [Node]
  ) {
    let tallest = Layout.tallestAuto(width: width, scale: scale)
    self.init(
      name: name, file: file, width: width, height: height ?? tallest, scale: scale, background: background,
      root: Layout.single(root(), file: file))
    autoHeight = height == nil
  }

  /// A device's screen: its size, scale and safe area, with a status bar and (on
  /// devices without a home button) a home indicator.
  public init(
    _ name: String, device: DevicePreset, background: ColorExpression = .system.background, file: String = #fileID,
    @LayoutBuilder root: () -> [Node]
  ) {
    self.init(
      name: name, file: file, width: device.size.width, height: device.size.height, scale: device.scale,
      background: background, root: Layout.single(root(), file: file))
    self.device = device
    safeArea = device.safeArea
    statusBar = true
    homeIndicator = device.hasHomeIndicator
  }

  /// The layout with a sheet presented over it at the elevated level, the screen
  /// behind dimmed.
  public func sheet(
    height: Double? = nil, background: ColorExpression = .system.background, grabber: Bool = true,
    @LayoutBuilder content: () -> [Node]
  ) -> Layout {
    var layout = self
    layout.presentation = .sheet(
      Presentation.Sheet(height: height, background: background, grabber: grabber, content: Layout.single(content(), file: file)))
    return layout
  }

  /// The layout with an alert presented over it: two buttons side by side (the
  /// second preferred), more stacked.
  public func alert(
    title: String, message: String? = nil, buttons: [String] = ["OK"], tint: ColorExpression = .systemBlue,
    background: ColorExpression = .system.background
  ) -> Layout {
    var layout = self
    let builder = ComponentBuilder(location: SourceLocation(file: file, line: 1, column: 1))
    let content = builder.alert(title: title, message: message, buttons: buttons.isEmpty ? ["OK"] : buttons, tint: tint)
    layout.presentation = .alert(Presentation.Alert(content: content, background: background))
    return layout
  }

  /// Reads a layout file, checking every name against `theme`.
  public static func load(_ file: String, theme: Theme) throws(DarkroomError) -> Layout {
    try LayoutParser(theme: theme).load(file: file)
  }

  /// The most an automatic height may grow to at `width` and `scale`: the side
  /// limit, and the pixel limit for that width.
  static func tallestAuto(width: Double, scale: Double) -> Double {
    let pixelWidth = max(1, Double(Int((width * scale).rounded())))
    let byPixels = Double(PixelBuffer.maximumPixelCount) / pixelWidth / scale
    return min(LayoutParser.maximumSide, Double(PixelBuffer.maximumSide) / scale, byPixels.rounded(.down))
  }

  /// One root: the node itself, or several stacked.
  private static func single(_ nodes: [Node], file: String) -> Node {
    if nodes.count == 1, let only = nodes.first { return only }
    let stack = Stack(axis: .vertical, spacing: 0, padding: .all(0), alignment: .fill, decoration: .none, children: nodes)
    return Node(kind: .stack(stack), width: nil, height: nil, location: SourceLocation(file: file, line: 1, column: 1))
  }
}
