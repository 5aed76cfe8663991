/// Reads an Xcode string catalog (`Localizable.xcstrings`).
///
/// Each key's `localizations` give a `stringUnit`'s `value`, or `variations`: a
/// `plural` variation (``LocalizedString/applePlural(_:)``: an explicit `zero` form
/// is used for 0 in every language, as Foundation does) or a `device` variation
/// (``LocalizedString/device(_:)``: the form of the device the snapshot is drawn for,
/// else `other`); the two may nest either way. Substitutions (`%#@name@`, with
/// `argNum`, `formatSpecifier` and their own variations) are kept, so each takes its
/// form from its own argument when the text is drawn, its `%arg` written as
/// `%<argNum>$<formatSpecifier>`. A key without a localization in the catalog's
/// `sourceLanguage` has the key itself as its source text, as Xcode reads it; a key
/// marked `shouldTranslate: false` is not reported untranslated. The `state` of a
/// unit (`translated`, `needs_review`, `new`) is not checked: every value given is
/// used.
struct XCStringsReader {
  /// The catalog file.
  let file: String
  /// How the file is read.
  let reader: InputReader

  func load() throws(DarkroomError) -> StringTable {
    let root = try YAMLNode.parseJSON(try reader.readText(file, what: "the string catalog"), file: file)
    guard case .mapping = root.node else {
      throw DarkroomError("expected a string catalog: a JSON object with 'sourceLanguage' and 'strings'", at: root.location)
    }
    let catalog = try object(root, "the string catalog")
    guard let source = jsonString(catalog["sourceLanguage"]), !source.isEmpty else {
      throw DarkroomError("the string catalog has no 'sourceLanguage'", at: catalog["sourceLanguage"]?.location ?? root.location)
    }
    guard let stringsNode = catalog["strings"], case .mapping = stringsNode.node else {
      throw DarkroomError("the string catalog has no 'strings' object", at: catalog["strings"]?.location ?? root.location)
    }
    var table = StringTable()
    table.sourceLanguage = source
    table.fallback = StringFallback(developmentLanguage: source, platform: .apple)
    table.fileLanguages.insert(source)
    let entries = try stringsNode.mapping("'strings'")
    if entries.count > StringTable.maximumKeys {
      throw StringTable.tooManyKeys(at: entries[StringTable.maximumKeys].keyNode.location, file: file)
    }
    for (key, entryNode) in entries.map({ ($0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
      let quotedKey = Quoted.text(key)
      guard case .mapping = entryNode.node else {
        throw DarkroomError("string '\(quotedKey)': expected an object", at: entryNode.location)
      }
      let entry = try object(entryNode, "string '\(quotedKey)'")
      if let localizations = entry["localizations"] {
        guard case .mapping = localizations.node else {
          throw DarkroomError("string '\(quotedKey)': 'localizations' must be an object", at: localizations.location)
        }
        for (language, localization) in try sorted(localizations, "'localizations'") {
          let context = "string '\(quotedKey)', language '\(Quoted.text(language))'"
          guard case .mapping = localization.node else {
            throw DarkroomError("\(context): expected an object", at: localization.location)
          }
          let fields = try object(localization, context)
          guard let text = try read(fields, at: localization, context: context) else { continue }
          table.add(key, language: language, try substitute(text, in: fields, context: context), origin: file)
        }
      }
      if table.entries[key]?[source] == nil {
        table.add(key, language: source, .text(key), origin: file)
      }
      if let flag = entry["shouldTranslate"], case .scalar(let scalar) = flag.node, scalar.style == .plain,
        scalar.string == "false"
      {
        table.untranslatable.insert(key)
      }
    }
    return table
  }

  /// A JSON object's members, found by name (looked through: a catalog's objects
  /// have a handful each, and hashing their names would cost more).
  private struct Members {
    let entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)]
    subscript(name: String) -> YAMLNode? { entries.first { $0.key == name }?.value }
    var keys: [String] { entries.map(\.key) }
  }

  /// A JSON string's text: a number, `true` or `null` is not one.
  private func jsonString(_ node: YAMLNode?) -> String? {
    guard let node, case .scalar(let scalar) = node.node, scalar.style == .doubleQuoted else { return nil }
    return scalar.string
  }

  private func object(_ node: YAMLNode, _ what: String) throws(DarkroomError) -> Members {
    Members(entries: try node.mapping(what))
  }

  /// A JSON object's members in the order of their names.
  private func sorted(_ node: YAMLNode, _ what: String) throws(DarkroomError) -> [(String, YAMLNode)] {
    try node.mapping(what).map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
  }

  /// A localization's (or a variation's) text: its `stringUnit`, else its
  /// `variations`; nil when it gives neither (Xcode writes such stubs).
  private func read(_ fields: Members, at node: YAMLNode, context: String) throws(DarkroomError) -> LocalizedString? {
    if let unit = fields["stringUnit"] {
      guard case .mapping = unit.node, let text = jsonString(try object(unit, context)["value"]) else {
        throw DarkroomError("\(context): a 'stringUnit' needs a text 'value'", at: unit.location)
      }
      return .text(text)
    }
    guard let variations = fields["variations"] else { return nil }
    guard case .mapping = variations.node else {
      throw DarkroomError("\(context): 'variations' must be an object", at: variations.location)
    }
    let kinds = try object(variations, context)
    if let plural = kinds["plural"] {
      guard case .mapping = plural.node else {
        throw DarkroomError("\(context): 'variations.plural' must be an object", at: plural.location)
      }
      var result: [PluralCategory: LocalizedString] = [:]
      for (name, form) in try sorted(plural, context) {
        guard let category = PluralCategory(rawValue: name) else {
          throw DarkroomError(
            "\(context): unknown plural category '\(Quoted.text(name))'; expected zero, one, two, few, many or other",
            at: form.location)
        }
        guard case .mapping = form.node else {
          throw DarkroomError("\(context), plural '\(name)': expected an object", at: form.location)
        }
        let place = "\(context), plural '\(name)'"
        if let text = try read(try object(form, place), at: form, context: place) { result[category] = text }
      }
      return result.isEmpty ? nil : .applePlural(result)
    }
    if let device = kinds["device"] {
      guard case .mapping = device.node else {
        throw DarkroomError("\(context): 'variations.device' must be an object", at: device.location)
      }
      var result: [String: LocalizedString] = [:]
      for (name, variant) in try sorted(device, context) {
        let place = "\(context), device '\(Quoted.text(name))'"
        guard case .mapping = variant.node else {
          throw DarkroomError("\(place): expected an object", at: variant.location)
        }
        if let text = try read(try object(variant, place), at: variant, context: place) { result[name] = text }
      }
      return result.isEmpty ? nil : .device(result)
    }
    let kindsGiven = kinds.keys.sorted().map { Quoted.text($0) }.joined(separator: ", ")
    throw DarkroomError(
      "\(context): unsupported variations '\(kindsGiven)'; expected 'plural' or 'device'", at: variations.location)
  }

  /// `text` with the localization's `substitutions`, kept to be chosen per argument.
  private func substitute(
    _ text: LocalizedString, in localization: Members, context: String
  ) throws(DarkroomError) -> LocalizedString {
    guard let substitutions = localization["substitutions"] else { return text }
    guard case .mapping = substitutions.node else {
      throw DarkroomError("\(context): 'substitutions' must be an object", at: substitutions.location)
    }
    var result: [String: Substitution] = [:]
    for (name, entryNode) in try sorted(substitutions, context) {
      let place = "\(context), substitution '\(Quoted.text(name))'"
      guard case .mapping = entryNode.node else {
        throw DarkroomError("\(place): expected an object", at: entryNode.location)
      }
      let entry = try object(entryNode, place)
      var argument: Int?
      if let number = entry["argNum"] {
        guard case .scalar(let scalar) = number.node, scalar.style == .plain, let value = Int(scalar.string), value >= 1,
          value <= 1_000
        else {
          throw DarkroomError("\(place): 'argNum' must be a whole number from 1", at: number.location)
        }
        argument = value
      }
      guard let forms = try read(entry, at: entryNode, context: place) else { continue }
      let specifier = jsonString(entry["formatSpecifier"]) ?? "lld"
      result[name] = Substitution(argument: argument, forms: forms, formatSpecifier: specifier)
    }
    return result.isEmpty ? text : .substituted(text, result)
  }
}

/// Lines and columns from byte offsets, for located errors in files read as bytes.
enum TextPosition {
  /// The line and column (in Unicode scalars, from 1) of the byte at `offset` of
  /// UTF-8 `bytes`; an offset past the end points just after the last byte.
  static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
    var line = 1, column = 1
    for byte in bytes.prefix(min(offset, bytes.count)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // Continuation bytes belong to the scalar their lead byte began.
        column += 1
      }
    }
    return SourceLocation(file: file, line: line, column: column)
  }
}
