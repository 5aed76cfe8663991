import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The renderer draws each shape in a frame of its own, so a list's repeated cards,
/// borders and buttons are scanned once and handed on from the memo after: the
/// pixels are those of drawing with nothing known, in this snapshot and the next.
@Suite("Renderer remembers the coverage of shapes")
struct ShapeMemoRenderTests {
  /// Four rows of a list, each a card with a border, a dashed outline and a lipped
  /// button, at 1×, 2× and 3× (at 2× and 3× the rows start at fractions of a point).
  func list(scale: Double) -> DisplayList {
    var commands: [DisplayList.Command] = []
    for row in 0..<4 {
      let y = 8 + Double(row) * 30.5
      let card = RoundedRect(Rect(x: 8, y: y, width: 140, height: 26), radius: 8, curve: .continuous)
      let button = RoundedRect(Rect(x: 100, y: y + 5, width: 40, height: 16), radius: 5)
      commands += [
        .fill(card, paint: .solid(RGBA8(r: 32, g: 34, b: 42))),
        .border(card, width: 1, dashes: [], color: RGBA8(r: 94, g: 99, b: 122)),
        .border(card.insetBy(3), width: 0.5, dashes: [2, 1.5], color: RGBA8(r: 200, g: 200, b: 90, a: 160)),
        .fill(button.offsetBy(dx: 0, dy: 1.5), paint: .solid(RGBA8(r: 40, g: 60, b: 160))),
        .fill(button, paint: .solid(RGBA8(r: 60, g: 100, b: 244))),
      ]
    }
    return DisplayList(width: 156, height: 132, scale: scale, background: RGBA8(r: 0, g: 0, b: 0), commands: commands)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func repeatedShapesAreScannedOnceWithTheSamePixels(scale: Double) throws {
    let drawing = list(scale: scale)
    let context = RenderContext()
    let first = try Renderer.render(drawing, context: context)
    // Four rows of five shapes, of which the first row's are all there is to scan
    // (the lip is the button moved, so a shape of its own only where 1.5 points is
    // not a whole number of pixels).
    #expect(context.coverage.count <= 5 * 2, "kept \(context.coverage.count) shapes of 20 drawn")
    // A second drawing with every shape known, one with none known at the start,
    // and one that scans every shape.
    let again = try Renderer.render(drawing, context: context)
    let fresh = try Renderer.render(drawing, context: context.forgettingShapes())
    let scanned = try Renderer.render(drawing, context: RenderContext(), leavingOutCovered: true, rememberingShapes: false)
    for (name, other) in [("known", again), ("fresh", fresh), ("scanned", scanned)] {
      let differing = first.firstByteDiffering(from: other)
      #expect(differing == nil, "\(scale)x, \(name): pixel \((differing ?? 0) / 4) differs")
    }
  }

  /// What a screen draws once each, in the target's own coordinates: rectangles
  /// whose edges fall inside pixels, a translucent one, icons and hairlines. A
  /// second mode of the layout, or the next band of a screen drawn in bands,
  /// draws them at the same places again.
  func marks(scale: Double) -> DisplayList {
    var commands: [DisplayList.Command] = []
    for row in 0..<3 {
      let y = 10.3 + Double(row) * 41.7
      commands += [
        .fill(RoundedRect(Rect(x: 4.2, y: y, width: 148.5, height: 36.4)), paint: .solid(RGBA8(r: 40, g: 44, b: 52))),
        .fill(RoundedRect(Rect(x: 12, y: y + 3.1, width: 30, height: 30)), paint: .solid(RGBA8(r: 255, g: 90, b: 60, a: 140))),
        .icon(.magnifyingglass, frame: Rect(x: 15.5, y: y + 6.25, width: 24, height: 24), lineWidth: 2, color: RGBA8(r: 240, g: 240, b: 250)),
        .icon(.chevronRight, frame: Rect(x: 130.4, y: y + 11.1, width: 14, height: 14), lineWidth: 2.5, color: RGBA8(r: 150, g: 150, b: 160)),
        .line(from: Point(x: 48, y: y + 38.9), to: Point(x: 152.7, y: y + 38.9), width: 1.0 / 3, color: RGBA8(r: 84, g: 84, b: 88)),
      ]
    }
    return DisplayList(width: 156, height: 140, scale: scale, background: RGBA8(r: 0, g: 0, b: 0), commands: commands)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func marksAtTheirPlacesAreScannedOnceWithTheSamePixels(scale: Double) throws {
    let drawing = marks(scale: scale)
    let context = RenderContext()
    let first = try Renderer.render(drawing, context: context)
    let kept = context.coverage.count
    // Every row is at its own fraction of a pixel, so each mark is a shape of its own
    // the first time; at least the rectangles, icons and lines of a row are kept.
    #expect(kept >= 3 * 4, "kept \(kept) shapes")
    let again = try Renderer.render(drawing, context: context)
    #expect(context.coverage.count == kept, "the second drawing scanned shapes again")
    let scanned = try Renderer.render(drawing, context: RenderContext(), leavingOutCovered: true, rememberingShapes: false)
    for (name, other) in [("known", again), ("scanned", scanned)] {
      let differing = first.firstByteDiffering(from: other)
      #expect(differing == nil, "\(scale)x, \(name): pixel \((differing ?? 0) / 4) differs")
    }
  }

  /// Shapes at one place that differ in one of the things their outlines are made
  /// from — a border's width, its dashes, a corner's curve, an icon's weight, a
  /// line's width — are drawn, in a context that has drawn the others, as a fresh
  /// context draws them: no name stands for another's outline.
  @Test func shapesThatDifferInOneInputAreNotTakenForEachOther() throws {
    let card = RoundedRect(Rect(x: 10.5, y: 8.25, width: 120, height: 40), radius: 10)
    let ink = RGBA8(r: 230, g: 230, b: 240)
    let variants: [[DisplayList.Command]] = [
      [.border(card, width: 1, dashes: [], color: ink)],
      [.border(card, width: 2.5, dashes: [], color: ink)],
      [.border(card, width: 1, dashes: [4, 2], color: ink)],
      [.border(card, width: 1, dashes: [3, 3], color: ink)],
      [.fill(card, paint: .solid(ink))],
      [.fill(RoundedRect(card.rect, radius: 10, curve: .continuous), paint: .solid(ink))],
      [.icon(.gear, frame: Rect(x: 20.5, y: 60.5, width: 30, height: 30), lineWidth: 2, color: ink)],
      [.icon(.bell, frame: Rect(x: 20.5, y: 60.5, width: 30, height: 30), lineWidth: 2, color: ink)],
      [.icon(.bell, frame: Rect(x: 20.5, y: 60.5, width: 30, height: 30), lineWidth: 3, color: ink)],
      [.line(from: Point(x: 5, y: 100.3), to: Point(x: 150, y: 100.3), width: 1, color: ink)],
      [.line(from: Point(x: 5, y: 100.3), to: Point(x: 150, y: 100.3), width: 2, color: ink)],
    ]
    for scale in [1.0, 3.0] {
      let context = RenderContext()
      var drawn: [[UInt8]] = []
      for commands in variants {
        let list = DisplayList(width: 160, height: 110, scale: scale, background: RGBA8(r: 0, g: 0, b: 0), commands: commands)
        let warm = try Renderer.render(list, context: context)
        let fresh = try Renderer.render(list, context: RenderContext())
        let same = warm.bytes == fresh.bytes
        #expect(same, "\(scale)x: \(commands)")
        drawn.append(warm.bytes)
      }
      // Each differs from the one before it, so each was its own outline.
      for i in 1..<drawn.count {
        let differ = drawn[i] != drawn[i - 1]
        #expect(differ, "\(scale)x: variants \(i - 1) and \(i) drew the same")
      }
    }
  }
}
