import DarkroomFoundation
import DarkroomRendering

/// A label whose key has no text in the locale it is drawn in, so it shows the
/// development language's text — as iOS and Android do at run time — the finding
/// `darkroom audit` lists as untranslated.
///
/// A key its source marks as not to be translated (`translatable="false"`,
/// `shouldTranslate: false`) is meant to show the same text everywhere and is not
/// listed; nor is a locale of the development language itself (`en-GB` showing
/// `en`'s text), a region falling back to its language (`pt-BR` showing `pt`'s), or
/// a pseudo-locale.
public struct UntranslatedText: Sendable, Hashable {
  /// The key.
  public var key: String
  /// The locale drawn.
  public var locale: LocaleID
  /// The language whose text is shown instead.
  public var shownLanguage: String
  /// The text shown.
  public var text: String
  /// Where the key is written in the layout.
  public var location: SourceLocation

  /// One line for the audit: where the key is written, the layout and locale, the
  /// key and what shows instead.
  /// `Layouts/orders.yml:12:9: orders in de: 'orders.draft' has no text in de; shows en's "Draft"`
  public func line(layout: String) -> String {
    "\(location): \(layout) in \(locale): '\(Quoted.text(key))' has no text in \(locale); "
      + "shows \(shownLanguage)'s \"\(Quoted.text(text, limit: nil))\""
  }

  /// Every untranslated text of `layout` in `locale`, in the order the layout's
  /// texts are collected; none without a locale.
  public static func find(in layout: Layout, locale: LocaleID?, theme: Theme) -> [UntranslatedText] {
    guard let locale, locale.pseudo == nil else { return [] }
    var localization = Localization(locale: locale, strings: theme.strings)
    localization.device = layout.stringDevice
    var found: [UntranslatedText] = []
    var seen: Set<UntranslatedText> = []
    for text in layout.localizedTexts(theme: theme) {
      guard let key = text.key, !theme.strings.untranslatable.contains(key),
        let resolved = try? localization.resolved(text), let language = resolved.fallback
      else { continue }
      let finding = UntranslatedText(
        key: key, locale: locale, shownLanguage: language, text: resolved.text,
        location: text.location ?? SourceLocation(file: layout.file, line: 1, column: 1))
      if seen.insert(finding).inserted { found.append(finding) }
    }
    return found.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
  }
}
