import DarkroomFoundation
import DarkroomRaster

/// A label whose text did not all show: what it should have said, what showed and
/// why — the finding the truncation audit lists for one snapshot.
public struct Truncation: Sendable, Hashable, Codable {
  /// Why text was lost.
  public enum Cause: String, Sendable, Hashable, Codable {
    /// Wrapped to its `lines` and more followed: the last line ends in an ellipsis.
    case lines
    /// One line too wide for the label's width, cut with an ellipsis.
    case width
    /// Its lines are taller than the label's frame.
    case frame
    /// Part of the text lies outside a container that clips.
    case container
    /// Part of the text lies outside the snapshot.
    case canvas
    /// Part of the text lies under something the screen draws over content: a
    /// navigation or tab bar (content run on under it, as on a screen too short for
    /// it), the home indicator or the status bar — ``Truncation/under`` says which.
    case bar
  }

  /// What the screen draws over content, which hides a label under it.
  public enum Cover: String, Sendable, Hashable, Codable {
    /// A navigation bar pinned to the top.
    case navigationBar = "navigation bar"
    /// A tab bar pinned to the bottom, its background reaching the screen's edge.
    case tabBar = "tab bar"
    /// The home indicator at the bottom of a phone without a home button.
    case homeIndicator = "home indicator"
    /// The status bar, above the safe area.
    case statusBar = "status bar"
  }

  /// Why.
  public var cause: Cause
  /// The whole text, as the locale gives it.
  public var text: String
  /// What was drawn, line by line joined with a space; for a cut, the whole text.
  public var shown: String
  /// The label's kind key in its layout file.
  public var location: SourceLocation
  /// For ``Cause/bar``, what covers the label.
  public var under: Cover? = nil

  /// One line for the audit and the report: where the label is written, the
  /// snapshot, the whole text, why and what showed.
  /// `Layouts/orders.yml:12:9: orders/dark-ax.de: "Bestellungen…" — too wide for its frame; showed "Bestell…"`
  public func line(snapshot: String) -> String {
    let showed = cause == .lines || cause == .width ? "; showed \"\(Quoted.text(shown, limit: nil))\"" : ""
    return "\(location): \(snapshot): \"\(Quoted.text(text, limit: nil))\" — \(explanation)\(showed)"
  }

  /// The cause in words, as the audit prints it.
  public var explanation: String {
    switch cause {
    case .lines: "cut to its lines"
    case .width: "too wide for its frame"
    case .frame: "taller than its frame"
    case .container: "cut by a container that clips"
    case .canvas: "cut by the edge of the snapshot"
    case .bar: "hidden under " + (under.map { "the " + $0.rawValue } ?? "a bar")
    }
  }
}

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
