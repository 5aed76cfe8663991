/// Space inside a container's edges, in points.
///
/// (Not `EdgeInsets`: that name is SwiftUI's, and a test target may import both.)
public struct Insets: Sendable, Equatable {
  /// The insets at the top, the leading (left) edge, the bottom and the trailing
  /// (right) edge.
  public var top, leading, bottom, trailing: Double

  /// Each side's inset.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }

  /// The same inset on every side.
  public static func all(_ v: Double) -> Insets { Insets(top: v, leading: v, bottom: v, trailing: v) }

  /// `vertical` above and below, `horizontal` on either side.
  public static func symmetric(vertical: Double, horizontal: Double) -> Insets {
    Insets(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  /// Every side's inset, for range checks.
  var sides: [Double] { [top, leading, bottom, trailing] }
}

/// The direction a stack places its children in.
public enum StackAxis: String, Sendable {
  /// Top to bottom (`vstack`).
  case vertical
  /// Leading to trailing (`hstack`).
  case horizontal
}

/// Where children sit across a stack's axis.
public enum CrossAlignment: String, Sendable, CaseIterable {
  /// Children without a fixed size stretch across the stack; others sit at the
  /// leading (top) edge.
  case fill
  /// At the leading edge (the top, in an hstack).
  case leading
  /// In the middle.
  case center
  /// At the trailing edge (the bottom, in an hstack).
  case trailing
  /// In an hstack: first text baselines on one line (a child without text uses its
  /// bottom edge), as a title and a value sit in a table cell.
  case baseline
}

/// Horizontal placement of text in its frame; leading and trailing follow the
/// writing direction.
///
/// (Not `TextAlignment`: that name is SwiftUI's.)
public enum TextAlign: String, Sendable, CaseIterable {
  /// At the start of the writing direction (left for left-to-right text).
  case leading
  /// In the middle.
  case center
  /// At the end of the writing direction.
  case trailing
  /// Filling the width, except a paragraph's last line.
  case justified
}
