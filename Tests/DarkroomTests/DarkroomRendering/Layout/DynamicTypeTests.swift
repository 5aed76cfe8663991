import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Dynamic Type as Apple publishes it: every text style's point size and leading at
/// each of the 12 content sizes, and its weight.
@Suite("Dynamic Type")
struct DynamicTypeTests {
  /// (points, leading) for xSmall … xxxLarge, AX1 … AX5: Apple's Human Interface
  /// Guidelines, Typography › Specifications, "iOS, iPadOS Dynamic Type sizes" and
  /// "iOS, iPadOS larger accessibility type sizes" (two public verbatim copies agree).
  /// Sizes also equal UIFont.preferredFont's on an iOS 13.3 simulator
  /// (temoki/UIKit_DynamicType) but for Caption 2 at AX5 (41 there).
  static let apple: [(style: TextStyle, weight: FontWeight, cells: [(Double, Double)])] = [
    (
      .largeTitle, .regular,
      [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46),
       (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)]
    ),
    (
      .title1, .regular,
      [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39),
       (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)]
    ),
    (
      .title2, .regular,
      [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32),
       (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)]
    ),
    (
      .title3, .regular,
      [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30),
       (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)]
    ),
    (
      .headline, .semibold,
      [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26),
       (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
    ),
    (
      .body, .regular,
      [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26),
       (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
    ),
    (
      .callout, .regular,
      [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25),
       (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)]
    ),
    (
      .subheadline, .regular,
      [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24),
       (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)]
    ),
    (
      .footnote, .regular,
      [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22),
       (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)]
    ),
    (
      .caption1, .regular,
      [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21),
       (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)]
    ),
    (
      .caption2, .regular,
      [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20),
       (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)]
    ),
  ]

  @Test func everyStyleAtEveryContentSizeHasApplesSizeLeadingAndWeight() {
    var cells = 0
    for (style, weight, expected) in Self.apple {
      for (size, cell) in zip(Traits.ContentSize.allCases, expected) {
        #expect(style.size(at: size) == cell.0, "\(style) at \(size): size")
        #expect(style.lineHeight(at: size) == cell.1, "\(style) at \(size): leading")
        cells += 1
      }
      #expect(style.weight == weight, "\(style)")
    }
    #expect(cells == 132 && Self.apple.count == TextStyle.allCases.count)
  }

  @Test func aWrappedLabelsLinesAreApplesLeadingApart() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let probe = LayoutProbe(theme: theme)
    let label = "label: { text: \"one two three four five six seven eight nine ten\", style: body, lines: 0 }"
    // Body at AX5: 53 points on a 62-point leading (the HIG), not 22 × 53 / 17.
    let ax5Traits = Traits(contentSize: .accessibilityExtraExtraExtraLarge)
    let ax5 = try probe.list(label, ax5Traits, size: "[300, 900]").textLines
    #expect(ax5.count > 2 && ax5[0].line.size == 53)
    #expect(abs(ax5[1].origin.y - ax5[0].origin.y - 62) < 1e-9)
    // A label whose size is fixed keeps the style's default leading in proportion,
    // whatever the content size: 22 × 34 / 17.
    let fixed = "label: { text: \"one two three four five six seven\", style: body, size: 34, lines: 0 }"
    let big = try probe.list(fixed, Traits(contentSize: .accessibilityExtraLarge), size: "[200, 900]").textLines
    #expect(big.count > 1 && abs(big[1].origin.y - big[0].origin.y - 44) < 1e-9)
  }
}
