import DarkroomFoundation
import Foundation

/// Reads a theme's `sources:`: the colour files a team already has, each becoming
/// semantic colours (and, from asset catalogs, images) of the theme.
///
/// ```yaml
/// sources:
///   - Colors.xcassets                 # Xcode asset catalog
///   - android/res                     # every values*/ file: values, values-night, values-v27…
///   - tokens/base.json                # design tokens, the same in every mode
///   - { any: tokens/light.json, dark: tokens/dark.json }   # one file per appearance
///   - Sources/DesignSystem/ColorSet.swift                 # Swift, read as source (also a folder of .swift files)
/// ```
///
/// A colour defined by several single-appearance files gets one variant from each,
/// keyed as the mapping says; paths are relative to the theme's folder.
struct ColorSourceLoader {
  /// The folder paths are relative to.
  let folder: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  func load(_ node: YAMLNode) throws(DarkroomError) -> ImportedColors {
    var result = ImportedColors()
    for item in try node.sequence("sources") {
      if case .mapping = item.node {
        var files: [(key: VariantKey, path: String, location: SourceLocation)] = []
        for entry in try item.mapping("a source") {
          let key = try Theme.parseVariantKey(entry.key, at: entry.keyNode.location, in: "a source")
          files.append((key, try entry.value.string("a source file"), entry.value.textLocation))
        }
        result.colors += try merge(files)
        continue
      }
      let imported = try load(path: try item.string("a source"), at: item.textLocation)
      result.colors += imported.colors
      result.images += imported.images
      result.unavailableImages += imported.unavailableImages
      result.symbols += imported.symbols
      result.reports += imported.reports
    }
    return result
  }

  /// One source written as a path: a catalog, an Android res folder, or a file.
  package func load(path: String, at location: SourceLocation) throws(DarkroomError) -> ImportedColors {
    switch try kind(of: path, at: location) {
    case .assetCatalog:
      return try AssetCatalog(path: resolve(path), reader: reader).load()
    case .androidResources:
      return ImportedColors(colors: try AndroidColorFolder(path: resolve(path), reader: reader).load())
    case .swift:
      return try SwiftColorSource(path: path, resolved: resolve(path), reader: reader).load()
    case .file:
      return ImportedColors(colors: try merge([(.any, path, location)]))
    }
  }

  private enum Kind { case assetCatalog, androidResources, swift, file }

  private func kind(of path: String, at location: SourceLocation) throws(DarkroomError) -> Kind {
    let full = resolve(path)
    guard reader.exists(full) else {
      throw DarkroomError("source '\(path)' does not exist", at: location)
    }
    if path.hasSuffix(".xcassets") || path.hasSuffix(".xcassets/") { return .assetCatalog }
    if reader.isFolder(full) {
      if AndroidColorFolder.isResourceFolder(full, reader: reader) { return .androidResources }
      guard SwiftColorSource.isSwiftFolder(full, reader: reader) else {
        throw DarkroomError(
          "source '\(Quoted.text(path))' is a folder that is neither an asset catalog (.xcassets), an Android res folder (with values folders) nor a folder of .swift files",
          at: location)
      }
      return .swift
    }
    return path.lowercased().hasSuffix(".swift") ? .swift : .file
  }

  /// Colours from single-appearance files, one variant per file.
  private func merge(_ files: [(key: VariantKey, path: String, location: SourceLocation)]) throws(DarkroomError) -> [ColorDefinition] {
    var definitions: [ColorDefinition] = []
    var index: [String: Int] = [:]
    for file in files {
      for color in try read(file.path, at: file.location) {
        if let i = index[color.name] {
          guard definitions[i].add(file.key, color.value, references: color.references) else {
            throw DarkroomError(
              "colour '\(Quoted.text(color.name))' has two '\(file.key)' values in this source", at: color.location)
          }
          if definitions[i].unavailable == nil { definitions[i].unavailable = color.unavailable }
        } else {
          var definition = ColorDefinition(
            name: color.name, location: color.location, variants: [], references: [], unavailable: color.unavailable,
            fromSource: true, mayReferToOthers: color.mayReferToOthers)
          _ = definition.add(file.key, color.value, references: color.references)
          index[color.name] = definitions.count
          definitions.append(definition)
        }
      }
    }
    return definitions
  }

  private func read(_ path: String, at location: SourceLocation) throws(DarkroomError) -> [SourceColor] {
    let full = resolve(path)
    guard reader.exists(full) else {
      throw DarkroomError("source file '\(path)' does not exist", at: location)
    }
    if path.lowercased().hasSuffix(".json") { return try DesignTokens(file: full, reader: reader).load() }
    if path.lowercased().hasSuffix(".xml") { return try AndroidColorResources(file: full, reader: reader).load() }
    if path.lowercased().hasSuffix(".swift") {
      throw DarkroomError(
        "a Swift source is listed as a path of its own, not per appearance: its colours say their appearances themselves",
        at: location)
    }
    throw DarkroomError(
      "source '\(path)' is not a colour source Darkroom reads (.xcassets, an Android res folder, colors.xml, design tokens .json, or .swift files)",
      at: location)
  }

  private func resolve(_ path: String) -> String {
    path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
  }
}
