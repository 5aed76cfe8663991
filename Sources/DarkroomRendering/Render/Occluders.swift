import DarkroomRaster

/// What a display list need not paint: the pixels a later command paints over
/// completely.
///
/// A fill of an opaque paint with no clip covers the whole pixels inside its shape
/// (``RoundedRect/coveredPixels``) with exactly its own colour, whatever was there
/// before, so anything an earlier command draws at those pixels — the background,
/// a card under a button, a shadow under its card — can be left out and the bytes
/// come out the same. A group with no clip and no opacity covers what its children
/// cover. Nothing else is counted (text, images, borders, anything clipped or on a
/// layer), which only means those pixels are painted as before.
///
/// A backdrop blur reads the pixels drawn before it, also those near its shape
/// that a later command covers, so it is a barrier: nothing drawn before it is
/// left out because of what is drawn after it.
struct Occluders {
  /// The covered rectangles of the commands, the last command's first.
  private let rects: [PixelRect]
  /// For each command, the range of `rects` that belongs to the commands after it
  /// and before the next barrier.
  private let laterRange: [Range<Int>]
  /// Whether a barrier follows the command, so that `after` does not cover it.
  private let beforeBarrier: [Bool]
  /// The range of `rects` that covers the background: up to the first barrier.
  private let backgroundRange: Range<Int>
  /// Whether the list holds a barrier, so that `after` does not cover the background.
  private let hasBarrier: Bool
  /// What covers everything in the list: the commands after it, outside.
  private let after: [PixelRect]
  private let scale: Double
  private let canvas: PixelRect
  /// Whether anything is left out at all (off only to test that it changes nothing).
  private let enabled: Bool

  /// The cover of `commands`, drawn with or without a clip, at `scale`, on a
  /// canvas of `canvas`; `after` covers every one of them.
  init(
    _ commands: [DisplayList.Command], clipped: Bool, scale: Double, canvas: PixelRect, after: [PixelRect],
    enabled: Bool = true
  ) {
    var rects: [PixelRect] = []
    var laterRange = [Range<Int>](repeating: 0..<0, count: commands.count)
    var beforeBarrier = [Bool](repeating: false, count: commands.count)
    // Where the rects after the latest barrier seen so far (walking backwards) begin.
    var barrier: Int?
    for (index, command) in commands.enumerated().reversed() {
      laterRange[index] = (barrier ?? 0)..<rects.count
      beforeBarrier[index] = barrier != nil
      if !clipped && enabled { Self.add(command, scale: scale, canvas: canvas, to: &rects) }
      // Its own cover counts for nothing before it either: what it paints after its
      // blur need not cover all that the blur reads.
      if command.readsBackdrop { barrier = rects.count }
    }
    self.rects = rects
    self.laterRange = laterRange
    self.beforeBarrier = beforeBarrier
    self.backgroundRange = (barrier ?? 0)..<rects.count
    self.hasBarrier = barrier != nil
    self.after = after
    self.scale = scale
    self.canvas = canvas
    self.enabled = enabled
  }

  /// The cover of a group's children, command `index` of this list: what they
  /// cover themselves (unless clipped) and what the list's later commands cover.
  func children(of index: Int, _ command: DisplayList.Command, _ children: [DisplayList.Command], clipped: Bool)
    -> Occluders
  {
    Occluders(
      children, clipped: clipped, scale: scale, canvas: canvas, after: later(than: index, command), enabled: enabled)
  }

  /// About the bytes this cover holds.
  var footprint: Int {
    (rects.count + after.count) * MemoryLayout<PixelRect>.stride
      + laterRange.count * (MemoryLayout<Range<Int>>.stride + MemoryLayout<Bool>.stride)
  }

  /// Everything the list's commands and `after` cover: what the canvas's
  /// background need not be painted under.
  var all: Occlusion {
    Occlusion(Array(rects[backgroundRange]) + (hasBarrier ? [] : after))
  }

  /// The rectangles covered after command `index`, among those near it.
  func later(than index: Int, _ command: DisplayList.Command) -> [PixelRect] {
    guard enabled else { return [] }
    guard
      let reach = DisplayBounds.pixels(
        of: [command], scale: scale, within: (canvas.x, canvas.y, canvas.right, canvas.bottom))
    else { return [] }
    let near = PixelRect(left: reach.left, top: reach.top, right: reach.right, bottom: reach.bottom)
    let outside = beforeBarrier[index] ? [] : after
    return (rects[laterRange[index]] + outside).filter { $0.intersects(near) }
  }

  /// What command `index` need not paint.
  func hidden(after index: Int, _ command: DisplayList.Command) -> Occlusion? {
    let covered = later(than: index, command)
    return covered.isEmpty ? nil : Occlusion(covered)
  }

  /// The pixels a command covers completely with opaque paint, when drawn with no
  /// clip, in reverse drawing order.
  private static func add(_ command: DisplayList.Command, scale: Double, canvas: PixelRect, to rects: inout [PixelRect]) {
    var cover = Cover(scale: scale, canvas: canvas, rects: rects)
    command.accept(&cover, at: 0)
    rects = cover.rects
  }

  /// What a command covers: an opaque fill's whole pixels, and an unclipped, opaque
  /// group's children's, last first. A nested screen covers nothing: what it draws is
  /// scaled onto its frame, never to whole pixels of its own colour.
  private struct Cover: DisplayListVisitor {
    let scale: Double
    let canvas: PixelRect
    var rects: [PixelRect]

    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {
      guard paint.isOpaque else { return }
      for r in shape.scaled(by: scale).coveredPixels {
        let inside = r.intersection(canvas)
        if !inside.isEmpty { rects.append(inside) }
      }
    }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      guard clip == nil, opacity >= 1 else { return }
      for (child, command) in commands.enumerated().reversed() { command.accept(&self, at: child) }
    }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {}
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {}
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {}
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {}
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {}
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {}
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {}
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {}
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {}
  }
}

extension DisplayList.Command {
  /// Whether drawing this command reads the pixels drawn before it: a backdrop blur,
  /// or a group that holds one. A nested screen blurs its own canvas, not this one.
  var readsBackdrop: Bool {
    var reads = BackdropReader()
    accept(&reads, at: 0)
    return reads.found
  }
}

/// Whether a command reads what is drawn before it.
private struct BackdropReader: DisplayListVisitor {
  var found = false

  mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) { found = true }
  mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
    for command in commands where !found { command.accept(&self, at: 0) }
  }
  mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {}
  mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {}
  mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {}
  mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {}
  mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {}
  mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {}
  mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {}
  mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {}
  mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {}
}
