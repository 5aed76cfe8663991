import DarkroomRaster
import Testing

@testable import Darkroom

/// Navigation and tab bars: backgrounds that reach under the safe area, text sizes
/// under Dynamic Type, and badges that grow with their text.
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
    #expect(tabs.first?.line.size == 11, "tab titles stay at 11 points")
    // A badge is 20 points at the default size, taller with its text, a capsule.
    let normal = (try list("hstack: { children: [ { badge: { text: \"3\" } } ] }")).solidFills
    #expect(normal[0].rect.height == 20)
    let grown = (try list("hstack: { children: [ { badge: { text: \"3\" } } ] }", large)).flatCommands
    guard case .fill(let capsule, _) = try #require(grown.first) else { throw Failure("no badge") }
    #expect(capsule.rect.height > 33 && capsule.radii.topLeft >= capsule.rect.height / 2, "33-point text on a capsule")
    let word = (try list("hstack: { children: [ { badge: { text: New } } ] }", large)).textLines
    #expect(word.first?.line.text == "New", "not truncated")
  }
}
