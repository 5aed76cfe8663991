import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The activity indicator: eight spokes, fading behind the leading one, at UIKit's sizes.
@Suite("Activity indicators")
struct ActivityIndicatorTests {
  let theme: Theme
  let probe: LayoutProbe
  init() throws {
    theme = try Project.load(layoutsDirectory: Paths.layouts).theme
    probe = LayoutProbe(theme: theme)
  }

  func list(_ root: String, _ traits: Traits = Traits()) throws -> DisplayList { try probe.list(root, traits) }

  @Test func anActivityIndicatorHasEightSpokesFadingBehindTheLeadingOne() throws {
    let drawn = try list("hstack: { children: [ { activity: { color: key } }, { activity: { style: large } } ] }")
    let spokes = drawn.flatCommands.compactMap { command -> (Point, Point, Double, RGBA8)? in
      if case .line(let from, let to, let width, let color) = command { return (from, to, width, color) }
      return nil
    }
    #expect(spokes.count == 16)
    let medium = spokes.prefix(8)
    let key = theme.resolve("key", in: Traits())
    #expect(medium.first?.3 == key, "the leading spoke at full strength")
    // Three tenths up to nine tenths of the leading spoke's strength, to the
    // nearest of 255 steps, growing clockwise towards it.
    for (index, spoke) in medium.enumerated().dropFirst() {
      let expected: Double = 255 * Double(index + 2) / 10
      let drawn = Double(spoke.3.a)
      #expect(abs(drawn - expected) <= 0.5 + 1e-9, "spoke \(index) is fainter")
    }
    #expect(medium.allSatisfy { $0.2 == 2.5 })
    // The leading spoke points up from the middle of the 20-point square.
    #expect(medium.first?.0 == Point(x: 10, y: 10 - 4.75) && medium.first?.1 == Point(x: 10, y: 10 - 7.75))
    let large = spokes.suffix(8)
    #expect(large.allSatisfy { abs($0.2 - 2.5 * 37 / 20) < 1e-9 }, "a large one is 37 points, its spokes scaled")
    #expect(large.first?.0.x == 20 + 18.5)
  }

  @Test(arguments: [
    ("activity: { style: spinning }", "unknown activity indicator style 'spinning'"),
  ])
  func activityMistakes(_ root: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try list(root) }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "none")")
  }
}
