import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Brand themes (`themes:`): named palettes over the same semantic names, each drawn
/// for every layout beside the theme itself, named `<mode>+<brand>`, explained by
/// the line that sets the brand's value, and checked like every other input.
@Suite("Brand themes")
struct BrandThemeTests {
  static let theme = """
    palette:
      brand: "#3366ff"
    colors:
      surface: { any: "#ffffff", dark: "#1c1c1e" }
      accent: brand
    modes:
      light: {}
      dark: { style: dark }
    """

  static let sunset = """

    themes:
      sunset:
        palette: { brand: "#ff6600" }
        colors:
          surface: { any: "#fff0e0", dark: "#201008" }
    """

  static let layout = "size: [40, 20]\nroot:\n  hstack:\n    children:\n      - box: { fill: surface, width: 20 }\n      - box: { fill: accent, width: 20 }\n"

  /// A project folder with `theme` and the one layout `plain`.
  static func project(theme: String = theme + sunset, layout: String = layout) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    _ = try folder.write("Layouts/theme.yml", theme)
    _ = try folder.write("Layouts/plain.yml", layout)
    return folder
  }

  /// The colour in the middle of a golden's left (`right` false) or right half.
  static func colour(_ file: String, right: Bool) throws -> PremultipliedRGBA8 {
    let pixels = try PixelBuffer(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    return pixels[pixels.width * (right ? 3 : 1) / 4, pixels.height / 2]
  }

  @Test func withoutThemesSnapshotsAreNamedAsAlways() throws {
    let folder = try Self.project(theme: Self.theme)
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    let names = project.snapshots(modes: project.theme.modes).map(\.name)
    #expect(names.filter { $0.hasPrefix("plain/") } == ["plain/light", "plain/dark"])
    #expect(project.theme.brands.isEmpty)
  }

  @Test func everyLayoutIsDrawnInTheThemeAndEachBrandInItsColours() throws {
    let folder = try Self.project()
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    let names = project.snapshots(modes: project.theme.modes).map(\.name)
    #expect(names.filter { $0.hasPrefix("plain/") } == ["plain/light", "plain/dark", "plain/light+sunset", "plain/dark+sunset"])
    // The palette sheet is drawn per brand too, and says which.
    #expect(names.contains("palette/dark+sunset"))
    let record = darkroom(["record"], in: folder.path)
    #expect(record.status == 0, "\(record.stderr)")
    let golden = folder.path + "/Golden/plain/"
    // Left half: `surface`; right half: `accent`, which is the palette's `brand`.
    #expect(try Self.colour(golden + "light.png", right: false) == PremultipliedRGBA8(r: 0xff, g: 0xff, b: 0xff, a: 255))
    #expect(try Self.colour(golden + "light.png", right: true) == PremultipliedRGBA8(r: 0x33, g: 0x66, b: 0xff, a: 255))
    #expect(try Self.colour(golden + "light+sunset.png", right: false) == PremultipliedRGBA8(r: 0xff, g: 0xf0, b: 0xe0, a: 255))
    #expect(try Self.colour(golden + "light+sunset.png", right: true) == PremultipliedRGBA8(r: 0xff, g: 0x66, b: 0x00, a: 255))
    #expect(try Self.colour(golden + "dark+sunset.png", right: false) == PremultipliedRGBA8(r: 0x20, g: 0x10, b: 0x08, a: 255))
    let sheet = try #require(project.snapshots(modes: project.theme.modes).first { $0.name == "palette/light+sunset" })
    let texts = try sheet.displayList(theme: project.theme).textLines.map(\.line.text)
    #expect(texts.first == "Palette · sunset", "\(texts.prefix(2))")
  }

  @Test func aChangedBrandValueFailsOnlyThatBrandAndIsExplainedByItsLine() throws {
    let folder = try Self.project()
    #expect(darkroom(["record"], in: folder.path).status == 0)
    let changed = Self.theme + Self.sunset.replacingOccurrences(of: "#ff6600", with: "#ff6601")
    _ = try folder.write("Layouts/theme.yml", changed)
    let verify = darkroom(["verify"], in: folder.path)
    #expect(verify.status == 1)
    let failures = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(failures.count == 4, "\(failures)")
    #expect(failures.allSatisfy { $0.contains("+sunset") })
    // `brand` is set on line 11 of the theme, in the brand's own palette.
    #expect(failures.contains { $0.hasPrefix("FAIL plain/light+sunset") && $0.contains("`brand` #ff6600 → #ff6601 (theme.yml:11:16)") }, "\(verify.stdout)")
  }

  @Test func shardsOfARunWithBrandsMergeBack() throws {
    let folder = try Self.project()
    #expect(darkroom(["record"], in: folder.path).status == 0)
    let changed = Self.theme + Self.sunset.replacingOccurrences(of: "#ff6600", with: "#ff6601")
    _ = try folder.write("Layouts/theme.yml", changed)
    #expect(darkroom(["verify", "--shard", "1/2", "--report", "one"], in: folder.path).status == 1)
    #expect(darkroom(["verify", "--shard", "2/2", "--report", "two"], in: folder.path).status != 2)
    let merged = darkroom(["merge-reports", "one", "two", "--out", "merged"], in: folder.path)
    #expect(merged.status == 1, "\(merged.stderr)")
    #expect(merged.stdout.contains("merged 2 reports: 8 snapshots, 4 need review"), "\(merged.stdout)")
  }

  @Test func aLayoutsThemesNarrowTheBrandsItIsDrawnIn() throws {
    let folder = try Self.project(layout: Self.layout + "themes: []\n")
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    #expect(project.snapshots(modes: project.theme.modes).map(\.name).filter { $0.hasPrefix("plain/") } == ["plain/light", "plain/dark"])
    _ = try folder.write("Layouts/plain.yml", Self.layout + "themes: [sunset, sunset]\n")
    let twice = darkroom(["verify"], in: folder.path)
    #expect(twice.status == 2 && twice.stderr.contains("plain.yml:7:18: error: theme 'sunset' is listed twice"), "\(twice.stderr)")
    // A locale listed twice would be two snapshots of one name.
    _ = try folder.write("Layouts/plain.yml", "locales: [en, en]\n" + Self.layout)
    _ = try folder.write("Layouts/theme.yml", Self.theme + "\nlocales: [en, de]" + Self.sunset)
    let locales = darkroom(["record"], in: folder.path)
    #expect(locales.status == 2 && locales.stderr.contains("plain.yml:1:15: error: locale 'en' is listed twice"), "\(locales.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Golden"))
    _ = try folder.write("Layouts/theme.yml", Self.theme + Self.sunset)
    _ = try folder.write("Layouts/plain.yml", Self.layout + "themes: [sunst]\n")
    let wrong = darkroom(["verify"], in: folder.path)
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr == "Layouts/plain.yml:7:10: error: theme 'sunst' is not one of the theme's themes (sunset); did you mean 'sunset'?\n",
      "\(wrong.stderr)")
  }

  @Test func aBrandAndALocaleBothNameTheSnapshot() throws {
    let theme = Self.theme + "\nlocales: [en, de]" + Self.sunset
    let folder = try Self.project(theme: theme)
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    let names = project.snapshots(modes: project.theme.modes).map(\.name).filter { $0.hasPrefix("plain/") }
    #expect(names.contains("plain/dark+sunset.de") && names.contains("plain/light.en"), "\(names)")
    #expect(names.count == 8)
  }

  @Test func badBrandsAreLocatedErrorsAndNothingIsWritten() throws {
    func error(_ themes: String) throws -> String {
      let folder = try Self.project(theme: Self.theme + "\nthemes:\n" + themes)
      let run = darkroom(["record"], in: folder.path)
      #expect(run.status == 2)
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/Golden"), "nothing is written")
      return run.stderr
    }
    #expect(
      try error("  sunset:\n    palette: { brnad: \"#ff6600\" }\n")
        == "Layouts/theme.yml:11:16: error: theme 'sunset' sets palette colour 'brnad', which the theme's palette does not have; did you mean 'brand'?\n")
    #expect(
      try error("  sunset:\n    colors: { acent: \"#ff6600\" }\n")
        == "Layouts/theme.yml:11:15: error: theme 'sunset' sets colour 'acent', which the theme does not define (a brand theme sets the theme's own names); did you mean 'accent'?\n")
    #expect(try error("  sunset:\n    colours: {}\n").contains("unknown key 'colours' in theme 'sunset'; did you mean 'colors'?"))
    #expect(try error("  sunset: {}\n").contains("theme 'sunset' sets no colour"))
    #expect(try error("  sun.set:\n    colors: { accent: red }\n").contains("must be letters, digits and '-'"))
    #expect(try error("  dark:\n    colors: { accent: \"#ff0000\" }\n").contains("'dark' is already the name of a mode"))
    // A brand's colour is checked like the theme's: an unknown reference and a cycle,
    // said at the brand's own line, with its name.
    #expect(try error("  sunset:\n    colors: { accent: brandd }\n").contains("did you mean 'brand'?"))
    #expect(
      try error("  sunset:\n    colors:\n      surface: accent\n      accent: surface\n")
        == "Layouts/theme.yml:12:7: error: theme 'sunset': colour cycle: surface → accent → surface\n")
    // Names become file names: two that differ only in case would be one file on
    // macOS and Windows.
    #expect(
      try error("  sunset:\n    colors: { accent: \"#ff0000\" }\n  Sunset:\n    colors: { accent: \"#00ff00\" }\n")
        .contains("theme 'Sunset' differs from theme 'sunset' only in case"))
  }
}
