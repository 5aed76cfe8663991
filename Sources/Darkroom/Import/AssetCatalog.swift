import Foundation

/// Reads an Xcode asset catalog (`.xcassets`): its colour sets become semantic
/// colours and its image sets dynamic images, named by their folder names, with
/// `Folder/` in front inside folders that provide a namespace.
///
/// Every `Contents.json` is read with line and column, so a problem in a catalog is
/// reported where it is written, like a problem in a theme file.
struct AssetCatalog {
  /// The catalog folder.
  let path: String

  /// Set types Darkroom has no use for; their folders are passed over.
  private static let ignoredSets = [
    ".appiconset", ".symbolset", ".dataset", ".launchimage", ".stickerpack", ".textureset", ".cubetextureset",
    ".spriteatlas", ".arimageset", ".brandassets", ".imagestack", ".iconset", ".solidimagestack",
  ]

  /// Folder depth beyond which a catalog is refused rather than walked.
  private static let maximumDepth = 32

  func load() throws(DarkroomError) -> ImportedColors {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
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
      entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw DarkroomError("cannot list the asset catalog folder: \(error.localizedDescription)", file: folder)
    }
    for entry in entries where !entry.hasPrefix(".") {
      let full = (folder as NSString).appendingPathComponent(entry)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else {
        continue
      }
      let stem = (entry as NSString).deletingPathExtension
      if entry.hasSuffix(".colorset") {
        result.colors.append(try colorSet(full, name: namespace + stem))
      } else if entry.hasSuffix(".imageset") {
        let contents = try Self.contents(of: full)
        let image = try AssetImageSet(folder: full).load(contents)
        result.images.append((namespace + stem, contents.location, image))
      } else if !Self.ignoredSets.contains(where: { entry.hasSuffix($0) }) {
        let inner = try providesNamespace(full) ? namespace + entry + "/" : namespace
        try walk(full, namespace: inner, depth: depth + 1, into: &result)
      }
    }
  }

  /// A folder's `Contents.json`, parsed; it must exist in a set folder.
  static func contents(of folder: String) throws(DarkroomError) -> YAMLNode {
    let file = (folder as NSString).appendingPathComponent("Contents.json")
    return try YAMLNode.parseJSON(try FileStore.readText(file, what: "the set's Contents.json"), file: file)
  }

  private func providesNamespace(_ folder: String) throws(DarkroomError) -> Bool {
    let file = (folder as NSString).appendingPathComponent("Contents.json")
    guard FileManager.default.fileExists(atPath: file) else { return false }
    let root = try YAMLNode.parseJSON(try FileStore.readText(file, what: "the folder's Contents.json"), file: file)
    guard let properties = try root.mapping("Contents.json")["properties"] else { return false }
    guard let flag = try properties.mapping("properties")["provides-namespace"] else { return false }
    return try flag.bool("provides-namespace")
  }

  private func colorSet(_ folder: String, name: String) throws(DarkroomError) -> ColorDefinition {
    let root = try Self.contents(of: folder)
    let top = try root.mapping("a colour set")
    try Theme.checkName(name, at: root.location)
    guard let list = top["colors"] else {
      throw DarkroomError("colour set '\(name)' has no 'colors' list", at: root.location)
    }
    var definition = ColorDefinition(name: name, location: root.location, variants: [], references: [])
    // iPhone entries win over universal ones with the same appearances; other
    // devices' entries and wide-gamut-only entries are not for Darkroom's sRGB.
    var chosen: [VariantKey: (idiom: String, entry: YAMLNode)] = [:]
    var order: [VariantKey] = []
    for item in try list.sequence("colors") {
      let fields = try item.mapping("a colour entry")
      let idiom = try fields["idiom"]?.string("idiom") ?? "universal"
      guard idiom == "universal" || idiom == "iphone" else { continue }
      if let gamut = fields["display-gamut"], try gamut.string("display-gamut") != "sRGB" { continue }
      let key = try AssetAppearance.key(fields["appearances"])
      if let existing = chosen[key] {
        if existing.idiom == "iphone" && idiom == "universal" { continue }
        if existing.idiom == idiom {
          throw DarkroomError("colour set '\(name)' has two \(idiom) entries for appearance '\(key)'", at: item.location)
        }
      } else {
        order.append(key)
      }
      chosen[key] = (idiom, item)
    }
    for key in order {
      guard let item = chosen[key]?.entry, let colorNode = try item.mapping("a colour entry")["color"] else {
        throw DarkroomError("colour set '\(name)': an entry has no 'color'", at: chosen[key]?.entry.location ?? root.location)
      }
      let (value, references) = try AssetColor.parse(colorNode)
      _ = definition.add(key, value, references: references)
    }
    guard !definition.variants.isEmpty else {
      throw DarkroomError("colour set '\(name)' has no universal or iPhone colour", at: list.location)
    }
    definition.addAppleOrder()
    return definition
  }
}
