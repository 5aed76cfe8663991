import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Android `res` folders as apps ship them: colours in any values file, qualified by
/// night mode and API level, named like Darkroom's built-ins.
@Suite("Android res folders as apps ship them")
struct AndroidColorFolderTests {
  /// The theme made of the `res` folder `files` describe.
  static func theme(_ files: [String: String]) throws -> (Theme, TemporaryFolder) {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write("res/" + name, text) }
    let theme = try folder.write("theme.yml", "sources:\n  - res\n")
    return (try Theme.load(file: theme), folder)
  }

  static func colors(_ body: String) -> String { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n" }

  static let light = Traits(), dark = Traits(style: .dark)

  @Test func coloursComeFromEveryValuesFile() throws {
    let (theme, _) = try Self.theme([
      "values/colors.xml": Self.colors("<color name=\"brand\">#ff0000</color>"),
      "values/colors_services.xml": Self.colors("<color name=\"service\">#00ff00</color>\n<item name=\"link\" type=\"color\">@color/service</item>"),
      "values/strings.xml": Self.colors("<string name=\"app\">App</string>"),
    ])
    #expect(theme.resolve("brand", in: Self.light).hex == "#ff0000")
    #expect(theme.resolve("service", in: Self.light).hex == "#00ff00")
    #expect(theme.resolve("link", in: Self.dark).hex == "#00ff00")
  }

  @Test func aFolderWithoutColorsXMLIsASource() throws {
    let (theme, _) = try Self.theme(["values/material_colors.xml": Self.colors("<color name=\"material_blue_500\">#2196F3</color>")])
    #expect(theme.resolve("material_blue_500", in: Self.light).hex == "#2196f3")
  }

  @Test func theAppsOwnWhiteAndBlackTakeTheNamesAndTheFrameworksStayPure() throws {
    let (theme, _) = try Self.theme([
      "values/colors.xml": Self.colors(
        "<color name=\"white\">#FAFAFA</color>\n<color name=\"black\">#101010</color>\n<color name=\"paper\">@android:color/white</color>\n<color name=\"ink\">@color/black</color>")
    ])
    #expect(theme.resolve("white", in: Self.light).hex == "#fafafa")
    #expect(theme.resolve("black", in: Self.dark).hex == "#101010")
    #expect(theme.resolve("paper", in: Self.light).hex == "#ffffff", "@android:color/white is the framework's")
    #expect(theme.resolve("ink", in: Self.light).hex == "#101010", "@color/black is the app's")
    // The theme file's own colours may still not take a built-in's name.
    let error = expectThrows(DarkroomError.self) { try Theme.parse("colors:\n  white: \"#fafafa\"\n", file: "theme.yml") }
    #expect(error?.description == "theme.yml:2:3: error: 'white' is already a built-in colour; semantic colours need their own names")
  }

  @Test func nightAndAPILevelFoldersOverrideAsOnAPhoneAtAPI35() throws {
    let (theme, _) = try Self.theme([
      "values/colors.xml": Self.colors("<color name=\"bar\">#000000</color>\n<color name=\"text\">#111111</color>"),
      "values-v27/colors.xml": Self.colors("<color name=\"bar\">#ffffff</color>"),
      "values-v99/colors.xml": Self.colors("<color name=\"bar\">#123456</color>"),
      "values-night/colors.xml": Self.colors("<color name=\"text\">#eeeeee</color>\n<color name=\"bar\">#333333</color>"),
      "values-night-v29/colors.xml": Self.colors("<color name=\"bar\">#444444</color>"),
      "values-land/colors.xml": Self.colors("<color name=\"bar\">#ff00ff</color>"),
      "values-de/colors.xml": Self.colors("<color name=\"text\">#00ffff</color>"),
    ])
    #expect(theme.resolve("bar", in: Self.light).hex == "#ffffff", "values-v27 over values; v99 is beyond API 35")
    #expect(theme.resolve("bar", in: Self.dark).hex == "#444444", "values-night-v29 over values-night")
    #expect(theme.resolve("text", in: Self.light).hex == "#111111")
    #expect(theme.resolve("text", in: Self.dark).hex == "#eeeeee")
  }

  @Test func oneNameTwiceInAFolderIsAnErrorAsInAapt2() throws {
    let folder = try TemporaryFolder()
    try folder.write("res/values/a.xml", Self.colors("<color name=\"x\">#000</color>"))
    try folder.write("res/values/b.xml", Self.colors("<color name=\"x\">#fff</color>"))
    let theme = try folder.write("theme.yml", "sources:\n  - res\n")
    let error = expectThrows(DarkroomError.self) { try Theme.load(file: theme) }
    #expect(
      error?.description.replacingOccurrences(of: folder.path + "/", with: "")
        == "res/values/b.xml:3:1: error: colour 'x' is defined twice in values: here and at res/values/a.xml:3:1")
  }
}
