/// CLDR's cardinal plural rules (version 44) for whole numbers: which form of a
/// counted phrase a count takes in a language.
///
/// Only integers are counted, so the conditions CLDR states on visible fraction
/// digits never hold. A negative count is read as its magnitude. Portugal's
/// Portuguese (`pt-PT`) has its own rule (0 is `other`), as in CLDR; every other tag
/// is read by its language. A language CLDR gives no rule here for is read as
/// English (`one` for 1, `other` otherwise).
enum PluralRules {
  /// The category `n` takes in `language` (a tag such as `ru` or `pt-PT`, in any
  /// case; a region is read only for `pt-PT`).
  static func category(for n: Int, language: String) -> PluralCategory {
    let n = n.magnitude
    let mod10 = n % 10, mod100 = n % 100
    switch rule(for: language) {
    case .oneOther:
      return n == 1 ? .one : .other
    case .otherOnly:
      return .other
    case .zeroOrOne:
      return n <= 1 ? .one : .other
    case .romanceMillions(let zeroIsOne):
      if n == 1 || (zeroIsOne && n == 0) { return .one }
      return n != 0 && n % 1_000_000 == 0 ? .many : .other
    case .arabic:
      switch n {
      case 0: return .zero
      case 1: return .one
      case 2: return .two
      default:
        if (3...10).contains(mod100) { return .few }
        if (11...99).contains(mod100) { return .many }
        return .other
      }
    case .hebrew:
      return n == 1 ? .one : n == 2 ? .two : .other
    case .eastSlavic:
      if mod10 == 1 && mod100 != 11 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return .many
    case .polish:
      if n == 1 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return .many
    case .czech:
      return n == 1 ? .one : (2...4).contains(n) ? .few : .other
    case .romanian:
      if n == 1 { return .one }
      return n == 0 || (1...19).contains(mod100) ? .few : .other
    case .lithuanian:
      if (11...19).contains(mod100) { return .other }
      return mod10 == 1 ? .one : mod10 >= 2 ? .few : .other
    case .latvian:
      if mod10 == 0 || (11...19).contains(mod100) { return .zero }
      return mod10 == 1 ? .one : .other
    case .slovenian:
      switch mod100 {
      case 1: return .one
      case 2: return .two
      case 3, 4: return .few
      default: return .other
      }
    case .serboCroatian:
      if mod10 == 1 && mod100 != 11 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return .other
    case .icelandicMacedonian:
      return mod10 == 1 && mod100 != 11 ? .one : .other
    case .irish:
      switch n {
      case 1: return .one
      case 2: return .two
      case 3...6: return .few
      case 7...10: return .many
      default: return .other
      }
    case .welsh:
      switch n {
      case 0: return .zero
      case 1: return .one
      case 2: return .two
      case 3: return .few
      case 6: return .many
      default: return .other
      }
    case .maltese:
      if n == 1 { return .one }
      if n == 2 { return .two }
      if n == 0 || (3...10).contains(mod100) { return .few }
      return (11...19).contains(mod100) ? .many : .other
    case .filipino:
      return n <= 3 || ![4, 6, 9].contains(mod10) ? .one : .other
    case .breton:
      if mod10 == 1 && ![11, 71, 91].contains(mod100) { return .one }
      if mod10 == 2 && ![12, 72, 92].contains(mod100) { return .two }
      if [3, 4, 9].contains(mod10) && !(10...19).contains(mod100) && !(70...79).contains(mod100) && !(90...99).contains(mod100) {
        return .few
      }
      return n != 0 && n % 1_000_000 == 0 ? .many : .other
    case .scottishGaelic:
      switch n {
      case 1, 11: return .one
      case 2, 12: return .two
      case 3...10, 13...19: return .few
      default: return .other
      }
    case .oneTwoOther:
      return n == 1 ? .one : n == 2 ? .two : .other
    case .tachelhit:
      return n <= 1 ? .one : n <= 10 ? .few : .other
    case .centralAtlasTamazight:
      return n <= 1 || (11...99).contains(n) ? .one : .other
    case .zeroOneOther:
      return n == 0 ? .zero : n == 1 ? .one : .other
    case .manx:
      if mod10 == 1 { return .one }
      if mod10 == 2 { return .two }
      return [0, 20, 40, 60, 80].contains(mod100) ? .few : .other
    case .cornish:
      if n == 0 { return .zero }
      if n == 1 { return .one }
      let mod1000 = n % 1000, mod100000 = n % 100_000
      if [2, 22, 42, 62, 82].contains(mod100)
        || (mod1000 == 0 && ((1000...20000).contains(mod100000) || [40000, 60000, 80000].contains(mod100000)))
        || (n != 0 && n % 1_000_000 == 100_000)
      {
        return .two
      }
      if [3, 23, 43, 63, 83].contains(mod100) { return .few }
      return [1, 21, 41, 61, 81].contains(mod100) ? .many : .other
    }
  }

  /// The categories `language` uses, in CLDR's order (`zero`, `one`, `two`, `few`,
  /// `many`, `other`). Categories CLDR gives only for fractions are listed too
  /// (Czech `many`, Lithuanian `many`), as a string catalog may give a form for
  /// them, though a whole number never selects them.
  static func categories(for language: String) -> [PluralCategory] {
    switch rule(for: language) {
    case .oneOther, .zeroOrOne, .icelandicMacedonian, .filipino: return [.one, .other]
    case .otherOnly: return [.other]
    case .romanceMillions: return [.one, .many, .other]
    case .arabic, .welsh: return [.zero, .one, .two, .few, .many, .other]
    case .hebrew: return [.one, .two, .other]
    case .eastSlavic, .polish, .czech, .lithuanian: return [.one, .few, .many, .other]
    case .romanian, .serboCroatian: return [.one, .few, .other]
    case .latvian: return [.zero, .one, .other]
    case .slovenian: return [.one, .two, .few, .other]
    case .irish, .maltese: return [.one, .two, .few, .many, .other]
    case .breton: return [.one, .two, .few, .many, .other]
    case .scottishGaelic, .manx: return [.one, .two, .few, .other]
    case .oneTwoOther: return [.one, .two, .other]
    case .tachelhit: return [.one, .few, .other]
    case .centralAtlasTamazight: return [.one, .other]
    case .zeroOneOther: return [.zero, .one, .other]
    case .cornish: return [.zero, .one, .two, .few, .many, .other]
    }
  }

  /// The shapes of rule the languages share.
  private enum Rule {
    case oneOther, otherOnly, zeroOrOne
    /// `one` for 1 (and 0 when `zeroIsOne`), `many` for non-zero multiples of a
    /// million (French, Spanish, Italian, Portuguese, Catalan).
    case romanceMillions(zeroIsOne: Bool)
    case arabic, hebrew, eastSlavic, polish, czech, romanian, lithuanian, latvian, slovenian
    case serboCroatian, icelandicMacedonian, irish, welsh, maltese, filipino
    /// Breton: by the last digit, with exceptions for 11, 71, 91 and their kin.
    case breton
    /// Scottish Gaelic: 1 and 11, 2 and 12, 3–10 and 13–19.
    case scottishGaelic
    /// `one` for 1, `two` for 2 (the Sámi languages, Inuktitut, Nama, Santali).
    case oneTwoOther
    case tachelhit, centralAtlasTamazight
    /// `zero` for 0, `one` for 1 (Colognian, Langi).
    case zeroOneOther
    case manx, cornish
  }

  private static func rule(for language: String) -> Rule {
    let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    let code = parts.first ?? ""
    // Portuguese outside Brazil follows Portugal's rule only where CLDR says: pt-PT.
    if code == "pt", parts.count > 1, parts.last == "pt" { return .romanceMillions(zeroIsOne: false) }
    switch code {
    case "ja", "zh", "ko", "th", "vi", "id", "in", "ms", "my", "lo", "km", "yue", "jv", "ig", "yo", "bo", "dz", "sah",
      "to", "wo", "su", "kea", "ses", "sg", "ii", "osa", "jbo", "nqo", "kde":
      return .otherOnly
    case "fr", "pt": return .romanceMillions(zeroIsOne: true)
    case "es", "it", "ca", "vec", "scn", "lld": return .romanceMillions(zeroIsOne: false)
    case "hi", "bn", "fa", "gu", "kn", "mr", "am", "zu", "as", "doi", "pcm", "si", "hy", "ff", "kab", "ak", "bho", "guw",
      "ln", "mg", "nso", "pa", "ti", "wa":
      return .zeroOrOne
    case "ar", "ars": return .arabic
    case "he", "iw": return .hebrew
    case "ru", "uk", "be": return .eastSlavic
    case "pl": return .polish
    case "cs", "sk": return .czech
    case "ro", "mo": return .romanian
    case "lt": return .lithuanian
    case "lv", "prg": return .latvian
    case "sl", "hsb", "dsb": return .slovenian
    case "hr", "sr", "bs", "sh": return .serboCroatian
    case "is", "mk": return .icelandicMacedonian
    case "ga": return .irish
    case "cy": return .welsh
    case "mt": return .maltese
    case "fil", "tl", "ceb": return .filipino
    case "br": return .breton
    case "gd": return .scottishGaelic
    case "se", "smn", "sms", "sma", "smj", "smi", "iu", "naq", "sat": return .oneTwoOther
    case "shi": return .tachelhit
    case "tzm": return .centralAtlasTamazight
    case "ksh", "lag": return .zeroOneOther
    case "gv": return .manx
    case "kw": return .cornish
    default: return .oneOther
    }
  }
}
