import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Localized strings: the three file formats teams keep them in, CLDR plural rules,
/// printf-style formatting and the pseudo-locales. Fixtures are written here, the
/// way Xcode and Android Studio write them.
@Suite("Strings")
struct StringsTests {
  // MARK: Plural rules

  @Test func englishPlurals() {
    #expect(PluralRules.category(for: 1, language: "en") == .one)
    #expect(PluralRules.category(for: 0, language: "en") == .other)
    #expect(PluralRules.category(for: 2, language: "EN") == .other)
    #expect(PluralRules.category(for: -1, language: "en") == .one)
    #expect(PluralRules.categories(for: "en") == [.one, .other])
    #expect(PluralRules.category(for: 1, language: "xx") == .one, "unknown languages read as English")
  }

  @Test func arabicUsesAllSixCategories() {
    let cases: [(Int, PluralCategory)] = [
      (0, .zero), (1, .one), (2, .two), (3, .few), (11, .many), (100, .other), (103, .few), (111, .many), (1000, .other),
    ]
    for (n, category) in cases { #expect(PluralRules.category(for: n, language: "ar") == category, "\(n)") }
    #expect(PluralRules.categories(for: "ar") == PluralCategory.allCases)
  }

  @Test func japaneseHasOnlyOther() {
    #expect(PluralRules.categories(for: "ja") == [.other])
    #expect(PluralRules.category(for: 1, language: "ja") == .other)
  }

  @Test func russianPolishCzechFrench() {
    let russian: [(Int, PluralCategory)] = [(1, .one), (2, .few), (5, .many), (11, .many), (21, .one), (22, .few), (25, .many), (112, .many)]
    for (n, category) in russian { #expect(PluralRules.category(for: n, language: "ru") == category, "\(n)") }
    #expect(PluralRules.category(for: 21, language: "pl") == .many)
    #expect(PluralRules.category(for: 22, language: "pl") == .few)
    #expect(PluralRules.category(for: 3, language: "cs") == .few)
    #expect(PluralRules.category(for: 5, language: "cs") == .other)
    #expect(PluralRules.category(for: 0, language: "fr") == .one)
    #expect(PluralRules.category(for: 2_000_000, language: "fr") == .many)
    #expect(PluralRules.category(for: 0, language: "pt-BR") == .one)
    #expect(PluralRules.category(for: 2, language: "he") == .two)
    #expect(PluralRules.category(for: 20, language: "he") == .other)
  }

  // MARK: Formatting

  @Test func formatsIntegersTextAndPositions() throws {
    #expect(try StringFormatter.format("%d items", with: [.integer(1234)]) == "1234 items")
    #expect(try StringFormatter.format("Hi %@!", with: [.text("Ana")]) == "Hi Ana!")
    #expect(try StringFormatter.format("%1$@ %2$@", with: [.text("a"), .text("b")]) == "a b")
    #expect(try StringFormatter.format("%2$@ %1$@", with: [.text("a"), .text("b")]) == "b a")
    #expect(try StringFormatter.format("%lld of %llu, %1$d", with: [.integer(-3), .integer(7)]) == "-3 of 7, -3")
    #expect(try StringFormatter.format("100%% %s", with: [.integer(5)]) == "100% 5")
    #expect(try StringFormatter.format("%.1f km", with: [.number(2.25)]) == "2.2 km", "half to even on 2.25 exactly")
    #expect(try StringFormatter.format("%.1f", with: [.number(0.05)]) == "0.1", "0.05 is a little above a half")
    #expect(try StringFormatter.format("%.2f", with: [.number(0.125)]) == "0.12")
    #expect(try StringFormatter.format("%f", with: [.integer(3)]) == "3.000000")
    #expect(try StringFormatter.format("%.0f", with: [.number(9.5)]) == "10")
    #expect(try StringFormatter.format("%05d|%-3d|", with: [.integer(42), .integer(7)]) == "00042|7  |")
    #expect(try StringFormatter.format("%d", with: [.number(3)]) == "3")
    #expect(StringFormatter.argumentCount(in: "%2$@ %1$@ %%") == 2)
  }

  @Test func formatErrorsExplainThemselves() {
    #expect(throws: StringFormatError(message: "the format '%@ and %@' needs 2 arguments; 1 given")) {
      try StringFormatter.format("%@ and %@", with: [.text("a")])
    }
    #expect(throws: StringFormatError(message: "'%d' needs a whole number; 'Ana' given")) {
      try StringFormatter.format("%d", with: [.text("Ana")])
    }
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%d", with: [.number(2.5)]) }
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%y", with: [.integer(1)]) }
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%e", with: [.number(1)]) }
    #expect((try? StringFormatter.format("50% off", with: [])) == "50% off")
  }

  // MARK: Pseudo-locales

  @Test func accentedPseudoLocaleExpandsAndKeepsSpecifiers() throws {
    let source = "Hello %1$@, you have %2$lld new messages (%3$.2f%%)"
    let pseudo = PseudoLocale.accented.apply(to: source)
    #expect(pseudo.hasPrefix("[Ĥéļļö %1$@, ýöû ĥáṽé %2$lld ñéŵ ɱéššáĝéš (%3$.2f%%) one two"))
    #expect(pseudo.hasSuffix("]"))
    #expect(Double(pseudo.count) >= 1.4 * Double(source.count))
    // Still formats with the same arguments.
    let formatted = try StringFormatter.format(pseudo, with: [.text("Ana"), .integer(3), .number(0.5)])
    #expect(formatted.contains("Ana") && formatted.contains(" 3 ") && formatted.contains("(0.50%)"))
    #expect(PseudoLocale.accented.apply(to: "") == "")
    // "Hi": ceil(0.8) = 1 character of padding, so one word.
    #expect(PseudoLocale.accented.apply(to: "Hi") == "[Ĥî one]")
    let long = "Settings and privacy options"
    #expect(Double(PseudoLocale.accented.apply(to: long).count) >= 1.3 * Double(long.count))
  }

  @Test func bidiPseudoLocaleOverridesEachWord() {
    let pseudo = PseudoLocale.bidi.apply(to: "Send %d files")
    #expect(pseudo == "\u{200F}\u{202E}Send\u{202C}\u{200F} %d \u{200F}\u{202E}files\u{202C}\u{200F}")
    #expect(LocaleID("ar-XB").isRightToLeft)
  }

  // MARK: String catalogs

  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Cancel" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Abbrechen" } }
          }
        },
        "files.count" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                }
              }
            }
          }
        },
        "tap" : {
          "shouldTranslate" : false,
          "localizations" : {
            "en" : {
              "variations" : {
                "device" : {
                  "ipad" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Touch" } }
                }
              }
            }
          }
        },
        "photos" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@photos@ in %@" },
              "substitutions" : {
                "photos" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg photo" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } }
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  @Test func readsAStringCatalog() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("Localizable.xcstrings", Self.catalog)
    let table = try StringSources.load(file)
    #expect(table.sourceLanguage == "en")
    #expect(table.entries["Cancel"]?["de"] == .text("Abbrechen"))
    #expect(table.entries["Cancel"]?["en"] == .text("Cancel"), "a key with no source localization is its own text")
    #expect(table.entries["files.count"]?["en"] == .applePlural([.one: .text("%lld file"), .other: .text("%lld files")]))
    #expect(table.entries["tap"]?["en"] == .device(["ipad": .text("Click"), "iphone": .text("Tap"), "other": .text("Touch")]))
    #expect(table.untranslatable == ["tap"], "shouldTranslate: false")
    let photos = Substitution(
      argument: 1, forms: .applePlural([.one: .text("%arg photo"), .other: .text("%arg photos")]), formatSpecifier: "lld")
    #expect(table.entries["photos"]?["en"] == .substituted(.text("%#@photos@ in %@"), ["photos": photos]))
    #expect(table.origins["Cancel"] == file)
    #expect(table.fallback(of: "Cancel") == StringFallback(developmentLanguage: "en", platform: .apple))
  }

  @Test func devicesInsidePluralsAreKept() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "Localizable.xcstrings",
      #"""
      {"sourceLanguage":"de","strings":{"n":{"localizations":{"de":{"variations":{"plural":{
        "one":{"variations":{"device":{"iphone":{"stringUnit":{"state":"translated","value":"ein Foto"}},
                                       "mac":{"stringUnit":{"state":"translated","value":"ein Bild"}}}}},
        "other":{"stringUnit":{"state":"translated","value":"%lld Fotos"}}}}}}}}}
      """#)
    let table = try StringSources.load(file)
    #expect(table.sourceLanguage == "de")
    let one = LocalizedString.device(["iphone": .text("ein Foto"), "mac": .text("ein Bild")])
    #expect(table.entries["n"]?["de"] == .applePlural([.one: one, .other: .text("%lld Fotos")]))
  }

  @Test func malformedCatalogIsLocated() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("Bad.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" { }\n}")
    let error = try requireThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(error.location?.line == 3)
    #expect(error.message.hasPrefix("malformed JSON"))
  }

  @Test func catalogShapeErrorsNameTheKey() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "Bad.xcstrings", #"{"sourceLanguage":"en","strings":{"Done":{"localizations":{"fr":{"stringUnit":{"value":3}}}}}}"#)
    let error = try requireThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(error.message == "string 'Done', language 'fr': a 'stringUnit' needs a text 'value'")
  }

  // MARK: .strings files

  @Test func readsDotStringsInUTF8AndUTF16() throws {
    let folder = try TemporaryFolder()
    let english = try folder.write(
      "en.lproj/Localizable.strings",
      """
      /* The greeting.
         Shown at launch. */
      "greeting" = "Hello, \\"%@\\"\\n\\tWelcome";
      // A bare key; `\\u` is not an escape on Apple's platforms, `\\U` is.
      title = "Caf\\U00e9 \\U2192 \\u2192 \\\\";
      'single' = 'It\\'s';
      "twice" = "first"; "twice" = "last";
      "emoji" = "\\UD83D\\UDE00";
      """)
    // German in UTF-16 little-endian with a byte order mark, as Xcode once wrote.
    let german = "/* Gruß */\n\"greeting\" = \"Hallo, \\\"%@\\\"\";\n"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in german.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let deFolder = (folder.path as NSString).appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(atPath: deFolder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: deFolder + "/Localizable.strings"))
    // Big-endian without a mark.
    var big: [UInt8] = []
    for unit in "\"greeting\" = \"Bonjour\";".utf16 { big += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    let frFolder = (folder.path as NSString).appendingPathComponent("fr.lproj")
    try FileManager.default.createDirectory(atPath: frFolder, withIntermediateDirectories: true)
    try Data(big).write(to: URL(fileURLWithPath: frFolder + "/Localizable.strings"))
    try folder.write("Base.lproj/Localizable.strings", "\"greeting\" = \"Base\";")

    for table in [try StringSources.load(english), try StringSources.load(folder.path)] {
      #expect(table.entries["greeting"]?["en"] == .text("Hello, \"%@\"\n\tWelcome"))
      #expect(table.entries["title"]?["en"] == .text("Café → u2192 \\"))
      #expect(table.entries["emoji"]?["en"] == .text("😀"))
      #expect(table.entries["single"]?["en"] == .text("It's"), "single quotes, as Foundation reads them")
      #expect(table.entries["twice"]?["en"] == .text("last"), "a key given twice keeps its last value")
      #expect(table.entries["greeting"]?["de"] == .text("Hallo, \"%@\""))
      #expect(table.entries["greeting"]?["fr"] == .text("Bonjour"))
      #expect(table.languages == ["en", "de", "fr"], "Base.lproj is English where en.lproj has no text")
      #expect(table.entries["greeting"]?["en"] != .text("Base"))
    }
  }

  @Test func dotStringsSyntaxErrorsAreLocated() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("en.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n")
    let error = try requireThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(error.message == "expected ';' after the value of 'c'")
    #expect(error.location == SourceLocation(file: file, line: 3, column: 1))
    let other = try TemporaryFolder()
    let open = try other.write("fr.lproj/Localizable.strings", "\"a\" = \"b;\n")
    let unterminated = try requireThrows(DarkroomError.self) { try StringSources.load(open) }
    #expect(unterminated.location == SourceLocation(file: open, line: 1, column: 7))
  }

  // MARK: Android

  @Test func readsAndroidStrings() throws {
    let folder = try TemporaryFolder()
    let english = try folder.write(
      "res/values/strings.xml",
      """
      <?xml version="1.0" encoding="utf-8"?>
      <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="app_name" translatable="false">Darkroom</string>
          <string name="greeting">Hello,   <xliff:g id="name" example="Ana">%1$s</xliff:g>!
              Don\\'t   wait.</string>
          <string name="quoted">"  two  spaces "</string>
          <string name="escapes">Line\\nTab\\t\\@home \\u00e9 \\"q\\" &amp; <![CDATA[<b>]]></string>
          <plurals name="files">
              <item quantity="one">%d file</item>
              <item quantity="other">%d files</item>
          </plurals>
          <color name="accent">#ff0000</color>
      </resources>
      """)
    try folder.write(
      "res/values-pt-rBR/strings.xml",
      "<resources><string name=\"greeting\">Olá, %1$s!</string></resources>")
    try folder.write(
      "res/values-b+sr+Latn/strings.xml",
      "<resources><plurals name=\"files\"><item quantity=\"few\">%d fajla</item></plurals></resources>")
    try folder.write("res/values-night/strings.xml", "<resources><string name=\"greeting\">Night</string></resources>")

    for table in [try StringSources.load(english), try StringSources.load(folder.path + "/res"), try StringSources.load(folder.path)] {
      #expect(table.sourceLanguage == "en")
      #expect(table.entries["app_name"]?["en"] == .text("Darkroom"))
      #expect(table.entries["greeting"]?["en"] == .text("Hello, %1$s! Don't wait."))
      #expect(table.entries["quoted"]?["en"] == .text("  two  spaces "))
      #expect(table.entries["escapes"]?["en"] == .text("Line\nTab\t@home é \"q\" & <b>"))
      #expect(table.entries["files"]?["en"] == .plural([.one: "%d file", .other: "%d files"]))
      #expect(table.entries["accent"] == nil)
      #expect(table.entries["greeting"]?["pt-BR"] == .text("Olá, %1$s!"))
      #expect(table.entries["files"]?["sr-Latn"] == .plural([.few: "%d fajla"]))
      #expect(table.languages == ["en", "pt-BR", "sr-Latn"], "values-night is skipped")
    }
  }

  @Test func androidFolderLanguages() {
    #expect(AndroidStringsReader.language(ofFolder: "values") == .some(nil))
    #expect(AndroidStringsReader.language(ofFolder: "values-de") == "de")
    #expect(AndroidStringsReader.language(ofFolder: "values-iw") == "he")
    #expect(AndroidStringsReader.language(ofFolder: "values-land") == nil)
    #expect(AndroidStringsReader.language(ofFolder: "values-v21") == nil)
    #expect(AndroidStringsReader.language(ofFolder: "values-de-night") == nil)
  }

  @Test func toolsLocaleNamesTheDefaultLanguage() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "values/strings.xml",
      "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:locale=\"de\"><string name=\"a\">Ja</string></resources>")
    let table = try StringSources.load(file)
    #expect(table.entries["a"]?["de"] == .text("Ja"))
    #expect(table.sourceLanguage == "de")
  }

  @Test func malformedAndroidXMLIsLocated() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("values/strings.xml", "<resources>\n  <string name=\"a\">x</strng>\n</resources>\n")
    let error = try requireThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(error.message.hasPrefix("malformed XML"))
    #expect(error.location?.line == 2)
  }

  // MARK: Finding sources

  @Test func missingAndEmptySources() throws {
    let folder = try TemporaryFolder()
    let missing = folder.path + "/nothing.xcstrings"
    #expect(throws: DarkroomError("cannot read the strings: no such file", file: missing)) { try StringSources.load(missing) }
    try folder.write("notes.txt", "hello")
    let error = try requireThrows(DarkroomError.self) { try StringSources.load(folder.path) }
    #expect(error.message.hasPrefix("no strings found"))
  }

  @Test func linkLoopsDoNotHang() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/en.lproj/Localizable.strings", "\"a\" = \"b\";")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/App/loop", withDestinationPath: folder.path + "/App")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: folder.path)
    let table = try StringSources.load(folder.path)
    #expect(table.entries["a"]?["en"] == .text("b"))
  }
}
