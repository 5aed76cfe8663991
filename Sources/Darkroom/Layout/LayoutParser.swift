import Foundation

/// Reads layout files into ``Layout`` values, checking every name against a theme.
///
/// Everything a render could trip on is rejected here, with its file, line and
/// column: unknown node kinds and keys (with a suggestion), wrong types, unknown
/// colours, and sizes outside sane limits. A layout that parses renders.
public struct LayoutParser {
  /// The theme colour names are checked against.
  public let theme: Theme

  /// The deepest nesting accepted; deeper input is almost certainly generated or
  /// hostile, and would only exhaust the stack.
  public static let maximumDepth = 64
  /// The most nodes one layout may have.
  public static let maximumNodes = 10_000
  /// The largest side of a layout, in points.
  public static let maximumSide = 4096.0

  static let kinds =
    ["vstack", "hstack", "zstack", "label", "box", "button", "spacer", "icon", "image", "divider", "activity", "card"] + componentKinds

  /// Creates a parser for layouts drawn with `theme`.
  public init(theme: Theme) { self.theme = theme }

  /// Reads a layout file; its name is the file name without extension.
  public func load(file: String) throws(DarkroomError) -> Layout {
    let text = try FileStore.readText(file, what: "the layout")
    let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    return try parse(text, file: file, name: name)
  }

  /// Parses layout YAML; `file` names it in errors.
  public func parse(_ text: String, file: String, name: String) throws(DarkroomError) -> Layout {
    try Theme.checkModeName(name, at: SourceLocation(file: file, line: 1, column: 1))
    let root = try YAMLNode.parse(text, file: file)
    let top = try root.mapping("a layout")
    try top.checkKeys(
      allowed: ["size", "scale", "background", "root", "compare", "statusBar", "homeIndicator", "sheet", "alert"],
      in: "a layout")

    guard let sizeNode = top["size"] else {
      throw DarkroomError("a layout needs 'size: [width, height]' in points, or a device", at: root.location)
    }
    if case .scalar = sizeNode.node {
      return try parseDevice(sizeNode, top: top, root: root, file: file, name: name)
    }
    let size = try sizeNode.sequence("size")
    guard size.count == 2 else {
      throw DarkroomError("size is [width, height], found \(size.count) values", at: sizeNode.location)
    }
    let width = try size[0].number("the width", in: 1...Self.maximumSide)
    let scale = try top["scale"]?.number("scale", in: 1...4) ?? 2
    // `auto`: as tall as the content, up to what the pixel limits allow.
    let autoHeight = (try? size[1].string("the height")) == "auto"
    let height: Double
    if autoHeight {
      height = Layout.tallestAuto(width: width, scale: scale)
    } else {
      height = try size[1].number("the height (or auto)", in: 1...Self.maximumSide)
    }
    let pixelWidth = Int((width * scale).rounded()), pixelHeight = Int((height * scale).rounded())
    if pixelWidth > PixelBuffer.maximumSide || pixelHeight > PixelBuffer.maximumSide
      || pixelWidth * pixelHeight > PixelBuffer.maximumPixelCount
    {
      throw DarkroomError(
        "size × scale is \(pixelWidth)×\(pixelHeight) pixels, over the limit of \(PixelBuffer.maximumSide) per side and \(PixelBuffer.maximumPixelCount) in all",
        at: sizeNode.location)
    }
    let background: ColorExpression
    if let node = top["background"] {
      background = try color(node, what: "background")
    } else {
      // As in UIKit: a view's background is the system background unless the
      // theme has its own.
      background = pageBackground
    }
    guard let rootNode = top["root"] else {
      throw DarkroomError("a layout needs a 'root' node", at: root.location)
    }
    var count = 0
    let tree = try node(rootNode, depth: 0, count: &count)
    var layout = Layout(
      name: name, file: file, width: width, height: height, scale: scale, background: background,
      root: tree)
    layout.autoHeight = autoHeight
    try finish(&layout, top: top, count: &count)
    return layout
  }

  /// A layout whose `size` names a device: its size, scale and safe area.
  private func parseDevice(
    _ sizeNode: YAMLNode, top: Properties, root: YAMLNode, file: String, name: String
  ) throws(DarkroomError) -> Layout {
    let device = try sizeNode.choice("device", as: DevicePreset.self)
    let scale = try top["scale"]?.number("scale", in: 1...4) ?? device.scale
    guard let rootNode = top["root"] else {
      throw DarkroomError("a layout needs a 'root' node", at: root.location)
    }
    var count = 0
    let tree = try node(rootNode, depth: 0, count: &count)
    let background: ColorExpression =
      try top["background"].map { (node) throws(DarkroomError) in try color(node, what: "background") }
      ?? pageBackground
    var layout = Layout(
      name: name, file: file, width: device.size.width, height: device.size.height, scale: scale,
      background: background, root: tree)
    layout.device = device
    layout.safeArea = device.safeArea
    layout.statusBar = true
    layout.homeIndicator = device.hasHomeIndicator
    try finish(&layout, top: top, count: &count)
    return layout
  }

  /// The keys every layout may have after its size and root.
  private func finish(_ layout: inout Layout, top: Properties, count: inout Int) throws(DarkroomError) {
    if let compare = top["compare"] { layout.compare = try CompareSettings.parse(compare) }
    if let node = top["statusBar"] { layout.statusBar = try node.bool("statusBar") }
    if let node = top["homeIndicator"] { layout.homeIndicator = try node.bool("homeIndicator") }
    if top["sheet"] != nil, let alert = top["alert"] {
      throw DarkroomError("a layout presents a sheet or an alert, not both", at: alert.location)
    }
    if let node = top["sheet"] { layout.presentation = .sheet(try parseSheet(node, count: &count)) }
    if let node = top["alert"] { layout.presentation = .alert(try parseAlert(node, count: &count)) }
  }

  /// The background of a layout, sheet or alert that names none.
  private var pageBackground: ColorExpression {
    .named(theme.colors["background"] != nil ? "background" : "system.background")
  }

  private func parseSheet(_ yaml: YAMLNode, count: inout Int) throws(DarkroomError) -> Presentation.Sheet {
    let entries = try yaml.mapping("a sheet")
    try entries.checkKeys(allowed: ["height", "background", "grabber", "content"], in: "a sheet")
    guard let content = entries["content"] else {
      throw DarkroomError("a sheet needs 'content' (a node)", at: yaml.location)
    }
    return Presentation.Sheet(
      height: try entries["height"]?.number("the sheet's height", in: 1...Self.maximumSide),
      background: try entries["background"].map { (node) throws(DarkroomError) in try color(node, what: "background") }
        ?? pageBackground,
      grabber: try entries["grabber"]?.bool("grabber") ?? true,
      content: try node(content, depth: 1, count: &count))
  }

  private func parseAlert(_ yaml: YAMLNode, count: inout Int) throws(DarkroomError) -> Presentation.Alert {
    let entries = try yaml.mapping("an alert")
    try entries.checkKeys(allowed: ["title", "message", "buttons", "tint", "background"], in: "an alert")
    guard let titleNode = entries["title"] else { throw DarkroomError("an alert needs a 'title'", at: yaml.location) }
    let tint = try entries["tint"].map { (node) throws(DarkroomError) in try color(node, what: "tint") } ?? .named("system.blue")
    var buttons: [String] = []
    for item in try entries["buttons"]?.sequence("buttons") ?? [] { buttons.append(try item.string("a button")) }
    if buttons.isEmpty { buttons = ["OK"] }
    var message: String? = nil
    if let node = entries["message"] { message = try node.string("message") }
    let content = ComponentBuilder(location: yaml.location).alert(
      title: try titleNode.string("title"), message: message, buttons: buttons, tint: tint)
    count += ComponentBuilder.nodeCount(content)
    return Presentation.Alert(
      content: content,
      background: try entries["background"].map { (node) throws(DarkroomError) in try color(node, what: "background") }
        ?? pageBackground)
  }

  func color(_ node: YAMLNode, what: String) throws(DarkroomError) -> ColorExpression {
    try theme.parseColor(try node.string(what), at: node.textLocation)
  }

  private func node(_ yaml: YAMLNode, depth: Int, count: inout Int) throws(DarkroomError) -> Node {
    count += 1
    guard depth < Self.maximumDepth else {
      throw DarkroomError("nodes are nested more than \(Self.maximumDepth) deep", at: yaml.location)
    }
    guard count <= Self.maximumNodes else {
      throw DarkroomError("a layout may have at most \(Self.maximumNodes) nodes", at: yaml.location)
    }
    let kind: String
    let location: SourceLocation
    let properties: Properties
    if case .scalar(let scalar) = yaml.node, !scalar.string.isEmpty {
      // A bare kind, `- spacer`, is that node with no keys.
      kind = scalar.string
      location = yaml.textLocation
      properties = []
    } else {
      let entries = try yaml.mapping("a node")
      guard entries.count == 1, let entry = entries.first else {
        throw DarkroomError(
          "a node is a mapping with one key, its kind (\(Self.kinds.joined(separator: ", "))), found \(entries.count) keys",
          at: yaml.location)
      }
      kind = entry.key
      location = entry.keyNode.location
      if case .scalar(let scalar) = entry.value.node, scalar.string.isEmpty || scalar.string == "~" {
        properties = []
      } else {
        properties = try entry.value.mapping(kind)
      }
    }
    guard Self.kinds.contains(kind) else {
      throw DarkroomError(
        "unknown node kind '\(kind)' (expected \(Self.kinds.joined(separator: ", ")))",
        at: location, suggestion: Suggestion.closest(to: kind, in: Self.kinds))
    }
    let what = "a \(kind)"
    let (width, fillsWidth) = try side(properties["width"], "width")
    let (height, fillsHeight) = try side(properties["height"], "height")
    let opacity = try properties["opacity"]?.number("opacity", in: 0...1) ?? 1
    let traits = try traitOverride(properties)
    var limits = SizeLimits()
    limits.minWidth = try properties["minWidth"]?.number("minWidth", in: 0...Self.maximumSide)
    limits.maxWidth = try properties["maxWidth"]?.number("maxWidth", in: 0...Self.maximumSide)
    limits.minHeight = try properties["minHeight"]?.number("minHeight", in: 0...Self.maximumSide)
    limits.maxHeight = try properties["maxHeight"]?.number("maxHeight", in: 0...Self.maximumSide)
    if let low = limits.minWidth, let high = limits.maxWidth, low > high {
      throw DarkroomError("minWidth \(YAMLNode.format(low)) is more than maxWidth \(YAMLNode.format(high))", at: location)
    }
    if let low = limits.minHeight, let high = limits.maxHeight, low > high {
      throw DarkroomError("minHeight \(YAMLNode.format(low)) is more than maxHeight \(YAMLNode.format(high))", at: location)
    }
    var parsed = try node(kind: kind, properties, what: what, width: width, height: height, at: location, depth: depth, count: &count)
    // A kind may set its own opacity (a disabled button); `opacity:` multiplies it.
    parsed.opacity *= opacity
    parsed.traits = traits
    parsed.fills = FillAxes(width: fillsWidth, height: fillsHeight)
    if let node = properties["aspectRatio"] { parsed.aspectRatio = try aspectRatio(node) }
    // Limits written on the node win over those a component sets for itself.
    parsed.limits.minWidth = limits.minWidth ?? parsed.limits.minWidth
    parsed.limits.maxWidth = limits.maxWidth ?? parsed.limits.maxWidth
    parsed.limits.minHeight = limits.minHeight ?? parsed.limits.minHeight
    parsed.limits.maxHeight = limits.maxHeight ?? parsed.limits.maxHeight
    return parsed
  }

  private func node(
    kind: String, _ properties: Properties, what: String, width: Double?, height: Double?, at location: SourceLocation,
    depth: Int, count: inout Int
  ) throws(DarkroomError) -> Node {
    let size = [
      "width", "height", "opacity", "traits", "darkMode", "minWidth", "maxWidth", "minHeight", "maxHeight", "aspectRatio",
    ]
    switch kind {
    case "vstack", "hstack":
      try properties.checkKeys(
        allowed: ["spacing", "padding", "align", "clip", "children", "distribution"] + size + Self.decorationKeys, in: what)
      var children: [Node] = []
      if let list = properties["children"] {
        for child in try list.sequence("children") {
          children.append(try node(child, depth: depth + 1, count: &count))
        }
      }
      var decoration = try decoration(properties)
      decoration.clip = try properties["clip"]?.bool("clip") ?? false
      var stack = Stack(
        axis: kind == "vstack" ? .vertical : .horizontal,
        spacing: try properties["spacing"]?.number("spacing", in: 0...1000) ?? 0,
        padding: try padding(properties["padding"]),
        alignment: try alignment(properties["align"], axis: kind == "vstack" ? .vertical : .horizontal),
        decoration: decoration,
        children: children)
      stack.distribution = try properties["distribution"]?.choice("distribution", as: Stack.Distribution.self) ?? .packed
      return Node(kind: .stack(stack), width: width, height: height, location: location)

    case "zstack":
      try properties.checkKeys(allowed: ["padding", "align", "children"] + size + Self.decorationKeys, in: what)
      var children: [Node] = []
      if let list = properties["children"] {
        for child in try list.sequence("children") {
          children.append(try node(child, depth: depth + 1, count: &count))
        }
      }
      let overlay = Overlay(
        alignment: try properties["align"]?.choice("align", as: Overlay.Alignment.self) ?? .center,
        padding: try padding(properties["padding"]), decoration: try decoration(properties), children: children)
      return Node(kind: .overlay(overlay), width: width, height: height, location: location)

    case "label":
      try properties.checkKeys(
        allowed: [
          "text", "style", "size", "weight", "color", "align", "lines", "truncation", "lineHeight", "letterSpacing",
          "underline", "strikethrough", "font",
        ] + size, in: what)
      guard let textNode = properties["text"] else {
        throw DarkroomError("a label needs 'text'", at: location)
      }
      let text = try textNode.string("text")
      guard text.unicodeScalars.count <= 1000 else {
        throw DarkroomError("label text is limited to 1000 characters", at: textNode.location)
      }
      let style = try properties["style"]?.choice("text style", as: TextStyle.self)
      let givenSize = try properties["size"]?.number("size", in: 1...200)
      var label = Label(
        text: text, style: style, size: givenSize,
        weight: try properties["weight"]?.choice("weight", as: FontWeight.self),
        color: try defaultedColor(properties["color"], what: "color", fallback: "primaryText", at: location),
        alignment: try properties["align"]?.choice("text alignment", as: TextAlignment.self) ?? .leading)
      if let node = properties["lines"] {
        let lines = try node.number("lines", in: 0...1000)
        guard lines == lines.rounded() else { throw DarkroomError("lines must be a whole number (0: no limit)", at: node.location) }
        label.lines = Int(lines)
      }
      label.truncation = try properties["truncation"]?.choice("truncation", as: ParagraphStyle.Truncation.self) ?? .tail
      label.lineHeight = try properties["lineHeight"]?.number("lineHeight", in: 1...1000)
      label.letterSpacing = try properties["letterSpacing"]?.number("letterSpacing", in: -20...100) ?? 0
      label.underline = try properties["underline"]?.bool("underline") ?? false
      label.strikethrough = try properties["strikethrough"]?.bool("strikethrough") ?? false
      if let node = properties["font"] {
        let name = try node.string("font")
        guard theme.fonts[name] != nil else {
          let known = theme.fonts.keys.sorted()
          let hint = known.isEmpty ? "the theme names no fonts" : "the theme's fonts: " + known.joined(separator: ", ")
          throw DarkroomError(
            "unknown font '\(name)' (\(hint))", at: node.textLocation, suggestion: Suggestion.closest(to: name, in: known))
        }
        label.font = name
      }
      return Node(kind: .label(label), width: width, height: height, location: location)

    case "box":
      try properties.checkKeys(allowed: size + Self.decorationKeys, in: what)
      return Node(kind: .box(try decoration(properties)), width: width, height: height, location: location)

    case "button":
      try properties.checkKeys(
        allowed: ["title", "text", "size", "weight", "lip", "lipColor", "style", "state", "tint"] + size + Self.decorationKeys,
        in: what)
      var face = try decoration(properties)
      let style = try properties["style"]?.choice("button style", as: ButtonStyle.self) ?? .lipped
      let state = try properties["state"]?.choice("button state", as: ButtonState.self) ?? .normal
      let tint = try properties["tint"].map { (node) throws(DarkroomError) in try color(node, what: "tint") }
        ?? .named(theme.colors["key"] != nil ? "key" : "system.blue")
      let styled = style.styled(
        face, title: try properties["text"].map { (node) throws(DarkroomError) in try color(node, what: "text") }, tint: tint,
        lippedTitle: try defaultedColor(nil, what: "text", fallback: "primaryText", at: location),
        cornerGiven: properties["corner"] != nil)
      face = styled.face
      let lipColor = try properties["lipColor"].map { (node) throws(DarkroomError) in try color(node, what: "lipColor") }
      let lip = try properties["lip"]?.number("lip", in: 0...100) ?? 0
      if lip > 0, face.fill == nil, lipColor == nil {
        throw DarkroomError("a button with a lip needs a 'fill' or a 'lipColor'", at: location)
      }
      if lip > 0 && style != .lipped, let node = properties["lip"] {
        throw DarkroomError("only a lipped button has a lip (this one is \(style.rawValue))", at: node.location)
      }
      var button = Button(
        title: try properties["title"]?.string("title") ?? "",
        titleColor: styled.title,
        titleSize: try properties["size"]?.number("size", in: 1...200) ?? 17,
        titleWeight: try properties["weight"]?.choice("weight", as: FontWeight.self) ?? .semibold,
        face: face, lip: lip, lipColor: lipColor)
      button.pressed = state == .pressed
      var made = Node(kind: .button(button), width: width, height: height ?? 44, location: location)
      // Disabled: the whole button at 40%, as one layer, as UIKit dims it.
      if state == .disabled { made.opacity = 0.4 }
      return made

    case "icon":
      try properties.checkKeys(allowed: ["name", "color", "weight", "size"] + size, in: what)
      guard let nameNode = properties["name"] else {
        throw DarkroomError("an icon needs a 'name' (\(Icon.allCases.map(\.rawValue).joined(separator: ", ")))", at: location)
      }
      let icon = IconNode(
        icon: try nameNode.choice("icon", as: Icon.self),
        color: try defaultedColor(properties["color"], what: "color", fallback: "primaryText", at: location),
        weight: try properties["weight"]?.number("weight", in: 0.5...6) ?? 2)
      let side = try properties["size"]?.number("size", in: 1...1000) ?? 24
      return Node(kind: .icon(icon), width: width ?? side, height: height ?? side, location: location)

    case "image":
      try properties.checkKeys(allowed: ["name", "corner", "cornerCurve"] + size, in: what)
      guard let nameNode = properties["name"] else {
        throw DarkroomError("an image needs a 'name' from the theme's images", at: location)
      }
      let name = try imageName(nameNode)
      guard let dynamic = theme.images[name] else { throw DarkroomError("unknown image '\(name)'", at: nameNode.textLocation) }
      let image = ImageNode(
        name: name, radii: try radii(properties["corner"]),
        cornerCurve: try properties["cornerCurve"]?.choice("corner curve", as: CornerCurve.self) ?? .circular)
      // With neither side given the image takes its natural size in points; with
      // one, the layout engine fills the other from what it is offered or from the
      // aspect ratio.
      let natural = dynamic.pointSize
      let bothMissing = width == nil && height == nil
      return Node(
        kind: .image(image), width: bothMissing ? natural.width : width,
        height: bothMissing ? natural.height : height, location: location)

    case "divider":
      try properties.checkKeys(allowed: ["color", "thickness"] + size, in: what)
      let divider = Divider(
        color: try defaultedColor(properties["color"], what: "color", fallback: "separator", default: "system.separator", at: location),
        thickness: try properties["thickness"]?.number("thickness", in: 0.1...100))
      return Node(kind: .divider(divider), width: width, height: height, location: location)

    case "activity":
      try properties.checkKeys(allowed: ["style", "color"] + size, in: what)
      let style = try properties["style"]?.word("activity indicator style", from: ["medium", "large"]) ?? "medium"
      let side = style == "large" ? 37.0 : 20.0
      let indicator = ActivityIndicator(
        color: try properties["color"].map { (node) throws(DarkroomError) in try color(node, what: "color") }
          ?? .named("system.secondaryLabel"))
      return Node(kind: .activity(indicator), width: width ?? side, height: height ?? side, location: location)

    case "card":
      try properties.checkKeys(
        allowed: ["title", "subtitle", "image", "imageHeight", "children", "spacing", "padding"] + size + Self.decorationKeys,
        in: what)
      var children: [Node] = []
      for child in try properties["children"]?.sequence("children") ?? [] {
        children.append(try node(child, depth: depth + 1, count: &count))
      }
      var image: String? = nil
      if let node = properties["image"] { image = try imageName(node) }
      var decoration = try decoration(properties)
      if properties["fill"] == nil && properties["gradient"] == nil { decoration.fill = .named("system.secondaryGroupedBackground") }
      if properties["corner"] == nil {
        decoration.radii = CornerRadii(12)
        decoration.cornerCurve = .continuous
      }
      if properties["shadow"] == nil {
        decoration.shadow = ShadowSpec(color: .alpha(.named("black"), 0.08), x: 0, y: 2, blur: 12, spread: 0)
      }
      let spec = ComponentBuilder.CardSpec(
        title: try properties["title"]?.string("title"), subtitle: try properties["subtitle"]?.string("subtitle"),
        image: image, imageHeight: try properties["imageHeight"]?.number("imageHeight", in: 1...Self.maximumSide) ?? 160,
        children: children, spacing: try properties["spacing"]?.number("spacing", in: 0...1000) ?? 8,
        padding: properties["padding"] == nil ? .all(16) : try padding(properties["padding"]), decoration: decoration)
      let card = ComponentBuilder(location: location).card(spec)
      return Node(kind: card.kind, width: width, height: height, location: location)

    case _ where Self.componentKinds.contains(kind):
      let built = try component(kind: kind, properties, what: what, width: width, height: height, at: location, generic: size)
      var made = Node(kind: built.kind, width: width ?? built.width, height: height ?? built.height, location: location)
      made.limits = built.limits
      made.opacity = built.opacity
      return made

    default:  // spacer
      try properties.checkKeys(allowed: ["minLength"], in: what)
      let minLength = try properties["minLength"]?.number("minLength", in: 0...Self.maximumSide) ?? 0
      return Node(kind: .spacer(minLength: minLength), width: nil, height: nil, location: location)
    }
  }

  /// An image name that the theme's `images:` has.
  func imageName(_ node: YAMLNode) throws(DarkroomError) -> String {
    let name = try node.string("the image name")
    try theme.checkImage(named: name, at: node.textLocation)
    return name
  }

  private func defaultedColor(
    _ node: YAMLNode?, what: String, fallback: String, default system: String = "system.label", at location: SourceLocation
  ) throws(DarkroomError) -> ColorExpression {
    if let node { return try color(node, what: what) }
    // The theme's own colour, else UIKit's.
    return theme.colors[fallback] != nil || theme.palette[fallback] != nil ? .named(fallback) : .named(system)
  }

  /// A `width` or `height`: points, or `fill` (all that is offered).
  private func side(_ node: YAMLNode?, _ what: String) throws(DarkroomError) -> (Double?, fills: Bool) {
    guard let node else { return (nil, false) }
    if case .scalar(let scalar) = node.node, scalar.string == "fill" { return (nil, true) }
    if case .scalar(let scalar) = node.node, Double(scalar.string) == nil {
      throw DarkroomError(
        "\(what) is a number of points or 'fill', found '\(scalar.string)'", at: node.textLocation,
        suggestion: Suggestion.closest(to: scalar.string, in: ["fill"]))
    }
    return (try node.number(what, in: 0...Self.maximumSide), false)
  }

  /// `aspectRatio`: width over height, as a number (1.5) or a ratio ("16:9").
  private func aspectRatio(_ node: YAMLNode) throws(DarkroomError) -> Double {
    let range = 0.01...100.0
    if case .scalar(let scalar) = node.node, scalar.string.contains(":") {
      let parts = scalar.string.split(separator: ":", omittingEmptySubsequences: false)
      if parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
        let h = Double(parts[1].trimmingCharacters(in: .whitespaces)), w > 0, h > 0, range.contains(w / h)
      {
        return w / h
      }
      throw DarkroomError(
        "aspectRatio is width over height, a number or 'width:height' of positive numbers, found '\(scalar.string)'",
        at: node.textLocation)
    }
    return try node.number("aspectRatio", in: range)
  }

  private func padding(_ node: YAMLNode?) throws(DarkroomError) -> EdgeInsets {
    guard let node else { return .all(0) }
    guard node.isSequence else { return .all(try node.number("padding", in: 0...1000)) }
    let values = try node.sequence("padding")
    var numbers: [Double] = []
    for value in values { numbers.append(try value.number("padding", in: 0...1000)) }
    switch numbers.count {
    case 2: return EdgeInsets(top: numbers[0], leading: numbers[1], bottom: numbers[0], trailing: numbers[1])
    case 4: return EdgeInsets(top: numbers[0], leading: numbers[3], bottom: numbers[2], trailing: numbers[1])
    default:
      throw DarkroomError(
        "padding is a number, [vertical, horizontal] or [top, right, bottom, left], found \(numbers.count) values",
        at: node.location)
    }
  }

  /// `traits: { style, level, contrast }` and `darkMode: false` (which is
  /// `style: light`); nil when the node sets neither.
  private func traitOverride(_ properties: Properties) throws(DarkroomError) -> TraitOverride? {
    var override = TraitOverride()
    var any = false
    if let node = properties["traits"] {
      let entries = try node.mapping("traits")
      try entries.checkKeys(allowed: ["style", "level", "contrast"], in: "traits")
      override.style = try entries["style"]?.choice("style", as: Traits.Style.self)
      override.level = try entries["level"]?.choice("level", as: Traits.Level.self)
      override.contrast = try entries["contrast"]?.choice("contrast", as: Traits.Contrast.self)
      any = true
    }
    if let node = properties["darkMode"], try !node.bool("darkMode") {
      if override.style == .dark {
        throw DarkroomError("darkMode: false contradicts traits: { style: dark }", at: node.location)
      }
      override.style = .light
      any = true
    }
    return any ? override : nil
  }

  private func alignment(_ node: YAMLNode?, axis: Axis) throws(DarkroomError) -> CrossAlignment {
    guard let node else { return .fill }
    if axis == .horizontal {
      // An hstack's cross axis is vertical; top and bottom read better there.
      switch try node.word("align", from: ["fill", "top", "center", "bottom", "baseline", "leading", "trailing"]) {
      case "top", "leading": return .leading
      case "bottom", "trailing": return .trailing
      case "center": return .center
      case "baseline": return .baseline
      default: return .fill
      }
    }
    return CrossAlignment(rawValue: try node.word("align", from: ["fill", "leading", "center", "trailing"])) ?? .fill
  }
}
