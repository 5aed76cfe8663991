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
