import DarkroomRaster

/// The pixels a display list's commands can touch: what a group's layer must hold.
///
/// Each command's reach is taken generously — a text line's from its origin to its
/// width with an em of room on every side, a shadow's to its blur's full reach, a
/// stroke's with its width — and grown by a margin, so no pixel a path covers falls
/// outside; a layer too small would change pixels, and the goldens would say so.
enum DisplayBounds {
  /// Pixels of room around every command's reach.
  static let margin = 4.0

  /// The whole pixels the commands can touch, cut to `within` (left, top, right,
  /// bottom), or nil when that is empty.
  static func pixels(
    of commands: [DisplayList.Command], scale s: Double, within limit: (Int, Int, Int, Int)
  ) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    var reach = Reach(scale: s)
    reach.descend(into: commands)
    let box = reach.box
    guard box.minX <= box.maxX, box.minY <= box.maxY else { return nil }
    // Clamped first, so the conversion to Int cannot trap on a wild coordinate.
    func clamp(_ v: Double, _ low: Int, _ high: Int) -> Int { Int(min(Double(high), max(Double(low), v))) }
    let left = clamp((box.minX - margin).rounded(.down), limit.0, limit.2)
    let top = clamp((box.minY - margin).rounded(.down), limit.1, limit.3)
    let right = clamp((box.maxX + margin).rounded(.up), limit.0, limit.2)
    let bottom = clamp((box.maxY + margin).rounded(.up), limit.1, limit.3)
    guard left < right, top < bottom else { return nil }
    return (left, top, right, bottom)
  }

  private struct Box {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ r: Rect, grownBy g: Double = 0) {
      guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
      minX = min(minX, r.x - g)
      minY = min(minY, r.y - g)
      maxX = max(maxX, r.maxX + g)
      maxY = max(maxY, r.maxY + g)
    }
  }

  /// Every command's reach, in pixels. A nested screen reaches its frame, which its
  /// drawing is cut to.
  private struct Reach: DisplayListVisitor {
    let scale: Double
    var box = Box()

    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) { box.add(shape.rect.scaled(by: scale)) }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      box.add(shape.rect.scaled(by: scale))
    }
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) { box.add(shape.rect.scaled(by: scale)) }
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      // Glyphs overhang their advances and reach past the ascent and descent;
      // an em all round holds any face's.
      let em = line.size
      let r = Rect(
        x: origin.x - em, y: origin.y - line.ascent - em, width: line.width + 2 * em,
        height: line.ascent + line.descent + 2 * em)
      box.add(r.scaled(by: scale))
    }
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {
      let s = scale, r = shape.rect.scaled(by: s)
      let reach = 3 * shadow.blur * s / 2 + abs(shadow.spread) * s + 2
      box.add(Rect(x: r.x + shadow.x * s, y: r.y + shadow.y * s, width: r.width, height: r.height), grownBy: reach)
    }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      box.add(frame.scaled(by: scale), grownBy: frame.width * scale / 4)
    }
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {
      // Drawn into its frame's pixels, rounded outwards.
      box.add(frame.scaled(by: scale), grownBy: 1)
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      let r = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
      box.add(r.scaled(by: scale), grownBy: width * scale)
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) { box.add(frame.rect.scaled(by: scale)) }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) { box.add(frame.rect.scaled(by: scale)) }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      descend(into: commands)
    }
  }
}
