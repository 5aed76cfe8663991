import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Layouts drawn in several locales from a string catalog: keys, plurals, format
/// arguments, located mistakes, snapshot names, `--locales`, pseudo-locales and the
/// truncation audit — through the commands, as a user runs them.
@Suite("Localization")
struct LocalizationTests {
  /// A catalog as Xcode writes one.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "title" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Orders" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Bestellungen" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "الطلبات" } } } },
        "count" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld order" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld orders" } } } } },
          "de" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bestellung" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bestellungen" } } } } },
          "ja" : { "variations" : { "plural" : {
            "other" : { "stringUnit" : { "state" : "translated", "value" : "注文%lld件" } } } } },
          "ar" : { "variations" : { "plural" : {
            "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا طلبات" } },
            "one" : { "stringUnit" : { "state" : "translated", "value" : "طلب واحد" } },
            "two" : { "stringUnit" : { "state" : "translated", "value" : "طلبان" } },
            "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld طلبات" } },
            "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld طلبًا" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld طلب" } } } } } } },
        "greet" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello, %@!" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo, %@!" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "مرحبا، %@!" } } } },
        "route" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "From %1$@ to %2$@" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Nach %2$@ von %1$@" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "من %1$@ إلى %2$@" } } } },
        "ship" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Ship" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Versandfertig machen" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "شحن" } } } },
        "only.english" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Draft" } } } }
      },
      "version" : "1.0"
    }
    """

  static let modes = """

    modes:
      light: {}
      dark: { style: dark }
      dark-ax: { style: dark, contentSize: accessibilityExtraLarge }
    strings: [Localizable.xcstrings]
    """

  /// A project in `en`, `de` and `ar` (or `locales`) with `layout` as `screen.yml`.
  static func project(_ layout: String, locales: String = "[en, de, ar]") throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/Localizable.xcstrings", catalog)
    try folder.write("Layouts/theme.yml", testTheme + modes + "\nlocales: \(locales)\n")
    try folder.write("Layouts/screen.yml", layout)
    return folder
  }

  static let screen = """
    size: [240, 120]
    root:
      vstack:
        children:
          - label: { text: { key: title } }
          - label: { text: { key: count, count: 3 } }
    """

  /// The texts the labels of `layout` show in `locale`.
  static func texts(_ layout: String, locale: LocaleID) throws -> [String] {
    let folder = try project(layout)
    let theme = try Theme.load(file: folder.path + "/Layouts/theme.yml")
    let parsed = try LayoutParser().parse(layout, file: "screen.yml", name: "screen")
    let list = try LayoutEngine(theme: theme, traits: Traits(), locale: locale).displayList(for: parsed)
    return list.placements.filter { $0.kind == "label" }.map(\.text)
  }

  static func files(_ folder: String) -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
  }

  @Test("each snapshot is drawn in every mode × locale, named layout/mode.locale") func names() throws {
    let folder = try Self.project(Self.screen)
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let expected = ["ar", "de", "en"].flatMap { locale in ["dark", "dark-ax", "light"].map { "screen/\($0).\(locale).png" } }
    #expect(Self.files(folder.path + "/out").filter { $0.hasPrefix("screen/") } == expected.sorted())
    // The palette sheet has no text to translate: once per mode, named as before.
    #expect(Self.files(folder.path + "/out").contains("palette/light.png"))
  }

  @Test("--locales and darkroom.yml's locales pick some; unknown ones are refused") func choosing() throws {
    let folder = try Self.project(Self.screen)
    let run = darkroom(["render", "--out", "out", "--locales", "de", "--modes", "light"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.files(folder.path + "/out").filter { $0.hasPrefix("screen/") } == ["screen/light.de.png"])

    try folder.write("darkroom.yml", "locales: [ar]\n")
    let configured = darkroom(["render", "--out", "out2", "--modes", "light"], in: folder.path)
    #expect(configured.status == 0, "\(configured.stderr)")
    #expect(Self.files(folder.path + "/out2").filter { $0.hasPrefix("screen/") } == ["screen/light.ar.png"])

    try folder.write("darkroom.yml", "locales: [dee]\n")
    let wrong = darkroom(["render", "--out", "out3"], in: folder.path)
    #expect(wrong.status == 2)
    #expect(wrong.stderr == "darkroom.yml:1:10: error: unknown locale 'dee' (the theme's locales: en, de, ar); did you mean 'de'?\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out3"))
  }

  @Test("one locale declared, or none, keeps today's snapshot names") func oneLocale() throws {
    let folder = try Self.project(Self.screen, locales: "[de]")
    #expect(darkroom(["render", "--out", "out", "--modes", "light"], in: folder.path).status == 0)
    #expect(Self.files(folder.path + "/out").filter { $0.hasPrefix("screen/") } == ["screen/light.png"])
    // The one locale is the one drawn.
    #expect(try Self.texts(Self.screen, locale: "de") == ["Bestellungen", "3 Bestellungen"])
  }

  @Test("a layout's locales: narrows the theme's, and must be some of them") func layoutLocales() throws {
    let folder = try Self.project("locales: [en]\n" + Self.screen)
    #expect(darkroom(["render", "--out", "out", "--modes", "light"], in: folder.path).status == 0)
    #expect(Self.files(folder.path + "/out").filter { $0.hasPrefix("screen/") } == ["screen/light.png"])

    try folder.write("Layouts/screen.yml", "locales: [en, fr]\n" + Self.screen)
    let run = darkroom(["render", "--out", "out2"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.hasSuffix("screen.yml:1:15: error: locale 'fr' is not one of the theme's locales (en, de, ar); did you mean 'ar'?\n"))
  }

  @Test("plurals follow each language's rules: English, Arabic's six forms, Japanese's one")
  func plurals() throws {
    func shown(_ count: Int, _ locale: LocaleID) throws -> String {
      try Self.texts("size: [240, 60]\nroot:\n  label: { text: { key: count, count: \(count) } }\n", locale: locale)[0]
    }
    #expect(try shown(1, "en") == "1 order")
    #expect(try shown(0, "en") == "0 orders")
    #expect(try shown(2, "en") == "2 orders")
    #expect(try [0, 1, 2, 3, 11, 100].map { try shown($0, "ar") } == ["لا طلبات", "طلب واحد", "طلبان", "3 طلبات", "11 طلبًا", "100 طلب"])
    #expect(try [0, 1, 2, 25].map { try shown($0, "ja") } == ["注文0件", "注文1件", "注文2件", "注文25件"])
  }

  @Test("format arguments: %@, positional %1$@ %2$@ in another order, %lld from the count") func formatArguments() throws {
    let layout = """
      size: [300, 80]
      root:
        vstack:
          children:
            - label: { text: { key: greet, args: [Ana] } }
            - label: { text: { key: route, args: [Berlin, Paris] } }
      """
    #expect(try Self.texts(layout, locale: "en") == ["Hello, Ana!", "From Berlin to Paris"])
    #expect(try Self.texts(layout, locale: "de") == ["Hallo, Ana!", "Nach Paris von Berlin"])
    // Text written in the layout stays the same in every locale.
    #expect(try Self.texts("size: [200, 40]\nroot:\n  label: { text: Orders }\n", locale: "de") == ["Orders"])
  }

  @Test("a missing key, a missing count or a wrong argument is a located error, and nothing is written")
  func mistakes() throws {
    let cases: [(layout: String, theme: String?, error: String)] = [
      ("size: [200, 40]\nroot:\n  label: { text: { key: titel } }\n", nil,
       "screen.yml:3:25: error: unknown string key 'titel'; did you mean 'title'?"),
      ("size: [200, 40]\nroot:\n  label: { text: { key: count } }\n", nil,
       "screen.yml:3:25: error: string key 'count' has plural forms; give it a count (text: { key: count, count: 3 })"),
      ("size: [200, 40]\nroot:\n  label: { text: { key: count, count: 2, args: [many] } }\n", nil,
       "screen.yml:3:25: error: string key 'count' in 'en': '%lld' needs a whole number; 'many' given"),
      ("size: [200, 40]\nroot:\n  label: { text: { key: title, cont: 3 } }\n", nil,
       "screen.yml:3:32: error: unknown key 'cont' in a localized text; did you mean 'count'?"),
      (Self.screen, "[en, dee]", "theme.yml:16:15: error: no string source has the locale 'dee' (they have ar, de, en, ja); did you mean 'de'?"),
    ]
    for (layout, locales, error) in cases {
      let folder = try Self.project(layout, locales: locales ?? "[en, de, ar]")
      let run = darkroom(["render", "--out", "out"], in: folder.path)
      #expect(run.status == 2)
      #expect(run.stderr.components(separatedBy: "Layouts/").last == error + "\n", "\(run.stderr.debugDescription)")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }
  }

  @Test("en-XA: every text accented, about 40% longer and bracketed, arguments kept") func pseudoAccented() throws {
    let layout = """
      size: [600, 80]
      root:
        vstack:
          children:
            - label: { text: "Orders waiting for you" }
            - label: { text: { key: count, count: 12 } }
      """
    let texts = try Self.texts(layout, locale: "en-XA")
    let literal = texts[0]
    #expect(literal.hasPrefix("[") && literal.hasSuffix("]"))
    #expect(Double(literal.count) >= 1.4 * Double("Orders waiting for you".count))
    #expect(literal.hasPrefix("[Öŕðéŕš ŵåîţîñĝ ƒöŕ ýöû") || literal.unicodeScalars.filter { $0.value > 127 }.count >= 15)
    #expect(!literal.contains("Orders"))
    // The count is formatted into the pseudo text as digits.
    #expect(texts[1].hasPrefix("[12 ") && texts[1].hasSuffix("]"))
  }

  @Test("the truncation audit finds a planted overflow in de only, and one in dark-ax only") func truncationAudit() throws {
    let layout = """
      locales: [en, de]
      size: [240, 120]
      root:
        vstack:
          children:
            - label: { text: { key: ship }, width: 120 }
            - label: { text: "Total due", style: body, width: 90 }
      """
    let folder = try Self.project(layout)
    // Grouped, each label's cut is one line, in the snapshots it is found in.
    let grouped = darkroom(["audit"], in: folder.path)
    let groups = grouped.stdout.split(separator: "\n").filter { $0.contains(" — ") }
    #expect(groups.count == 2, "\(grouped.stdout)")
    #expect(
      groups.contains {
        $0.hasPrefix("Layouts/screen.yml:6:9: screen/light.de: \"Versandfertig machen\" — too wide for its frame")
          && $0.hasSuffix("; in 3 snapshots, also in screen/dark.de, screen/dark-ax.de")
      }, "\(groups)")
    // --all lists every one.
    let run = darkroom(["audit", "--all"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let findings = run.stdout.split(separator: "\n").filter { $0.contains(" — ") }.map(String.init)
    #expect(findings.count == 5, "\(findings)")
    #expect(findings.allSatisfy { !$0.contains("screen/light.en") && !$0.contains("screen/dark.en") })
    let german = findings.filter { $0.contains("\"Versandfertig machen\"") }
    #expect(Set(german.map { $0.components(separatedBy: ": ")[1] }) == ["screen/light.de", "screen/dark.de", "screen/dark-ax.de"])
    #expect(german.allSatisfy { $0.hasPrefix("Layouts/screen.yml:6:9: ") })
    #expect(german.allSatisfy { $0.contains("too wide for its frame; showed \"Versandfe") })
    let total = findings.filter { $0.contains("\"Total due\"") }
    #expect(Set(total.map { $0.components(separatedBy: ": ")[1] }) == ["screen/dark-ax.en", "screen/dark-ax.de"])
    #expect(run.stdout.contains("5 truncated or cut"))
    #expect(darkroom(["audit", "--strict"], in: folder.path).status == 1)

    // Meant to truncate: not listed.
    try folder.write(
      "Layouts/screen.yml",
      layout.replacingOccurrences(of: "{ key: ship }, width: 120 }", with: "{ key: ship }, width: 120, truncates: expected }")
        .replacingOccurrences(of: "\"Total due\", style: body, width: 90 }", with: "\"Total due\", style: body, width: 90, truncates: expected }"))
    let quiet = darkroom(["audit", "--strict"], in: folder.path)
    #expect(quiet.stdout.contains(", 0 truncated or cut"), "\(quiet.stdout)")
    #expect(quiet.status == 0)
  }

  @Test("verify's summary.md and report list the truncated labels beside the contrast failures") func verifyReport() throws {
    let layout = "locales: [en, de]\nsize: [240, 60]\nroot:\n  vstack:\n    children:\n      - label: { text: { key: ship }, width: 100 }\n"
    let folder = try Self.project(layout)
    #expect(darkroom(["record"], in: folder.path).status == 0)
    #expect(Self.files(folder.path + "/Golden").contains("screen/light.de.png"))
    let run = darkroom(["verify", "--modes", "light"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try String(contentsOfFile: folder.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(summary.contains("1 label(s) truncated or cut"))
    #expect(summary.contains("screen.yml:6:9: screen/light.de: \"Versandfertig machen\" — too wide for its frame"))
    #expect(try reportData(folder.path + "/.darkroom/report").contains("Labels truncated or cut (1)"))
  }
}
