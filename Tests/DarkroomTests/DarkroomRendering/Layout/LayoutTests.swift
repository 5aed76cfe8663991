import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Layouts")
struct LayoutTests {
  let theme: Theme
  init() throws { theme = try Theme.parse(testTheme, file: "theme.yml") }

  func parse(_ yaml: String) throws -> Layout {
    try CheckingParser(theme: theme).parse(yaml, file: "Layouts/screen.yml", name: "screen")
  }

  func displayList(_ yaml: String, _ traits: Traits = Traits()) throws -> [String] {
    let list = try LayoutEngine(theme: theme, traits: traits).displayList(for: try parse(yaml))
    return list.description.split(separator: "\n").map(String.init)
  }

  // MARK: Placement

  @Test func vstackPlacesChildrenFromThePaddingEdgeWithSpacing() throws {
    let lines = try displayList(
      """
      size: [200, 300]
      root:
        vstack:
          padding: 16
          spacing: 12
          children:
            - box: { height: 40, fill: "#ff0000" }
            - box: { width: 50, height: 20, fill: "#00ff00" }
            - box: { height: 10, fill: "#0000ff", corner: 4 }
      """)
    #expect(
      lines == [
        "canvas 200×300 @2x #ffffff",
        "fill 16,16 168×40 corner 0 #ff0000",  // fills the width inside the padding
        "fill 16,68 50×20 corner 0 #00ff00",  // explicit width: at the leading edge
        "fill 16,100 168×10 corner 4 #0000ff",
      ])
  }

  @Test func paddingAsVerticalAndHorizontal() throws {
    let lines = try displayList(
      "size: [100, 100]\nroot:\n  vstack:\n    padding: [5, 20]\n    children:\n      - box: { height: 10, fill: \"#000\" }\n")
    #expect(lines[1] == "fill 20,5 60×10 corner 0 #000000")
  }

  @Test func hstackSpacerPushesTheLastChildToTheTrailingEdge() throws {
    let lines = try displayList(
      """
      size: [300, 100]
      root:
        hstack:
          padding: 10
          children:
            - box: { width: 40, height: 20, fill: "#111" }
            - spacer: {}
            - box: { width: 30, fill: "#222" }
      """)
    #expect(lines[1] == "fill 10,10 40×20 corner 0 #111111")
    // No fixed height under align: fill, so it stretches to the stack's inner height.
    #expect(lines[2] == "fill 260,10 30×80 corner 0 #222222")
  }

  @Test func centreAlignmentCentresAcrossTheAxis() throws {
    let lines = try displayList(
      "size: [100, 100]\nroot:\n  vstack:\n    align: center\n    children:\n      - box: { width: 40, height: 10, fill: \"#000\" }\n")
    #expect(lines[1] == "fill 30,0 40×10 corner 0 #000000")
  }

  @Test func aButtonTakesItsFaceHeightPlusItsLipAndDerivesTheLip() throws {
    let yaml = """
      size: [200, 200]
      root:
        vstack:
          children:
            - button: { title: "Go", width: 120, height: 44, fill: actionBackground, text: primaryText,
                        border: actionBorder, borderWidth: 2, lip: 4, corner: 10 }
            - box: { height: 10, fill: "#00ff00" }
      """
    for traits in [Traits(), Traits(style: .dark)] {
      let lines = try displayList(yaml, traits)
      let fill = theme.resolve("actionBackground", in: traits)
      let lip = hsbDarken(fill, by: 0.2)
      #expect(lines[1] == "fill 0,4 120×44 corner 10 \(lip.hex)", "lip below the face, in \(traits)")
      #expect(lines[2] == "fill 0,0 120×44 corner 10 \(fill.hex)")
      #expect(lines[3] == "border 0,0 120×44 corner 10 width 2 \(theme.resolve("actionBorder", in: traits).hex)")
      #expect(lines[4].hasPrefix("text \"Go\" 17pt at "))
      #expect(lines[5] == "fill 0,48 200×10 corner 0 #00ff00", "the next child starts below the lip")
    }
  }

  @Test func labelsAreMeasuredWithTheFont() throws {
    let lines = try displayList(
      "size: [300, 100]\nroot:\n  hstack:\n    children:\n      - label: { text: \"Orders\", size: 28, weight: bold }\n      - box: { width: 10, height: 10, fill: \"#000\" }\n")
    let face = try testFonts.face(.bold)
    let expectedWidth = TextLine("Orders", face: face, size: 28).width
    #expect(expectedWidth > 60 && expectedWidth < 140)
    let boxX = lines[2].split(separator: " ")[1].split(separator: ",")[0]
    #expect(abs(Double(boxX)! - expectedWidth) < 0.01)
  }

  @Test func theDefaultBackgroundIsTheThemesBackground() throws {
    let lines = try displayList("size: [10, 10]\nroot:\n  vstack: {}\n", Traits(style: .dark, level: .elevated))
    #expect(lines == ["canvas 10×10 @2x #20222a"])
  }

  // MARK: Errors

  @Test func aNearMissColourNameInALayoutIsReportedWithItsLocation() {
    let error = expectThrows(DarkroomError.self) {
      try parse(
        """
        size: [390, 844]
        root:
          vstack:
            children:
              - label: { text: "Orders", color: primaryTxt }
        """)
    }
    #expect(error?.description == "Layouts/screen.yml:5:41: error: unknown colour 'primaryTxt'; did you mean 'primaryText'?")
  }

  @Test(arguments: [
    ("size: [390, 844]\nroot:\n  vstak: {}\n", "Layouts/screen.yml:3:3: error: unknown node kind 'vstak' (expected vstack, hstack, zstack, label, box, button, spacer, icon, image, divider, activity, card, switch, badge, cell, list, segmented, searchfield, navbar, tabbar); did you mean 'vstack'?"),
    ("size: [390, 844]\nroot:\n  vstack: { spacng: 4 }\n", "Layouts/screen.yml:3:13: error: unknown key 'spacng' in a vstack; did you mean 'spacing'?"),
    ("size: [390, 844]\nroot:\n  vstack: { spacing: wide }\n", "Layouts/screen.yml:3:22: error: expected a number for spacing, found 'wide'"),
    ("size: [390, 844]\nroot:\n  vstack: { children: { a: 1 } }\n", "Layouts/screen.yml:3:23: error: expected a list for children, found a mapping"),
    ("size: [390, 100000]\nroot:\n  vstack: {}\n", "Layouts/screen.yml:1:13: error: the height (or auto) must be between 1 and 4096, found 100000"),
    ("size: [4000, 4000]\nscale: 4\nroot:\n  vstack: {}\n", "Layouts/screen.yml:1:7: error: size × scale is 16000×16000 pixels, over the limit of 16384 per side and 67108864 in all"),
    ("size: [390]\nroot:\n  vstack: {}\n", "Layouts/screen.yml:1:7: error: size is [width, height], found 1 values"),
    ("root:\n  vstack: {}\n", "Layouts/screen.yml:1:1: error: a layout needs 'size: [width, height]' in points"),
    ("size: [390, 844]\nroot:\n  label: { size: 12 }\n", "Layouts/screen.yml:3:3: error: a label needs 'text'"),
    ("size: [390, 844]\nroot:\n  label: { text: hi, weight: hevy }\n", "Layouts/screen.yml:3:30: error: unknown weight 'hevy' (expected ultraLight, thin, light, regular, medium, semibold, bold, heavy, black); did you mean 'heavy'?"),
    ("size: [390, 844]\nroot:\n  vstack: { fill: \"#12\" }\n", "Layouts/screen.yml:3:20: error: a hex colour has 3, 6 or 8 digits"),
    ("size: [390, 844]\nroot: { vstack: {}, hstack: {} }\n", "Layouts/screen.yml:2:7: error: a node is a mapping with one key"),
    ("size: [390, 844\nroot: {}\n", "Layouts/screen.yml:2:"),
    ("size: [390, 844]\nsize: [1, 1]\n", "Layouts/screen.yml:2:1: error: duplicate key 'size' (first at line 1)"),
    ("size: [390, 844]\nroot:\n  vstack:\n    spacing: 4\n    padding: 2\n    spacing: 8\n", "Layouts/screen.yml:6:5: error: duplicate key 'spacing' (first at line 4)"),
    ("size: [390, 844]\nroot:\n  vstack:\n    children:\n      - label: { text: a }\n        label: b\n", "Layouts/screen.yml:6:9: error: duplicate key 'label' (first at line 5)"),
    ("size: [390, 844]\nroot:\n  box: { fill: blue40, width: 4,\n    \"fill\": white }\n", "Layouts/screen.yml:4:5: error: duplicate key 'fill' (first at line 3)"),
    // An unquoted function in a flow mapping: its commas split it into keys.
    ("size: [390, 844]\nroot:\n  box: { border: mix(a, b, 0.5), fill: mix(a, b, 0.2) }\n", "Layouts/screen.yml:3:47: error: duplicate key 'b' (first at line 3)"),
    ("size: [390, 844]\nroot:\n  icon: { name: chevron.rigth }\n", "Layouts/screen.yml:3:17: error: unknown icon 'chevron.rigth' (the theme has no symbols: name an SF Symbols template in its 'symbols:' or keep a .symbolset in its asset catalog; built-in: chevron.right, chevron.left,"),
    ("size: [390, 844]\nroot:\n  icon: { color: blue40 }\n", "Layouts/screen.yml:3:3: error: an icon needs a 'name' (one of the project's symbols, or chevron.right,"),
    ("size: [390, 844]\nroot:\n  image: { name: logo }\n", "Layouts/screen.yml:3:18: error: unknown image 'logo' (the theme has no 'images:')"),
    ("size: [390, 844]\nroot:\n  vstack: { corner: [1, 2, 3] }\n", "Layouts/screen.yml:3:21: error: corner is a radius or [topLeft, topRight, bottomRight, bottomLeft], found 3 values"),
    ("size: [390, 844]\nroot:\n  vstack: { gradient: [blue40] }\n", "Layouts/screen.yml:3:23: error: a gradient has 2 to 16 colours, found 1"),
    ("size: [390, 844]\nroot:\n  vstack: { gradient: { colors: [blue40, white], direction: sideways } }\n", "Layouts/screen.yml:3:61: error: unknown gradient direction 'sideways' (expected down, up, right, left)"),
    ("size: [390, 844]\nroot:\n  vstack: { shadow: { y: 2 } }\n", "Layouts/screen.yml:3:21: error: a shadow needs a 'color'"),
    ("size: [390, 844]\nroot:\n  vstack: { shadow: { color: blue40, blurr: 2 } }\n", "Layouts/screen.yml:3:38: error: unknown key 'blurr' in a shadow; did you mean 'blur'?"),
    ("size: [390, 844]\nroot:\n  vstack: { opacity: 2 }\n", "Layouts/screen.yml:3:22: error: opacity must be between 0 and 1, found 2"),
    ("size: [390, 844]\nroot:\n  vstack: { cornerCurve: squircle }\n", "Layouts/screen.yml:3:26: error: unknown corner curve 'squircle' (expected circular, continuous)"),
    ("size: [390, 844]\nroot:\n  vstack: { border: blue40, borderDash: [] }\n", "Layouts/screen.yml:3:41: error: borderDash is a list of dash and gap lengths, at least one above 0"),
    ("size: [390, 844]\nroot:\n  box: { border: blue40, borderDash: [0.1, 0.1] }\n", "Layouts/screen.yml:3:38: error: borderDash's lengths add up to less than half a point, too fine to see"),
    ("size: [390, 844]\nroot:\n  box: { clip: true }\n", "Layouts/screen.yml:3:10: error: unknown key 'clip' in a box"),
  ])
  func badInputIsReportedOnOneLineWithItsLocation(_ yaml: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try parse(yaml) }
    let text = error?.description ?? ""
    #expect(text.hasPrefix(expected) || (!expected.hasPrefix("Layouts") && text.contains(expected)), "got: \(text)")
    #expect(!text.contains("\n"), "one line")
  }

  @Test func aBareKindIsThatNodeWithNoKeys() throws {
    let lines = try displayList(
      "size: [100, 20]\nroot:\n  hstack:\n    children:\n      - spacer\n      - box: { width: 10, fill: white }\n")
    #expect(lines[1] == "fill 90,0 10×20 corner 0 #ffffff")
    let error = expectThrows(DarkroomError.self) {
      try parse("size: [100, 20]\nroot:\n  hstack:\n    children:\n      - spacr\n")
    }
    #expect(error?.description.hasPrefix("Layouts/screen.yml:5:9: error: unknown node kind 'spacr'") == true)
    #expect(error?.description.hasSuffix("did you mean 'spacer'?") == true)
  }

  @Test func iconNamesAreSuggestedWhenClose() {
    let error = expectThrows(DarkroomError.self) {
      try parse("size: [100, 100]\nroot:\n  icon: { name: magnifyingglas }\n")
    }
    #expect(error?.description.hasSuffix("did you mean 'magnifyingglass'?") == true, "\(String(describing: error))")
  }

  // MARK: Painting

  @Test func decorationsBecomeShadowFillGradientAndBorderInThatOrder() throws {
    let lines = try displayList(
      """
      size: [100, 100]
      root:
        vstack:
          padding: 10
          children:
            - box:
                height: 40
                fill: blue40
                gradient: { colors: ["#000000", "#ffffff00"], direction: right }
                border: blue40
                borderDash: [4, 2]
                corner: [8, 0, 8, 0]
                cornerCurve: continuous
                shadow: { color: "#00000080", y: 2, blur: 6 }
      """)
    #expect(lines.count == 5)
    #expect(lines[1] == "shadow 10,10 80×40 corner [8,0,8,0] continuous offset 0,2 blur 6 spread 0 #00000080")
    #expect(lines[2].hasPrefix("fill 10,10 80×40 corner [8,0,8,0] continuous #"))
    #expect(lines[3] == "fill 10,10 80×40 corner [8,0,8,0] continuous gradient 10,10→90,10 #000000@0 #ffffff00@1")
    #expect(lines[4].hasPrefix("border 10,10 80×40 corner [8,0,8,0] continuous width 1 dash 4,2 #"))
  }

  @Test func clipAndOpacityBecomeGroups() throws {
    let lines = try displayList(
      """
      size: [100, 100]
      root:
        vstack:
          fill: blue40
          corner: 12
          clip: true
          opacity: 0.5
          children:
            - box: { height: 30, fill: white }
            - icon: { name: chevron.right, size: 20, color: blue40, weight: 2.5 }
      """)
    // The background sits outside the clip, inside the translucent group.
    #expect(lines[1] == "group opacity 0.5")
    #expect(lines[2].hasPrefix("  fill 0,0 100×100 corner 12 #"))
    #expect(lines[3] == "  group clip 0,0 100×100 corner 12")
    #expect(lines[4] == "    fill 0,0 100×30 corner 0 #ffffff")
    #expect(lines[5].hasPrefix("    icon chevron.right 0,30 20×20 weight 2.5 #"))
    #expect(lines.count == 6)
  }

  @Test func aLipTakesTheFacesCornersAndAShadowFallsFromBoth() throws {
    let lines = try displayList(
      """
      size: [200, 100]
      root:
        vstack:
          children:
            - button: { title: "", height: 40, lip: 4, fill: blue40, corner: [10, 10, 4, 4], shadow: { color: blue40, blur: 4 } }
      """)
    #expect(lines[1].hasPrefix("shadow 0,0 200×44 corner [10,10,4,4] offset 0,0 blur 4"))
    #expect(lines[2].hasPrefix("fill 0,4 200×40 corner [10,10,4,4] #"), "the lip: the face moved down by the lip")
    #expect(lines[3].hasPrefix("fill 0,0 200×40 corner [10,10,4,4] #"), "the face, without the shadow again")
  }

  @Test func deeplyNestedInputIsRefusedNotOverflowed() {
    var yaml = "size: [100, 100]\nroot:\n"
    var indent = "  "
    for _ in 0..<100 {
      yaml += indent + "vstack:\n" + indent + "  children:\n" + indent + "    - "
      indent += "      "
      yaml += "\n"
    }
    yaml += indent + "box: {}\n"
    let error = expectThrows(DarkroomError.self) { try parse(yaml) }
    #expect(error != nil)
  }

  @Test func nestingLimitIsChecked() {
    var node = "box: {}"
    for _ in 0..<70 { node = "vstack: { children: [ { \(node) } ] }" }
    let error = expectThrows(DarkroomError.self) { try parse("size: [100, 100]\nroot: { \(node) }\n") }
    #expect(error?.message == "nodes are nested more than 64 deep")
  }
}

@Suite("Suggestions")
struct SuggestionTests {
  @Test func editDistanceCountsTyposAsPeopleDo() {
    #expect(Suggestion.editDistance("dark", "dark") == 0)
    #expect(Suggestion.editDistance("drak", "dark") == 1)  // transposition
    #expect(Suggestion.editDistance("primaryTxt", "primaryText") == 1)  // insertion
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
  }

  @Test func onlyCloseNamesAreSuggested() {
    #expect(Suggestion.closest(to: "backgrund", in: ["background", "backgroundElevated"]) == "background")
    #expect(Suggestion.closest(to: "red", in: ["bold", "medium"]) == nil)
  }
}
