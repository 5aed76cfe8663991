import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A key a locale has no text for shows what the device would show — the development
/// language's text on iOS, `values-ll` then `values` on Android — and `darkroom
/// audit` lists it as untranslated.
@Suite("Missing translations fall back as on the device")
struct StringFallbackTests {
  /// The text `key` shows in `locale` from the sources in `files`.
  static func text(
    _ key: String, in locale: LocaleID?, _ files: [String: String], count: Int? = nil, arguments: [FormatArgument] = []
  ) throws -> Localization.Resolved {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write(name, text) }
    let table = try StringSources.load(folder.path)
    return try Localization(locale: locale, strings: table).resolved(.localized(key, count: count, arguments: arguments))
  }

  static let lproj = [
    "App/en.lproj/Localizable.strings": "\"title\" = \"Today\";\n\"subtitle\" = \"Orders\";\n",
    "App/de.lproj/Localizable.strings": "\"title\" = \"Heute\";\n",
    "App/hy.lproj/Localizable.strings": "",
  ]

  @Test func aKeyMissingInALocaleShowsTheDevelopmentLanguage() throws {
    #expect(try Self.text("title", in: "de", Self.lproj) == .init(text: "Heute", fallback: nil))
    #expect(try Self.text("subtitle", in: "de", Self.lproj) == .init(text: "Orders", fallback: "en"))
    #expect(try Self.text("subtitle", in: "en-GB", Self.lproj) == .init(text: "Orders", fallback: nil), "English is not untranslated")
    #expect(try Self.text("title", in: "hy", Self.lproj) == .init(text: "Today", fallback: "en"), "an empty file is a locale with no keys")
  }

  @Test func baseLprojIsTheDevelopmentLanguageWhereNoEnglishFolderGivesTheKey() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/Base.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"To take photos\";\n")
    try folder.write("App/de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Um Fotos aufzunehmen\";\n")
    let table = try StringSources.load(folder.path + "/App/Base.lproj/InfoPlist.strings")
    let english = Localization(locale: "en", strings: table)
    #expect(try english.resolve(.localized("NSCameraUsageDescription")) == "To take photos")
    #expect(try Localization(locale: "de", strings: table).resolve(.localized("NSCameraUsageDescription")) == "Um Fotos aufzunehmen")
  }

  @Test func aLocaleWhoseOnlyFileIsEmptyIsALocaleOfTheTheme() throws {
    let folder = try TemporaryFolder()
    for (name, text) in Self.lproj { try folder.write(name, text) }
    let theme = try folder.write("theme.yml", "strings: [App]\nlocales: [en, hy]\n")
    #expect(try Theme.load(file: theme).locales == ["en", "hy"])
    try folder.write("theme.yml", "strings: [App]\nlocales: [en, hz]\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    #expect(error?.message == "no string source has the locale 'hz' (they have de, en, hy)")
  }

  @Test func androidFallsBackThroughTheLanguageToTheDefaultFolder() throws {
    let files = [
      "res/values/strings.xml":
        "<resources>\n<string name=\"app_name\" translatable=\"false\">Podcasts</string>\n<string name=\"hi\">Hello</string>\n<string name=\"bye\">Bye</string>\n</resources>",
      "res/values-pt/strings.xml": "<resources><string name=\"hi\">Olá</string></resources>",
      "res/values-pt-rBR/strings.xml": "<resources><string name=\"other\">Outro</string></resources>",
      "res/values-en/strings.xml": "<resources><string name=\"hi\">Hi there</string></resources>",
    ]
    #expect(try Self.text("hi", in: "pt-BR", files) == .init(text: "Olá", fallback: nil), "values-pt-rBR → values-pt")
    #expect(try Self.text("bye", in: "pt-BR", files) == .init(text: "Bye", fallback: "en"), "→ values")
    #expect(try Self.text("app_name", in: "pt-BR", files).text == "Podcasts")
    #expect(try Self.text("hi", in: "en", files).text == "Hi there", "values-en wins over the default folder for English")
  }

  @Test func aKeyWithNoTextInTheLocaleOrTheDevelopmentLanguageIsALocatedError() throws {
    let files = ["App/de.lproj/Localizable.strings": "\"only\" = \"Nur Deutsch\";\n", "App/en.lproj/Localizable.strings": "\"a\" = \"b\";"]
    let error = expectThrows(DarkroomError.self) { try Self.text("only", in: "fr", files) }
    #expect(error?.message == "string key 'only' has no text in 'fr' or its development language 'en' (it has de)")
  }

  /// A project in en, de and fr whose layout names a translated key, a missing one
  /// and one marked not to be translated.
  static func project() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(
      "Layouts/res/values/strings.xml",
      "<resources>\n<string name=\"title\">Orders</string>\n<string name=\"draft\">Draft</string>\n<string name=\"brand\" translatable=\"false\">Darkroom</string>\n</resources>\n")
    try folder.write(
      "Layouts/res/values-de/strings.xml", "<resources>\n<string name=\"title\">Bestellungen</string>\n</resources>\n")
    try folder.write(
      "Layouts/res/values-fr/strings.xml",
      "<resources>\n<string name=\"title\">Commandes</string>\n<string name=\"draft\">Brouillon</string>\n</resources>\n")
    try folder.write("Layouts/theme.yml", testTheme + "\nmodes:\n  light: {}\n  dark: { style: dark }\nstrings: [res]\nlocales: [en, de, fr]\n")
    try folder.write(
      "Layouts/screen.yml",
      "size: [300, 100]\nroot:\n  vstack:\n    children:\n      - label: { text: { key: title } }\n      - label: { text: { key: draft } }\n      - label: { text: { key: brand } }\n")
    return folder
  }

  @Test func theAuditListsEveryUntranslatedTextWithItsLocation() throws {
    let folder = try Self.project()
    let render = darkroom(["render", "--dump", "--modes", "light", "--locales", "de"], in: folder.path)
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stdout.contains("text \"Draft\""), "drawn in the development language")
    let run = darkroom(["audit"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let untranslated = run.stdout.split(separator: "\n").filter { $0.contains("has no text in") }
    #expect(untranslated == ["Layouts/screen.yml:6:31: screen in de: 'draft' has no text in de; shows en's \"Draft\""])
    #expect(run.stdout.hasSuffix(", 1 untranslated\n"), "\(run.stdout)")
    #expect(darkroom(["audit", "--strict"], in: folder.path).status == 1)
    #expect(darkroom(["audit", "--strict", "--locales", "en,fr"], in: folder.path).status == 0, "brand is not to be translated")
  }
}
