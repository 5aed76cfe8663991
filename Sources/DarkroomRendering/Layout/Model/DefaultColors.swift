import DarkroomFoundation

/// The colours nodes take when a layout names none: the theme's own colour of the
/// role when it has one, else UIKit's — decided when the colour is resolved, so one
/// layout file gives the same nodes under any theme. This is the only place the rule
/// is written.
extension ColorExpression {
  /// Text and icons: the theme's `primaryText`, else `system.label`.
  public static let defaultText = fallback(preferred: "primaryText", otherwise: .system(.label))
  /// Quieter text (the palette sheet's): the theme's `secondaryText`, else
  /// `system.secondaryLabel`.
  public static let defaultSecondaryText = fallback(preferred: "secondaryText", otherwise: .system(.secondaryLabel))
  /// Screens, sheets and alerts: the theme's `background`, else `system.background`.
  public static let defaultBackground = fallback(preferred: "background", otherwise: .system(.background))
  /// Dividers: the theme's `separator`, else `system.separator`.
  public static let defaultSeparator = fallback(preferred: "separator", otherwise: .system(.separator))
  /// A button's tint: the theme's `key`, else `system.blue`.
  public static let defaultTint = fallback(preferred: "key", otherwise: .system(.blue))

  /// The theme colours the defaults prefer, which count as used without a layout
  /// naming them.
  package static let defaultPreferences = [defaultText, defaultSecondaryText, defaultBackground, defaultSeparator, defaultTint]
    .compactMap { if case .fallback(let name, _) = $0 { name } else { nil } }
}
