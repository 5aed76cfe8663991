import DarkroomFoundation

/// The theme colours a layout pass drew with, by name: every name an expression the
/// engine resolved for a command refers to, and the names those colours' own
/// definitions refer to in the pass's traits.
///
/// It is what lets an explanation name a colour only where the drawing uses it: a
/// colour whose value changed but that no command was resolved from changed no
/// pixel of the snapshot, however many of its values another colour shares.
package final class ColourLog {
  package private(set) var names: Set<String> = []

  /// An empty log.
  package init() {}

  /// Notes the names `expression` draws with in `traits`, following each colour's
  /// definition to the colours it is made of.
  package func note(_ expression: ColorExpression, theme: Theme, traits: Traits) {
    var pending = Self.names(in: expression, theme: theme)
    while let name = pending.popLast() {
      guard names.insert(name).inserted, let colour = theme.colors[name], let used = colour.expression(for: traits) else {
        continue
      }
      pending += Self.names(in: used, theme: theme)
    }
  }

  /// The names an expression refers to; a fallback's preferred name counts when the
  /// theme has it (it is then the one drawn).
  private static func names(in expression: ColorExpression, theme: Theme) -> [String] {
    switch expression {
    case .literal: []
    case .named(let name): [name]
    case .darken(let c, _), .lighten(let c, _), .alpha(let c, _), .opacity(let c, _): names(in: c, theme: theme)
    case .mix(let a, let b, _): names(in: a, theme: theme) + names(in: b, theme: theme)
    case .fallback(let preferred, let otherwise):
      theme.has(preferred) ? [preferred] : names(in: otherwise, theme: theme)
    }
  }
}
