import Foundation

/// The strings of a project's sources: each key's text by language, and how each
/// key falls back when a locale has no text for it.
///
/// Built from the theme's `strings:` list; a key given by two sources keeps the first
/// source's text for each language.
public struct StringTable: Sendable, Equatable {
  /// Each key's text, by language tag as the source wrote it (`de`, `pt-BR`).
  public internal(set) var entries: [String: [String: LocalizedString]] = [:]
  /// The language a source's keys are written in (a string catalog's
  /// `sourceLanguage`), used by the pseudo-locales; nil when no source says.
  public internal(set) var sourceLanguage: String?
  /// Where each key was first given, for messages.
  public internal(set) var origins: [String: String] = [:]
  /// Every language a source has a file for, even a file with no keys: an empty
  /// `hy.lproj/Main.strings` still makes `hy` a locale, whose keys all fall back.
  public internal(set) var fileLanguages: Set<String> = []
  /// How each key falls back, from the source that gave it.
  public internal(set) var fallbacks: [String: StringFallback] = [:]
  /// Keys their source marks as not to be translated (`translatable="false"`,
  /// `shouldTranslate: false`): their fallback is meant, not an untranslated text.
  public internal(set) var untranslatable: Set<String> = []
  /// Texts a source names but Darkroom cannot know, by key and language, with why
  /// (an Android alias to a library's string): a label that shows one gets this as
  /// a located error.
  public internal(set) var unavailable: [String: [String: String]] = [:]
  /// Android aliases (`@string/name`), by key and language: the key whose text they
  /// show, looked up in the locale drawn.
  public internal(set) var aliases: [String: [String: String]] = [:]
  /// The fallback of the keys this table's reader adds (each reader sets its own).
  var fallback: StringFallback?

  /// An empty table.
  public init() {}

  /// The most keys one string file may give: twenty times the largest string file of
  /// the nine public apps measured. Each key costs a few hundred bytes in the table,
  /// so a file of many tiny keys (a 16 MB `.strings` file holds a million) is
  /// refused at the key past the limit, as it is read.
  static let maximumKeys = 100_000

  /// The error for a file that gives a key past ``maximumKeys``, at that key.
  static func tooManyKeys(at location: SourceLocation?, file: String) -> DarkroomError {
    DarkroomError(
      "the file gives more than \(maximumKeys) strings; a string file gives at most \(maximumKeys)", at: location,
      file: location == nil ? file : nil)
  }

  /// Every language some key has text in, or some file is for: the file languages,
  /// since adding a text adds its language to them (``add(_:language:_:origin:)``
  /// is the only way in). A snapshot's layout asks for them, so they are not
  /// gathered from every key each time.
  public var languages: Set<String> { fileLanguages }

  /// Adds `text` for `key` in `language` unless a source before gave it; `origin` names
  /// the file.
  mutating func add(_ key: String, language: String, _ text: LocalizedString, origin: String) {
    fileLanguages.insert(language)
    if entries[key]?[language] != nil { return }
    entries[key, default: [:]][language] = text
    if origins[key] == nil { origins[key] = origin }
    if fallbacks[key] == nil, let fallback { fallbacks[key] = fallback }
  }

  /// Adds every string of `other` that this table does not have yet.
  package mutating func merge(_ other: StringTable) {
    // Into an empty table every string goes in as it is: the first source of a
    // theme (often its only one) is taken whole, not key by key.
    if entries.isEmpty && fallback == nil && unavailable.isEmpty && aliases.isEmpty && untranslatable.isEmpty
      && other.entries.values.allSatisfy({ !$0.isEmpty })
    {
      entries = other.entries
      origins = other.entries.keys.reduce(into: [:]) { $0[$1] = other.origins[$1] ?? "" }
      fallbacks = other.fallbacks.filter { other.entries[$0.key] != nil }
      untranslatable = other.untranslatable.filter { other.entries[$0] != nil }
      unavailable = other.unavailable.filter { other.entries[$0.key] != nil }
      aliases = other.aliases.filter { other.entries[$0.key] != nil }
      fileLanguages.formUnion(other.fileLanguages)
      if sourceLanguage == nil { sourceLanguage = other.sourceLanguage }
      return
    }
    for (key, translations) in other.entries.sorted(by: { $0.key < $1.key }) {
      let fallbackBefore = fallbacks[key]
      for (language, text) in translations.sorted(by: { $0.key < $1.key }) {
        add(key, language: language, text, origin: other.origins[key] ?? "")
      }
      if fallbackBefore == nil, let theirs = other.fallbacks[key] { fallbacks[key] = theirs }
      if other.untranslatable.contains(key), origins[key] == other.origins[key] { untranslatable.insert(key) }
      for (language, reason) in other.unavailable[key] ?? [:] where entries[key]?[language] == translations[language] {
        unavailable[key, default: [:]][language] = unavailable[key]?[language] ?? reason
      }
      for (language, target) in other.aliases[key] ?? [:] where entries[key]?[language] == translations[language] {
        aliases[key, default: [:]][language] = aliases[key]?[language] ?? target
      }
    }
    fileLanguages.formUnion(other.fileLanguages)
    if sourceLanguage == nil { sourceLanguage = other.sourceLanguage }
  }

  /// The language of the table that serves `locale`: the tag itself, else its
  /// language alone (`pt` for `pt-BR`), compared without case; nil when neither has
  /// any string.
  public func language(for locale: LocaleID) -> String? {
    exactLanguage(for: locale) ?? baseLanguage(for: locale)
  }

  /// The table's spelling of `locale`'s own tag, if some source has it.
  func exactLanguage(for locale: LocaleID) -> String? { spelling(of: locale.identifier.lowercased()) }

  /// The table's spelling of `locale`'s language subtag, if some source has it.
  func baseLanguage(for locale: LocaleID) -> String? { spelling(of: locale.language) }

  private func spelling(of tag: String) -> String? {
    languages.sorted().first { $0.lowercased().replacingOccurrences(of: "_", with: "-") == tag }
  }

  /// How `key` falls back: its source's rule, else Apple's to the source language.
  func fallback(of key: String) -> StringFallback {
    fallbacks[key] ?? StringFallback(developmentLanguage: sourceLanguage ?? "en", platform: .apple)
  }
}

/// Where a key's text comes from when a locale's own file has none, as the platform
/// its source is for does it at run time.
public struct StringFallback: Sendable, Equatable {
  /// The platform whose rule applies.
  public enum Platform: String, Sendable {
    /// iOS: the locale's localization (its tag, else its language's), else the
    /// development language's text.
    case apple
    /// Android: `values-ll-rRR`, then `values-ll`, then the default `values`.
    case android
  }

  /// The development language (a string catalog's `sourceLanguage`, the default
  /// `values` folder's language, `en` for `.strings`).
  public let developmentLanguage: String
  /// Whose rule.
  public let platform: Platform
}
