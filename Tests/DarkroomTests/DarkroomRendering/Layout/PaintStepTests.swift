import DarkroomRaster
import Testing

@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The layout engine measures and places a whole layout before it paints any of
/// it: placing gives paint steps (a node, its frame and the engine it is drawn in),
/// and painting alone resolves colours into commands and notes what was drawn.
@Suite("Placing, then painting")
struct PaintStepTests {
  let theme: Theme
  init() throws { theme = try Theme.parse(testTheme, file: "theme.yml") }

  /// A phone with a status bar, a clipped and translucent card, a label too long
  /// for its line, and a sheet presented over it all.
  let layout = """
    size: iPhone15
    root:
      vstack:
        padding: 16
        spacing: 8
        children:
          - vstack:
              fill: actionBackground
              corner: 12
              clip: true
              opacity: 0.5
              children:
                - box: { height: 30, fill: background }
                - label: { text: "Clipped", color: primaryText }
          - label: { text: "A label much too long to show on its one line, which is cut", lines: 1, color: primaryText }
    sheet:
      height: 200
      content:
        vstack:
          padding: 20
          children:
            - button: { title: "Share", fill: actionBackground, text: primaryText, height: 44 }
    """

  func parsed() throws -> Layout {
    try CheckingParser(theme: theme).parse(layout, file: "Layouts/k.yml", name: "k")
  }

  @Test func placingDrawsAndNotesNothingAndPaintingGivesTheListItsSteps() throws {
    let layout = try parsed()
    let context = RenderContext()
    let engine = LayoutEngine(theme: theme, traits: Traits(style: .dark), context: context)
    let placing = try engine.placed(layout)
    // Placed, not painted: no placement, source or truncation noted yet.
    #expect(engine.placed.placements.isEmpty)
    #expect(engine.truncations.findings.isEmpty)
    #expect(engine.sources.sources(background: nil).texts.isEmpty)

    // Every group placing begins, it ends, and each step is of the screen.
    var depth = 0
    var nodes = 0
    for step in placing.steps {
      switch step {
      case .begin: depth += 1
      case .end:
        depth -= 1
        #expect(depth >= 0)
      case .node(_, let frame, _):
        nodes += 1
        #expect(frame.maxY <= placing.height + 0.01)
      case .decoration, .warning, .chrome: break
      }
    }
    #expect(depth == 0)
    // The root, the card's box and label (the card itself is a decoration outside
    // its clip), the long label, the sheet's stack and button, the status bar's time.
    #expect(nodes == 7)

    // Painting the steps gives what a whole pass gives, and notes what it drew.
    let painted = try placing.engine.paint(placing.steps)
    let whole = try LayoutEngine(theme: theme, traits: Traits(style: .dark), context: context).displayList(for: layout)
    #expect(String(reflecting: painted) == String(reflecting: whole.commands))
    #expect(!engine.placed.placements.isEmpty)
    #expect(engine.truncations.findings.count == 1)
  }

  @Test func theCardsGroupsHoldItsChildrenAndItsDecorationSitsOutsideTheClip() throws {
    let list = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: try parsed())
    // The translucent card: one group at half opacity holding its background, then
    // the clip holding its two children.
    let faded = list.commands.compactMap { command -> [DisplayList.Command]? in
      if case .group(nil, 0.5, let inner) = command { return inner }
      return nil
    }
    let card = try #require(faded.first)
    #expect(card.count == 2)
    guard case .fill(_, .solid(let background)) = card[0] else {
      Issue.record("the card's background comes first, outside its clip")
      return
    }
    #expect(background == theme.resolve("actionBackground", in: Traits()))
    guard case .group(.some(let clip), 1, let children) = card[1] else {
      Issue.record("the card's children are cut by its corners")
      return
    }
    #expect(clip.radii == CornerRadii(12))
    #expect(children.contains { if case .text = $0 { true } else { false } })
  }
}
