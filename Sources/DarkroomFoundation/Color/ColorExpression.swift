import DarkroomRaster
/// How a colour value is written: a literal, a name, or a function of other colours.
///
/// Expressions are kept unevaluated and resolved against traits where they are
/// drawn, so a colour derived from a dynamic colour stays dynamic: the "stuck border"
/// bug (a darkened border computed once, in the mode the app launched in) cannot
/// happen. Two expressions are equal when they are written the same way.
public indirect enum ColorExpression: Sendable, Hashable, CustomStringConvertible {
  /// A fixed colour, `#rgb`, `#rrggbb` or `#rrggbbaa`.
  case literal(RGBA8)
  /// A palette colour, a semantic colour or a built-in colour, by name.
  case named(String)
  /// HSB brightness multiplied by (1 − amount), clamped.
  case darken(ColorExpression, Double)
  /// HSB brightness multiplied by (1 + amount), clamped.
  case lighten(ColorExpression, Double)
  /// The colour with its alpha set to `alpha` (0…1).
  case alpha(ColorExpression, Double)
  /// The colour with its alpha multiplied by `amount` (0…1), as SwiftUI's
  /// `Color.opacity(_:)` makes it: a translucent colour stays as translucent
  /// relative to itself.
  case opacity(ColorExpression, Double)
  /// The two colours mixed channel by channel: `t` = 0 is the first, 1 the second.
  case mix(ColorExpression, ColorExpression, Double)
  /// The theme's colour `preferred` when the theme has one of that name, else
  /// `otherwise` — how a default such as "the theme's `primaryText`, else UIKit's
  /// label colour" is written once and decided where the colour is resolved, so a
  /// layout parses to the same nodes whatever theme draws it.
  case fallback(preferred: String, otherwise: ColorExpression)

  /// The expression written back in the syntax it is parsed from.
  public var description: String {
    func number(_ v: Double) -> String { YAMLNode.format(v) }
    switch self {
    case .literal(let c): return c.hex
    case .named(let n): return n
    case .darken(let c, let a): return "darken(\(c), \(number(a)))"
    case .lighten(let c, let a): return "lighten(\(c), \(number(a)))"
    case .alpha(let c, let a): return "alpha(\(c), \(number(a)))"
    case .opacity(let c, let a): return "opacity(\(c), \(number(a)))"
    case .mix(let a, let b, let t): return "mix(\(a), \(b), \(number(t)))"
    case .fallback(let preferred, let otherwise): return "\(preferred) (else \(otherwise))"
    }
  }

  /// Every name the expression needs the theme to have (a fallback's preferred
  /// name is optional).
  package var references: [String] {
    switch self {
    case .literal: []
    case .named(let n): [n]
    case .darken(let c, _), .lighten(let c, _), .alpha(let c, _), .opacity(let c, _): c.references
    case .mix(let a, let b, _): a.references + b.references
    case .fallback(_, let otherwise): otherwise.references
    }
  }

  /// Whether a fixed colour is written anywhere in the expression.
  package var containsLiteral: Bool {
    switch self {
    case .literal: true
    case .named: false
    case .darken(let c, _), .lighten(let c, _), .alpha(let c, _), .opacity(let c, _): c.containsLiteral
    case .mix(let a, let b, _): a.containsLiteral || b.containsLiteral
    case .fallback(_, let otherwise): otherwise.containsLiteral
    }
  }
}
