/// Content presented over the screen, as iOS presents it: the screen behind is
/// dimmed, and the presented content is drawn at the elevated level — so elevated
/// colour variants appear there and only there.
public enum Presentation: Sendable {
  /// A sheet rising from the bottom edge, with a grabber and rounded top corners.
  case sheet(Sheet)
  /// An alert in the middle of the screen: a title, a message and buttons.
  case alert(Alert)

  /// A sheet: its height and content.
  public struct Sheet: Sendable {
    /// Height in points; nil: the large detent (the screen below the safe area's
    /// top, less 10 points).
    public let height: Double?
    /// The sheet's background; default: the theme's `background`, else
    /// `system.background`, resolved at the elevated level.
    public let background: ColorExpression
    /// Whether the grabber is drawn. Default: true.
    public let grabber: Bool
    /// The content, laid out inside the sheet below the grabber.
    public let content: Node
  }

  /// An alert: 270 points wide, a title, an optional message, and buttons side by
  /// side (two) or stacked (more).
  public struct Alert: Sendable {
    /// The alert's content, built from its title, message and buttons.
    public let content: Node
    /// The panel's background.
    public let background: ColorExpression
  }
}
