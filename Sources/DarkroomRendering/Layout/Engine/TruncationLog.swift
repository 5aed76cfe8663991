import DarkroomFoundation
import DarkroomRaster

/// The labels of a layout pass whose text did not all show. Shared by the engine's
/// copies, as the warnings are.
final class TruncationLog {
  private(set) var findings: [Truncation] = []

  /// Notes `label` when its set `layout` left text out, or its lines, drawn from
  /// `top` in `frame`, reach past what the `screen` shows, what `sight` lets show
  /// (inside clipping containers) or lie under what `sight` says covers the screen
  /// there (a bar, the home indicator); a half point of overhang is forgiven
  /// (antialiasing, rounding). In a scrolling container, what lies past its visible
  /// end is where a scroll view's content rests until it is scrolled to: only the
  /// part before that end is looked at.
  func check(
    _ label: LabelSpec, _ text: String, _ layout: TextLayout, in frame: Rect, top: Double, sight: Sight,
    screen: Rect, at location: SourceLocation
  ) {
    let shown = layout.lines.map(\.line.text).joined(separator: " ")
    var cause: Truncation.Cause? = nil
    var under: Truncation.Cover? = nil
    if layout.truncated {
      cause = label.lines == 1 && layout.lines.count == 1 ? .width : .lines
    } else if layout.height > frame.height + 0.5 {
      cause = .frame
    } else if let first = layout.lines.first, let last = layout.lines.last {
      let minX = frame.x + (layout.lines.map(\.origin.x).min() ?? 0)
      let maxX = frame.x + (layout.lines.map { $0.origin.x + $0.line.width }.max() ?? 0)
      let minY = top + first.origin.y - first.line.ascent, maxY = top + last.origin.y + last.line.descent
      let ink = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      if let inner = sight.clipInScroll, !Self.contains(inner, ink) {
        // Cut by a container inside a scrolling one: it does not scroll.
        cause = .container
      } else if let seen = sight.beforeScrollEnds(ink) {
        if !Self.contains(screen, seen) {
          cause = .canvas
        } else if !Self.contains(sight.visible, seen) {
          cause = .container
        } else if let cover = sight.covers.first(where: { Self.overlaps($0.rect, seen) }) {
          cause = .bar
          under = cover.what
        }
      }
    }
    guard let cause else { return }
    let finding = Truncation(
      cause: cause, text: text, shown: cause == .lines || cause == .width ? shown : text, location: location,
      under: under)
    if !findings.contains(finding) { findings.append(finding) }
  }

  /// The part of `a` inside `b` (empty when they do not meet).
  static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x = max(a.x, b.x), y = max(a.y, b.y)
    return Rect(x: x, y: y, width: max(0, min(a.maxX, b.maxX) - x), height: max(0, min(a.maxY, b.maxY) - y))
  }

  private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    inner.isEmpty
      || (inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.maxX <= outer.maxX + 0.5
        && inner.maxY <= outer.maxY + 0.5)
  }

  /// Whether `a` and `b` share more than a half point each way.
  private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    let common = intersection(a, b)
    return common.width > 0.5 && common.height > 0.5
  }
}
