import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// Writes a theme's semantic colours as an Xcode asset catalog, so the theme file
/// can be a team's single source of truth and the app reads the same colours.
///
/// Each colour becomes a colour set resolved in the four appearances a catalog can
/// hold — any (light), dark, increased contrast, dark with increased contrast —
/// with an entry only where it differs from what Apple's resolution order would
/// pick without it. Derived colours (`darken(key, 0.2)`) are written as the values
/// they resolve to. Components are hex bytes, so reading the catalog back gives
/// exactly the theme's values. Names with `/` become folders that provide a
/// namespace, as Xcode writes them.
///
/// Asset catalogs have no user-interface level: where a colour differs at the
/// elevated level, the base value is written and the colour is named in
/// ``Result/notRepresentable``.
public enum AssetCatalogWriter {
  /// What was written.
  public struct Result: Sendable, Equatable {
    /// The colour sets written, by name.
    public var colorSets: [String] = []
    /// Colours whose elevated values a catalog cannot hold.
    public var notRepresentable: [String] = []
  }

  /// The author field Darkroom writes, and looks for before replacing a catalog.
  static let author = "darkroom"

  /// Writes every colour of the theme (its own and its sources', in the palette
  /// sheet's order) to the catalog folder `path` (relative: inside `working`),
  /// replacing a catalog Darkroom wrote before; a folder that is not one is refused.
  public static func write(
    _ theme: Theme, to path: String, from working: WorkingFolder, interruption: Interruption
  ) throws(DarkroomError) -> Result {
    guard path.hasSuffix(".xcassets") else {
      throw DarkroomError("an asset catalog's folder name ends in .xcassets", file: path)
    }
    try checkReplaceable(path, from: working)
    // A name's parts become folders: every one must stay a folder inside the
    // catalog (checked for all before anything is written).
    for name in theme.colorOrder {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      if name.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
        throw DarkroomError(
          "cannot export the colour \(Excerpt.quoted(name)): the parts of a name between '/' become folders of the catalog, so none may be empty, '.' or '..'",
          file: path)
      }
    }
    // Resolved (absolute for a command): a signal's clean-up removes it too.
    let staging = "\(working.resolve(path)).staging-\(getpid())"
    try? FileManager.default.removeItem(atPath: staging)
    // A second signal removes the staging folder with the run's other temporaries;
    // an error leaves nothing of it, and after the move it holds at most the previous
    // catalog, which goes too.
    interruption.track(staging)
    defer { interruption.discard(staging) }
    var result = Result()
    try writeText(contents(properties: nil), to: staging + "/Contents.json", from: working, interruption: interruption)
    var namespaces: Set<String> = []
    for name in theme.colorOrder {
      let parts = name.split(separator: "/").map(String.init)
      var folder = staging
      for part in parts.dropLast() {
        folder += "/" + part
        if namespaces.insert(folder).inserted {
          try writeText(
            contents(properties: "    \"provides-namespace\" : true"), to: folder + "/Contents.json", from: working,
            interruption: interruption)
        }
      }
      let set = folder + "/" + (parts.last ?? name) + ".colorset"
      try writeText(colorSet(theme, name), to: set + "/Contents.json", from: working, interruption: interruption)
      result.colorSets.append(name)
      if differsWhenElevated(theme, name) { result.notRepresentable.append(name) }
    }
    try FileStore.replaceFolder(path, with: staging, what: "asset catalog", from: working)
    return result
  }

  private static func checkReplaceable(_ path: String, from working: WorkingFolder) throws(DarkroomError) {
    let manager = FileManager.default
    // A link would be replaced by a folder: refused, as a file is.
    switch FileStore.kind(of: path, from: working) {
    case .other: throw DarkroomError("a link or special file, not a folder; darkroom will not replace it", file: path)
    case .file: throw DarkroomError("a file, not a folder; darkroom will not replace it", file: path)
    case .folder, .missing: break
    }
    guard manager.fileExists(atPath: working.resolve(path)) else { return }
    let contents = (try? manager.contentsOfDirectory(atPath: working.resolve(path))) ?? ["?"]
    if contents.isEmpty { return }
    let bytes =
      (try? FileStore.readIfPresent(path + "/Contents.json", from: working, limit: FileStore.maximumTextBytes)) ?? nil
    let top = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    guard top.contains("\"author\" : \"\(author)\"") else {
      throw DarkroomError(
        "refusing to replace '\(path)': it was not written by darkroom export (its Contents.json names another author); choose another --out",
        file: path)
    }
  }

  /// `file` is in the staging folder (a relative one inside `working`).
  private static func writeText(
    _ text: String, to file: String, from working: WorkingFolder, interruption: Interruption
  ) throws(DarkroomError) {
    try FileStore.writeAtomically(Array(text.utf8), to: file, from: working, interruption: interruption)
  }

  private static func contents(properties: String?) -> String {
    var text = "{\n  \"info\" : {\n    \"author\" : \"\(author)\",\n    \"version\" : 1\n  }"
    if let properties { text += ",\n  \"properties\" : {\n\(properties)\n  }" }
    return text + "\n}\n"
  }

  /// The colour set: an entry per appearance that Apple's order would not already
  /// give the right value.
  static func colorSet(_ theme: Theme, _ name: String) -> String {
    let light = theme.resolve(name, in: Traits()), dark = theme.resolve(name, in: Traits(style: .dark))
    let lightHC = theme.resolve(name, in: Traits(contrast: .high))
    let darkHC = theme.resolve(name, in: Traits(style: .dark, contrast: .high))
    var entries = [entry(light, appearances: [])]
    if dark != light { entries.append(entry(dark, appearances: [("luminosity", "dark")])) }
    if lightHC != light { entries.append(entry(lightHC, appearances: [("contrast", "high")])) }
    // Without its own entry, dark with increased contrast takes dark, else
    // high-contrast any, else any.
    let fallback = dark != light ? dark : lightHC
    if darkHC != fallback {
      entries.append(entry(darkHC, appearances: [("luminosity", "dark"), ("contrast", "high")]))
    }
    return "{\n  \"colors\" : [\n" + entries.joined(separator: ",\n")
      + "\n  ],\n  \"info\" : {\n    \"author\" : \"\(author)\",\n    \"version\" : 1\n  }\n}\n"
  }

  private static func entry(_ color: RGBA8, appearances: [(String, String)]) -> String {
    var text = "    {\n"
    if !appearances.isEmpty {
      let items = appearances.map {
        "        {\n          \"appearance\" : \"\($0.0)\",\n          \"value\" : \"\($0.1)\"\n        }"
      }
      text += "      \"appearances\" : [\n" + items.joined(separator: ",\n") + "\n      ],\n"
    }
    func byte(_ v: UInt8) -> String { "0x" + String(v, radix: 16, uppercase: true).leftPadded(to: 2) }
    // Three decimals hold an 8-bit alpha exactly: the error is under 0.13/255.
    let alpha = String(format: "%.3f", Double(color.a) / 255)
    text += """
            "color" : {
              "color-space" : "srgb",
              "components" : {
                "alpha" : "\(alpha)",
                "blue" : "\(byte(color.b))",
                "green" : "\(byte(color.g))",
                "red" : "\(byte(color.r))"
              }
            },
            "idiom" : "universal"
          }
      """
    return text
  }

  private static func differsWhenElevated(_ theme: Theme, _ name: String) -> Bool {
    Traits.allColorCombinations.contains { traits in
      var base = traits
      base.level = .base
      return theme.resolve(name, in: traits) != theme.resolve(name, in: base)
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
