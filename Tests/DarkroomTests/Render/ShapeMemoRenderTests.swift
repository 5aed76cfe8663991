import DarkroomRaster
import Testing

@testable import Darkroom

/// The renderer draws each shape in a frame of its own, so a list's repeated cards,
/// borders and buttons are scanned once and handed on from the memo after: the
/// pixels are those of drawing with nothing known, in this snapshot and the next.
@Suite("Renderer remembers the coverage of shapes")
struct ShapeMemoRenderTests {
  /// Ten rows of a list, each a card with a border, a dashed outline and a lipped
  /// button, at 1×, 2× and 3× (at 2× and 3× the rows start at fractions of a point).
  func list(scale: Double) -> DisplayList {
    var commands: [DisplayList.Command] = []
    for row in 0..<10 {
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
    return DisplayList(width: 156, height: 320, scale: scale, background: RGBA8(r: 0, g: 0, b: 0), commands: commands)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func repeatedShapesAreScannedOnceWithTheSamePixels(scale: Double) throws {
    let drawing = list(scale: scale)
    let context = RenderContext()
    let first = try Renderer.render(drawing, context: context)
    // Ten rows of five shapes, of which the first row's are all there is to scan
    // (the lip is the button moved, so a shape of its own only where 1.5 points is
    // not a whole number of pixels).
    #expect(context.coverage.count <= 5 * 2, "kept \(context.coverage.count) shapes of 50 drawn")
    // A second drawing with every shape known, one with none known at the start,
    // and one that scans every shape.
    let again = try Renderer.render(drawing, context: context)
    let fresh = try Renderer.render(drawing, context: context.forgettingShapes())
    let scanned = try Renderer.render(drawing, context: RenderContext(), leavingOutCovered: true, rememberingShapes: false)
    for (name, other) in [("known", again), ("fresh", fresh), ("scanned", scanned)] {
      let differing = zip(first.bytes, other.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(differing == nil, "\(scale)x, \(name): pixel \((differing ?? 0) / 4) differs")
    }
  }
}
