import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Drawing a list a band of rows at a time gives the digest of drawing it whole:
/// for every kind of command cut by bands of every height, for the bands' cuts
/// around what must not be cut, and (in ``Integration``) for the showcase's snapshots.
@Suite("Renderer digests in bands")
struct BandedDigestTests {
  /// The digest of the whole render and of the bands, for each band height.
  func sameDigest(_ list: DisplayList, _ name: String, bandRows: [Int]) throws {
    let whole = PixelDigest(try Renderer.render(list))
    for rows in bandRows {
      // A fresh context each time, so the bands scan shapes themselves rather than
      // finding the whole render's coverage in the memo.
      let banded = try Renderer.digest(of: list, context: RenderContext(), bandRows: rows)
      #expect(banded == whole, "\(name): bands of \(rows) rows give another digest")
    }
  }

  func card(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double = 10) -> RoundedRect {
    RoundedRect(Rect(x: x, y: y, width: w, height: h), radius: r)
  }

  /// Every kind of command, at fractional places, each cut somewhere by bands of
  /// 1, 3, 7 and 16 rows at three scales.
  @Test func everyKindOfCommandCutByBands() throws {
    let red = RGBA8(r: 220, g: 30, b: 40), blue = RGBA8(r: 20, g: 60, b: 230)
    let glass = RGBA8(r: 250, g: 250, b: 250, a: 90)
    let gradient = Paint.linearGradient(
      LinearGradient(
        start: Point(x: 0, y: 10), end: Point(x: 0, y: 70),
        stops: [.init(location: 0, color: red), .init(location: 1, color: blue)]))
    let inner = DisplayList(
      width: 20, height: 30, scale: 1, background: RGBA8(r: 10, g: 200, b: 90),
      commands: [
        .fill(card(2.5, 3.5, 15, 20, 4), paint: .solid(red)),
        .group(clip: card(0, 20, 20, 10, 0), opacity: 1, commands: [.backdropBlur(card(0, 20, 20, 10, 0), sigma: 2)]),
      ])
    let commands: [DisplayList.Command] = [
      .shadow(card(10.25, 10.5, 80, 40), DisplayList.Shadow(color: RGBA8(r: 0, g: 0, b: 0, a: 90), x: 0, y: 3, blur: 8, spread: 1)),
      .fill(card(10.25, 10.5, 80, 40), paint: .solid(red)),
      .fill(card(0, 0, 100, 3.3, 0), paint: .solid(glass)),
      .fill(card(5, 20.7, 30, 13.1, 0), paint: .solid(blue)),
      .border(card(10.25, 10.5, 80, 40), width: 1.5, dashes: [], color: blue),
      .border(card(12, 12.6, 60, 30), width: 1, dashes: [3, 2], color: glass),
      .icon(.chevronRight, frame: Rect(x: 20, y: 20.4, width: 12, height: 12), lineWidth: 1.5, color: blue),
      .line(from: Point(x: 5, y: 5), to: Point(x: 70, y: 75), width: 2, color: glass),
      .group(clip: card(0, 30.3, 60, 40, 12), opacity: 1, commands: [
        .fill(card(-5, 25, 70, 50, 0), paint: .solid(blue)), .fill(card(5, 35, 20, 20, 4), paint: gradient),
      ]),
      // A layer cut by bands, and one holding a blur (never cut: it is the blur's backdrop).
      .group(clip: nil, opacity: 0.6, commands: [
        .fill(card(30, 40.2, 50, 30, 6), paint: .solid(red)), .fill(card(40, 45, 30, 20, 6), paint: .solid(glass)),
      ]),
      .group(clip: nil, opacity: 0.7, commands: [
        .fill(card(50, 5, 40, 30, 6), paint: .solid(blue)), .backdropBlur(card(55, 10, 30, 15, 3), sigma: 3),
      ]),
      .snapshot(inner, frame: card(70, 40.5, 20, 30, 5)),
      // Bars at the top and bottom edges: their blurs read the edge's rows.
      .group(clip: card(0, 0, 100, 12, 0), opacity: 1, commands: [
        .backdropBlur(card(0, 0, 100, 12, 0), sigma: 4), .fill(card(0, 0, 100, 12, 0), paint: .solid(glass)),
      ]),
      .group(clip: card(0, 66, 100, 14, 0), opacity: 1, commands: [
        .backdropBlur(card(0, 66, 100, 14, 0), sigma: 6), .fill(card(0, 66, 100, 14, 0), paint: .solid(glass)),
      ]),
    ]
    for scale in [1.0, 2.0, 3.0] {
      let list = DisplayList(width: 100, height: 80, scale: scale, background: RGBA8(r: 240, g: 240, b: 235), commands: commands)
      try sameDigest(list, "every kind at \(scale)x", bandRows: scale == 1 ? [1, 3, 7, 16] : [3, 16])
    }
  }

  /// A blur and the layer it blurs are each in one band, wherever the bands would
  /// have cut them; the bands cover every row once.
  @Test func cutsKeepWhatMustNotBeCutWhole() {
    let commands: [DisplayList.Command] = [
      .backdropBlur(card(0, 30, 100, 10, 0), sigma: 2),
      .group(clip: nil, opacity: 0.5, commands: [
        .fill(card(0, 60, 100, 20, 0), paint: .solid(RGBA8(r: 1, g: 2, b: 3))),
        .backdropBlur(card(0, 65, 100, 5, 0), sigma: 1),
      ]),
    ]
    let cuts = BandedCommands.cuts(of: commands, scale: 1, width: 100, height: 120, every: 8)
    #expect(cuts.first?.lowerBound == 0 && cuts.last?.upperBound == 120)
    #expect(zip(cuts, cuts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
    // The blur reads `reach` rows beyond its shape, whose own reach has 4 rows of
    // margin (`DisplayBounds.margin`).
    let reach = PixelBuffer.backdropReach(sigma: 2)
    #expect(reach > 0)
    let blur = (30 - 4 - reach)..<(40 + 4 + reach)
    #expect(cuts.contains { $0.lowerBound <= blur.lowerBound && blur.upperBound <= $0.upperBound })
    // The translucent group's layer (its children's reach) is one band.
    #expect(cuts.contains { $0.lowerBound <= 56 && 84 <= $0.upperBound })
    // Elsewhere the bands are 8 rows.
    #expect(cuts.first == 0..<8)
    #expect(cuts.last.map { $0.count <= 8 } == true)
  }
}

extension Integration {
  /// The showcase's snapshots drawn in bands, as ``BandedDigestTests`` draws its own lists.
  @Suite("Renderer digests the showcase in bands")
  struct ShowcaseBandedDigestTests {
    /// The showcase's screens in dark mode, in bands of the default height and of an
    /// odd one that cuts elsewhere. (Every snapshot of the showcase and of a suite of
    /// a thousand is checked by `.ci/run`, whose release build's verify reports a
    /// digest drawn in bands that differs from the golden's.)
    @Test(arguments: ["cells", "dashboard", "feed", "markets", "surfaces"])
    func showcaseSnapshotsHaveTheSameDigest(layout: String) throws {
      let project = try Project.load(layoutsDirectory: Paths.layouts)
      let snapshots = project.snapshots(modes: try project.modes(named: ["dark"]), locales: nil)
      for snapshot in snapshots where snapshot.layout.name == layout {
        try BandedDigestTests().sameDigest(try snapshot.displayList(theme: project.theme), snapshot.name, bandRows: [Renderer.bandRows, 61])
      }
    }
  }
}
