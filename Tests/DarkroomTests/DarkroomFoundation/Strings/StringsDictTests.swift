import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// `.stringsdict` files, as iOS reads them beside the `.strings` of a bundle.
@Suite("stringsdict")
struct StringsDictTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static func plural(_ name: String, _ forms: [(String, String)], type: String = "d") -> String {
    "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
      + "<key>NSStringFormatValueTypeKey</key><string>\(type)</string>"
      + forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict>"
  }

  static let english = plist(
    """
    <key>orders.count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@orders@</string>
    \(plural("orders", [("zero", "No orders"), ("one", "%d order"), ("other", "%d orders")]))</dict>
    <key>posts</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@posts@ from %#@people@</string>
    \(plural("posts", [("one", "%d post"), ("other", "%d posts")]))
    \(plural("people", [("one", "%d person"), ("other", "%d people")]))</dict>
    <key>room</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@people@ in %@</string>
    \(plural("people", [("one", "Only one person"), ("other", "%d people")]))</dict>
    <key>swap</key><dict><key>NSStringLocalizedFormatKey</key><string>%2$#@files@ in %1$@</string>
    \(plural("files", [("one", "%d file"), ("other", "%d files")]))</dict>
    <key>nested</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
    \(plural("files", [("one", "a file in %#@folders@"), ("other", "%d files in %#@folders@")]))
    \(plural("folders", [("one", "%d folder"), ("other", "%d folders")]))</dict>
    <key>widthFirst</key><dict><key>NSStringLocalizedFormatKey</key><string>%1#@count@ left</string>
    \(plural("count", [("one", "%d tab"), ("other", "%d tabs")]))</dict>
    <key>device</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@d@</string>
    <key>d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>
    <key>iphone</key><string>Tap</string><key>ipad</key><string>Tap or click</string><key>other</key><string>Click</string></dict></dict>
    <key>wide</key><dict><key>NSStringVariableWidthRuleType</key><dict>
    <key>20</key><string>Short</string><key>100</key><string>The longest text</string><key>50</key><string>Longer</string></dict></dict>
    """)

  static func text(_ key: String, _ locale: LocaleID = "en", count: Int? = nil, _ arguments: [FormatArgument] = [], device: String = "iphone") throws -> String {
    let folder = try TemporaryFolder()
    try folder.write("App/en.lproj/Localizable.stringsdict", english)
    try folder.write("App/en.lproj/Localizable.strings", "\"orders.count\" = \"overridden by the stringsdict\";\n\"plain\" = \"Plain\";\n")
    try folder.write(
      "App/ru.lproj/Localizable.stringsdict",
      plist(
        "<key>orders.count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@o@</string>"
          + plural("o", [("one", "%d заказ"), ("few", "%d заказа"), ("many", "%d заказов"), ("other", "%d заказа")]) + "</dict>"))
    var localization = Localization(locale: locale, strings: try StringSources.load(folder.path + "/App"))
    localization.device = device
    return try localization.resolve(.localized(key, count: count, arguments: arguments))
  }

  @Test func pluralsAndAnExplicitZeroInEveryLanguage() throws {
    #expect(try Self.text("orders.count", count: 1) == "1 order")
    #expect(try Self.text("orders.count", count: 5) == "5 orders")
    #expect(try Self.text("orders.count", count: 0) == "No orders", "Foundation uses an explicit zero form for 0 in English too")
    #expect(try Self.text("orders.count", "ru", count: 3) == "3 заказа")
    #expect(try Self.text("orders.count", "ru", count: 5) == "5 заказов")
    #expect(try Self.text("plain") == "Plain", "the .strings of the same table is read too")
  }

  @Test func eachVariableTakesItsFormFromItsOwnArgument() throws {
    #expect(try Self.text("posts", count: 5, [.integer(5), .integer(1)]) == "5 posts from 1 person")
    #expect(try Self.text("posts", count: 1, [.integer(1), .integer(3)]) == "1 post from 3 people")
    #expect(try Self.text("room", count: 1, [.integer(1), .text("the kitchen")]) == "Only one person in the kitchen")
    #expect(try Self.text("room", count: 4, [.integer(4), .text("the kitchen")]) == "4 people in the kitchen")
    #expect(try Self.text("swap", "en", [.text("Inbox"), .integer(2)]) == "2 files in Inbox", "positional variables")
    #expect(try Self.text("nested", count: 2, [.integer(2), .integer(1)]) == "2 files in 1 folder")
    // Foundation's parser reads digits before `#@` as a width (DuckDuckGo's strings
    // write `%1#@count@`): still the variable `count`.
    #expect(try Self.text("widthFirst", count: 3, [.integer(3)]) == "3 tabs left")
    #expect(try Self.text("widthFirst", count: 1, [.integer(1)]) == "1 tab left")
  }

  @Test func deviceRulesAndWidthVariants() throws {
    #expect(try Self.text("device", count: 1) == "Tap")
    #expect(try Self.text("device", count: 1, device: "ipad") == "Tap or click")
    #expect(try Self.text("wide") == "The longest text")
  }

  @Test func aTableOfOnlyStringsdictFilesIsASource() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("App/en.lproj/Plurals.stringsdict", Self.english)
    let table = try StringSources.load(file)
    #expect(table.entries["posts"]?["en"] != nil)
  }

  @Test func mistakesAreLocated() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "en.lproj/L.stringsdict",
      Self.plist("<key>a</key><dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict></dict>"))
    let error = expectThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(
      error?.description.replacingOccurrences(of: folder.path + "/", with: "")
        == "en.lproj/L.stringsdict:7:55: error: 'a', variable 'n': unsupported rule type 'NSStringGenderRuleType' (NSStringPluralRuleType or NSStringDeviceSpecificRuleType)")
    try folder.write("en.lproj/L.stringsdict", "<plist><dict><key>a</key></dict></plist>")
    let dangling = expectThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(dangling?.message == "key 'a' has no value")
    try folder.write("en.lproj/L.stringsdict", "<plist><dict><key>a</key><dict></dict></dict></plist>")
    let empty = expectThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(empty?.description.hasSuffix("L.stringsdict:1:26: error: 'a' has no NSStringLocalizedFormatKey") == true)
    try folder.write("en.lproj/L.stringsdict", "<plist><dict><key>a</key>")
    let cut = expectThrows(DarkroomError.self) { try StringSources.load(file) }
    #expect(cut?.message.hasPrefix("malformed XML") == true, "\(String(describing: cut))")
  }
}
