import Foundation

/// Reads an Xcode string catalog (`Localizable.xcstrings`).
///
/// Each key's `localizations` give a `stringUnit`'s `value`, or `variations`: a
/// `plural` variation becomes a ``LocalizedString/plural(_:)``; a `device`
/// variation is not drawn per device — the `other` device's text is taken, else
/// the first device's in sorted order. The two may nest either way. A key without
/// a localization in the catalog's `sourceLanguage` has the key itself as its
/// source text, as Xcode reads it. The `state` of a unit (`translated`,
/// `needs_review`, `new`) and `shouldTranslate` are not checked: every value given
/// is used.
///
/// Substitutions (`%#@name@` with `substitutions` → name → `argNum`,
/// `formatSpecifier`, `variations` → `plural`): the first substitution in the text
/// decides the plural forms, each form putting the substitution's own form in
/// place, with its `%arg` written as `%<argNum>$<formatSpecifier>`. A string with
/// several substitutions gets the `other` form of every one after the first, as a
/// single count cannot choose the forms of two.
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
    for key in strings.keys.sorted() {
      guard let entry = strings[key] as? [String: Any] else {
        throw DarkroomError("string '\(key)': expected an object", file: file)
      }
      let localizations: [String: Any]
      switch entry["localizations"] {
      case nil: localizations = [:]
      case let object as [String: Any]: localizations = object
      default: throw DarkroomError("string '\(key)': 'localizations' must be an object", file: file)
      }
      for language in localizations.keys.sorted() {
        let context = "string '\(key)', language '\(language)'"
        guard let localization = localizations[language] as? [String: Any] else {
          throw DarkroomError("\(context): expected an object", file: file)
        }
        guard let text = try read(localization, context: context) else { continue }
        let resolved = try substitute(text, in: localization, context: context)
        table.add(key, language: language, resolved, origin: file)
      }
      if table.entries[key]?[source] == nil {
        table.add(key, language: source, .text(key), origin: file)
      }
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
      var result: [PluralCategory: String] = [:]
      for name in forms.keys.sorted() {
        guard let category = PluralCategory(rawValue: name) else {
          throw DarkroomError(
            "\(context): unknown plural category '\(name)'; expected zero, one, two, few, many or other", file: file)
        }
        guard let form = forms[name] as? [String: Any] else {
          throw DarkroomError("\(context), plural '\(name)': expected an object", file: file)
        }
        // A form is text; a device variation inside it is read as above.
        switch try read(form, context: "\(context), plural '\(name)'") {
        case .text(let text)?: result[category] = text
        case .plural(let inner)?: result[category] = inner[category] ?? inner[.other]
        case nil: continue
        }
      }
      return result.isEmpty ? nil : .plural(result)
    }
    if let device = kinds["device"] {
      guard let devices = device as? [String: Any] else {
        throw DarkroomError("\(context): 'variations.device' must be an object", file: file)
      }
      let order = (devices["other"] != nil ? ["other"] : []) + devices.keys.sorted().filter { $0 != "other" }
      for name in order {
        guard let variant = devices[name] as? [String: Any] else {
          throw DarkroomError("\(context), device '\(name)': expected an object", file: file)
        }
        if let text = try read(variant, context: "\(context), device '\(name)'") { return text }
      }
      return nil
    }
    let kindsGiven = kinds.keys.sorted().joined(separator: ", ")
    throw DarkroomError("\(context): unsupported variations '\(kindsGiven)'; expected 'plural' or 'device'", file: file)
  }

  /// `text` with its `%#@name@` substitutions put in place (see the type's comment).
  private func substitute(_ text: LocalizedString, in localization: [String: Any], context: String) throws(DarkroomError) -> LocalizedString {
    guard let substitutions = localization["substitutions"] else { return text }
    guard let table = substitutions as? [String: Any] else {
      throw DarkroomError("\(context): 'substitutions' must be an object", file: file)
    }
    // Forms of each substitution, by category, with %arg written out.
    func forms(_ name: String) throws(DarkroomError) -> [PluralCategory: String]? {
      guard let entry = table[name] else { return nil }
      let where_ = "\(context), substitution '\(name)'"
      guard let entry = entry as? [String: Any] else {
        throw DarkroomError("\(where_): expected an object", file: file)
      }
      let specifier = (entry["formatSpecifier"] as? String) ?? "lld"
      let argument: String
      if let number = entry["argNum"] as? Int { argument = "%\(number)$\(specifier)" } else { argument = "%\(specifier)" }
      switch try read(entry, context: where_) {
      case .plural(let forms)?: return forms.mapValues { $0.replacingOccurrences(of: "%arg", with: argument) }
      case .text(let text)?: return [.other: text.replacingOccurrences(of: "%arg", with: argument)]
      case nil: return nil
      }
    }
    func names(in text: String) -> [String] {
      FormatSpecifier.segments(of: text).compactMap {
        if case .specifier(let spec) = $0 { spec.substitution } else { nil }
      }
    }
    func fill(_ text: String, first: String, category: PluralCategory, firstForms: [PluralCategory: String]) throws(DarkroomError) -> String {
      var result = ""
      for segment in FormatSpecifier.segments(of: text) {
        switch segment {
        case .text(let literal): result += literal
        case .specifier(let spec):
          guard let name = spec.substitution else {
            result += spec.text
            continue
          }
          let chosen = name == first ? firstForms : try forms(name)
          let wanted = name == first ? category : .other
          result += chosen?[wanted] ?? chosen?[.other] ?? spec.text
        }
      }
      return result
    }
    switch text {
    case .text(let value):
      guard let first = names(in: value).first(where: { table[$0] != nil }), let firstForms = try forms(first) else {
        return text
      }
      var result: [PluralCategory: String] = [:]
      for category in firstForms.keys {
        result[category] = try fill(value, first: first, category: category, firstForms: firstForms)
      }
      return firstForms.count == 1 && firstForms[.other] != nil ? .text(result[.other] ?? value) : .plural(result)
    case .plural(var forms):
      // Already plural: put the `other` form of every substitution in each form.
      for (category, value) in forms {
        forms[category] = try fill(value, first: "", category: .other, firstForms: [:])
      }
      return .plural(forms)
    }
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
