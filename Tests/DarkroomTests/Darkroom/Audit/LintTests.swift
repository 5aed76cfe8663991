import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Lint")
struct LintTests {
  static let theme = """
    palette:
      blue40: "#3c64f4"
      grey10: "#f5f7fa"
    colors:
      background: { any: "#ffffff", dark: "#000000" }
      primaryText: { any: "#111111", dark: grey10 }
      brand: blue40
      card: { any: "#ffffff", dark: "#1c1c1e" }
      cardEdge: darken(card, 0.1)
      forgotten: { any: "#ff0000", dark: "#00ff00" }
    """

  static let layout = """
    size: [200, 200]
    root:
      vstack:
        fill: card
        children:
          - label: { text: "#fff is words, not a colour", color: blue40 }
          - box: { height: 10, fill: "#336699", border: cardEdge }
          - box: { height: 10, fill: brand }
          - button: { title: "Go", text: blue40, fill: cardEdge }
    """

  func project() throws -> (TemporaryFolder, Project) {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/theme.yml", Self.theme)
    try folder.write("Layouts/screen.yml", Self.layout)
    return (folder, try Project.load(layoutsDirectory: folder.path + "/Layouts"))
  }

  @Test func findsRawColoursHexValuesSameSurfacesAndUnusedColoursWhereTheyAreWritten() throws {
    let (folder, project) = try project()
    let findings = try Lint.check(project).map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    // Columns counted from the text above: the line and where the value starts.
    func at(_ needle: String, in text: String, file: String, occurrence: Int = 0) -> String {
      let lines = text.components(separatedBy: "\n")
      let hits = lines.enumerated().filter { $0.element.contains(needle) }
      let line = hits[occurrence]
      let column = line.element.range(of: needle)!.lowerBound.utf16Offset(in: line.element) + 1
      return "\(file):\(line.offset + 1):\(column)"
    }
    let layout = "Layouts/screen.yml", theme = "Layouts/theme.yml"
    #expect(findings == [
      at("blue40 }", in: Self.layout, file: layout)
        + ": warning: 'blue40' is a raw palette colour; name a semantic colour so dark mode can change it",
      at("#336699", in: Self.layout, file: layout)
        + ": warning: hex colour '#336699' in a layout; define a semantic colour in the theme instead",
      at("brand", in: Self.layout, file: layout)
        + ": warning: surface colour 'brand' is #3c64f4 in light and dark; give it a dark variant",
      at("blue40, fill", in: Self.layout, file: layout)
        + ": warning: 'blue40' is a raw palette colour; name a semantic colour so dark mode can change it",
      at("forgotten", in: Self.theme, file: theme)
        + ": warning: semantic colour 'forgotten' is not used by any layout, colour or pair",
    ])
  }

  @Test func theCommandLineExitsZeroOnWarningsOneWhenStrictAndTwoOnErrors() throws {
    let (folder, _) = try project()
    let run = darkroom(["lint"], in: folder.path)
    #expect(run.status == 0)
    #expect(run.stdout.hasSuffix("lint: 5 warning(s)\n"))
    #expect(darkroom(["lint", "--strict"], in: folder.path).status == 1)
    try folder.write("Layouts/screen.yml", Self.layout.replacingOccurrences(of: "fill: brand", with: "fill: brnd"))
    let broken = darkroom(["lint"], in: folder.path)
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("unknown colour 'brnd'; did you mean 'brand'?"))
  }

  @Test func componentColourKeysAreLintedToo() throws {
    let (folder, _) = try project()
    try folder.write(
      "Layouts/parts.yml",
      "size: [200, 200]\nroot:\n  vstack:\n    children:\n      - switch: { on: true, tint: \"#34c759\" }\n      - cell: { title: A, icon: gear, iconColor: blue40 }\n")
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    let findings = try Lint.check(project).map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    #expect(findings.contains("Layouts/parts.yml:5:36: warning: hex colour '#34c759' in a layout; define a semantic colour in the theme instead"))
    #expect(findings.contains("Layouts/parts.yml:6:50: warning: 'blue40' is a raw palette colour; name a semantic colour so dark mode can change it"))
  }
}
