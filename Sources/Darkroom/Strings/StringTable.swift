/// The strings of a project's sources: each key's text by language.
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

  /// An empty table.
  public init() {}

  /// Every language some key has text in.
  public var languages: Set<String> {
    var result: Set<String> = []
    for translations in entries.values { result.formUnion(translations.keys) }
    return result
  }

  /// Adds `text` for `key` in `language` unless a source before gave it; `origin` names
  /// the file.
  mutating func add(_ key: String, language: String, _ text: LocalizedString, origin: String) {
    if entries[key]?[language] != nil { return }
    entries[key, default: [:]][language] = text
    if origins[key] == nil { origins[key] = origin }
  }

  /// Adds every string of `other` that this table does not have yet.
  mutating func merge(_ other: StringTable) {
    for (key, translations) in other.entries.sorted(by: { $0.key < $1.key }) {
      for (language, text) in translations.sorted(by: { $0.key < $1.key }) {
        add(key, language: language, text, origin: other.origins[key] ?? "")
      }
    }
    if sourceLanguage == nil { sourceLanguage = other.sourceLanguage }
  }

  /// The language of the table that serves `locale`: the tag itself, else its
  /// language alone (`pt` for `pt-BR`), compared without case; nil when neither has
  /// any string.
  public func language(for locale: LocaleID) -> String? {
    let available = languages
    let wanted = [locale.identifier.lowercased(), locale.language]
    for tag in wanted {
      if let match = available.sorted().first(where: { $0.lowercased().replacingOccurrences(of: "_", with: "-") == tag }) {
        return match
      }
    }
    return nil
  }
}
