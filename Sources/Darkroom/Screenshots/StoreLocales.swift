import DarkroomFoundation

/// The locale codes the stores' listings use, and which one each of a project's
/// locales is written under.
///
/// App Store Connect's codes are those fastlane `deliver` accepts as folder names
/// (`fastlane_core/lib/fastlane_core/languages.rb`); Google Play's are Play Console's
/// (`supply/lib/supply/languages.rb`, after support.google.com's list). A project's
/// locale is written under the code it equals (ignoring case), else the code its
/// language maps to below (`en` → `en-US`, `ar` → `ar-SA` for the App Store and `ar`
/// for Google Play), else under the code `storeLocales:` gives it. Pseudo-locales
/// have no listing: their pages are drawn, verified and shown on contact sheets, and
/// written for no store.
public enum StoreLocales {
  /// App Store Connect's codes.
  public static let appStore: [String] = [
    "ar-SA", "bn-BD", "ca", "cs", "da", "de-DE", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi",
    "fr-CA", "fr-FR", "gu-IN", "he", "hi", "hr", "hu", "id", "it", "ja", "kn-IN", "ko", "ml-IN", "mr-IN", "ms", "nl-NL",
    "no", "or-IN", "pa-IN", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl-SI", "sv", "ta-IN", "te-IN", "th", "tr", "uk",
    "ur-PK", "vi", "zh-Hans", "zh-Hant",
  ]

  /// Google Play's codes.
  public static let play: [String] = [
    "af", "am", "ar", "az-AZ", "be", "bg", "bn-BD", "ca", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-AU", "en-CA", "en-GB",
    "en-IN", "en-SG", "en-US", "en-ZA", "es-419", "es-ES", "es-US", "et", "eu-ES", "fa", "fi-FI", "fil", "fr-CA",
    "fr-FR", "gl-ES", "hi-IN", "hr", "hu-HU", "hy-AM", "id", "is-IS", "it-IT", "iw-IL", "ja-JP", "ka-GE", "km-KH",
    "kn-IN", "ko-KR", "ky-KG", "lo-LA", "lt", "lv", "mk-MK", "ml-IN", "mn-MN", "mr-IN", "ms", "ms-MY", "my-MM", "ne-NP",
    "nl-NL", "no-NO", "pl-PL", "pt-BR", "pt-PT", "rm", "ro", "ru-RU", "si-LK", "sk", "sl", "sr", "sv-SE", "sw", "ta-IN",
    "te-IN", "th", "tr-TR", "uk", "vi", "zh-CN", "zh-HK", "zh-TW", "zu",
  ]

  /// The App Store code of a language whose code is not the language itself.
  static let appStoreLanguages: [String: String] = [
    "ar": "ar-SA", "bn": "bn-BD", "de": "de-DE", "en": "en-US", "es": "es-ES", "fr": "fr-FR", "gu": "gu-IN",
    "iw": "he", "kn": "kn-IN", "ml": "ml-IN", "mr": "mr-IN", "nb": "no", "nn": "no", "nl": "nl-NL", "or": "or-IN",
    "pa": "pa-IN", "pt": "pt-BR", "sl": "sl-SI", "ta": "ta-IN", "te": "te-IN", "ur": "ur-PK", "zh": "zh-Hans",
  ]

  /// The Google Play code of a language whose code is not the language itself.
  static let playLanguages: [String: String] = [
    "az": "az-AZ", "bn": "bn-BD", "cs": "cs-CZ", "da": "da-DK", "de": "de-DE", "el": "el-GR", "en": "en-US",
    "es": "es-ES", "eu": "eu-ES", "fi": "fi-FI", "fr": "fr-FR", "gl": "gl-ES", "he": "iw-IL", "iw": "iw-IL",
    "hi": "hi-IN", "hu": "hu-HU", "hy": "hy-AM", "is": "is-IS", "it": "it-IT", "ja": "ja-JP", "ka": "ka-GE",
    "km": "km-KH", "kn": "kn-IN", "ko": "ko-KR", "ky": "ky-KG", "lo": "lo-LA", "mk": "mk-MK", "ml": "ml-IN",
    "mn": "mn-MN", "mr": "mr-IN", "my": "my-MM", "nb": "no-NO", "ne": "ne-NP", "nl": "nl-NL", "nn": "no-NO",
    "no": "no-NO", "pl": "pl-PL", "pt": "pt-BR", "ru": "ru-RU", "si": "si-LK", "sv": "sv-SE", "ta": "ta-IN",
    "te": "te-IN", "tr": "tr-TR", "zh": "zh-CN",
  ]

  /// Scripts and regions of Chinese whose codes name another form: traditional
  /// Chinese is `zh-Hant` on the App Store and `zh-TW` on Google Play.
  static let chinese: [String: (appStore: String, play: String)] = [
    "zh-hans": ("zh-Hans", "zh-CN"), "zh-cn": ("zh-Hans", "zh-CN"), "zh-sg": ("zh-Hans", "zh-CN"),
    "zh-hant": ("zh-Hant", "zh-TW"), "zh-tw": ("zh-Hant", "zh-TW"), "zh-hk": ("zh-Hant", "zh-HK"),
    "zh-mo": ("zh-Hant", "zh-TW"),
  ]

  /// Every code `store` takes.
  public static func codes(of store: Store) -> [String] {
    switch store {
    case .appstore: appStore
    case .play: play
    }
  }

  /// The code `store` lists `locale` under without help: the code it equals
  /// (ignoring case), else its language's; nil for a pseudo-locale or a language
  /// the store's codes do not cover.
  public static func code(for locale: LocaleID, in store: Store) -> String? {
    guard locale.pseudo == nil else { return nil }
    let codes = codes(of: store)
    let wanted = locale.identifier.lowercased()
    if let exact = codes.first(where: { $0.lowercased() == wanted }) { return exact }
    if let chinese = chinese[wanted] { return store == .appstore ? chinese.appStore : chinese.play }
    let language = locale.language
    let mapped = (store == .appstore ? appStoreLanguages : playLanguages)[language] ?? language
    return codes.first { $0.lowercased() == mapped.lowercased() }
  }
}
