/// UIKit's system colours, by name, for layouts built in Swift: `.system.label`,
/// `.system.blue` — the same colours a layout file names `system.label`,
/// `system.blue`, with light, dark, elevated and increased-contrast values.
///
/// A theme's own colours are referenced the same type-safe way by declaring them once:
///
/// ```swift
/// extension ColorExpression {
///   static let primaryText = ColorExpression.named("primaryText")
/// }
/// ```
public struct SystemColorNames: Sendable {
  /// `system.background`.
  public var background: ColorExpression { .named("system.background") }
  /// `system.secondaryBackground`.
  public var secondaryBackground: ColorExpression { .named("system.secondaryBackground") }
  /// `system.tertiaryBackground`.
  public var tertiaryBackground: ColorExpression { .named("system.tertiaryBackground") }
  /// `system.groupedBackground`.
  public var groupedBackground: ColorExpression { .named("system.groupedBackground") }
  /// `system.secondaryGroupedBackground`.
  public var secondaryGroupedBackground: ColorExpression { .named("system.secondaryGroupedBackground") }
  /// `system.tertiaryGroupedBackground`.
  public var tertiaryGroupedBackground: ColorExpression { .named("system.tertiaryGroupedBackground") }
  /// `system.label`.
  public var label: ColorExpression { .named("system.label") }
  /// `system.secondaryLabel`.
  public var secondaryLabel: ColorExpression { .named("system.secondaryLabel") }
  /// `system.tertiaryLabel`.
  public var tertiaryLabel: ColorExpression { .named("system.tertiaryLabel") }
  /// `system.quaternaryLabel`.
  public var quaternaryLabel: ColorExpression { .named("system.quaternaryLabel") }
  /// `system.placeholderText`.
  public var placeholderText: ColorExpression { .named("system.placeholderText") }
  /// `system.separator`.
  public var separator: ColorExpression { .named("system.separator") }
  /// `system.opaqueSeparator`.
  public var opaqueSeparator: ColorExpression { .named("system.opaqueSeparator") }
  /// `system.link`.
  public var link: ColorExpression { .named("system.link") }
  /// `system.fill`.
  public var fill: ColorExpression { .named("system.fill") }
  /// `system.secondaryFill`.
  public var secondaryFill: ColorExpression { .named("system.secondaryFill") }
  /// `system.tertiaryFill`.
  public var tertiaryFill: ColorExpression { .named("system.tertiaryFill") }
  /// `system.quaternaryFill`.
  public var quaternaryFill: ColorExpression { .named("system.quaternaryFill") }
  /// `system.blue`.
  public var blue: ColorExpression { .named("system.blue") }
  /// `system.green`.
  public var green: ColorExpression { .named("system.green") }
  /// `system.indigo`.
  public var indigo: ColorExpression { .named("system.indigo") }
  /// `system.orange`.
  public var orange: ColorExpression { .named("system.orange") }
  /// `system.pink`.
  public var pink: ColorExpression { .named("system.pink") }
  /// `system.purple`.
  public var purple: ColorExpression { .named("system.purple") }
  /// `system.red`.
  public var red: ColorExpression { .named("system.red") }
  /// `system.yellow`.
  public var yellow: ColorExpression { .named("system.yellow") }
  /// `system.teal`.
  public var teal: ColorExpression { .named("system.teal") }
  /// `system.cyan`.
  public var cyan: ColorExpression { .named("system.cyan") }
  /// `system.mint`.
  public var mint: ColorExpression { .named("system.mint") }
  /// `system.brown`.
  public var brown: ColorExpression { .named("system.brown") }
  /// `system.gray`.
  public var gray: ColorExpression { .named("system.gray") }
  /// `system.gray2`.
  public var gray2: ColorExpression { .named("system.gray2") }
  /// `system.gray3`.
  public var gray3: ColorExpression { .named("system.gray3") }
  /// `system.gray4`.
  public var gray4: ColorExpression { .named("system.gray4") }
  /// `system.gray5`.
  public var gray5: ColorExpression { .named("system.gray5") }
  /// `system.gray6`.
  public var gray6: ColorExpression { .named("system.gray6") }
}

extension ColorExpression {
  /// UIKit's system colours: `.system.label`, `.system.blue`.
  public static let system = SystemColorNames()
  /// `system.label`, UIKit's text colour: the default for text built in Swift.
  public static let label = system.label
  /// `system.blue`, UIKit's default tint.
  public static let systemBlue = system.blue
  /// `white`.
  public static let white = ColorExpression.named("white")
  /// `black`.
  public static let black = ColorExpression.named("black")

  /// A fixed colour from a hex number, `0x3c64f4` (opaque) — checked by the
  /// compiler, unlike a `"#3c64f4"` string.
  public static func rgb(_ hex: UInt32, alpha: Double = 1) -> ColorExpression {
    let color = RGBA8(r: UInt8((hex >> 16) & 0xff), g: UInt8((hex >> 8) & 0xff), b: UInt8(hex & 0xff))
    return alpha >= 1 ? .literal(color) : .alpha(.literal(color), alpha)
  }
}
