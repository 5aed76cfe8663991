import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Colours written as `[light, dark]` pairs, the form some apps' appearance code
/// takes: the first is light, the second dark, and what is derived from them stays
/// dynamic; the cells screen draws its rows in them, and its module that opted out
/// of dark mode stays light.
@Suite("Colour pairs")
struct ColorPairTests {

  @Test func aColourWrittenAsAPairIsLightThenDark() throws {
    let theme = try Theme.parse("colors:\n  cell: [\"#FFFFFF\", \"#1D1B1B\"]\n  rim: darken(cell, 0.5)\n", file: "theme.yml")
    #expect(theme.resolve("cell", in: Traits()) == RGBA8(r: 255, g: 255, b: 255))
    #expect(theme.resolve("cell", in: Traits(style: .dark)) == RGBA8(r: 0x1d, g: 0x1b, b: 0x1b))
    #expect(theme.resolve("cell", in: Traits(style: .dark, level: .elevated)) == RGBA8(r: 0x1d, g: 0x1b, b: 0x1b))
    #expect(theme.resolve("rim", in: Traits()) == RGBA8(r: 128, g: 128, b: 128), "a colour derived from a pair stays dynamic")
    #expect(theme.resolve("rim", in: Traits(style: .dark)).r < 0x1d)
  }

  @Test func theCellsScreenTakesItsPairsAndItsOptedOutModuleStaysLight() throws {
    let project = try Project.load(layoutsDirectory: Paths.layouts)
    func snapshot(_ mode: String) throws -> (DisplayList, PixelBuffer) {
      let snapshot = try #require(project.snapshots(modes: project.theme.modes).first { $0.name == "cells/" + mode })
      let list = try snapshot.displayList(theme: project.theme)
      return (list, try Renderer.render(list))
    }
    for (mode, cell, module) in [("light", "#ffffff", "#fff6e0"), ("dark", "#1d1b1b", "#fff6e0")] {
      let (list, pixels) = try snapshot(mode)
      let rows = list.solidFills.filter { $0.rect.height >= 44 && $0.rect.width > 300 }
      let first = try #require(rows.first { $0.color.hex == cell }, "a cell in \(cell) in \(mode)")
      let inside = pixels[Int((first.rect.x + 200) * list.scale), Int((first.rect.y + 3) * list.scale)].straight
      #expect(inside.hex == cell, "the pixel inside the cell in \(mode)")
      let plus = try #require(rows.first { $0.color.hex == module }, "the PLUS module in \(mode)")
      let drawn = pixels[Int((plus.rect.x + 200) * list.scale), Int((plus.rect.y + 3) * list.scale)].straight
      #expect(drawn.hex == module, "the opted-out module is light in \(mode)")
    }
  }

  @Test func aPairHasTwoValues() {
    let error = expectThrows(DarkroomError.self) {
      try Theme.parse("colors:\n  cell: [\"#fff\", \"#000\", \"#111\"]\n", file: "theme.yml")
    }
    #expect(error?.description == "theme.yml:2:9: error: a colour written as a list is [light, dark], found 3 values in 'cell'")
  }
}
