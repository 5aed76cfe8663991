import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A team's palette kept in Swift, read as a colour source
/// (Fixtures/swift-sources: a layout and a theme over `../DesignSystem`, two
/// Swift files written the way IceCubes and SwiftUI apps write their colours).
@Suite("Swift colour sources")
struct SwiftColorSourceTests {
  /// A copy of the fixture in a temporary folder.
  final class SwiftProject {
    let folder: TemporaryFolder
    var path: String { folder.path }
    var layouts: String { folder.path + "/Layouts" }

    init() throws {
      folder = try TemporaryFolder()
      let fixture = Paths.fixtures.appendingPathComponent("swift-sources")
      _ = try folder.copy(fixture.appendingPathComponent("Layouts").path, as: "Layouts")
      _ = try folder.copy(fixture.appendingPathComponent("DesignSystem").path, as: "DesignSystem")
    }

    func edit(_ file: String, _ from: String, _ to: String) throws {
      let full = path + "/" + file
      let text = try String(contentsOfFile: full, encoding: .utf8)
      guard text.contains(from) else { throw DarkroomError("'\(from)' is not in \(file)") }
      try text.replacingOccurrences(of: from, with: to).write(toFile: full, atomically: true, encoding: .utf8)
    }

    func theme() throws -> Theme { try Project.load(layoutsDirectory: layouts).theme }
  }

  static let light = Traits(), dark = Traits(style: .dark)

  @Test func coloursAreNamedByTheirSwiftPathAndUsedByTheTheme() throws {
    let theme = try SwiftProject().theme()
    #expect(theme.resolve("OceanDark.tintColor", in: Self.light).hex == "#bb3be2")
    #expect(theme.resolve("OceanLight.primaryBackgroundColor", in: Self.light).hex == "#f0f1f2")
    // `[light, dark]` of two colour sets: each colour set is an appearance.
    #expect(theme.resolve("background", in: Self.light).hex == "#f0f1f2")
    #expect(theme.resolve("background", in: Self.dark).hex == "#101523")
    #expect(theme.resolve("Color.surface", in: Self.light).hex == "#ffffff")
    #expect(theme.resolve("Color.surface", in: Self.dark).hex == "#262626")
    #expect(theme.colors["cardBorder"]?.description == "darken(Color.brand, 0.2)")
    #expect(theme.resolve("cardBorder", in: Self.light) == ColorMath.scaleBrightness(RGBA8(r: 0x33, g: 0x66, b: 0x99), by: 0.8))
    #expect(theme.colorLocations["Color.brand"] == SourceLocation(file: theme.colorLocations["Color.brand"]?.file ?? "", line: 7, column: 14))
    #expect(theme.colorLocations["Color.brand"]?.file.hasSuffix("/DesignSystem/Brand.swift") == true)
  }

  @Test func aLayoutThatUsesASkippedColourGetsItsFileLineColumnAndWhy() throws {
    let project = try SwiftProject()
    try project.edit("Layouts/card.yml", "fill: Color.brand", "fill: Color.computed")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "Layouts/card.yml:16:40: error: colour 'Color.computed' has no value: 'Color.computed' (DesignSystem/Brand.swift:9:14) is not read: red: `colorValue(195)` calls a function, run when the app runs\n"
    )
    #expect(!FileManager.default.fileExists(atPath: project.path + "/out"))
  }

  @Test func aThemeColourThatUsesASkippedColourIsAnErrorWhereItUsesIt() throws {
    let project = try SwiftProject()
    try project.edit("Layouts/theme.yml", "darken(Color.brand, 0.2)", "darken(Color.computed, 0.2)")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "Layouts/theme.yml:9:22: error: colour 'Color.computed' has no value: 'Color.computed' (DesignSystem/Brand.swift:9:14) is not read:"),
      "\(run.stderr)")
  }

  @Test func aNameWithADotWorksWhereverAColourNameDoes() throws {
    let project = try SwiftProject()
    // In expressions, with "did you mean".
    try project.edit("Layouts/card.yml", "fill: Color.brand", "fill: \"alpha(Color.brnd, 0.5)\"")
    let typo = darkroom(["render", "--out", "out"], in: project.path)
    #expect(typo.stderr == "Layouts/card.yml:16:47: error: unknown colour 'Color.brnd'; did you mean 'Color.brand'?\n")
    try project.edit("Layouts/card.yml", "Color.brnd", "Color.brand")
    #expect(darkroom(["render", "--out", "out"], in: project.path).status == 0)
    // Lint names them as they are written.
    let lint = darkroom(["lint"], in: project.path)
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    #expect(
      (lint.stdout + lint.stderr).contains(
        "Layouts/card.yml:16:41: warning: surface colour 'alpha(Color.brand, 0.5)' is #33669980 in light and dark; give it a dark variant"),
      "\(lint.stdout)\(lint.stderr)")
    // The palette sheet has a row per colour, by its Swift name.
    let theme = try project.theme()
    let sheet = try PaletteSheet.project(themeFile: project.layouts + "/theme.yml", from: .root)
    var rows: [String] = []
    for layout in sheet.layouts {
      rows += try LayoutEngine(theme: theme, traits: Self.light).displayList(for: layout).placements.map(\.text)
    }
    for name in ["OceanDark.tintColor", "Color.brand", "Color.surface", "tint"] { #expect(rows.contains(name), "\(name)") }
    // A pair names them too (the sheet draws it with its contrast).
    #expect(theme.pairs.map(\.foreground) == ["OceanLight.tintColor"])
    #expect(rows.contains { $0.contains("OceanLight.tintColor on background") }, "\(rows)")
    // Export writes each as a colour set of its name, which reads back the same.
    let out = try TemporaryFolder()
    let written = try AssetCatalogWriter.write(theme, to: out.path + "/Theme.xcassets", from: .root, interruption: Interruption())
    #expect(written.colorSets.contains("Color.brand"))
    #expect(FileManager.default.fileExists(atPath: out.path + "/Theme.xcassets/Color.brand.colorset/Contents.json"))
    let back = try Theme.load(file: out.path + "/Theme.xcassets")
    for name in ["Color.brand", "Color.surface", "OceanDark.tintColor"] {
      for traits in [Self.light, Self.dark] { #expect(back.resolve(name, in: traits) == theme.resolve(name, in: traits)) }
    }
  }

  @Test func paletteListsWhatASwiftSourceReadAndWhatItSkipped() throws {
    let project = try SwiftProject()
    let run = darkroom(["palette", "--out", "sheets"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("source ../DesignSystem: 6 colours read, 1 skipped"))
    #expect(lines.contains("DesignSystem/ColorSet.swift:5:14: OceanDark.tintColor #bb3be2 = srgb(0.733, 0.231, 0.886)"))
    #expect(
      lines.contains(
        "DesignSystem/Brand.swift:8:14: Color.surface #ffffff light, #262626 dark = { light: srgb(1, 1, 1), dark: srgb(white 0.15) }"))
    #expect(
      lines.contains(
        "DesignSystem/Brand.swift:9:14: skipped Color.computed: red: `colorValue(195)` calls a function, run when the app runs"))
  }

  @Test func aChangedSwiftColourShowsInVerifyWithItsNameFileAndLine() throws {
    let project = try SwiftProject()
    #expect(darkroom(["record"], in: project.path).status == 0)
    #expect(darkroom(["verify"], in: project.path).status == 0)
    try project.edit("DesignSystem/Brand.swift", "Color(red: 0.2, green: 0.4", "Color(red: 0.3, green: 0.4")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 1)
    let failures = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL card/") }
    #expect(failures.count == 2, "\(run.stdout)")
    for line in failures {
      #expect(line.contains("`Color.brand` #336699 → #4d6699 (../DesignSystem/Brand.swift:7:14)"), "\(line)")
      #expect(line.contains("followed by `cardBorder`"), "\(line)")
    }
  }

  @Test func aPullRequestThatChangesASwiftColourShowsInReview() throws {
    let project = try SwiftProject()
    try GitFixture.git(["init", "-q", "-b", "main"], in: project.path)
    try GitFixture.commit("base", in: project.path)
    try project.edit("DesignSystem/ColorSet.swift", "red: 187 / 255, green: 59 / 255", "red: 200 / 255, green: 59 / 255")
    let run = darkroom(["review", "--base", "main"], in: project.path)
    #expect(run.status == 1, "\(run.stderr)")
    let changed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("CHANGED card/") }
    #expect(changed.count == 2, "\(run.stdout)")
    // Each mode names the colour set it draws with: `tint` is [OceanLight, OceanDark].
    let light = changed.first { $0.hasPrefix("CHANGED card/light:") } ?? ""
    let dark = changed.first { $0.hasPrefix("CHANGED card/dark:") } ?? ""
    #expect(light.contains("`OceanLight.tintColor` #bb3be2 → #c83be2 (../DesignSystem/ColorSet.swift:11:14); followed by `tint`"), "\(light)")
    #expect(dark.contains("`OceanDark.tintColor` #bb3be2 → #c83be2 (../DesignSystem/ColorSet.swift:5:14); followed by `tint`"), "\(dark)")
  }

  @Test func pathsAreShownWithoutFolderAndDotDot() throws {
    #expect(FileStore.tidy("Layouts/../DesignSystem/Brand.swift") == "DesignSystem/Brand.swift")
    #expect(FileStore.tidy("./a/./b/../c") == "./a/c")
    #expect(FileStore.tidy("../up/x") == "../up/x")
    #expect(FileStore.tidy("/a/..") == "/")
    #expect(DrawingSummary.relative("Layouts/../DesignSystem/Brand.swift", to: "Layouts/") == "../DesignSystem/Brand.swift")
    #expect(DrawingSummary.relative("/p/Layouts/Colors.xcassets/a", to: "/p/Layouts/") == "Colors.xcassets/a")
  }

  @Test func aSwiftFileAddedToTheFolderIsAnInputOfTheTheme() throws {
    let project = try SwiftProject()
    let before = try #require(try Project.load(layoutsDirectory: project.layouts).inputs?.theme)
    try project.folder.write("DesignSystem/Extra.swift", "// no colours yet\n")
    let after = try #require(try Project.load(layoutsDirectory: project.layouts).inputs?.theme)
    #expect(before != after)
  }

  @Test func aSwiftFileThatIsNotSwiftIsALocatedError() throws {
    let project = try SwiftProject()
    try project.folder.write("DesignSystem/Broken.swift", "import SwiftUI\n/* never closed\nlet a = 1\n")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr == "DesignSystem/Broken.swift:2:1: error: unterminated '/*' comment\n")
  }

  @Test func aSwiftFileIsAPathOfItsOwnNotAnAppearance() throws {
    let project = try SwiftProject()
    try project.edit(
      "Layouts/theme.yml", "  - ../DesignSystem\n",
      "  - ../DesignSystem\n  - { any: ../DesignSystem/ColorSet.swift, dark: ../DesignSystem/Brand.swift }\n")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(
      run.stderr
        == "Layouts/theme.yml:5:12: error: a Swift source is listed as a path of its own, not per appearance: its colours say their appearances themselves\n"
    )
  }

  @Test func aSwiftFileAsTheThemeDrawsItsColours() throws {
    let project = try SwiftProject()
    let run = darkroom(["palette", "--theme", "DesignSystem/ColorSet.swift", "--out", "sheets"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("source DesignSystem/ColorSet.swift: 4 colours read, 0 skipped"))
    #expect(FileManager.default.fileExists(atPath: project.path + "/sheets/palette/dark.png"))
  }
}
