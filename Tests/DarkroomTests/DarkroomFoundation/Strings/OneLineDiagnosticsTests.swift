import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Every diagnostic is one line, whatever value from a file it quotes: line breaks,
/// tabs and control characters are written as escapes.
@Suite("One-line diagnostics")
struct OneLineDiagnosticsTests {
  @Test func quotedValuesAreEscaped() {
    #expect(Quoted.text("a\nb\tc\r\u{1B}[31m\u{2028}") == "a\\nb\\tc\\r\\u{1B}[31m\\u{2028}")
    #expect(Quoted.text(String(repeating: "x", count: 500)).count == Quoted.maximumLength + 1)
  }

  @Test(arguments: [
    // A key with a line break in it, unknown, and a close one suggested.
    ("\"two\\nlines\" = \"x\";\n", "label: { text: { key: \"two\\nline\" } }"),
    // A value whose format is wrong, quoted in the message.
    ("\"bad\" = \"first line\\n%y second\";\n", "label: { text: { key: bad, args: [1] } }"),
  ])
  func stringMistakesStayOnOneLine(_ strings: String, _ label: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/en.lproj/Localizable.strings", strings)
    try folder.write("Layouts/theme.yml", "strings: [en.lproj/Localizable.strings]\nmodes:\n  light: {}\n")
    try folder.write("Layouts/screen.yml", "size: [300, 40]\nroot:\n  \(label)\n")
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("\\n"), "the line break is shown as an escape: \(run.stderr)")
  }

  @Test func aColourNameWithALineBreakStaysOnOneLine() throws {
    let folder = try TemporaryFolder()
    try folder.write("res/values/colors.xml", "<resources>\n<color name=\"a\">#12\n34</color>\n</resources>\n")
    let theme = try folder.write("theme.yml", "sources:\n  - res\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    #expect(error?.description.contains("\n") == false, "\(String(describing: error))")
  }

  @Test func aLongTextFromASourceIsDrawnAndAHugeOneIsRefused() throws {
    let folder = try TemporaryFolder()
    let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 60)  // 1,680 characters
    let huge = String(repeating: "x", count: 10_001)
    let file = try folder.write("en.lproj/L.strings", "\"long\" = \"\(long)\";\n\"huge\" = \"\(huge)\";\n")
    let localization = Localization(locale: "en", strings: try StringSources.load(file))
    #expect(try localization.resolve(.localized("long")) == long)
    let error = expectThrows(DarkroomError.self) { try localization.resolve(.localized("huge")) }
    #expect(error?.message == "string key 'huge' in 'en' gives 10001 characters; a text has at most 10000")
  }
}
