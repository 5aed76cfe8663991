import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Asset catalogs shaped like the ones real apps ship — Xcode's own templates, vector
/// and photo image sets, names with spaces and hyphens, namespaces, device- and
/// platform-specific entries — load as Xcode compiles them, and what Darkroom cannot
/// draw is an error only where a layout uses it.
@Suite("Xcode asset catalogs as apps ship them")
struct XcodeCatalogTests {
  static let info = "\"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"

  static func colorSet(_ entries: String) -> String { "{ \"colors\" : [ \(entries) ], \(info) }" }

  static func srgb(_ red: String, idiom: String = "universal", extra: String = "") -> String {
    """
    { \(extra)"color" : { "color-space" : "srgb", "components" : { "red" : "\(red)", "green" : "0.000", "blue" : "0.000", "alpha" : "1.000" } }, "idiom" : "\(idiom)" }
    """
  }

  /// A project whose theme reads `A.xcassets` (written from `files`) with `layout`.
  static func project(_ files: [String: String], layout: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write("Layouts/A.xcassets/" + name, text) }
    try folder.write("Layouts/A.xcassets/Contents.json", "{ \(info) }")
    try folder.write("Layouts/theme.yml", "sources:\n  - A.xcassets\nmodes:\n  light: {}\n  dark: { style: dark }\n")
    try folder.write("Layouts/screen.yml", layout)
    return folder
  }

  /// The fills a layout of boxes draws in `mode`, top to bottom.
  static func fills(_ folder: TemporaryFolder, mode: Traits = Traits()) throws -> [String] {
    let theme = try Theme.load(file: folder.path + "/Layouts/theme.yml")
    let text = try String(contentsOfFile: folder.path + "/Layouts/screen.yml", encoding: .utf8)
    let layout = try LayoutParser().parse(text, file: "screen.yml", name: "screen")
    try layout.check(against: theme)
    return try LayoutEngine(theme: theme, traits: mode).displayList(for: layout).commands.compactMap {
      if case .fill(_, .solid(let color)) = $0 { return color.hex } else { return nil }
    }
  }

  static func boxes(_ fills: [String]) -> String {
    "size: [10, auto]\nscale: 1\nbackground: \"#00000000\"\nroot:\n  vstack:\n    spacing: 0\n    children:\n"
      + fills.map { "      - box: { height: 1, fill: \($0) }\n" }.joined()
  }

  /// The one-line error `render` gives, the project's path taken out.
  static func renderError(_ folder: TemporaryFolder) -> String {
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
    return run.stderr.trimmingCharacters(in: .newlines)
  }

  @Test func xcodesAccentColorTemplateLoadsAndIsAnErrorOnlyWhereUsed() throws {
    let files = [
      "AccentColor.colorset/Contents.json": Self.colorSet("{ \"idiom\" : \"universal\" }"),
      "Brand.colorset/Contents.json": Self.colorSet(Self.srgb("1.000")),
    ]
    let folder = try Self.project(files, layout: Self.boxes(["Brand"]))
    #expect(try Self.fills(folder) == ["#ff0000"])
    let theme = try Theme.load(file: folder.path + "/Layouts/theme.yml")
    #expect(theme.colors["AccentColor"] == nil && theme.unavailableColors["AccentColor"] != nil)
    #expect(!theme.colorOrder.contains("AccentColor"), "not on the palette sheet")
    try folder.write("Layouts/screen.yml", Self.boxes(["Brand", "AccentColor"]))
    #expect(
      Self.renderError(folder)
        == "Layouts/screen.yml:9:33: error: colour 'AccentColor' has no value: colour set 'AccentColor' gives no colour: its entries have no 'color' (as Xcode's template leaves the system tint)")
  }

  @Test(arguments: [("logo.heic", "a HEIC image"), ("logo.webp", "a WEBP file")])
  func imageSetsInFormatsNotDrawnNeverStopTheColours(_ file: String, _ format: String) throws {
    let files = [
      "Brand.colorset/Contents.json": Self.colorSet(Self.srgb("1.000")),
      "Logo.imageset/Contents.json":
        "{ \"images\" : [ { \"filename\" : \"\(file)\", \"idiom\" : \"universal\" } ], \"properties\" : { \"preserves-vector-representation\" : true }, \(Self.info) }",
      "Logo.imageset/\(file)": "%PDF-1.7 or <svg> or ftypheic: not read",
    ]
    let folder = try Self.project(files, layout: Self.boxes(["Brand"]))
    #expect(try Self.fills(folder) == ["#ff0000"])
    try folder.write("Layouts/screen.yml", "size: [10, 10]\nroot:\n  image: { name: Logo }\n")
    #expect(
      Self.renderError(folder)
        == "Layouts/screen.yml:3:18: error: image 'Logo' cannot be drawn: image set 'Logo' is \(format) ('\(file)'); Darkroom draws PNG, JPEG, SVG and PDF images (Layouts/A.xcassets/Logo.imageset/Contents.json:1:1)")
  }

  /// A 20 × 10 drawing in `red`, `green`, `blue` (0…1) with a white stripe one unit
  /// wide down its left side, as an SVG file or a one-page PDF.
  static func drawing(_ format: String, _ red: Int, _ green: Int, _ blue: Int) -> String {
    if format == "svg" {
      return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">"
        + "<rect width=\"20\" height=\"10\" fill=\"rgb(\(red * 255),\(green * 255),\(blue * 255))\"/>"
        + "<rect width=\"1\" height=\"10\" fill=\"#ffffff\"/></svg>"
    }
    let content = "\(red) \(green) \(blue) rg 0 0 20 10 re f 1 1 1 rg 0 0 1 10 re f"
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 10] /Contents 4 0 R >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
    ]
    var pdf = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.utf8.count)
      pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = pdf.utf8.count
    pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
    return pdf + "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
  }

  @Test(arguments: ["svg", "pdf"])
  func aVectorImageSetIsDrawnAtTheSizeItIsShownInEachAppearance(_ format: String) throws {
    let dark = "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ], "
    let files = [
      "Logo.imageset/Contents.json":
        "{ \"images\" : [ { \"filename\" : \"logo.\(format)\", \"idiom\" : \"universal\" }, { \(dark)\"filename\" : \"logo-dark.\(format)\", \"idiom\" : \"universal\" } ], \"properties\" : { \"preserves-vector-representation\" : true }, \(Self.info) }",
      "Logo.imageset/logo.\(format)": Self.drawing(format, 1, 0, 0),
      "Logo.imageset/logo-dark.\(format)": Self.drawing(format, 0, 0, 1),
    ]
    // Shown at twice its own size, at 2 pixels a point: 80 × 40 pixels.
    let folder = try Self.project(files, layout: "size: [40, 20]\nscale: 2\nroot:\n  image: { name: Logo, width: 40, height: 20 }\n")
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    for (mode, color) in [("light", RGBA8(r: 255, g: 0, b: 0)), ("dark", RGBA8(r: 0, g: 0, b: 255))] {
      let drawn = try PixelBuffer(pngData: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/screen/\(mode).png"))))
      #expect(drawn[40, 20] == color.premultiplied, "\(mode)")
      // The white stripe, one unit of the drawing, is four whole pixels wide at this
      // size: drawn at it, not scaled up from the drawing's own 20 × 10.
      #expect(drawn[3, 20] == RGBA8(r: 255, g: 255, b: 255).premultiplied, "\(mode)")
      #expect(drawn[4, 20] == color.premultiplied, "\(mode)")
    }
  }

  @Test(arguments: ["svg", "pdf"])
  func aDamagedVectorImageIsAnErrorWhenTheCatalogLoads(_ format: String) throws {
    let files = [
      "Logo.imageset/Contents.json":
        "{ \"images\" : [ { \"filename\" : \"logo.\(format)\", \"idiom\" : \"universal\" } ], \(Self.info) }",
      "Logo.imageset/logo.\(format)": "not a drawing",
    ]
    let folder = try Self.project(files, layout: "size: [10, 10]\nroot:\n  image: { name: Logo }\n")
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("Layouts/A.xcassets/Logo.imageset/Contents.json:1:"), "\(run.stderr)")
    #expect(run.stderr.contains("image 'logo.\(format)': "), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
  }

  @Test func aJPEGImageSetIsDrawn() throws {
    let jpeg = try Data(contentsOf: Paths.rasterFixtures.appendingPathComponent("jpeg/rgb.jpg"))
    let folder = try Self.project(
      ["Photo.imageset/Contents.json": "{ \"images\" : [ { \"filename\" : \"photo.jpg\", \"idiom\" : \"universal\", \"scale\" : \"1x\" } ], \(Self.info) }"],
      layout: "size: [24, 16]\nscale: 1\nroot:\n  image: { name: Photo }\n")
    try jpeg.write(to: URL(fileURLWithPath: folder.path + "/Layouts/A.xcassets/Photo.imageset/photo.jpg"))
    let run = darkroom(["render", "--out", "out"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let drawn = try PixelBuffer(pngData: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/screen/light.png"))))
    // The fixture's first block is (20, 40, 60), its last (220, 160, 210).
    #expect(drawn[3, 3] == RGBA8(r: 20, g: 40, b: 60).premultiplied)
    #expect(drawn[20, 12] == RGBA8(r: 220, g: 160, b: 210).premultiplied)
  }

  @Test func namesXcodeAllowsAreWrittenAsTheCatalogWritesThem() throws {
    let files = [
      "Dark Blurple.colorset/Contents.json": Self.colorSet(Self.srgb("0.200")),
      "brand-blue.colorset/Contents.json": Self.colorSet(Self.srgb("0.400")),
      "square.and.arrow.up.colorset/Contents.json": Self.colorSet(Self.srgb("0.600")),
      "Brand (old).colorset/Contents.json": Self.colorSet(Self.srgb("0.800")),
      "Edit History/Contents.json": "{ \"properties\" : { \"provides-namespace\" : true }, \(Self.info) }",
      "Edit History/Background.colorset/Contents.json": Self.colorSet(Self.srgb("1.000")),
    ]
    let layout = Self.boxes([
      "Dark Blurple", "brand-blue", "square.and.arrow.up", "\"'Brand (old)'\"", "Edit History/Background",
      "\"darken(Dark Blurple, 0.5)\"",
    ])
    let folder = try Self.project(files, layout: layout)
    #expect(try Self.fills(folder) == ["#330000", "#660000", "#990000", "#cc0000", "#ff0000", "#1a0000"])
    // A near miss is still one line with the closest name.
    try folder.write("Layouts/screen.yml", Self.boxes(["Dark Blurpel"]))
    #expect(Self.renderError(folder) == "Layouts/screen.yml:8:33: error: unknown colour 'Dark Blurpel'; did you mean 'Dark Blurple'?")
  }

  @Test func theEntryForAnIPhoneWinsAndOtherDevicesOrPlatformsAreLeftOut() throws {
    let dark = "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ], "
    let files = [
      "Ink.colorset/Contents.json": Self.colorSet(
        [
          Self.srgb("0.200"), Self.srgb("0.400", idiom: "iphone"), Self.srgb("0.600", idiom: "ipad"),
          Self.srgb("0.800", idiom: "mac", extra: dark),
          "{ \(dark)\"color\" : { \"platform\" : \"osx\", \"reference\" : \"quaternaryLabelColor\" }, \"idiom\" : \"universal\" }",
        ].joined(separator: ", ")),
      "Splash.imageset/Contents.json": """
        { "images" : [
          { "filename" : "any.png", "idiom" : "universal" },
          { "filename" : "phone.png", "idiom" : "iphone" },
          { "filename" : "short.png", "idiom" : "universal", "height-class" : "compact" },
          { "filename" : "pad.png", "idiom" : "ipad" } ], \(Self.info) }
        """,
    ]
    let folder = try Self.project(files, layout: Self.boxes(["Ink"]))
    for (name, red) in [("any", 1), ("phone", 2), ("short", 3), ("pad", 4)] {
      let png = try PixelBuffer(width: 2, height: 2, fill: RGBA8(r: UInt8(red), g: 0, b: 0)).pngData()
      try Data(png).write(to: URL(fileURLWithPath: folder.path + "/Layouts/A.xcassets/Splash.imageset/\(name).png"))
    }
    #expect(try Self.fills(folder) == ["#660000"], "iphone over universal; ipad left out")
    #expect(try Self.fills(folder, mode: Traits(style: .dark)) == ["#660000"], "the macOS reference and the mac entry are left out")
    let theme = try Theme.load(file: folder.path + "/Layouts/theme.yml")
    let splash = try #require(theme.image("Splash", in: Traits(), scale: 1))
    #expect(splash.file.hasSuffix("phone.png"))
  }
}
