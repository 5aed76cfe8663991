/// The text of one locale: how a label's ``LocalizedText`` becomes what it shows.
///
/// A key's text is looked up in the language serving the locale (the tag, else its
/// language: `pt` serves `pt-BR`; a pseudo-locale uses the source language), its
/// plural form picked by the count under CLDR's rules, its format specifiers filled,
/// and, in a pseudo-locale, transformed (before formatting, so arguments stay as
/// given). Text written in the layout is only transformed by a pseudo-locale.
struct Localization: Sendable {
  /// The locale drawn; nil when the theme declares none.
  let locale: LocaleID?
  /// The theme's strings.
  let strings: StringTable
  /// The language of the strings `locale` reads, or nil when no source has it —
  /// found once, as every label of the pass reads it.
  let language: String?

  /// The strings of `locale` (nil: the source language's).
  init(locale: LocaleID?, strings: StringTable) {
    self.locale = locale
    self.strings = strings
    let source = strings.sourceLanguage ?? "en"
    if let locale, locale.pseudo == nil {
      language = strings.language(for: locale)
    } else {
      language = strings.language(for: LocaleID(source)) ?? source
    }
  }

  /// No locale: keys show the source language's text.
  static let none = Localization(locale: nil, strings: StringTable())

  /// The language used when a locale has no text of its own to look up: the source
  /// language a catalog names, else English.
  var sourceLanguage: String { strings.sourceLanguage ?? "en" }

  /// What `text` shows in this locale.
  ///
  /// - Throws: ``DarkroomError`` at the key when the key, its language, a count its
  ///   plural needs, or its format arguments are missing or wrong.
  func resolve(_ text: LocalizedText) throws(DarkroomError) -> String {
    guard case .key(let key) = text.source else {
      guard case .verbatim(let literal) = text.source else { return "" }
      return locale?.pseudo?.apply(to: literal) ?? literal
    }
    guard let translations = strings.entries[key] else {
      let known = strings.entries.keys
      let message = known.isEmpty
        ? "unknown string key '\(key)': the theme lists no strings (add 'strings:' to the theme)"
        : "unknown string key '\(key)'"
      throw DarkroomError(message, at: text.location, suggestion: Suggestion.closest(to: key, in: known))
    }
    guard let language, let value = translations[language] ?? translations[language.lowercased()] else {
      let wanted = locale.map { "'\($0)'" } ?? "the source language '\(sourceLanguage)'"
      let has = translations.keys.sorted().joined(separator: ", ")
      throw DarkroomError(
        "string key '\(key)' has no text in \(wanted) (it has \(has))", at: text.location,
        suggestion: locale.flatMap { Suggestion.closest(to: $0.identifier, in: translations.keys) })
    }
    var format: String
    switch value {
    case .text(let single):
      format = single
    case .plural(let forms):
      guard let count = text.count else {
        throw DarkroomError("string key '\(key)' has plural forms; give it a count (text: { key: \(key), count: 3 })", at: text.location)
      }
      let category = PluralRules.category(for: count, language: locale?.pseudo == nil ? (locale?.language ?? language) : language)
      guard let form = forms[category] ?? forms[.other] else {
        throw DarkroomError(
          "string key '\(key)' in '\(language)' has no '\(category.rawValue)' or 'other' form for the count \(count)",
          at: text.location)
      }
      format = form
    }
    if let pseudo = locale?.pseudo { format = pseudo.apply(to: format) }
    let arguments = text.formatArguments
    var result = format
    if !arguments.isEmpty {
      do {
        result = try StringFormatter.format(format, with: arguments)
      } catch {
        throw DarkroomError("string key '\(key)' in '\(language)': \(error.message)", at: text.location)
      }
    }
    // The limit text written in a layout has, so a catalog (or a format's width)
    // cannot make one label shape megabytes.
    guard result.unicodeScalars.count <= LabelSpec.maximumLength else {
      throw DarkroomError(
        "string key '\(key)' in '\(language)' gives \(result.unicodeScalars.count) characters; a text has at most \(LabelSpec.maximumLength)",
        at: text.location)
    }
    return result
  }
}
