import DarkroomFoundation
import Foundation

/// The colours of an Android `res` folder, as a phone at API level 35 in portrait
/// shows them: every `<color>` of every file of every `values*` folder whose
/// qualifiers are night mode (`night`, `notnight`) and API level (`v27`) only —
/// aapt2 merges the files of a folder, so colours need not be in `colors.xml`.
///
/// Each colour's light value comes from the best folder for a light phone that
/// defines it (`values-notnight*`, else `values*`, the highest API level up to 35
/// first), its dark value from the best for night mode (`values-night*` first, then
/// as for light), as Android picks a resource per configuration. Folders with other
/// qualifiers (`values-land`, `values-de`, `values-sw600dp`) are passed over.
struct AndroidColorFolder {
  /// The `res` folder.
  let path: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// The API level of the device colours are chosen for.
  static let apiLevel = 35

  /// A `values` folder's night-mode and API-level qualifiers; nil for a folder that
  /// is not for colours on the model device (other qualifiers, a later API level).
  struct Qualifiers: Equatable {
    /// `true` for `night`, `false` for `notnight`, nil when not said.
    var night: Bool?
    /// The API level (`v27`), 0 when not said.
    var version = 0

    init?(folder name: String) {
      guard name == "values" || name.hasPrefix("values-") else { return nil }
      for part in name.split(separator: "-").dropFirst() {
        if part == "night" && night == nil {
          night = true
        } else if part == "notnight" && night == nil {
          night = false
        } else if part.hasPrefix("v"), let level = Int(part.dropFirst()), version == 0, level > 0 {
          version = level
        } else {
          return nil
        }
      }
      guard version <= AndroidColorFolder.apiLevel else { return nil }
    }
  }

  /// Whether `folder` looks like a `res` folder: it holds a `values` folder or a
  /// qualified one (`values-night`).
  static func isResourceFolder(_ folder: String, reader: InputReader) -> Bool {
    let names = (try? reader.names(in: folder)) ?? []
    return names.contains { name in
      (name == "values" || name.hasPrefix("values-")) && reader.isFolder((folder as NSString).appendingPathComponent(name))
    }
  }

  func load() throws(DarkroomError) -> [ColorDefinition] {
    struct Folder {
      let qualifiers: Qualifiers
      var colors: [String: SourceColor] = [:]
    }
    var folders: [Folder] = []
    var order: [String] = []
    var seen: Set<String> = []
    let names = ((try? reader.names(in: path)) ?? []).sorted()
    for name in names {
      guard let qualifiers = Qualifiers(folder: name) else { continue }
      let folderPath = (path as NSString).appendingPathComponent(name)
      let files = ((try? reader.names(in: folderPath)) ?? []).sorted()
      var folder = Folder(qualifiers: qualifiers)
      for file in files where file.lowercased().hasSuffix(".xml") && !file.hasPrefix(".") {
        let filePath = (folderPath as NSString).appendingPathComponent(file)
        // Values files holding no colour (strings, dimensions) are not parsed at all.
        guard mentionsColors(filePath) else { continue }
        for color in try AndroidColorResources(file: filePath, reader: reader).load() {
          if let first = folder.colors[color.name] {
            throw DarkroomError(
              "colour '\(Quoted.text(color.name))' is defined twice in \(name): here and at \(first.location)",
              at: color.location)
          }
          folder.colors[color.name] = color
          if seen.insert(color.name).inserted { order.append(color.name) }
        }
      }
      folders.append(folder)
    }
    func best(night: Bool) -> [Folder] {
      folders.filter { $0.qualifiers.night == nil || $0.qualifiers.night == night }
        .sorted { a, b in
          let aMatches = a.qualifiers.night != nil, bMatches = b.qualifiers.night != nil
          return aMatches != bMatches ? aMatches : a.qualifiers.version > b.qualifiers.version
        }
    }
    let lightOrder = best(night: false), darkOrder = best(night: true)
    var definitions: [ColorDefinition] = []
    for name in order {
      let light = lightOrder.lazy.compactMap { $0.colors[name] }.first
      let dark = darkOrder.lazy.compactMap { $0.colors[name] }.first
      guard let any = light ?? dark else { continue }
      var definition = ColorDefinition(
        name: name, location: any.location, variants: [], references: [], fromSource: true, mayReferToOthers: true)
      guard let light else {
        definition.unavailable =
          "colour '\(Quoted.text(name))' (\(any.location)) is defined for night mode only, so a light phone has no value for it"
        definitions.append(definition)
        continue
      }
      _ = definition.add(.any, light.value, references: light.references)
      if let dark, let key = VariantKey("dark"), dark.location != light.location {
        _ = definition.add(key, dark.value, references: dark.references)
      }
      definition.unavailable = light.unavailable ?? dark?.unavailable
      definitions.append(definition)
    }
    return definitions
  }

  /// Whether the file mentions a colour element at all, read as bytes: most values
  /// files of a large app are strings.
  private func mentionsColors(_ file: String) -> Bool {
    // Unreadable or too large: the reader says why.
    guard let bytes = try? reader.read(file, what: "the colour resources", limit: FileStore.maximumTextBytes) else {
      return true
    }
    let data = Data(bytes)
    return data.range(of: Data("<color".utf8)) != nil || data.range(of: Data("\"color\"".utf8)) != nil
  }
}
