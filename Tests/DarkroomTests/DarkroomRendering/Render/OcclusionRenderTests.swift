import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

extension Integration {
  /// Leaving out what later commands cover changes no pixel: the renderer with it and
  /// without it gives the same bytes, for a list made to exercise every case, and for
  /// snapshots of the showcase. The drawing without it also scans every shape, so the
  /// same comparisons show that the memo of shapes changes nothing.
  @Suite("Renderer leaves out covered pixels")
  struct OcclusionRenderTests {
    func sameBytes(_ list: DisplayList, _ name: String) throws {
      let leaving = try Renderer.render(list, leavingOutCovered: true)
      // Painting everything and scanning every shape: the memo of shapes changes no
      // pixel either.
      let painting = try Renderer.render(list, leavingOutCovered: false, rememberingShapes: false)
      let first = leaving.firstByteDiffering(from: painting)
      #expect(
        first == nil, "\(name): leaving out covered pixels or remembering shapes changed pixel \((first ?? 0) / 4)")
    }

    @Test func everyKindOfCommandUnderEveryKindOfCover() throws {
      func card(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double = 10, curve: CornerCurve = .circular)
        -> RoundedRect
      {
        RoundedRect(Rect(x: x, y: y, width: w, height: h), radius: r, curve: curve)
      }
      let red = RGBA8(r: 220, g: 30, b: 40), blue = RGBA8(r: 20, g: 60, b: 230), glass = RGBA8(r: 250, g: 250, b: 250, a: 90)
      let gradient = Paint.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: 80), stops: [
        .init(location: 0, color: red), .init(location: 1, color: blue),
      ]))
      let under: [DisplayList.Command] = [
        .shadow(card(10, 10, 80, 40), DisplayList.Shadow(color: RGBA8(r: 0, g: 0, b: 0, a: 90), x: 0, y: 3, blur: 8, spread: 1)),
        .fill(card(10, 10, 80, 40), paint: .solid(red)),
        .border(card(10, 10, 80, 40), width: 1.5, dashes: [], color: blue),
        .border(card(12, 12, 60, 30), width: 1, dashes: [3, 2], color: glass),
        .icon(.chevronRight, frame: Rect(x: 20, y: 20, width: 12, height: 12), lineWidth: 1.5, color: blue),
        .line(from: Point(x: 5, y: 5), to: Point(x: 70, y: 55), width: 2, color: glass),
        .group(clip: card(0, 30, 60, 40, 12), opacity: 1, commands: [
          .fill(card(-5, 25, 70, 50, 0), paint: .solid(blue)), .fill(card(5, 35, 20, 20, 4), paint: gradient),
        ]),
        .group(clip: nil, opacity: 0.6, commands: [
          .fill(card(30, 40, 50, 30, 6), paint: .solid(red)), .fill(card(40, 45, 30, 20, 6), paint: .solid(glass)),
        ]),
        .group(clip: nil, opacity: 1, commands: [.fill(card(60, 5, 30, 30, 8, curve: .continuous), paint: .solid(blue))]),
        // A bar's material: it blurs what is under it, also what a later cover hides.
        .group(clip: card(0, 50, 100, 24, 0), opacity: 1, commands: [
          .backdropBlur(card(0, 50, 100, 24, 0), sigma: 5), .fill(card(0, 50, 100, 24, 0), paint: .solid(glass)),
        ]),
      ]
      // What covers them: opaque fills (one a gradient, one in a group without a
      // clip), and things that must not count: a translucent fill, a clipped group, a
      // layer at an opacity, a border.
      let covers: [DisplayList.Command] = [
        .fill(card(15.5, 12.25, 50, 30.5, 7, curve: .continuous), paint: .solid(blue)),
        .fill(card(0, 48, 45, 20, 0), paint: gradient),
        .group(clip: nil, opacity: 1, commands: [.fill(card(55, 20, 30, 40, 9), paint: .solid(red))]),
        .fill(card(20, 0, 40, 70, 0), paint: .solid(glass)),
        .group(clip: card(70, 0, 20, 80), opacity: 1, commands: [.fill(card(60, 0, 40, 80, 0), paint: .solid(red))]),
        .group(clip: nil, opacity: 0.5, commands: [.fill(card(0, 0, 30, 30, 0), paint: .solid(red))]),
        .border(card(0, 0, 100, 80, 0), width: 20, dashes: [], color: blue),
        // A blur with an opaque fill after it that covers only part of what it reads.
        .group(clip: nil, opacity: 1, commands: [
          .backdropBlur(card(10, 10, 70, 50, 0), sigma: 4), .fill(card(25, 20, 30, 25, 0), paint: .solid(blue)),
        ]),
      ]
      for (n, cover) in covers.enumerated() {
        for scale in [1.0, 2.0, 3.0] {
          let list = DisplayList(
            width: 100, height: 80, scale: scale, background: RGBA8(r: 240, g: 240, b: 235), commands: under + [cover])
          try sameBytes(list, "cover \(n) at \(scale)x")
          // Inside a group too: the group's later siblings cover its children.
          let nested = DisplayList(
            width: 100, height: 80, scale: scale, background: RGBA8(r: 0, g: 0, b: 0),
            commands: [.group(clip: nil, opacity: 1, commands: under), cover])
          try sameBytes(nested, "cover \(n) after a group at \(scale)x")
        }
      }
    }

    @Test(arguments: ["dashboard", "surfaces", "feed", "cells"])
    func showcaseSnapshotsAreTheSame(layout: String) throws {
      let project = try Project.load(layoutsDirectory: Paths.layouts)
      let snapshots = project.snapshots(modes: try project.modes(named: ["dark"]), locales: nil)
      for snapshot in snapshots where snapshot.layout.name == layout {
        try sameBytes(try snapshot.displayList(theme: project.theme), snapshot.name)
      }
    }
  }
}
