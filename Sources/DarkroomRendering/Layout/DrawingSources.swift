import DarkroomFoundation
import DarkroomRaster

/// Where a display list's texts and fills come from, as the layout wrote them: a
/// text's node and colour, a fill's colour by name. Not needed to draw; kept so the
/// contrast audit says where a label is written and names its colours as a team
/// knows them (`secondaryText` on `background`) rather than as hex values.
public struct DrawingSources: Sendable {
  /// One line of text drawn.
  public struct Text: Sendable {
    /// The line's text.
    public var text: String
    /// Where its baseline starts, in points: with the text, what finds the line's
    /// command.
    public var origin: Point
    /// Where the node that drew it is written.
    public var location: SourceLocation
    /// Its colour's name (``DrawingSources/name(of:theme:)``); nil for a hex value.
    public var colour: String?
    /// How many of the fills were drawn before it: those it may be drawn on.
    public var fillsBefore: Int
  }

  /// One fill drawn with a single colour.
  public struct Fill: Sendable {
    /// The filled frame, in points (its rounded corners left out).
    public var frame: Rect
    /// The colour's name; nil for a hex value.
    public var colour: String?
    /// The colour drawn.
    public var value: RGBA8
  }

  /// The texts, in drawing order.
  public var texts: [Text] = []
  /// The fills, in drawing order.
  public var fills: [Fill] = []
  /// The name of the colour behind everything, if it has one.
  public var background: String? = nil

  /// How the audit names a colour written as `expression`: a colour of the theme
  /// as `` `secondaryText` ``, one of UIKit's own (`system.…`) as
  /// ``UIKit's `secondaryLabel` `` — so a team tells its palette's failures from the
  /// platform's —, a function of colours as written; nil for a hex value, which
  /// names itself.
  public static func name(of expression: ColorExpression, theme: Theme) -> String? {
    switch expression {
    case .literal:
      return nil
    case .named(let name):
      guard name.hasPrefix(SystemColors.prefix) else { return "`\(name)`" }
      return "UIKit's `\(name.dropFirst(SystemColors.prefix.count))`"
    case .fallback(let preferred, let otherwise):
      return theme.has(preferred) ? "`\(preferred)`" : name(of: otherwise, theme: theme)
    case .darken, .lighten, .alpha, .opacity, .mix:
      return "`\(written(expression, theme: theme))`"
    }
  }

  /// `expression` as written, each default (`key`, else `system.blue`) as the
  /// colour the theme decides it is.
  private static func written(_ expression: ColorExpression, theme: Theme) -> ColorExpression {
    switch expression {
    case .literal, .named: expression
    case .fallback(let preferred, let otherwise): theme.has(preferred) ? .named(preferred) : written(otherwise, theme: theme)
    case .darken(let c, let a): .darken(written(c, theme: theme), a)
    case .lighten(let c, let a): .lighten(written(c, theme: theme), a)
    case .alpha(let c, let a): .alpha(written(c, theme: theme), a)
    case .opacity(let c, let a): .opacity(written(c, theme: theme), a)
    case .mix(let a, let b, let t): .mix(written(a, theme: theme), written(b, theme: theme), t)
    }
  }
}
