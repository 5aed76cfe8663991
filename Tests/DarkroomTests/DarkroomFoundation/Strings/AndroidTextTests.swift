import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Android string resources read as aapt2 compiles them and shown as
/// `getString`/`getQuantityString` show them.
@Suite("Android strings as aapt2 reads them")
struct AndroidTextTests {
  /// The text `key` shows in `locale`, from a `res` folder whose files are `files`
  /// (relative to `res/`).
  static func text(
    _ key: String, _ files: [String: String], locale: LocaleID = "en", count: Int? = nil, _ arguments: [FormatArgument] = []
  ) throws -> String {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write("res/" + name, text) }
    return try Localization(locale: locale, strings: try StringSources.load(folder.path + "/res"))
      .resolve(.localized(key, count: count, arguments: arguments))
  }

  static func resources(_ body: String) -> String { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n" }

  @Test func onlyASCIIWhitespaceCollapsesOtherSpacesAreKeptExactly() throws {
    let file = Self.resources(
      """
        <string name="size">10&#160;&#160;MB</string>
        <string name="price">12\u{202F}€</string>
        <string name="indent">\u{3000}字下げ\u{3000}</string>
        <string name="ascii">   two\t\n   words   </string>
        <string name="styled"> <b>bold</b> tail </string>
      """)
    #expect(try Self.text("size", ["values/strings.xml": file]) == "10\u{A0}\u{A0}MB")
    #expect(try Self.text("price", ["values/strings.xml": file]) == "12\u{202F}€")
    #expect(try Self.text("indent", ["values/strings.xml": file]) == "\u{3000}字下げ\u{3000}", "not trimmed")
    #expect(try Self.text("ascii", ["values/strings.xml": file]) == "two words")
    #expect(try Self.text("styled", ["values/strings.xml": file]) == " bold tail ", "text with styling tags keeps its ends")
  }

  @Test func surrogatePairEscapesMakeOneCharacterAndALoneOneIsLocated() throws {
    let pair = Self.resources("  <string name=\"think\">\\uD83E\\uDD14 Thinking</string>")
    #expect(try Self.text("think", ["values/strings.xml": pair]) == "🤔 Thinking")
    let lone = Self.resources("  <string name=\"broken\">\\uD83E alone</string>")
    let error = expectThrows(DarkroomError.self) { try Self.text("broken", ["values/strings.xml": lone]) }
    #expect(error?.description.hasSuffix("res/values/strings.xml:3:3: error: '\\ud83e' is a lone surrogate (a character beyond U+FFFF is two escapes, \\ud83e\\udd14)") == true, "\(String(describing: error))")
  }

  @Test func stringsComeFromEveryValuesFileAndAliasesAreResolved() throws {
    let files = [
      "values/strings.xml": Self.resources("  <string name=\"app_name\">Podcasts</string>\n  <string name=\"title\">@string/app_name</string>"),
      "values/donottranslate.xml": Self.resources("  <string name=\"url\">https://example.org</string>\n  <item name=\"kind\" type=\"string\">Feed</item>"),
      "values-de/strings.xml": Self.resources("  <string name=\"app_name\">Podcasts DE</string>"),
      "values-fr/strings.xml": Self.resources("  <string name=\"title\">@string/app_name</string>\n  <string name=\"lib\">@string/from_a_library</string>\n  <string name=\"ok\">@android:string/ok</string>"),
    ]
    #expect(try Self.text("url", files) == "https://example.org")
    #expect(try Self.text("kind", files) == "Feed")
    #expect(try Self.text("title", files) == "Podcasts")
    #expect(try Self.text("title", files, locale: "de") == "Podcasts DE", "the alias follows the locale")
    #expect(try Self.text("title", files, locale: "fr") == "Podcasts")
    let library = expectThrows(DarkroomError.self) { try Self.text("lib", files, locale: "fr") }
    #expect(library?.message == "string key 'lib' has no text Darkroom can show in 'fr': its text is '@string/from_a_library', which no values folder of its res folder defines (a library's string?)")
    let framework = expectThrows(DarkroomError.self) { try Self.text("ok", files, locale: "fr") }
    #expect(framework?.message == "string key 'ok' has no text Darkroom can show in 'fr': its text is '@android:string/ok', a framework string whose text Darkroom does not know")
  }

  @Test func entitiesTheFileDeclaresAreExpandedAndExternalOnesNeverRead() throws {
    let declared = """
      <?xml version="1.0" encoding="utf-8"?>
      <!DOCTYPE resources [
        <!ENTITY app "Podcasts">
        <!ENTITY about "About &app;">
      ]>
      <resources>
          <string name="about">&about;!</string>
          <string name="comment"><!-- &app; -->x</string>
      </resources>
      """
    #expect(try Self.text("about", ["values/strings.xml": declared]) == "About Podcasts!")
    let external = """
      <?xml version="1.0" encoding="utf-8"?>
      <!DOCTYPE resources [
        <!ENTITY secret SYSTEM "file:///etc/hostname">
      ]>
      <resources>
          <string name="a">A&secret;B</string>
      </resources>
      """
    let error = expectThrows(DarkroomError.self) { try Self.text("a", ["values/strings.xml": external]) }
    #expect(error?.description.hasSuffix("res/values/strings.xml:6:23: error: '&secret;' is an external entity; Darkroom never reads a file or address an entity names") == true, "\(String(describing: error))")
    let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY a \"aaaaaaaaaa\">\n" + (1...20).map { "<!ENTITY e\($0) \"" + String(repeating: "&\($0 == 1 ? "a" : "e\($0 - 1)");", count: 10) + "\">" }.joined(separator: "\n") + "\n]>\n<resources><string name=\"x\">&e20;</string></resources>\n"
    let exploded = expectThrows(DarkroomError.self) { try Self.text("x", ["values/strings.xml": bomb]) }
    #expect(exploded?.message == "malformed XML: entities that refer to each other or expand too far")
  }

  @Test func theGroupingFlagUsesTheLocalesSeparator() throws {
    let files = [
      "values/strings.xml": Self.resources("  <string name=\"read\">%,d articles read</string>\n  <plurals name=\"n\"><item quantity=\"one\">%,d episode</item><item quantity=\"other\">%,d episodes</item></plurals>"),
      "values-de/strings.xml": Self.resources("  <string name=\"read\">%,d Artikel gelesen</string>"),
      "values-fr/strings.xml": Self.resources("  <string name=\"read\">%,d articles lus</string>"),
    ]
    #expect(try Self.text("read", files, [.integer(1234)]) == "1,234 articles read")
    #expect(try Self.text("read", files, locale: "de", [.integer(1234567)]) == "1.234.567 Artikel gelesen")
    #expect(try Self.text("read", files, locale: "fr", [.integer(1234)]) == "1\u{202F}234 articles lus")
    #expect(try Self.text("n", files, count: 3) == "3 episodes")
    #expect(try Self.text("n", files, count: 1234) == "1,234 episodes")
    #expect(try StringFormatter.format("%,.2f", with: [.number(12345.5)]) == "12,345.50")
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%,s", with: [.text("x")]) }
  }

  @Test func aPercentBeforeASpaceIsDrawnAsWrittenThoughJavaWouldThrow() throws {
    // `% s` is a broken translation Android's formatter throws on; Darkroom does not
    // reproduce the crash: the text is drawn as written, like the `%` of "50 % off".
    let file = Self.resources("  <plurals name=\"n\"><item quantity=\"one\">dîtina % s</item><item quantity=\"other\">%d dîtin</item></plurals>")
    #expect(try Self.text("n", ["values-ku/strings.xml": file, "values/strings.xml": Self.resources("")], locale: "ku", count: 1) == "dîtina % s")
  }

  @Test func aLongChainOfAliasesOnOneLineIsRefusedAsAChain() throws {
    // 3,000 strings on one line, each the alias of the next: every tag's location
    // is on that line (it was converted again for each tag).
    var body = "<string name=\"hello\">@string/r0</string>"
    for i in 0..<3_000 { body += "<string name=\"r\(i)\">@string/r\(i + 1)</string>" }
    body += "<string name=\"r3000\">end</string>"
    let error = expectThrows(DarkroomError.self) { try Self.text("hello", ["values/strings.xml": Self.resources(body)]) }
    #expect(error?.message.contains("a loop or a chain of more than 16") == true, "\(String(describing: error))")
    // Sixteen links are followed.
    var short = "<string name=\"hello\">@string/r0</string>"
    for i in 0..<15 { short += "\n<string name=\"r\(i)\">@string/r\(i + 1)</string>" }
    short += "\n<string name=\"r15\">end</string>"
    #expect(try Self.text("hello", ["values/strings.xml": Self.resources(short)]) == "end")
  }

  @Test func aTagWithThousandsOfAttributesIsRefusedBeforeItParses() throws {
    let attributes = (0...AndroidResourceXML.maximumAttributes).map { "a\($0)=\"1\"" }.joined(separator: " ")
    let file = Self.resources("  <string name=\"hello\" \(attributes)>Hi</string>")
    let error = expectThrows(DarkroomError.self) { try Self.text("hello", ["values/strings.xml": file]) }
    #expect(error?.description.hasSuffix("res/values/strings.xml:3:3: error: a tag with more than 1000 attributes") == true, "\(String(describing: error))")
    // Written with spaces around '=', and after a value holding '>': still counted.
    let spaced = (0...AndroidResourceXML.maximumAttributes).map { "a\($0) = '>'" }.joined(separator: " ")
    let spacedError = expectThrows(DarkroomError.self) {
      try Self.text("hello", ["values/strings.xml": Self.resources("  <string name=\"hello\" \(spaced)>Hi</string>")])
    }
    #expect(spacedError?.message == "a tag with more than 1000 attributes")
    let fewer = (1..<AndroidResourceXML.maximumAttributes).map { "a\($0)=\"1\"" }.joined(separator: " ")
    #expect(try Self.text("hello", ["values/strings.xml": Self.resources("  <string name=\"hello\" \(fewer)>Hi</string>")]) == "Hi")
  }

  @Test func aFileCutShortIsMalformed() throws {
    let error = expectThrows(DarkroomError.self) { try Self.text("a", ["values/strings.xml": "<resources>\n  <string name=\"a\">x</string>\n"]) }
    #expect(error?.message.hasPrefix("malformed XML") == true, "\(String(describing: error))")
  }
}
