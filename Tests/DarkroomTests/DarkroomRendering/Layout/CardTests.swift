import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Cards: an image cut to the card's corners, a surface, a soft shadow, padded text.
@Suite("Cards")
struct CardTests {
  let theme: Theme
  let probe: LayoutProbe
  init() throws {
    theme = try Project.load(layoutsDirectory: Paths.layouts).theme
    probe = LayoutProbe(theme: theme)
  }

  func list(_ root: String, _ traits: Traits = Traits()) throws -> DisplayList { try probe.list(root, traits) }

  @Test func aCardHasItsImageOnTopCutToItsCornersAndASoftShadow() throws {
    let drawn = try list("card: { image: landscape, imageHeight: 120, title: Title, subtitle: Subtitle }")
    let commands = drawn.flatCommands
    guard case .shadow(let shadowShape, let shadow) = try #require(commands.first) else { throw Failure("no shadow first") }
    #expect(shadowShape.radii == CornerRadii(12) && shadowShape.curve == .continuous && shadow.color.a > 0)
    let surface = drawn.solidFills[0]
    #expect(surface.color == theme.resolve("system.secondaryGroupedBackground", in: Traits()) && surface.rect.width == 390)
    // The image clip is the card's shape.
    let clip = drawn.commands.compactMap { command -> RoundedRect? in
      if case .group(let clip?, _, _) = command { return clip }
      return nil
    }
    #expect(clip.first?.rect == surface.rect)
    let titles = drawn.textLines
    #expect(titles.map(\.line.text) == ["Title", "Subtitle"])
    #expect(titles[0].origin.x == 16 && titles[0].origin.y > 120 + 16, "below the image, inside 16 points of padding")
    #expect(abs(surface.rect.height - (titles[1].origin.y + 16 + 5)) < 8, "the card ends 16 points under its text")
    let plain = (try list("card: { title: A, shadow: none, fill: key }")).flatCommands
    #expect(!plain.contains { if case .shadow = $0 { true } else { false } }, "shadow: none turns it off")
  }

  @Test(arguments: [
    ("card: { image: landscap }", "unknown image 'landscap' (known: landscape, logo); did you mean 'landscape'?"),
    ("card: { titel: A }", "unknown key 'titel' in a card"),
  ])
  func cardMistakes(_ root: String, _ expected: String) {
    let error = expectThrows(DarkroomError.self) { try list(root) }
    #expect(error?.description.contains(expected) == true, "\(error?.description ?? "none")")
  }
}
