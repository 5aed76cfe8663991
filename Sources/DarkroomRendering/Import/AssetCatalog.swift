import DarkroomFoundation
import Foundation

/// Reads an Xcode asset catalog (`.xcassets`): its colour sets become semantic
/// colours, its image sets dynamic images and its symbol sets symbols
/// (``SymbolTemplate``), named by their folder names, with
/// `Folder/` in front inside folders that provide a namespace.
///
/// Every `Contents.json` is read with line and column, so a problem in a catalog is
/// reported where it is written, like a problem in a theme file.
struct AssetCatalog {
  /// The catalog folder.
  let path: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// Set types Darkroom has no use for; their folders are passed over.
  private static let ignoredSets = [
    ".appiconset", ".dataset", ".launchimage", ".stickerpack", ".textureset", ".cubetextureset",
    ".spriteatlas", ".arimageset", ".brandassets", ".imagestack", ".iconset", ".solidimagestack",
  ]

  /// Folder depth beyond which a catalog is refused rather than walked.
  private static let maximumDepth = 32

  func load() throws(DarkroomError) -> ImportedColors {
    guard reader.isFolder(path) else {
      throw DarkroomError("cannot read the asset catalog: no such folder", file: path)
    }
    var result = ImportedColors()
    try walk(path, namespace: "", depth: 0, into: &result)
    return result
  }

  private func walk(_ folder: String, namespace: String, depth: Int, into result: inout ImportedColors) throws(DarkroomError) {
    guard depth < Self.maximumDepth else {
      throw DarkroomError("the asset catalog nests folders more than \(Self.maximumDepth) deep", file: folder)
    }
    let entries: [String]
    do {
      entries = try reader.names(in: folder).sorted()
    } catch {
      throw DarkroomError("cannot list the asset catalog folder: \(error.localizedDescription)", file: folder)
    }
    for entry in entries where !entry.hasPrefix(".") {
      let full = (folder as NSString).appendingPathComponent(entry)
      guard reader.isFolder(full) else { continue }
      let stem = (entry as NSString).deletingPathExtension
      if entry.hasSuffix(".colorset") {
        result.colors.append(try colorSet(full, name: namespace + stem))
      } else if entry.hasSuffix(".imageset") {
        let contents = try contents(of: full)
        switch try AssetImageSet(folder: full, reader: reader).load(contents) {
        case .image(let image): result.images.append((namespace + stem, contents.location, image))
        case .unavailable(let reason): result.unavailableImages.append((namespace + stem, contents.location, reason))
        }
      } else if entry.hasSuffix(".symbolset") {
        let contents = try contents(of: full)
        result.symbols.append((namespace + stem, contents.location, try symbolSet(full, contents, name: namespace + stem)))
      } else if !Self.ignoredSets.contains(where: { entry.hasSuffix($0) }) {
        let inner = try providesNamespace(full) ? namespace + entry + "/" : namespace
        try walk(full, namespace: inner, depth: depth + 1, into: &result)
      }
    }
  }

  /// A symbol set's template: the SVG file its `symbols` list names (a set has one),
  /// and its `language-direction` when Xcode's Direction makes it mirror
  /// ("left-to-right": mirrored in right-to-left layouts).
  private func symbolSet(_ folder: String, _ contents: YAMLNode, name: String) throws(DarkroomError) -> SymbolTemplate {
    let quoted = Quoted.text(name)
    guard let list = try contents.mapping("a symbol set")["symbols"],
      let entry = try list.sequence("'symbols'").lazy.compactMap({ try? $0.mapping("a symbol") }).first(where: { $0["filename"] != nil }),
      let file = entry["filename"]
    else {
      throw DarkroomError("symbol set '\(quoted)' names no file in its 'symbols' list", at: contents.location)
    }
    let path = (folder as NSString).appendingPathComponent(try file.string("a symbol's filename"))
    var template = try SymbolTemplate(name: name, file: path, bytes: try reader.read(path, what: "a symbol"))
    if let direction = entry["language-direction"] {
      template.direction = try direction.choice("language direction", as: SymbolTemplate.LanguageDirection.self)
    }
    return template
  }

  /// A folder's `Contents.json`, parsed; it must exist in a set folder.
  func contents(of folder: String) throws(DarkroomError) -> YAMLNode {
    let file = (folder as NSString).appendingPathComponent("Contents.json")
    return try YAMLNode.parseJSON(try reader.readText(file, what: "the set's Contents.json"), file: file)
  }

  private func providesNamespace(_ folder: String) throws(DarkroomError) -> Bool {
    let file = (folder as NSString).appendingPathComponent("Contents.json")
    guard reader.exists(file) else { return false }
    let root = try YAMLNode.parseJSON(try reader.readText(file, what: "the folder's Contents.json"), file: file)
    guard let properties = try root.mapping("Contents.json")["properties"] else { return false }
    guard let flag = try properties.mapping("properties")["provides-namespace"] else { return false }
    return try flag.bool("provides-namespace")
  }

  /// A colour set as a colour of the theme. Entries are chosen as for an iPhone
  /// with an sRGB display: `universal` and `iphone` ones (an `iphone` entry wins over
  /// a `universal` one with the same appearances), not other devices' or
  /// wide-gamut-only ones, and not a system colour of another platform (`"platform":
  /// "osx"`). An entry with no `color` gives nothing (Xcode's `AccentColor` template
  /// leaves the system tint); a set with no colour at all is a name without a value,
  /// an error only where it is used.
  private func colorSet(_ folder: String, name: String) throws(DarkroomError) -> ColorDefinition {
    let root = try contents(of: folder)
    let top = try root.mapping("a colour set")
    let quoted = Quoted.text(name)
    var definition = ColorDefinition(name: name, location: root.location, variants: [], references: [], fromSource: true)
    guard let list = top["colors"] else {
      definition.unavailable = "colour set '\(quoted)' has no 'colors' list"
      return definition
    }
    var chosen: [VariantKey: (idiom: String, entry: YAMLNode, color: YAMLNode)] = [:]
    var order: [VariantKey] = []
    var withoutColor = false
    for item in try list.sequence("colors") {
      let fields = try item.mapping("a colour entry")
      let idiom = try fields["idiom"]?.string("idiom") ?? "universal"
      guard idiom == "universal" || idiom == "iphone" else { continue }
      if let gamut = fields["display-gamut"], try gamut.string("display-gamut") != "sRGB" { continue }
      guard let color = fields["color"] else {
        withoutColor = true
        continue
      }
      if let platform = try color.mapping("a colour")["platform"] {
        let value = try platform.string("platform")
        guard value == "ios" || value == "universal" else { continue }
      }
      let key = try AssetAppearance.key(fields["appearances"])
      if let existing = chosen[key] {
        if existing.idiom == "iphone" && idiom == "universal" { continue }
        if existing.idiom == idiom {
          throw DarkroomError("colour set '\(quoted)' has two \(idiom) entries for appearance '\(key)'", at: item.location)
        }
      } else {
        order.append(key)
      }
      chosen[key] = (idiom, item, color)
    }
    for key in order {
      guard let color = chosen[key]?.color else { continue }
      let (value, references) = try AssetColor.parse(color)
      _ = definition.add(key, value, references: references)
    }
    guard !definition.variants.isEmpty else {
      definition.unavailable =
        withoutColor
        ? "colour set '\(quoted)' gives no colour: its entries have no 'color' (as Xcode's template leaves the system tint)"
        : "colour set '\(quoted)' has no colour for iPhone"
      return definition
    }
    definition.addAppleOrder()
    return definition
  }
}
