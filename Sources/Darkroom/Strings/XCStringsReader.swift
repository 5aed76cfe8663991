import Foundation

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

  func load() throws(DarkroomError) -> StringTable {
    let bytes = try FileStore.read(file, what: "the string catalog", limit: FileStore.maximumTextBytes)
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw malformed(error, bytes)
    }
    guard let catalog = root as? [String: Any] else {
      throw DarkroomError("expected a string catalog: a JSON object with 'sourceLanguage' and 'strings'", file: file)
    }
    guard let source = catalog["sourceLanguage"] as? String, !source.isEmpty else {
      throw DarkroomError("the string catalog has no 'sourceLanguage'", file: file)
    }
    guard let strings = catalog["strings"] as? [String: Any] else {
      throw DarkroomError("the string catalog has no 'strings' object", file: file)
    }
    var table = StringTable()
    table.sourceLanguage = source
    table.fallback = StringFallback(developmentLanguage: source, platform: .apple)
    table.fileLanguages.insert(source)
    for key in strings.keys.sorted() {
      let quotedKey = Quoted.text(key)
      guard let entry = strings[key] as? [String: Any] else {
        throw DarkroomError("string '\(quotedKey)': expected an object", file: file)
      }
      let localizations: [String: Any]
      switch entry["localizations"] {
      case nil: localizations = [:]
      case let object as [String: Any]: localizations = object
      default: throw DarkroomError("string '\(quotedKey)': 'localizations' must be an object", file: file)
      }
      for language in localizations.keys.sorted() {
        let context = "string '\(quotedKey)', language '\(Quoted.text(language))'"
        guard let localization = localizations[language] as? [String: Any] else {
          throw DarkroomError("\(context): expected an object", file: file)
        }
        guard let text = try read(localization, context: context) else { continue }
        table.add(key, language: language, try substitute(text, in: localization, context: context), origin: file)
      }
      if table.entries[key]?[source] == nil {
        table.add(key, language: source, .text(key), origin: file)
      }
      if entry["shouldTranslate"] as? Bool == false { table.untranslatable.insert(key) }
    }
    return table
  }

  /// A localization's (or a variation's) text: its `stringUnit`, else its
  /// `variations`; nil when it gives neither (Xcode writes such stubs).
  private func read(_ node: [String: Any], context: String) throws(DarkroomError) -> LocalizedString? {
    if let unit = node["stringUnit"] {
      guard let unit = unit as? [String: Any], let value = unit["value"] as? String else {
        throw DarkroomError("\(context): a 'stringUnit' needs a text 'value'", file: file)
      }
      return .text(value)
    }
    guard let variations = node["variations"] else { return nil }
    guard let kinds = variations as? [String: Any] else {
      throw DarkroomError("\(context): 'variations' must be an object", file: file)
    }
    if let plural = kinds["plural"] {
      guard let forms = plural as? [String: Any] else {
        throw DarkroomError("\(context): 'variations.plural' must be an object", file: file)
      }
      var result: [PluralCategory: LocalizedString] = [:]
      for name in forms.keys.sorted() {
        guard let category = PluralCategory(rawValue: name) else {
          throw DarkroomError(
            "\(context): unknown plural category '\(Quoted.text(name))'; expected zero, one, two, few, many or other",
            file: file)
        }
        guard let form = forms[name] as? [String: Any] else {
          throw DarkroomError("\(context), plural '\(name)': expected an object", file: file)
        }
        if let text = try read(form, context: "\(context), plural '\(name)'") { result[category] = text }
      }
      return result.isEmpty ? nil : .applePlural(result)
    }
    if let device = kinds["device"] {
      guard let devices = device as? [String: Any] else {
        throw DarkroomError("\(context): 'variations.device' must be an object", file: file)
      }
      var result: [String: LocalizedString] = [:]
      for name in devices.keys.sorted() {
        guard let variant = devices[name] as? [String: Any] else {
          throw DarkroomError("\(context), device '\(Quoted.text(name))': expected an object", file: file)
        }
        if let text = try read(variant, context: "\(context), device '\(Quoted.text(name))'") { result[name] = text }
      }
      return result.isEmpty ? nil : .device(result)
    }
    let kindsGiven = kinds.keys.sorted().map { Quoted.text($0) }.joined(separator: ", ")
    throw DarkroomError("\(context): unsupported variations '\(kindsGiven)'; expected 'plural' or 'device'", file: file)
  }

  /// `text` with the localization's `substitutions`, kept to be chosen per argument.
  private func substitute(_ text: LocalizedString, in localization: [String: Any], context: String) throws(DarkroomError) -> LocalizedString {
    guard let substitutions = localization["substitutions"] else { return text }
    guard let table = substitutions as? [String: Any] else {
      throw DarkroomError("\(context): 'substitutions' must be an object", file: file)
    }
    var result: [String: Substitution] = [:]
    for name in table.keys.sorted() {
      let place = "\(context), substitution '\(Quoted.text(name))'"
      guard let entry = table[name] as? [String: Any] else {
        throw DarkroomError("\(place): expected an object", file: file)
      }
      var argument: Int?
      if let number = entry["argNum"] {
        guard let value = number as? Int, value >= 1, value <= 1_000 else {
          throw DarkroomError("\(place): 'argNum' must be a whole number from 1", file: file)
        }
        argument = value
      }
      guard let forms = try read(entry, context: place) else { continue }
      let specifier = (entry["formatSpecifier"] as? String) ?? "lld"
      result[name] = Substitution(argument: argument, forms: forms, formatSpecifier: specifier)
    }
    return result.isEmpty ? text : .substituted(text, result)
  }

  /// A located error for JSON that does not parse: Foundation names the byte
  /// offset where it stopped ("around character 18"), which is turned into a line
  /// and column.
  private func malformed(_ error: any Error, _ bytes: [UInt8]) -> DarkroomError {
    let nsError = error as NSError
    let detail = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    var offset: Int?
    if let index = nsError.userInfo["NSJSONSerializationErrorIndex"] as? Int {
      offset = index
    } else if let range = detail.range(of: "character ") {
      offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
    }
    let reason = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
    guard let offset, offset >= 0 else { return DarkroomError("malformed JSON: \(reason)", file: file) }
    let location = TextPosition.location(ofByte: offset, in: bytes, file: file)
    return DarkroomError("malformed JSON: \(reason)", at: location)
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
