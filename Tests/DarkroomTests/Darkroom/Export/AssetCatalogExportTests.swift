import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// `darkroom export xcassets`: the theme as an asset catalog that reads back to the
/// same colours.
@Suite("Asset catalog export")
struct AssetCatalogExportTests {
  static let appearances = [Traits(), Traits(style: .dark), Traits(contrast: .high), Traits(style: .dark, contrast: .high)]

  /// Exports `theme`, reads the catalog back as a source, and checks every colour
  /// in every appearance a catalog holds.
  func roundTrip(_ theme: Theme) throws {
    let folder = try TemporaryFolder()
    let catalog = folder.path + "/Theme.xcassets"
    let result = try AssetCatalogWriter.write(theme, to: catalog, from: .root, interruption: Interruption())
    #expect(result.colorSets == theme.colorOrder)
    let file = try folder.write("theme.yml", "sources:\n  - Theme.xcassets\n")
    let back = try Theme.load(file: file)
    #expect(Set(back.colorOrder) == Set(theme.colorOrder))
    for name in theme.colorOrder {
      for traits in Self.appearances {
        #expect(back.resolve(name, in: traits) == theme.resolve(name, in: traits), "\(name) in \(traits)")
      }
    }
  }

  @Test func theShowcaseThemeReadsBackExactly() throws {
    try roundTrip(try Theme.load(file: Paths.layouts + "/theme.yml"))
  }

  @Test func importedColoursNamespacesAndSystemReferencesReadBackExactly() throws {
    let theme = try Theme.load(file: Paths.fixtures.appendingPathComponent("sources/theme.yml").path)
    try roundTrip(theme)
    let folder = try TemporaryFolder()
    _ = try AssetCatalogWriter.write(theme, to: folder.path + "/T.xcassets", from: .root, interruption: Interruption())
    let namespace = try String(contentsOfFile: folder.path + "/T.xcassets/Brand/Contents.json", encoding: .utf8)
    #expect(namespace.contains("\"provides-namespace\" : true"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/T.xcassets/Brand/Primary.colorset/Contents.json"))
  }

  @Test func anEntryIsWrittenOnlyWhereApplesOrderNeedsIt() throws {
    let theme = try Theme.parse(
      """
      colors:
        flat: "#102030"
        twoTone: { any: "#ffffff", dark: "#000000" }
        contrasty: { any: "#ffffff", dark: "#000000", dark-high-contrast: "#111111" }
        highOnly: { any: "#ffffff", high-contrast: "#eeeeee" }
        highButDark: { any: "#ffffff", high-contrast: "#eeeeee", dark-high-contrast: "#ffffff" }
      """, file: "theme.yml")
    func appearances(_ name: String) -> Int {
      AssetCatalogWriter.colorSet(theme, name).components(separatedBy: "\"idiom\"").count - 1
    }
    #expect(appearances("flat") == 1)
    #expect(appearances("twoTone") == 2, "dark with increased contrast falls back to dark")
    #expect(appearances("contrasty") == 3)
    // Dark with increased contrast falls back to high-contrast any, which is right
    // for highOnly; highButDark says #ffffff there, so it needs its own entry.
    #expect(appearances("highOnly") == 2)
    #expect(appearances("highButDark") == 3)
    try roundTrip(theme)
  }

  @Test func elevatedDifferencesAreNamedBecauseACatalogCannotHoldThem() throws {
    let theme = try Theme.parse(
      "colors:\n  sheet: { any: \"#ffffff\", dark: \"#000000\", dark-elevated: \"#1c1c1e\" }\n  ink: \"#000000\"\n",
      file: "theme.yml")
    let folder = try TemporaryFolder()
    let result = try AssetCatalogWriter.write(theme, to: folder.path + "/T.xcassets", from: .root, interruption: Interruption())
    #expect(result.notRepresentable == ["sheet"])
    let text = try String(contentsOfFile: folder.path + "/T.xcassets/sheet.colorset/Contents.json", encoding: .utf8)
    #expect(text.contains("\"red\" : \"0x00\"") && !text.contains("0x1C"), "the base dark value is written")
  }

  @Test(arguments: ["../../escaped", "a/../../escaped", "a//b", "./dot", "/absolute"])
  func aColourWhoseNameWouldLeaveTheCatalogIsRefusedBeforeAnythingIsWritten(_ name: String) throws {
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n  \"\(name)\": \"#ff0000\"\n", file: "theme.yml")
    let folder = try TemporaryFolder()
    let out = folder.path + "/a/b/T.xcassets"
    #expect(throws: DarkroomError.self) { try AssetCatalogWriter.write(theme, to: out, from: .root, interruption: Interruption()) }
    #expect(snapshotOfFiles(folder.path).isEmpty, "nothing written, inside the catalog or beside it")
  }

  @Test func aLinkWhereTheCatalogGoesIsNotReplaced() throws {
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/T.xcassets", withDestinationPath: elsewhere.path)
    #expect(throws: DarkroomError.self) { try AssetCatalogWriter.write(theme, to: folder.path + "/T.xcassets", from: .root, interruption: Interruption()) }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/T.xcassets") == elsewhere.path)
  }

  @Test func aCatalogDarkroomDidNotWriteIsNeverReplaced() throws {
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let folder = try TemporaryFolder()
    let catalog = try folder.copy(Paths.fixtures.appendingPathComponent("sources/Colors.xcassets").path, as: "App.xcassets")
    let before = snapshotOfFiles(catalog)
    let error = expectThrows(DarkroomError.self) { try AssetCatalogWriter.write(theme, to: catalog, from: .root, interruption: Interruption()) }
    #expect(error?.message.hasPrefix("refusing to replace") == true)
    #expect(snapshotOfFiles(catalog) == before)
    #expect(throws: DarkroomError.self) { try AssetCatalogWriter.write(theme, to: folder.path + "/Colors", from: .root, interruption: Interruption()) }
    // Its own catalog is replaced whole: a colour removed from the theme goes.
    let own = folder.path + "/Own.xcassets"
    _ = try AssetCatalogWriter.write(try Theme.parse("colors:\n  old: \"#ffffff\"\n", file: "t.yml"), to: own, from: .root, interruption: Interruption())
    _ = try AssetCatalogWriter.write(theme, to: own, from: .root, interruption: Interruption())
    #expect(try FileManager.default.contentsOfDirectory(atPath: own).sorted() == ["Contents.json", "ink.colorset"])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("staging") || $0.contains(".old-") }
    #expect(leftovers.isEmpty)
  }
}
