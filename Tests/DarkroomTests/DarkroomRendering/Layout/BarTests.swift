import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Navigation and tab bars: backgrounds that reach under the safe area, text sizes
/// under Dynamic Type, badges that grow with their text, UIKit's default appearance
/// (a material over content, nothing at the scroll edge) and bars pinned to the
/// screen's edges with the content scrolling between them.
@Suite("Bars")
struct BarTests {
  let theme: Theme
  let probe: LayoutProbe
  init() throws {
    theme = try Project.load(layoutsDirectory: Paths.layouts).theme
    probe = LayoutProbe(theme: theme)
  }

  func list(_ root: String, _ traits: Traits = Traits()) throws -> DisplayList { try probe.list(root, traits) }

  @Test func barsReachUnderTheSafeArea() throws {
    let yaml = """
      size: iPhone15
      root:
        vstack:
          children:
            - navbar: { title: T, style: inline, fill: key }
            - spacer
            - tabbar: { fill: key, items: [ { icon: house, title: A } ] }
      """
    let layout = try CheckingParser(theme: theme).parse(yaml, file: "Layouts/k.yml", name: "k")
    let drawn = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout)
    let key = theme.resolve("key", in: Traits())
    let bars = drawn.solidFills.filter { $0.color == key }
    #expect(bars.count == 2)
    #expect(bars[0].rect.y == 0, "the navigation bar's background reaches under the status bar")
    #expect(bars[1].rect.maxY == 852, "the tab bar's reaches under the home indicator")
    let tabTitle = try #require(drawn.textLines.last)
    #expect(tabTitle.origin.y < 852 - 34, "its items stay inside the safe area")
  }

  @Test func barsKeepTheirTextSizeWithDynamicTypeAndBadgesGrow() throws {
    let large = Traits(contentSize: .accessibilityExtraLarge)
    let bar = (try list("navbar: { title: Orders, style: inline, back: Store }", large)).textLines
    #expect(bar.map(\.line.size) == [17, 17], "the back button and the inline title stay at 17 points, as UIKit's do")
    let largeTitle = (try list("navbar: { title: Orders }", large)).textLines
    #expect(largeTitle.first?.line.size == 52, "a large title grows (34 → 52)")
    let tabs = (try list("tabbar: { items: [ { icon: house, title: Home } ] }", large)).textLines
    #expect(tabs.first?.line.size == 10, "tab titles stay at 10 points")
    // A badge is 20 points at the default size, taller with its text, a capsule.
    let normal = (try list("hstack: { children: [ { badge: { text: \"3\" } } ] }")).solidFills
    #expect(normal[0].rect.height == 20)
    let grown = (try list("hstack: { children: [ { badge: { text: \"3\" } } ] }", large)).flatCommands
    guard case .fill(let capsule, _) = try #require(grown.first) else { throw Failure("no badge") }
    #expect(capsule.rect.height > 33 && capsule.radii.topLeft >= capsule.rect.height / 2, "33-point text on a capsule")
    let word = (try list("hstack: { children: [ { badge: { text: New } } ] }", large)).textLines
    #expect(word.first?.line.text == "New", "not truncated")
  }

  /// A screen of `rows` cells between a large-title navigation bar and a tab bar.
  func screen(rows: Int, tabFill: String = "") -> String {
    let cells = (0..<rows).map { "                - { title: \"Row \($0)\", accessory: chevron }" }
      .joined(separator: "\n")
    return """
      size: iPhone15
      root:
        vstack:
          spacing: 12
          children:
            - navbar: { title: Orders }
            - list:
                sections:
                  - rows:
      \(cells)
            - spacer
            - tabbar: { \(tabFill)items: [ { icon: house, title: Home }, { icon: cart, title: Cart } ] }
      """
  }

  @Test func tabBarTitlesAreTenPointMedium() throws {
    // UITabBarItem's stacked title: 10 points, medium (React Navigation's BottomTabItem, which reproduces
    // UIKit's: labelBeneath fontSize 10, fonts.medium).
    let drawn = try probe.layout(screen(rows: 2))
    let titles = drawn.textLines.filter { $0.line.text == "Home" || $0.line.text == "Cart" }
    #expect(titles.count == 2 && titles.allSatisfy { $0.line.size == 10 })
    let medium = try testFonts.chain(.medium).primary.path
    #expect(titles.allSatisfy { $0.line.glyphs.allSatisfy { $0.face.path == medium } })
  }

  @Test func atTheScrollEdgeTheBarsAreTransparentAndOverContentTheTabBarIsAMaterial() throws {
    // Two rows fit: nothing is under either bar, which draw UIKit's scroll-edge appearance (no background,
    // no shadow; UINavigationBar/UITabBar.scrollEdgeAppearance: "a transparent background").
    let short = try probe.layout(screen(rows: 2))
    #expect(short.materials.isEmpty)
    #expect(!short.solidFills.contains { $0.color == RGBA8(r: 0, g: 0, b: 0, a: 0x4c) }, "no shadow line")
    // Thirty rows run on under the tab bar, which then draws its material: the content under it blurred,
    // under #f9f9f9 at 0xf0 (Flutter's barBackgroundColor) and a shadow line (0x4c black) on top.
    let long = try probe.layout(screen(rows: 30))
    let material = try #require(long.materials.first)
    #expect(long.materials.count == 1 && material.blur == 10)
    #expect(material.shape.rect.y == 852 - 34 - 49 && material.shape.rect.maxY == 852, "49 points and 34 under it")
    #expect(material.tint == RGBA8(r: 0xf9, g: 0xf9, b: 0xf9, a: 0xf0))
    let line = try #require(long.solidFills.first { $0.color == RGBA8(r: 0, g: 0, b: 0, a: 0x4c) })
    #expect(line.rect.maxY == material.shape.rect.y && abs(line.rect.height - 1.0 / 3) < 1e-9, "one pixel at 3x")
    let dark = try probe.layout(screen(rows: 30), Traits(style: .dark))
    #expect(dark.materials.first?.tint == RGBA8(r: 0x16, g: 0x16, b: 0x16, a: 0xf0), "Flutter's dark 0xF0161616")
    // An app's own background (`fill`) is drawn whatever is under the bar, with its line.
    let filled = try probe.layout(screen(rows: 2, tabFill: "fill: key, "))
    #expect(filled.materials.isEmpty && filled.solidFills.contains { $0.color == theme.resolve("key", in: Traits()) })
  }

  @Test func barsArePinnedAndTheContentScrollsUnderTheTabBar() throws {
    let long = try probe.layout(screen(rows: 30))
    // The tab bar stays at the bottom whatever the content's height; its titles are on the screen.
    let home = try #require(long.textLines.first { $0.line.text == "Home" })
    #expect(home.origin.y > 852 - 34 - 49 && home.origin.y < 852 - 34)
    // The content starts below the navigation bar and is cut at the screen's bottom edge.
    let first = try #require(long.textLines.first { $0.line.text == "Row 0" })
    #expect(first.origin.y > 59 + 96)
    guard case .group(let clip?, 1, _) = try #require(long.commands.first) else { throw Failure("no scroll view clip") }
    #expect(clip.rect.maxY == 852)
    // Drawn before the bars, so the bars are over it.
    #expect(long.materials.first != nil && long.commands.count >= 3)
    // The rows are a list's, which scrolls: those under the tab bar and past the
    // screen's edge are scrolled to, and the audit calls none of them cut.
    #expect(long.truncations.isEmpty, "\(long.truncations)")
    let at = SourceLocation(file: "f", line: 1, column: 1)
    #expect(Truncation(cause: .bar, text: "t", shown: "t", location: at, under: .tabBar).explanation == "hidden under the tab bar")
  }

  @Test func atAccessibilitySizesTheBarsStayPinnedAndTheirTitlesDoNotGrow() throws {
    let ax = Traits(style: .dark, contentSize: .accessibilityExtraLarge)
    let drawn = try probe.layout(screen(rows: 10), ax)
    let home = try #require(drawn.textLines.first { $0.line.text == "Home" })
    #expect(home.line.size == 10 && home.origin.y < 852 - 34, "on the screen, at 10 points")
    #expect(drawn.materials.count == 1, "40-point rows run under the tab bar")
    #expect(!drawn.truncations.contains { $0.text == "Home" || $0.text == "Cart" || $0.text == "Orders" })
  }

  @Test func materialsBlurAtMostTwiceTheScreen() throws {
    // Forty overlaid screens, each with content under its tab bar: a backdrop blur costs time with its
    // area, so past twice the screen's area the materials are their tint alone.
    let screenYAML = """
      - vstack:
          children:
            - box: { height: 2000, fill: key }
            - tabbar: { items: [ { icon: house, title: Home } ] }
      """
    let screens = Array(repeating: screenYAML, count: 40).joined(separator: "\n")
      .split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
    let drawn = try probe.layout("size: iPhone15\nroot:\n  zstack:\n    children:\n" + screens + "\n")
    let bar = 393.0 * (49 + 34)
    #expect(drawn.materials.count == Int(2 * 393 * 852 / bar))
    let tint = RGBA8(r: 0xf9, g: 0xf9, b: 0xf9, a: 0xf0)
    #expect(drawn.solidFills.filter { $0.color == tint }.count == 40, "every bar has its tint, blurred or not")
    #expect(drawn.warnings.count == 40 - drawn.materials.count)
    #expect(drawn.warnings.first?.description.contains("drawn with its tint alone") == true)
  }
}
