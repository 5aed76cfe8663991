import DarkroomFoundation
import DarkroomRaster
import Foundation

extension Theme {
  /// Loads and checks a theme file (`theme.yml`).
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` with the file, line and column of the first problem:
  ///   malformed YAML, an unknown key or colour name (with a suggestion), a bad hex
  ///   value, a cycle of colour references, or a semantic colour with no variant, or
  ///   two equally specific variants, for some trait combination.
  ///
  /// `file` may also be a colour source itself — an asset catalog, an Android res
  /// folder, a `colors.xml` or a design-tokens `.json` — which then makes a theme
  /// of its colours, in the modes ``sourceModes``.
  ///
  /// Every file is read through `reader`: inside the project it is held to, each
  /// noted (default: anywhere, noted nowhere).
  public static func load(file: String, reader: InputReader = .unbounded) throws(DarkroomError) -> Theme {
    let lowered = file.lowercased()
    guard lowered.hasSuffix(".yml") || lowered.hasSuffix(".yaml") else { return try loadSource(file, reader: reader) }
    let text = try reader.readText(file, what: "the theme")
    return try parse(text, file: file, reader: reader)
  }

  /// Light and dark, each with increased contrast: the appearances colour sources
  /// distinguish.
  public static let sourceModes: [Mode] = [
    Mode(name: "light", traits: Traits()),
    Mode(name: "dark", traits: Traits(style: .dark)),
    Mode(name: "light-hc", traits: Traits(contrast: .high)),
    Mode(name: "dark-hc", traits: Traits(style: .dark, contrast: .high)),
  ]

  private static func loadSource(_ path: String, reader: InputReader) throws(DarkroomError) -> Theme {
    guard reader.exists(path) else {
      throw DarkroomError("cannot read the theme: no such file or folder", file: path)
    }
    let imported = try ColorSourceLoader(folder: "", reader: reader).load(path: path, at: SourceLocation(file: path, line: 1, column: 1))
    let checked = try checkDefinitions(imported.colors, palette: [:])
    var images: [String: DynamicImage] = [:]
    for entry in imported.images { images[entry.name] = entry.image }
    return Theme(
      palette: [:], colors: checked.colors, modes: sourceModes, images: images,
      colorOrder: imported.colors.map(\.name).filter { checked.unavailable[$0] == nil },
      unavailableColors: checked.unavailable, unavailableImages: Self.unavailableImages(imported),
      colorLocations: Dictionary(imported.colors.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first }),
      sourceReports: imported.reports,
      symbols: Dictionary(imported.symbols.map { ($0.name, $0.symbol) }, uniquingKeysWith: { first, _ in first }))
  }

  /// Parses and checks a theme from YAML text; `file` names it in errors, and the
  /// files it names are read through `reader`.
  public static func parse(_ text: String, file: String, reader: InputReader = .unbounded) throws(DarkroomError) -> Theme {
    let root = try YAMLNode.parse(text, file: file)
    let top = try root.mapping("the theme")
    try top.checkKeys(
      allowed: [
        "palette", "sources", "colors", "modes", "images", "symbols", "pairs", "fonts", "strings", "locales", "themes",
      ],
      in: "the theme")

    var palette: [String: RGBA8] = [:]
    var locations: [String: SourceLocation] = [:]
    for entry in try top["palette"]?.mapping("palette") ?? [] {
      locations[entry.key] = entry.keyNode.location
      try checkName(entry.key, at: entry.keyNode.location)
      palette[entry.key] = try parsePaletteColor(entry.key, entry.value)
    }

    let folder = FileStore.parent(of: file)
    var imported = ImportedColors()
    if let node = top["sources"] {
      imported = try ColorSourceLoader(folder: folder, reader: reader).load(node)
    }

    var definitions = imported.colors
    for entry in try top["colors"]?.mapping("colors") ?? [] {
      try checkName(entry.key, at: entry.keyNode.location)
      definitions.append(try parseColor(entry.key, entry.value, at: entry.keyNode.location))
    }
    let checked = try checkDefinitions(definitions, palette: palette)
    let colors = checked.colors
    let names = Theme(palette: palette, colors: colors, modes: [], unavailableColors: checked.unavailable)

    var modes = Mode.defaults
    if let node = top["modes"] {
      modes = []
      for entry in try node.mapping("modes") {
        try checkModeName(entry.key, at: entry.keyNode.location)
        modes.append(Mode(name: entry.key, traits: try parseTraits(entry.value, mode: entry.key)))
      }
      if modes.isEmpty { throw DarkroomError("'modes' names no mode", at: node.location) }
    }
    var images = try top["images"].map { (node) throws(DarkroomError) in try ThemeImageLoader(folder: folder, reader: reader).load(node) } ?? [:]
    for entry in imported.images {
      guard images[entry.name] == nil else {
        throw DarkroomError(
          "image '\(Quoted.text(entry.name))' is defined twice: in the theme's images and here", at: entry.location)
      }
      images[entry.name] = entry.image
    }
    let unavailableImages = Self.unavailableImages(imported).filter { images[$0.key] == nil }
    var symbols = try top["symbols"].map { (node) throws(DarkroomError) in try parseSymbols(node, folder: folder, reader: reader) } ?? [:]
    for entry in imported.symbols {
      guard symbols[entry.name] == nil else {
        throw DarkroomError(
          "symbol '\(Quoted.text(entry.name))' is defined twice: in the theme's symbols and here", at: entry.location)
      }
      symbols[entry.name] = entry.symbol
    }
    let pairs = try top["pairs"].map { (node) throws(DarkroomError) in try parsePairs(node, names: names) } ?? []
    let fonts = try top["fonts"].map { (node) throws(DarkroomError) in try parseFonts(node, folder: folder, reader: reader) } ?? DeclaredFonts()
    let strings = try top["strings"].map { (node) throws(DarkroomError) in try parseStrings(node, folder: folder, reader: reader) } ?? StringTable()
    let locales = try top["locales"].map { (node) throws(DarkroomError) in try parseLocales(node, strings: strings) } ?? []
    let theme = Theme(
      palette: palette, colors: colors, modes: modes, images: images,
      colorOrder: definitions.map(\.name).filter { checked.unavailable[$0] == nil }, pairs: pairs,
      fonts: fonts.families, fontFiles: fonts.files, strings: strings, locales: locales.map(\.locale),
      unavailableColors: checked.unavailable, unavailableImages: unavailableImages,
      localeLocations: Dictionary(locales.map { ($0.locale, $0.location) }, uniquingKeysWith: { first, _ in first }),
      modesLocation: top.first { $0.key == "modes" }?.keyNode.location,
      colorLocations: definitions.reduce(into: locations) { $0[$1.name] = $0[$1.name] ?? $1.location },
      sourceReports: imported.reports, symbols: symbols)
    guard let node = top["themes"] else { return theme }
    return theme.with(brands: try parseBrands(node, of: theme, palette: palette, definitions: definitions))
  }

  /// A palette entry's value: a hex colour.
  static func parsePaletteColor(_ name: String, _ node: YAMLNode) throws(DarkroomError) -> RGBA8 {
    let value = try node.string("palette colour '\(name)'")
    var parser = ColorExpressionParser(value, start: node.textLocation)
    guard case .literal(let color) = try parser.parse() else {
      throw DarkroomError("palette colour '\(name)' must be a hex value such as \"#3c64f4\"", at: node.textLocation)
    }
    return color
  }

  /// A semantic colour's definition: one value, `[light, dark]`, or variants by
  /// trait (`{ any: …, dark: … }`), each value a colour expression.
  static func parseColor(_ name: String, _ node: YAMLNode, at location: SourceLocation) throws(DarkroomError) -> ColorDefinition {
    var definition = ColorDefinition(name: name, location: location, variants: [], references: [])
    func parseValue(_ node: YAMLNode) throws(DarkroomError) -> (ColorExpression, [ColorDefinition.Reference]) {
      let text = try node.string("colour '\(name)'")
      var parser = ColorExpressionParser(text, start: node.textLocation)
      let expression = try parser.parse()
      return (expression, parser.references.map { ColorDefinition.Reference(name: $0.name, location: $0.location) })
    }
    if case .mapping = node.node {
      for variant in try node.mapping("colour '\(name)'") {
        let key = try parseVariantKey(variant.key, at: variant.keyNode.location, in: "colour '\(name)'")
        let (value, references) = try parseValue(variant.value)
        guard definition.add(key, value, references: references) else {
          throw DarkroomError("variant '\(key)' appears twice in colour '\(name)'", at: variant.keyNode.location)
        }
      }
    } else if node.isSequence {
      // `[light, dark]`: a pair, as apps' own appearance code often takes it
      // (`setBackgroundColor:@[@"#FFFFFF", @"#1D1B1B"]`).
      let pair = try node.sequence("colour '\(name)'")
      guard pair.count == 2 else {
        throw DarkroomError(
          "a colour written as a list is [light, dark], found \(pair.count) values in '\(name)'", at: node.location)
      }
      for (key, item) in zip([VariantKey.any, .dark], pair) {
        let (value, references) = try parseValue(item)
        _ = definition.add(key, value, references: references)
      }
    } else {
      let (value, references) = try parseValue(node)
      _ = definition.add(.any, value, references: references)
    }
    return definition
  }

  /// The image sets of the sources that Darkroom cannot draw, by name, with why.
  private static func unavailableImages(_ imported: ImportedColors) -> [String: String] {
    var result: [String: String] = [:]
    for entry in imported.unavailableImages where result[entry.name] == nil {
      result[entry.name] = "\(entry.reason) (\(entry.location))"
    }
    return result
  }

  /// Checks every colour definition, from the theme file and its sources alike:
  /// names unique and not taken by palette or system colours, nor by built-in ones
  /// unless a source defines them (the app's own `white` takes the name); every
  /// reference known; one best variant in every trait combination; no cycles.
  ///
  /// A colour without a value — one its source gives none, an Android colour that
  /// refers to a name nothing defines, and a source's colour that uses either — is
  /// returned in `unavailable` with why, for the layouts that use it to report. A
  /// colour of the theme file that uses one is an error at that use.
  static func checkDefinitions(
    _ definitions: [ColorDefinition], palette: [String: RGBA8]
  ) throws(DarkroomError) -> (colors: [String: DynamicColor], unavailable: [String: String]) {
    if definitions.count > maximumColors {
      throw DarkroomError(
        "a theme may have at most \(maximumColors) semantic colours (with its sources'), found \(definitions.count)",
        at: definitions[maximumColors].location)
    }
    var declared: [String: SourceLocation] = [:]
    for definition in definitions {
      let name = definition.name, location = definition.location, quoted = Quoted.text(name)
      if palette[name] != nil || (builtIns[name] != nil && !definition.fromSource) {
        let kind = palette[name] != nil ? "palette" : "built-in"
        throw DarkroomError("'\(quoted)' is already a \(kind) colour; semantic colours need their own names", at: location)
      }
      if name.hasPrefix(SystemColors.prefix) {
        throw DarkroomError(
          "'\(quoted)' is in the namespace of UIKit's system colours, which every theme has; choose another name",
          at: location)
      }
      if let first = declared[name] {
        throw DarkroomError("colour '\(quoted)' is defined twice: here and at \(first)", at: location)
      }
      declared[name] = location
    }
    // Looked up where each name lives: a set of them all would copy a palette of
    // hundreds of thousands of names. The whole set is made only for a suggestion.
    func isKnown(_ name: String) -> Bool {
      declared[name] != nil || palette[name] != nil || builtIns[name] != nil || SystemColors.colors[name] != nil
    }
    func closest(to name: String) -> String? {
      Suggestion.closest(
        to: name, in: Set(declared.keys).union(palette.keys).union(builtIns.keys).union(SystemColors.colors.keys))
    }
    var unavailable: [String: String] = [:]
    for definition in definitions {
      if let reason = definition.unavailable {
        unavailable[definition.name] = reason
        continue
      }
      for reference in definition.references where !isKnown(reference.name) {
        guard definition.mayReferToOthers else {
          throw DarkroomError(
            "unknown colour '\(Quoted.text(reference.name))'", at: reference.location,
            suggestion: closest(to: reference.name))
        }
        let close = closest(to: reference.name).map { " (did you mean '\(Quoted.text($0))'?)" } ?? ""
        unavailable[definition.name] =
          "colour '\(Quoted.text(definition.name))' (\(reference.location)) refers to '\(Quoted.text(reference.name))', which its source does not define\(close)"
        break
      }
    }
    // What uses a colour without a value has none either.
    var users: [String: [Int]] = [:]
    for (index, definition) in definitions.enumerated() {
      for reference in definition.references { users[reference.name, default: []].append(index) }
    }
    var pending = unavailable.keys.sorted()
    while let name = pending.popLast() {
      for index in users[name] ?? [] where unavailable[definitions[index].name] == nil {
        let user = definitions[index], reason = unavailable[name] ?? ""
        guard user.fromSource else {
          let at = user.references.first { $0.name == name }?.location ?? user.location
          throw DarkroomError("colour '\(Quoted.text(name))' has no value: \(reason)", at: at)
        }
        unavailable[user.name] = "it uses '\(Quoted.text(name))': \(reason)"
        pending.append(user.name)
      }
    }
    var colors: [String: DynamicColor] = [:]
    var edges: [String: [(name: String, location: SourceLocation)]] = [:]
    for definition in definitions where unavailable[definition.name] == nil {
      let color = DynamicColor(variants: definition.variants)
      try checkVariants(color.variants.map(\.key), what: "colour '\(Quoted.text(definition.name))'", at: definition.location)
      colors[definition.name] = color
      edges[definition.name] = definition.references.filter { declared[$0.name] != nil }.map { ($0.name, $0.location) }
    }
    try checkCycles(edges, order: definitions.map(\.name).filter { unavailable[$0] == nil })
    return (colors, unavailable)
  }

  static func checkModeName(_ name: String, at location: SourceLocation) throws(DarkroomError) {
    guard isFileWord(name) else {
      throw DarkroomError(
        "mode name \(Excerpt.quoted(name)) must be letters, digits, '-' and '_' (it becomes a file name)", at: location)
    }
  }

  /// A layout's name is its file's, and becomes a golden folder's.
  static func checkLayoutName(_ name: String, at location: SourceLocation) throws(DarkroomError) {
    guard isFileWord(name) else {
      throw DarkroomError(
        "the layout's file name \(Excerpt.quoted(name)) must be letters, digits, '-' and '_' (it names the layout's golden folder); rename the file",
        at: location)
    }
  }

  private static func isFileWord(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix("-")
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
      }
  }

  /// Depth-first search for a cycle of references, with an explicit stack: a chain
  /// of a hundred thousand colours must not exhaust the call stack. A cycle is
  /// reported at the reference that closes it, with its path.
  private static func checkCycles(
    _ edges: [String: [(name: String, location: SourceLocation)]], order: [String]
  ) throws(DarkroomError) {
    var done: Set<String> = []
    for root in order where !done.contains(root) {
      // The path from the root: each name with the index of its next edge.
      var path: [(name: String, next: Int)] = [(root, 0)]
      var onPath: [String: Int] = [root: 0]
      while let top = path.last {
        let outgoing = edges[top.name] ?? []
        guard top.next < outgoing.count else {
          done.insert(top.name)
          onPath[top.name] = nil
          path.removeLast()
          continue
        }
        path[path.count - 1].next += 1
        let edge = outgoing[top.next]
        if let start = onPath[edge.name] {
          let cycle = path[start...].map(\.name) + [edge.name]
          throw DarkroomError("colour cycle: \(cycle.joined(separator: " → "))", at: edge.location)
        }
        guard !done.contains(edge.name) else { continue }
        onPath[edge.name] = path.count
        path.append((edge.name, 0))
      }
    }
  }

  private static func parseTraits(_ node: YAMLNode, mode: String) throws(DarkroomError) -> Traits {
    let what = "mode '\(mode)'"
    let entries = try node.mapping(what)
    try entries.checkKeys(allowed: ["style", "level", "contrast", "scale", "contentSize"], in: what)
    var traits = Traits()
    if let v = entries["style"] {
      traits.style = try v.choice("style", as: Traits.Style.self)
    }
    if let v = entries["level"] {
      traits.level = try v.choice("level", as: Traits.Level.self)
    }
    if let v = entries["contrast"] {
      traits.contrast = try v.choice("contrast", as: Traits.Contrast.self)
    }
    if let v = entries["scale"] { traits.scale = try v.number("scale", in: 1...4) }
    if let v = entries["contentSize"] { traits.contentSize = try v.choice("content size", as: Traits.ContentSize.self) }
    return traits
  }
}
