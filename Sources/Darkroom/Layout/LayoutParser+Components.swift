/// UIKit's components, written as one node each and built here from stacks, boxes,
/// labels and icons — so every one is drawn, measured and dumped like the primitives,
/// and each colour is a semantic colour the layout may replace (`fill`, `tint`, …).
extension LayoutParser {
  /// The component node kinds.
  static let componentKinds = ["switch", "badge", "cell", "list", "segmented", "searchfield", "navbar", "tabbar"]

  /// Builds a component from its keys.
  func component(
    kind: String, _ properties: Properties, what: String, width: Double?, height: Double?, at location: SourceLocation,
    generic: [String]
  ) throws(DarkroomError) -> Node {
    let build = ComponentBuilder(location: location)
    func color(_ key: String, _ fallback: String) throws(DarkroomError) -> ColorExpression {
      try properties[key].map { (node) throws(DarkroomError) in try self.color(node, what: key) } ?? .named(fallback)
    }
    switch kind {
    case "switch":
      try properties.checkKeys(allowed: ["on", "tint"] + generic, in: what)
      return build.toggle(on: try properties["on"]?.bool("on") ?? false, tint: try color("tint", "system.green"))

    case "badge":
      try properties.checkKeys(allowed: ["text", "fill", "color"] + generic, in: what)
      return build.badge(
        try properties["text"]?.string("text") ?? "", fill: try color("fill", "system.red"), color: try color("color", "white"))

    case "cell":
      try properties.checkKeys(allowed: ComponentBuilder.cellKeys + generic, in: what)
      return try cell(properties, build: build, style: .insetGrouped, separatorInset: nil).node

    case "list":
      try properties.checkKeys(allowed: ["style", "sections", "fill"] + generic, in: what)
      let style = try properties["style"]?.choice("list style", as: ComponentBuilder.ListStyle.self) ?? .insetGrouped
      var sections: [ComponentBuilder.Section] = []
      for item in try properties["sections"]?.sequence("sections") ?? [] {
        let fields = try item.mapping("a section")
        try fields.checkKeys(allowed: ["header", "footer", "rows"], in: "a section")
        var rows: [Node] = []
        let written = try fields["rows"]?.sequence("rows") ?? []
        for (index, row) in written.enumerated() {
          let cellFields = try row.mapping("a row")
          try cellFields.checkKeys(allowed: ComponentBuilder.cellKeys, in: "a row")
          var fieldsWithFill = cellFields
          if cellFields["fill"] == nil, let fill = properties["fill"] { fieldsWithFill.append(("fill", fill, fill)) }
          let made = try cell(fieldsWithFill, build: build, style: style, separatorInset: nil)
          rows.append(made.node)
          if index + 1 < written.count { rows.append(build.separator(inset: made.separatorInset)) }
        }
        sections.append(
          ComponentBuilder.Section(
            header: try fields["header"]?.string("header"), footer: try fields["footer"]?.string("footer"), rows: rows))
      }
      return build.list(sections, style: style)

    case "segmented":
      try properties.checkKeys(allowed: ["items", "selected", "fill", "thumb", "color"] + generic, in: what)
      var items: [String] = []
      for item in try properties["items"]?.sequence("items") ?? [] { items.append(try item.string("a segment")) }
      guard !items.isEmpty else { throw DarkroomError("a segmented control needs 'items'", at: location) }
      let selected = Int(try properties["selected"]?.number("selected", in: 0...Double(items.count - 1)) ?? 0)
      return build.segmented(
        items, selected: selected, fill: try color("fill", "system.tertiaryFill"),
        thumb: try color("thumb", "system.tertiaryBackground"), color: try color("color", "system.label"))

    case "searchfield":
      try properties.checkKeys(allowed: ["placeholder", "text", "fill"] + generic, in: what)
      return build.searchField(
        text: try properties["text"]?.string("text"), placeholder: try properties["placeholder"]?.string("placeholder") ?? "Search",
        fill: try color("fill", "system.tertiaryFill"))

    case "navbar":
      try properties.checkKeys(allowed: ["title", "style", "back", "trailing", "tint", "fill"] + generic, in: what)
      var trailing: [Icon] = []
      for item in try properties["trailing"]?.sequence("trailing") ?? [] { trailing.append(try item.choice("icon", as: Icon.self)) }
      return build.navigationBar(
        title: try properties["title"]?.string("title") ?? "",
        large: try properties["style"]?.word("navigation bar style", from: ["large", "inline"]) != "inline",
        back: try properties["back"]?.string("back"), trailing: trailing, tint: try color("tint", "system.blue"),
        fill: try properties["fill"].map { (node) throws(DarkroomError) in try self.color(node, what: "fill") })

    default:  // tabbar
      try properties.checkKeys(allowed: ["items", "selected", "tint", "fill"] + generic, in: what)
      var items: [(Icon, String)] = []
      for item in try properties["items"]?.sequence("items") ?? [] {
        let fields = try item.mapping("a tab")
        try fields.checkKeys(allowed: ["icon", "title"], in: "a tab")
        guard let icon = fields["icon"] else { throw DarkroomError("a tab needs an 'icon'", at: item.location) }
        items.append((try icon.choice("icon", as: Icon.self), try fields["title"]?.string("title") ?? ""))
      }
      guard !items.isEmpty else { throw DarkroomError("a tab bar needs 'items'", at: location) }
      let selected = Int(try properties["selected"]?.number("selected", in: 0...Double(items.count - 1)) ?? 0)
      return build.tabBar(items, selected: selected, tint: try color("tint", "system.blue"), fill: try color("fill", "system.background"))
    }
  }

  /// A table cell from its keys, and how far its separator is inset.
  private func cell(
    _ fields: Properties, build: ComponentBuilder, style: ComponentBuilder.ListStyle, separatorInset: Double?
  ) throws(DarkroomError) -> (node: Node, separatorInset: Double) {
    guard let title = fields["title"] else { throw DarkroomError("a cell needs a 'title'", at: build.location) }
    func color(_ key: String, _ fallback: String) throws(DarkroomError) -> ColorExpression {
      try fields[key].map { (node) throws(DarkroomError) in try self.color(node, what: key) } ?? .named(fallback)
    }
    let accessory = try fields["accessory"]?.choice("accessory", as: CellAccessory.self) ?? .none
    let spec = ComponentBuilder.CellSpec(
      title: try title.string("title"), subtitle: try fields["subtitle"]?.string("subtitle"),
      icon: try fields["icon"]?.choice("icon", as: Icon.self), image: try fields["image"].map { (node) throws(DarkroomError) in try imageName(node) },
      accessory: accessory, detail: try fields["detail"]?.string("detail"), badge: try fields["badge"]?.string("badge"),
      on: try fields["on"]?.bool("on") ?? false, selected: try fields["selected"]?.bool("selected") ?? false,
      fill: try color("fill", style == .plain ? "system.background" : "system.secondaryGroupedBackground"),
      selectedFill: try color("selectedFill", "system.gray4"), titleColor: try color("titleColor", "system.label"),
      subtitleColor: try color("subtitleColor", "system.secondaryLabel"), tint: try color("tint", "system.blue"),
      iconColor: try color("iconColor", "system.blue"))
    return build.cell(spec)
  }
}
