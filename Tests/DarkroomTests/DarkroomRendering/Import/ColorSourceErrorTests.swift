import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Malformed colour sources: one line naming the file, line and column (and the
/// close name where there is one), and, from the command line, exit 2 and nothing
/// written.
@Suite("Colour source errors")
struct ColorSourceErrorTests {
  /// A colour set's Contents.json with one universal entry whose `color` is `color`.
  static func colorSet(_ color: String, appearances: String = "") -> String {
    """
    {
      "colors" : [
        {
          \(appearances)"color" : \(color),
          "idiom" : "universal"
        }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """
  }

  static func srgb(red: String = "\"0.5\"", green: String = "\"0.5\"", space: String = "srgb") -> String {
    "{ \"color-space\" : \"\(space)\", \"components\" : { \"red\" : \(red), \"green\" : \(green), \"blue\" : \"0.5\", \"alpha\" : \"1.000\" } }"
  }

  static let colorsXML = "A.xcassets/Ink.colorset/Contents.json"

  /// Loads a theme whose only source is `source`, with `files` beside it, and
  /// returns the error with the temporary folder's path taken out.
  func error(source: String, files: [String: String]) throws -> String? {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write(name, text) }
    let theme = try folder.write("theme.yml", "sources:\n  - \(source)\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    return error?.description.replacingOccurrences(of: folder.path + "/", with: "")
  }

  @Test(arguments: [
    (srgb(red: "\"0.5\",,"), "4:74: error: malformed JSON: did not find expected node content"),
    (srgb(space: "display-p4"), "unknown colour space 'display-p4' (expected srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22, extended-gray); did you mean 'display-p3'?"),
    (srgb(red: "\"1.5\""), "4:69: error: component 'red': 1.5 is outside 0…1 in srgb (use an extended colour space)"),
    (srgb(red: "\"300\""), "component 'red': 300 is outside 0…255"),
    (srgb(red: "\"0xZZ\""), "component 'red': '0xZZ' is not a hex byte (0x00…0xFF)"),
    (srgb(red: "\"half\""), "component 'red': 'half' is not a number (write 0.235, 60 or 0x3C)"),
    ("{ \"color-space\" : \"srgb\", \"components\" : { \"red\" : \"1\", \"blue\" : \"1\" } }", "srgb components need 'green'"),
    ("{ \"color-space\" : \"srgb\", \"components\" : { \"red\" : \"1\", \"green\" : \"1\", \"blue\" : \"1\", \"white\" : \"1\" } }", "unknown key 'white' in srgb components"),
    ("{ \"platform\" : \"ios\", \"reference\" : \"systemBluColor\" }", "4:54: error: unknown system colour 'systemBluColor'; did you mean 'systemBlueColor'?"),
    ("{ \"components\" : { } }", "a colour needs a 'color-space' or a system colour 'reference'"),
  ])
  func brokenColourSets(_ color: String, _ expected: String) throws {
    let message = try error(source: "A.xcassets", files: [Self.colorsXML: Self.colorSet(color)])
    #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    #expect(message?.hasPrefix("A.xcassets/Ink.colorset/Contents.json:") == true, "names the file with line and column")
  }

  @Test func unknownAppearancesAreNamedWithTheClosestWord() throws {
    let appearances = "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"drak\" } ],\n      "
    let message = try error(
      source: "A.xcassets", files: [Self.colorsXML: Self.colorSet(Self.srgb(), appearances: appearances)])
    #expect(message == "A.xcassets/Ink.colorset/Contents.json:4:67: error: unknown luminosity 'drak' (expected light, dark); did you mean 'dark'?")
  }

  @Test func aDamagedImageInACatalogStopsTheTheme() throws {
    let images = """
      { "images" : [ { "filename" : "logo.png", "idiom" : "universal" } ] }
      """
    let corrupt = try error(
      source: "A.xcassets",
      files: ["A.xcassets/Logo.imageset/Contents.json": images, "A.xcassets/Logo.imageset/logo.png": "not a png"])
    #expect(corrupt == "A.xcassets/Logo.imageset/Contents.json:1:32: error: image 'logo.png': corrupt PNG: not a PNG file (bad signature)")
    let jpeg = try error(
      source: "A.xcassets",
      files: [
        "A.xcassets/Logo.imageset/Contents.json": images.replacingOccurrences(of: "logo.png", with: "logo.jpg"),
        "A.xcassets/Logo.imageset/logo.jpg": "\u{FF}\u{D8} cut short",
      ])
    #expect(jpeg?.hasPrefix("A.xcassets/Logo.imageset/Contents.json:1:32: error: image 'logo.jpg': corrupt JPEG: ") == true, "\(jpeg ?? "")")
  }

  @Test(arguments: [
    ("<resources>\n  <color name=\"a\">#fff</colr>\n</resources>\n", "res/values/colors.xml:2:30: error: malformed XML: a closing tag does not match its opening tag"),
    ("<resources>\n  <color name=\"a\">#12345</color>\n</resources>\n", "res/values/colors.xml:2:3: error: colour 'a': an Android colour is #RGB, #ARGB, #RRGGBB or #AARRGGBB, found '#12345'"),
    ("<resources>\n  <color name=\"a\">#ffggff</color>\n</resources>\n", "res/values/colors.xml:2:3: error: colour 'a': '#ffggff' has a character that is not a hex digit"),
    ("<colors>\n  <color name=\"a\">#fff</color>\n</colors>\n", "res/values/colors.xml:1:1: error: expected a <resources> element, found <colors>"),
    ("<resources>\n  <color name=\"a\">#fff</color>\n  <color name=\"a\">#000</color>\n</resources>\n", "res/values/colors.xml:3:3: error: colour 'a' is defined twice in this file: here and at res/values/colors.xml:2:3"),
    ("<resources>\n  <color>#fff</color>\n</resources>\n", "res/values/colors.xml:2:3: error: a <color> without a name"),
  ])
  func brokenAndroidResources(_ xml: String, _ expected: String) throws {
    let message = try error(source: "res", files: ["res/values/colors.xml": xml])
    #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
  }

  /// A layout drawing `colour` with the theme's only source `res/`, written from
  /// `files`: the error, with the temporary folder's path taken out.
  func errorWhereUsed(_ colour: String, files: [String: String]) throws -> String? {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write(name, text) }
    try folder.write("Layouts/theme.yml", "sources:\n  - ../res\n")
    try folder.write("Layouts/screen.yml", "size: [10, 10]\nroot:\n  box: { fill: \(colour) }\n")
    _ = try Theme.load(file: folder.path + "/Layouts/theme.yml")  // the source loads
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    return run.stderr.replacingOccurrences(of: folder.path + "/", with: "").trimmingCharacters(in: .newlines)
  }

  @Test(arguments: [
    ("<resources>\n  <color name=\"ink\">#000</color>\n  <color name=\"a\">@color/inc</color>\n</resources>\n",
     "Layouts/screen.yml:3:16: error: colour 'a' has no value: colour 'a' (Layouts/../res/values/colors.xml:3:3) refers to 'inc', which its source does not define (did you mean 'ink'?)"),
    ("<resources>\n  <color name=\"a\">@android:color/whit</color>\n</resources>\n",
     "Layouts/screen.yml:3:16: error: colour 'a' has no value: colour 'a' (Layouts/../res/values/colors.xml:2:3) is '@android:color/whit', a framework colour whose value Darkroom does not know (did you mean '@android:color/white'?)"),
    ("<resources>\n  <color name=\"a\">?attr/colorPrimary</color>\n</resources>\n",
     "Layouts/screen.yml:3:16: error: colour 'a' has no value: colour 'a' (Layouts/../res/values/colors.xml:2:3) is '?attr/colorPrimary', a theme attribute, which has no value outside an Android theme"),
    ("<resources>\n  <color name=\"a\">@color/b</color>\n  <color name=\"b\">?colorAccent</color>\n</resources>\n",
     "Layouts/screen.yml:3:16: error: colour 'a' has no value: it uses 'b': colour 'b' (Layouts/../res/values/colors.xml:3:3) is '?colorAccent', a theme attribute, which has no value outside an Android theme"),
  ])
  func androidColoursWithoutAValueAreErrorsWhereUsed(_ xml: String, _ expected: String) throws {
    #expect(try errorWhereUsed("a", files: ["res/values/colors.xml": xml]) == expected)
  }

  @Test func aColourOnlyInTheNightFolderHasNoDayValue() throws {
    let message = try errorWhereUsed(
      "b",
      files: [
        "res/values/colors.xml": "<resources>\n  <color name=\"a\">#fff</color>\n</resources>\n",
        "res/values-night/colors.xml": "<resources>\n  <color name=\"b\">#000</color>\n</resources>\n",
      ])
    #expect(
      message
        == "Layouts/screen.yml:3:16: error: colour 'b' has no value: colour 'b' (Layouts/../res/values-night/colors.xml:2:3) is defined for night mode only, so a light phone has no value for it")
  }

  @Test func theThemesOwnColourCannotUseOneWithoutAValue() throws {
    let folder = try TemporaryFolder()
    try folder.write("res/values/colors.xml", "<resources>\n  <color name=\"a\">?attr/x</color>\n</resources>\n")
    let theme = try folder.write("theme.yml", "sources:\n  - res\ncolors:\n  border: darken(a, 0.2)\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    #expect(
      error?.description.replacingOccurrences(of: folder.path + "/", with: "")
        == "theme.yml:4:18: error: colour 'a' has no value: colour 'a' (res/values/colors.xml:2:3) is '?attr/x', a theme attribute, which has no value outside an Android theme")
  }

  @Test(arguments: [
    ("{\n  \"a\": { \"$type\": \"color\", \"$value\": \"{b}\" },\n  \"b\": { \"$type\": \"color\", \"$value\": \"{a}\" }\n}\n", "tokens.json:3:40: error: colour cycle: a → b → a"),
    ("{\n  \"blue\": { \"$type\": \"color\", \"$value\": \"#00f\" },\n  \"a\": { \"$type\": \"color\", \"$value\": \"{bleu}\" }\n}\n", "tokens.json:3:40: error: unknown colour 'bleu'; did you mean 'blue'?"),
    ("{\n  \"a\": { \"$type\": \"color\", \"$value\": \"blue\" }\n}\n", "tokens.json:2:39: error: token 'a': expected a hex colour, a colour object or an alias such as {color.base.blue}, found 'blue'"),
    ("{\n  \"a\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"oklch\", \"components\": [0.5, 0.1, 200] } }\n}\n", "tokens.json:2:55: error: token 'a': colour space 'oklch' is not supported (srgb, srgb-linear, display-p3) and there is no 'hex' fallback"),
    ("{\n  \"a\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0.5, 0.1] } }\n}\n", "tokens.json:2:76: error: token 'a': expected 3 components, found 2"),
    ("{\n  \"a\": \"#fff\"\n}\n", "tokens.json:2:3: error: 'a' in the design tokens is neither a group nor a token (a token is an object with \"$value\")"),
    ("{\n  \"a\": { \"$type\": \"color\", \"$value\": \"#fff\" \n}\n", "tokens.json:4:1: error: malformed JSON"),
    ("color: { a: 1 }\n", "tokens.json: error: malformed JSON: expected an object or a list"),
  ])
  func brokenDesignTokens(_ json: String, _ expected: String) throws {
    let message = try error(source: "tokens.json", files: ["tokens.json": json])
    #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
  }

  @Test(arguments: [
    ("missing.xcassets", [:], "theme.yml:2:5: error: source 'missing.xcassets' does not exist"),
    ("stuff", ["stuff/readme.txt": "hello"], "theme.yml:2:5: error: source 'stuff' is a folder that is neither an asset catalog (.xcassets), an Android res folder (with values folders) nor a folder of .swift files"),
    ("colors.txt", ["colors.txt": "red"], "theme.yml:2:5: error: source 'colors.txt' is not a colour source Darkroom reads (.xcassets, an Android res folder, colors.xml, design tokens .json, or .swift files)"),
    ("{ any: a.json, drak: b.json }", ["a.json": "{}", "b.json": "{}"], "theme.yml:2:20: error: unknown variant 'drak' in a source (use trait words joined with '-': any, light, dark, base, elevated, high-contrast); did you mean 'dark'?"),
  ])
  func badSourceEntries(_ source: String, _ files: [String: String], _ expected: String) throws {
    #expect(try error(source: source, files: files) == expected)
  }

  @Test func oneNameFromTwoSourcesIsAnError() throws {
    let folder = try TemporaryFolder()
    try folder.write("res/values/colors.xml", "<resources>\n  <color name=\"ink\">#000</color>\n</resources>\n")
    try folder.write("tokens.json", "{\n  \"ink\": { \"$type\": \"color\", \"$value\": \"#111\" }\n}\n")
    let theme = try folder.write("theme.yml", "sources:\n  - res\n  - tokens.json\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    #expect(
      error?.description.replacingOccurrences(of: folder.path + "/", with: "")
        == "tokens.json:2:10: error: colour 'ink' is defined twice: here and at res/values/colors.xml:2:3")
  }
}
