import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// String catalog variations chosen as Foundation chooses them when the text is
/// drawn: each substitution by its own argument, device variations by the device,
/// an explicit zero form for 0.
@Suite("String catalog variations")
struct CatalogVariationTests {
  static let catalog = #"""
    {"sourceLanguage":"en","version":"1.0","strings":{
      "posts":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@posts@ from %#@people@"},
        "substitutions":{
          "posts":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
            "one":{"stringUnit":{"state":"translated","value":"%arg post"}},
            "other":{"stringUnit":{"state":"translated","value":"%arg posts"}}}}},
          "people":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
            "one":{"stringUnit":{"state":"translated","value":"%arg person"}},
            "other":{"stringUnit":{"state":"translated","value":"%arg people"}}}}}}}}},
      "storage":{"localizations":{"en":{"variations":{"device":{
        "iphone":{"stringUnit":{"state":"translated","value":"On My iPhone"}},
        "ipad":{"stringUnit":{"state":"translated","value":"On My iPad"}},
        "other":{"stringUnit":{"state":"translated","value":"On My Device"}}}}}}},
      "vision":{"localizations":{"en":{"variations":{"device":{
        "applevision":{"stringUnit":{"state":"translated","value":"Apple Vision"}},
        "iphone":{"stringUnit":{"state":"translated","value":"iPhone"}}}}}}},
      "items":{"localizations":{"en":{"variations":{"plural":{
        "zero":{"stringUnit":{"state":"translated","value":"No items"}},
        "one":{"stringUnit":{"state":"translated","value":"%lld item"}},
        "other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}}}},
      "by":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@count@ by %@"},
        "substitutions":{"count":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%arg song"}},
          "other":{"stringUnit":{"state":"translated","value":"%arg songs"}}}}}}}}}
    }}
    """#

  static func text(_ key: String, count: Int? = nil, _ arguments: [FormatArgument] = [], device: String = "iphone") throws -> String {
    let folder = try TemporaryFolder()
    let file = try folder.write("Localizable.xcstrings", catalog)
    var localization = Localization(locale: "en", strings: try StringSources.load(file))
    localization.device = device
    return try localization.resolve(.localized(key, count: count, arguments: arguments))
  }

  @Test func eachSubstitutionTakesItsFormFromItsOwnArgument() throws {
    #expect(try Self.text("posts", count: 5, [.integer(5), .integer(1)]) == "5 posts from 1 person")
    #expect(try Self.text("posts", count: 1, [.integer(1), .integer(7)]) == "1 post from 7 people")
    #expect(try Self.text("by", count: 1, [.integer(1), .text("Ana")]) == "1 song by Ana", "a %#@…@ counts as an argument")
    let missing = expectThrows(DarkroomError.self) { try Self.text("posts", count: 5) }
    #expect(missing?.message == "string key 'posts' in 'en': 'people' takes its form from argument 2; give it args (text: { key: posts, args: [...] }) or a count")
  }

  @Test(arguments: ["x", ""])
  func substitutionsThatMultiplyEachOtherStopAtTheLongestText(_ leaf: String) throws {
    // Each level's form names the next 300 times: 300⁶ characters in full, where
    // the text may hold 10,000, or 300⁵ substitutions of nothing. It is refused as
    // soon as it passes either.
    let levels = 6
    var substitutions: [String] = []
    for level in 0..<levels {
      let form = level == levels - 1 ? leaf : String(repeating: "%#@s\(level + 1)@", count: 300)
      substitutions.append(
        #""s\#(level)":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"\#(form)"}}}}}"#)
    }
    let catalog = #"{"sourceLanguage":"en","version":"1.0","strings":{"bomb":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@s0@"},"substitutions":{"#
      + substitutions.joined(separator: ",") + "}}}}}}"
    let folder = try TemporaryFolder()
    let file = try folder.write("Localizable.xcstrings", catalog)
    let localization = Localization(locale: "en", strings: try StringSources.load(file))
    let error = expectThrows(DarkroomError.self) {
      try localization.resolve(.localized("bomb", count: 3, arguments: [.integer(3)]))
    }
    #expect(error?.message == "string key 'bomb' in 'en' gives more than 10000 characters, or puts in more than 10000 substitutions, once its substitutions are put in; a text has at most 10000")
  }

  @Test func deviceVariationsFollowTheSnapshotsDevice() throws {
    #expect(try Self.text("storage") == "On My iPhone")
    #expect(try Self.text("storage", device: "ipad") == "On My iPad")
    #expect(try Self.text("vision") == "iPhone", "no 'other': still the iPhone's")
  }

  @Test func anExplicitZeroFormIsUsedForZeroInEveryLanguage() throws {
    #expect(try Self.text("items", count: 0) == "No items")
    #expect(try Self.text("items", count: 1) == "1 item")
  }

  @Test func anIPadLayoutPicksTheIPadVariation() throws {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/Localizable.xcstrings", Self.catalog)
    try folder.write("Layouts/theme.yml", "strings: [Localizable.xcstrings]\nmodes:\n  light: {}\n")
    try folder.write("Layouts/pad.yml", "size: iPad\nstatusBar: false\nhomeIndicator: false\nroot:\n  label: { text: { key: storage } }\n")
    try folder.write("Layouts/phone.yml", "size: [300, 40]\nroot:\n  label: { text: { key: storage } }\n")
    let run = darkroom(["render", "--dump"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("text \"On My iPad\""))
    #expect(run.stdout.contains("text \"On My iPhone\""))
  }
}
