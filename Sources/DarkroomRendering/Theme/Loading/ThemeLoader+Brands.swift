import DarkroomFoundation
import DarkroomRaster

extension Theme {
  /// `themes:` — each brand by name, `{ palette: …, colors: … }` overriding the
  /// theme's own palette entries and semantic colours (written as in the theme),
  /// and nothing else: the same names, so every layout draws in every brand.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` at a brand's name that is not a file word, a
  ///   key other than `palette` and `colors`, a name the theme does not define
  ///   (with the closest one), or a colour whose overrides leave it unresolvable.
  static func parseBrands(
    _ node: YAMLNode, of base: Theme, palette: [String: RGBA8], definitions: [ColorDefinition]
  ) throws(DarkroomError) -> [Brand] {
    let entries = try node.mapping("themes")
    guard !entries.isEmpty else { throw DarkroomError("'themes' names no theme", at: node.location) }
    let modeNames = Set(base.modes.map(\.name))
    var brands: [Brand] = []
    for entry in entries {
      let name = entry.key, at = entry.keyNode.location
      guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
      else {
        throw DarkroomError(
          "theme name \(Excerpt.quoted(name)) must be letters, digits and '-' (it becomes part of file names)", at: at)
      }
      guard !modeNames.contains(name) else {
        throw DarkroomError("'\(name)' is already the name of a mode; give the theme another name", at: at)
      }
      // Names become file names, which macOS and Windows compare without case.
      if let other = brands.first(where: { $0.name.lowercased() == name.lowercased() }) {
        throw DarkroomError(
          "theme '\(name)' differs from theme '\(other.name)' only in case, and their snapshots' file names would be one on macOS and Windows",
          at: at)
      }
      // `sunset:` with nothing after it is a brand that changes nothing, as `{}`.
      var isBlank = false
      if case .scalar(let scalar) = entry.value.node { isBlank = scalar.string.isEmpty }
      let overrides = isBlank ? [] : try entry.value.mapping("theme '\(name)'")
      try overrides.checkKeys(allowed: ["palette", "colors"], in: "theme '\(name)'")
      var brandPalette = palette
      var locations = base.colorLocations
      for item in try overrides["palette"]?.mapping("palette of theme '\(name)'") ?? [] {
        guard palette[item.key] != nil else {
          throw DarkroomError(
            "theme '\(name)' sets palette colour '\(Quoted.text(item.key))', which the theme's palette does not have",
            at: item.keyNode.location, suggestion: Suggestion.closest(to: item.key, in: Array(palette.keys)))
        }
        brandPalette[item.key] = try parsePaletteColor(item.key, item.value)
        locations[item.key] = item.keyNode.location
      }
      var brandDefinitions = definitions
      var overridden: [String: SourceLocation] = [:]
      for item in try overrides["colors"]?.mapping("colors of theme '\(name)'") ?? [] {
        guard let index = brandDefinitions.firstIndex(where: { $0.name == item.key }) else {
          throw DarkroomError(
            "theme '\(name)' sets colour '\(Quoted.text(item.key))', which the theme does not define (a brand theme sets the theme's own names)",
            at: item.keyNode.location, suggestion: Suggestion.closest(to: item.key, in: definitions.map(\.name)))
        }
        brandDefinitions[index] = try parseColor(item.key, item.value, at: item.keyNode.location)
        locations[item.key] = item.keyNode.location
        overridden[item.key] = item.keyNode.location
      }
      let checked: (colors: [String: DynamicColor], unavailable: [String: String])
      do {
        checked = try checkDefinitions(brandDefinitions, palette: brandPalette)
      } catch {
        // The theme's own colours checked already: what fails is the brand's doing,
        // said at the brand's first colour the message names, else at its name.
        var error = error
        let named = overridden.filter { error.message.contains("'\($0.key)'") || error.message.contains(" \($0.key) ") }
        error.location = named.values.min { ($0.line, $0.column) < ($1.line, $1.column) } ?? at
        error.message = "theme '\(name)': " + error.message
        throw error
      }
      guard !overrides.isEmpty, overrides.contains(where: { !((try? $0.value.mapping("")) ?? []).isEmpty }) else {
        throw DarkroomError(
          "theme '\(name)' sets no colour: the theme itself is drawn already; give the brand its palette or colors", at: at)
      }
      // The brand's own colours in the theme's order: one the brand gives a value
      // shows on its palette sheet, one it leaves without none does not.
      let theme = base.rebranded(
        name, palette: brandPalette, colors: checked.colors,
        colorOrder: brandDefinitions.map(\.name).filter { checked.unavailable[$0] == nil },
        unavailableColors: checked.unavailable, colorLocations: locations)
      brands.append(Brand(name: name, theme: theme, location: at))
    }
    return brands
  }
}
