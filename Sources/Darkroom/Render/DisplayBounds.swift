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
    var box = Box()
    add(commands, scale: s, to: &box)
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

  private static func add(_ commands: [DisplayList.Command], scale s: Double, to box: inout Box) {
    for command in commands {
      switch command {
      case .fill(let shape, _), .border(let shape, _, _, _), .backdropBlur(let shape, _):
        box.add(shape.rect.scaled(by: s))
      case .text(let line, let origin, _):
        // Glyphs overhang their advances and reach past the ascent and descent;
        // an em all round holds any face's.
        let em = line.size
        let r = Rect(x: origin.x - em, y: origin.y - line.ascent - em, width: line.width + 2 * em, height: line.ascent + line.descent + 2 * em)
        box.add(r.scaled(by: s))
      case .shadow(let shape, let shadow):
        let r = shape.rect.scaled(by: s)
        let reach = 3 * shadow.blur * s / 2 + abs(shadow.spread) * s + 2
        box.add(Rect(x: r.x + shadow.x * s, y: r.y + shadow.y * s, width: r.width, height: r.height), grownBy: reach)
      case .icon(_, let frame, _, _):
        box.add(frame.scaled(by: s), grownBy: frame.width * s / 4)
      case .line(let from, let to, let width, _):
        let r = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
        box.add(r.scaled(by: s), grownBy: width * s)
      case .image(_, let frame), .snapshot(_, let frame):
        box.add(frame.rect.scaled(by: s))
      case .group(_, _, let children):
        add(children, scale: s, to: &box)
      }
    }
  }
}
