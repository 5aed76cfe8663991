/// The text of one locale: how a label's ``LocalizedText`` becomes what it shows.
///
/// A key's text is looked up as the platform of its source does at run time: for an
/// Apple source (string catalog, `.strings`, `.stringsdict`) in the localization
/// serving the locale (its tag, else its language: `pt` serves `pt-BR`), else in the
/// development language; for an Android resource folder in `values-ll-rRR`, then
/// `values-ll`, then the default `values`. A text taken from the development
/// language in another locale is an untranslated text (``Resolved/fallback``) —
/// drawn, and listed by `darkroom audit`. A pseudo-locale, or no locale, uses the
/// development language. Then its plural form is picked by the count under CLDR's
/// rules, its device variation by the snapshot's device, each substitution by its
/// own argument; its format specifiers are filled; and in a pseudo-locale it is
/// transformed (before formatting, so arguments stay as given). Text written in the
/// layout is only transformed by a pseudo-locale.
package struct Localization: Sendable {
  /// The locale drawn; nil when the theme declares none.
  package let locale: LocaleID?
  /// The theme's strings.
  let strings: StringTable
  /// The language of the strings that serve `locale` (its tag, else its language),
  /// or nil when no source has it — found once, as every label of the pass reads it.
  let language: String?
  /// The table's spelling of the locale's own tag and of its language subtag.
  private let exact: String?, base: String?
  /// The device variation a string catalog's `device` variations are picked by:
  /// `iphone`, or `ipad` for a layout drawn on an iPad. Default: `iphone`.
  package var device = "iphone"
  /// Whether a pseudo-locale's transformation is applied. Off for text styled in
  /// runs, which is transformed after its Markdown is read, as one text.
  package var transformsPseudo = true

  /// The longest text a key may give: a long help text is fine, UILabel has no
  /// limit, but a hostile catalog (or a format's width) must not make one label
  /// shape megabytes.
  static let maximumLength = 10_000

  /// The strings of `locale` (nil: the source language's).
  package init(locale: LocaleID?, strings: StringTable) {
    self.locale = locale
    self.strings = strings
    if let locale, locale.pseudo == nil {
      exact = strings.exactLanguage(for: locale)
      base = strings.baseLanguage(for: locale)
      language = exact ?? base
    } else {
      exact = nil
      base = nil
      language = nil
    }
  }

  /// No locale: keys show the source language's text.
  package static let none = Localization(locale: nil, strings: StringTable())

  /// A text as the locale shows it, and whether it is untranslated.
  package struct Resolved: Equatable {
    /// What the label shows.
    package var text: String
    /// When the locale has no text of its own for the key: the language shown
    /// instead (the development language).
    package var fallback: String?
  }

  /// What `text` shows in this locale.
  ///
  /// - Throws: ``DarkroomError`` at the key when the key is unknown, or has no text
  ///   in the locale or the development language, or when a count its plural needs
  ///   or its format arguments are missing or wrong.
  package func resolve(_ text: LocalizedText) throws(DarkroomError) -> String {
    try resolved(text).text
  }

  /// What `text` shows in this locale, and whether it fell back.
  package func resolved(_ text: LocalizedText) throws(DarkroomError) -> Resolved {
    guard case .key(let key) = text.source else {
      guard case .verbatim(let literal) = text.source else { return Resolved(text: "") }
      guard transformsPseudo, let pseudo = locale?.pseudo else { return Resolved(text: literal) }
      return Resolved(text: pseudo.apply(to: literal))
    }
    let quotedKey = Quoted.text(key)
    guard let translations = strings.entries[key] else {
      let known = strings.entries.keys
      let message = known.isEmpty
        ? "unknown string key '\(quotedKey)': the theme lists no strings (add 'strings:' to the theme)"
        : "unknown string key '\(quotedKey)'"
      throw DarkroomError(message, at: text.location, suggestion: Suggestion.closest(to: key, in: known))
    }
    let rule = strings.fallback(of: key)
    let development = translations.keys.first { Self.same($0, rule.developmentLanguage) } ?? rule.developmentLanguage
    guard var (chosen, value) = choose(key, translations, rule: rule, development: development) else {
      let wanted = locale.map { "'\($0)'" } ?? "the source language '\(development)'"
      let has = translations.keys.sorted().joined(separator: ", ")
      throw DarkroomError(
        "string key '\(quotedKey)' has no text in \(wanted) or its development language '\(development)' (it has \(has))",
        at: text.location, suggestion: locale.flatMap { Suggestion.closest(to: $0.identifier, in: translations.keys) })
    }
    // An Android alias shows its target's text in this locale, as the device
    // resolves a reference in its own configuration.
    var hops = 0
    var aliasKey = key
    while let target = strings.aliases[aliasKey]?[chosen], let targets = strings.entries[target] {
      hops += 1
      guard hops <= Self.maximumAliasHops,
        let next = choose(target, targets, rule: strings.fallback(of: target), development: development)
      else {
        throw DarkroomError(
          "string key '\(quotedKey)': its '@string/' aliases refer to each other in a loop or a chain of more than \(Self.maximumAliasHops), or to a string with no text in \(locale.map { "'\($0)'" } ?? "'\(development)'")",
          at: text.location)
      }
      (chosen, value) = next
      aliasKey = target
    }
    if let reason = strings.unavailable[aliasKey]?[chosen] {
      throw DarkroomError("string key '\(quotedKey)' has no text Darkroom can show in '\(chosen)': \(reason)", at: text.location)
    }
    // Shown from the development language in a locale of another language.
    var fellBack = false
    var pluralLanguage = chosen
    if let locale, locale.pseudo == nil {
      fellBack = chosen == development && LocaleID(development).language != locale.language
      // The device's locale picks the plural category, whatever language the text
      // comes from: getQuantityString uses the configuration's rules, and
      // Foundation formats with the current locale.
      pluralLanguage = locale.identifier
    }
    let choice = FormChoice(count: text.count, arguments: text.formatArguments, device: device, pluralLanguage: pluralLanguage)
    var format: String
    do {
      format = try value.format(choice)
    } catch {
      throw Self.describe(error, key: quotedKey, language: chosen, at: text.location)
    }
    if transformsPseudo, let pseudo = locale?.pseudo { format = pseudo.apply(to: format) }
    let arguments = text.formatArguments
    var result = format
    if !arguments.isEmpty {
      do {
        result = try StringFormatter.format(format, with: arguments, locale: locale?.pseudo == nil ? locale?.identifier ?? chosen : chosen)
      } catch {
        throw DarkroomError("string key '\(quotedKey)' in '\(chosen)': \(error.message)", at: text.location)
      }
    }
    guard result.unicodeScalars.count <= Self.maximumLength else {
      throw DarkroomError(
        "string key '\(quotedKey)' in '\(chosen)' gives \(result.unicodeScalars.count) characters; a text has at most \(Self.maximumLength)",
        at: text.location)
    }
    return Resolved(text: result, fallback: fellBack ? chosen : nil)
  }

  /// Android aliases may point to aliases this many times; more is a loop.
  static let maximumAliasHops = 16

  /// The language whose text of `key` this locale shows, and the text: the
  /// platform's order of languages (see the type's comment), the first that has one.
  private func choose(
    _ key: String, _ translations: [String: LocalizedString], rule: StringFallback, development: String
  ) -> (String, LocalizedString)? {
    let candidates: [String]
    if let locale, locale.pseudo == nil {
      switch rule.platform {
      case .apple: candidates = [language, development].compactMap { $0 }
      case .android: candidates = [exact, base, development].compactMap { $0 }
      }
    } else {
      candidates = [development]
    }
    guard let chosen = candidates.first(where: { translations[$0] != nil }), let value = translations[chosen] else {
      return nil
    }
    return (chosen, value)
  }

  /// Whether two language tags are the same, ignoring case and `_` for `-`.
  private static func same(_ a: String, _ b: String) -> Bool {
    a.lowercased().replacingOccurrences(of: "_", with: "-") == b.lowercased().replacingOccurrences(of: "_", with: "-")
  }

  private static func describe(
    _ failure: FormChoice.Failure, key: String, language: String, at location: SourceLocation?
  ) -> DarkroomError {
    switch failure {
    case .needsCount:
      return DarkroomError(
        "string key '\(key)' has plural forms; give it a count (text: { key: \(key), count: 3 })", at: location)
    case .noForm(let category, let count):
      return DarkroomError(
        "string key '\(key)' in '\(language)' has no '\(category.rawValue)' or 'other' form for the count \(count)",
        at: location)
    case .needsArgument(let index, let name):
      return DarkroomError(
        "string key '\(key)' in '\(language)': '\(Quoted.text(name))' takes its form from argument \(index); give it args (text: { key: \(key), args: [...] }) or a count",
        at: location)
    case .notWholeNumber(let argument, let name):
      return DarkroomError(
        "string key '\(key)' in '\(language)': '\(Quoted.text(name))' takes its form from a whole number; '\(Quoted.text(argument.description))' given",
        at: location)
    case .tooDeep(let name):
      return DarkroomError(
        "string key '\(key)' in '\(language)': substitution '\(Quoted.text(name))' nests more than \(FormChoice.maximumDepth) deep (do its forms name each other?)",
        at: location)
    case .tooLong:
      return DarkroomError(
        "string key '\(key)' in '\(language)' gives more than \(maximumLength) characters, or puts in more than \(FormChoice.maximumSubstitutions) substitutions, once its substitutions are put in; a text has at most \(maximumLength)",
        at: location)
    }
  }
}
