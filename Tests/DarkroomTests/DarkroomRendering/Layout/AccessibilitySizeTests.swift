import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The accessibility text sizes (AX1…AX5) as UIKit lays them out: list cells stack
/// their detail under the title, text wraps, symbols grow with the text they sit
/// beside, and what UIKit keeps at its size (bar and segment titles) does not grow.
@Suite("Accessibility sizes")
struct AccessibilitySizeTests {
  let probe: LayoutProbe
  init() throws {
    probe = LayoutProbe(theme: try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml"))
  }

  static let large = Traits()
  static let ax3 = Traits(contentSize: .accessibilityExtraLarge)

  func icons(_ list: DisplayList) -> [(icon: Icon, frame: Rect)] {
    list.flatCommands.compactMap { command in
      if case .icon(let icon, let frame, _, _) = command { return (icon, frame) }
      return nil
    }
  }

  @Test func cellsStackTheirDetailUnderTheTitleAtAccessibilitySizes() throws {
    let cell = "cell: { title: Bitcoin, subtitle: BTC, detail: \"$43,210.55\", accessory: chevron }"
    let regular = try probe.list(cell, Self.large).textLines
    let title = try #require(regular.first { $0.line.text == "Bitcoin" })
    let detail = try #require(regular.first { $0.line.text == "$43,210.55" })
    #expect(detail.origin.x > title.origin.x + 100 && abs(detail.origin.y - title.origin.y) < 12, "beside it")
    // UIListContentConfiguration at an accessibility size: text and secondary text are no longer side by side.
    let stacked = try probe.list(cell, Self.ax3).textLines
    let bigTitle = try #require(stacked.first { $0.line.text == "Bitcoin" })
    let bigDetail = try #require(stacked.first { $0.line.text == "$43,210.55" })
    #expect(bigDetail.origin.x == bigTitle.origin.x && bigDetail.origin.y > bigTitle.origin.y + 40, "under it")
    #expect(bigDetail.line.size == 40, "in the body style at AX3")
    // The chevron stays at the trailing edge.
    let chevron = try #require(icons(try probe.list(cell, Self.ax3)).first { $0.icon == .chevronRight })
    #expect(chevron.frame.maxX > 390 - 17)
  }

  @Test func aCellsTextWrapsInsteadOfBeingCut() throws {
    let cell = "cell: { title: \"Order from Ada Lovelace, two items awaiting shipment\", accessory: chevron }"
    let drawn = try probe.list(cell, Self.ax3)
    #expect(drawn.textLines.count > 2 && drawn.truncations.isEmpty)
  }

  @Test func chevronsAndSymbolsGrowWithTheirTextStyle() throws {
    // An SF Symbol configured with a text style scales as the style does (UIImage.SymbolConfiguration(textStyle:)):
    // body is 17 points at the default size and 40 at AX3 (the HIG's table).
    let cell = "cell: { title: A, accessory: chevron }"
    let small = try #require(icons(try probe.list(cell, Self.large)).first)
    let big = try #require(icons(try probe.list(cell, Self.ax3)).first)
    #expect(small.frame.width == 17 && abs(big.frame.width - 40) < 1e-9)
    let search = try #require(icons(try probe.list("searchfield: { placeholder: Search }", Self.ax3)).first)
    #expect(abs(search.frame.width - 40) < 1e-9, "the search field's glass with its text")
    // An icon with a style follows it; one without keeps its size.
    let styled = try #require(icons(try probe.list("icon: { name: bell, size: 17, style: body }", Self.ax3)).first)
    let fixed = try #require(icons(try probe.list("icon: { name: bell, size: 17 }", Self.ax3)).first)
    #expect(abs(styled.frame.width - 40) < 1e-9 && fixed.frame.width == 17)
    // The tab bar's and navigation bar's glyphs are bar items: they keep their size.
    let tab = try #require(icons(try probe.list("tabbar: { items: [ { icon: house, title: Home } ] }", Self.ax3)).first)
    #expect(tab.frame.width == 30)
  }

  @Test func barAndSegmentTitlesKeepTheirSize() throws {
    let sizes = { (root: String) throws -> [Double] in try probe.list(root, Self.ax3).textLines.map(\.line.size) }
    #expect(try sizes("tabbar: { items: [ { icon: house, title: Home } ] }") == [10])
    #expect(try sizes("segmented: { items: [All, Watchlist] }") == [13, 13])
    #expect(try sizes("navbar: { title: Orders, style: inline, back: Store }") == [17, 17])
    #expect(try sizes("label: { text: Body, style: body }") == [40], "while text in a text style grows")
  }
}
