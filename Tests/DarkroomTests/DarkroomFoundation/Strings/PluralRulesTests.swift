import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// CLDR 44's cardinal rules for whole numbers, checked on the counts where the
/// languages differ from English (the categories are CLDR's own examples).
@Suite("CLDR plural rules")
struct PluralRulesTests {
  @Test(arguments: [
    // language, count, category
    ("pa", 0, PluralCategory.one), ("pa", 1, .one), ("pa", 2, .other),
    ("ti", 0, .one), ("ti", 2, .other),
    ("kab", 0, .one), ("kab", 1, .one), ("kab", 2, .other),
    ("hy", 0, .one), ("hy", 1, .one), ("hy", 2, .other),
    ("br", 1, .one), ("br", 11, .other), ("br", 21, .one), ("br", 2, .two), ("br", 12, .other), ("br", 3, .few),
    ("br", 9, .few), ("br", 13, .other), ("br", 5, .other), ("br", 1_000_000, .many),
    ("gd", 1, .one), ("gd", 11, .one), ("gd", 2, .two), ("gd", 12, .two), ("gd", 3, .few), ("gd", 19, .few), ("gd", 20, .other),
    ("hsb", 1, .one), ("hsb", 101, .one), ("hsb", 2, .two), ("hsb", 3, .few), ("hsb", 5, .other),
    ("dsb", 4, .few),
    ("smn", 1, .one), ("smn", 2, .two), ("smn", 3, .other),
    ("pt-PT", 0, .other), ("pt-PT", 1, .one), ("pt-PT", 1_000_000, .many),
    ("pt", 0, .one), ("pt-BR", 0, .one),
    ("fr", 0, .one), ("es", 0, .other), ("it", 1_000_000, .many),
    ("si", 0, .one), ("da", 0, .other),
    ("ksh", 0, .zero), ("lag", 0, .zero), ("lag", 1, .one),
    ("shi", 0, .one), ("shi", 5, .few), ("shi", 11, .other),
    ("tzm", 12, .one), ("tzm", 100, .other),
    ("gv", 1, .one), ("gv", 2, .two), ("gv", 20, .few), ("gv", 3, .other),
    ("kw", 0, .zero), ("kw", 2, .two), ("kw", 3, .few), ("kw", 21, .many), ("kw", 1000, .two), ("kw", 5, .other),
  ])
  func categories(_ language: String, _ count: Int, _ expected: PluralCategory) {
    #expect(PluralRules.category(for: count, language: language) == expected)
  }

  @Test func everyCategoryARuleGivesIsListed() {
    for language in ["pa", "br", "gd", "hsb", "smn", "pt-PT", "shi", "ksh", "gv", "kw", "tzm"] {
      let listed = Set(PluralRules.categories(for: language))
      for n in 0...2000 {
        #expect(listed.contains(PluralRules.category(for: n, language: language)), "\(language) \(n)")
      }
    }
  }
}
