import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Theme images: variants per appearance, files per scale, and every way a file can
/// be wrong, reported at the line that names it.
@Suite("Theme images")
struct ThemeImageTests {
  /// A folder with a theme and PNG files of known sizes and colours.
  func folder(images: String, files: [String: (Int, Int, RGBA8)]) throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    for (name, (w, h, color)) in files {
      let png = try PixelBuffer(width: w, height: h, fill: color).pngData()
      try folder.write(name, "")
      try Data(png).write(to: URL(fileURLWithPath: folder.path + "/" + name))
    }
    let theme = try folder.write("theme.yml", "colors:\n  background: \"#ffffff\"\nimages:\n" + images)
    return (folder, theme)
  }

  static let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)

  @Test func theVariantAndTheScaleAreChosenPerMode() throws {
    let (dir, file) = try folder(
      images: "  logo: { any: img/logo.png, dark: img/logo-dark.png }\n",
      files: [
        "img/logo.png": (10, 8, Self.red), "img/logo@2x.png": (20, 16, Self.red),
        "img/logo-dark.png": (10, 8, Self.blue), "img/logo-dark@3x.png": (30, 24, Self.blue),
      ])
    let theme = try Theme.load(file: file)
    let logo = try #require(theme.images["logo"])
    #expect(logo.pointSize == (width: 10, height: 8))
    let light = Traits(), dark = Traits(style: .dark)
    #expect(theme.image("logo", in: light, scale: 1)?.file == "img/logo.png")
    #expect(theme.image("logo", in: light, scale: 2)?.file == "img/logo@2x.png")
    #expect(theme.image("logo", in: light, scale: 3)?.file == "img/logo@2x.png", "no 3x: the largest there is")
    #expect(theme.image("logo", in: dark, scale: 2)?.file == "img/logo-dark@3x.png", "no 2x: the next larger")
    let elevated = try #require(theme.image("logo", in: Traits(style: .dark, level: .elevated), scale: 1))
    #expect(try RenderContext().images.pixels(of: elevated.image)[0, 0].b == 255)
    #expect(theme.image("nope", in: light, scale: 1) == nil)
    withExtendedLifetime(dir) {}
  }

  @Test func anImageWithOneSideGivenKeepsItsAspectRatioOrFillsItsParent() throws {
    let (dir, file) = try folder(images: "  photo: img/photo.png\n", files: ["img/photo.png": (160, 90, Self.red)])
    let theme = try Theme.load(file: file)
    let layout = try CheckingParser(theme: theme).parse(
      """
      size: [300, 400]
      root:
        vstack:
          align: leading
          children:
            - image: { name: photo, height: 45 }
            - image: { name: photo, width: 32 }
            - image: { name: photo }
            - vstack: { width: 300, children: [ { image: { name: photo, height: 20 } } ] }
      """, file: "screen.yml", name: "screen")
    let list = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout)
    // "image photo img/photo.png 160×90 in 0,0 80×45 corner 0": the size after "in".
    let frames = list.description.split(separator: "\n").dropFirst().map { line in
      let words = line.split(separator: " ")
      return words[(words.firstIndex(of: "in") ?? 0) + 2]
    }
    // In a stack of fixed width that fills, the width is the stack's; the photo is
    // then aspect-filled into it when drawn.
    #expect(frames == ["80×45", "32×18", "160×90", "300×20"])
    withExtendedLifetime(dir) {}
  }

  @Test(arguments: [
    ("  logo: img/none.png\n", "theme.yml:4:9: error: cannot read image 'img/none.png': no such file"),
    ("  logo: img/bad.png\n", "theme.yml:4:9: error: image 'img/bad.png': corrupt PNG: not a PNG file (bad signature)"),
    ("  logo: img/short.png\n", "theme.yml:4:9: error: image 'img/short.png': corrupt PNG"),
    ("  logo: img/logo.gif\n", "theme.yml:4:9: error: image 'logo': 'img/logo.gif' is not a .png, .jpg, .svg or .pdf file"),
    ("  logo: { dark: img/ok.png }\n", "theme.yml:4:3: error: image 'logo' has no variant for"),
    ("  logo: { any: img/ok.png, drak: img/ok.png }\n", "theme.yml:4:28: error: unknown variant 'drak' in image 'logo'"),
    ("  logo: [img/ok.png]\n", "theme.yml:4:9: error: expected text for image 'logo', found a list"),
  ])
  func aBadImageStopsTheThemeAtTheLineThatNamesIt(_ images: String, _ expected: String) throws {
    let (folder, file) = try self.folder(images: images, files: ["img/ok.png": (4, 4, Self.red)])
    try folder.write("img/bad.png", "GIF89a, not a png at all")
    let png = try PixelBuffer(width: 40, height: 40, fill: Self.red).pngData()
    try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: folder.path + "/img/short.png"))
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: file) }
    let text = (error?.description ?? "").replacingOccurrences(of: folder.path + "/", with: "")
    #expect(text.hasPrefix(expected), "got: \(text)")
    #expect(!text.contains("\n"))
    #expect(text.components(separatedBy: "cannot read image").count <= 2, "the cause said once: \(text)")
  }
}
