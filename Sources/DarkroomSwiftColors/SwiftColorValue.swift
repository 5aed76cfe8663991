/// A colour as a Swift file writes it, read from the literals, never computed by
/// running code.
public indirect enum SwiftColorValue: Sendable, Hashable, CustomStringConvertible {
  /// Components 0…1 in a colour space: `Color(red:green:blue:)`, `UIColor(red:…,
  /// alpha:)`, `Color(.displayP3, …)`, a hex helper (`init(hex: 0xF0F1F2)`), a
  /// colour literal.
  case rgb(SwiftColorSpace, red: Double, green: Double, blue: Double, alpha: Double)
  /// A grey: `Color(white:)` (sRGB), `UIColor(white:alpha:)` (grey with a 2.2
  /// gamma).
  case white(SwiftColorSpace, Double, alpha: Double)
  /// Hue, saturation and brightness, 0…1 each, in sRGB.
  case hsb(hue: Double, saturation: Double, brightness: Double, alpha: Double)
  /// One of UIKit's colours, by its `UIColor` property's name: `systemBlue`,
  /// `label`, `systemBackground` (SwiftUI's `.red` is `systemRed`, `.primary` is
  /// `label`).
  case system(String)
  /// The app's accent colour: its asset catalog's `AccentColor`, else UIKit's blue.
  case accent
  /// A colour of an asset catalog, by name: `Color("brand")`, `UIColor(named:)`.
  case catalog(String)
  /// An asset catalog's colour when the catalog has it, else `otherwise`:
  /// `UIColor(named: "brand") ?? .white`.
  case catalogOr(String, otherwise: SwiftColorValue)
  /// Another colour these Swift files define, by its name (`Color.brand`).
  case reference(String)
  /// `color.opacity(x)`: the colour with its alpha multiplied by `x`.
  case opacity(SwiftColorValue, Double)
  /// `color.withAlphaComponent(x)`: the colour with its alpha set to `x`.
  case alpha(SwiftColorValue, Double)
  /// A colour that depends on the appearance: `UIColor { $0.userInterfaceStyle ==
  /// .dark ? a : b }`, `Color(light: a, dark: b)`.
  case dynamic(light: SwiftColorValue, dark: SwiftColorValue)

  /// How the value reads in a listing: `rgb(0.733, 0.231, 0.886)`, `system(label)`.
  public var description: String {
    func number(_ value: Double) -> String {
      let rounded = (value * 1000).rounded() / 1000
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    func withAlpha(_ alpha: Double) -> String { alpha == 1 ? "" : ", alpha \(number(alpha))" }
    switch self {
    case .rgb(let space, let r, let g, let b, let a):
      return "\(space.rawValue)(\(number(r)), \(number(g)), \(number(b))\(withAlpha(a)))"
    case .white(let space, let w, let a): return "\(space.rawValue)(white \(number(w))\(withAlpha(a)))"
    case .hsb(let h, let s, let b, let a): return "hsb(\(number(h)), \(number(s)), \(number(b))\(withAlpha(a)))"
    case .system(let name): return "UIColor.\(name)"
    case .accent: return "accentColor"
    case .catalog(let name): return "catalog(\(name))"
    case .catalogOr(let name, let otherwise): return "catalog(\(name)) ?? \(otherwise)"
    case .reference(let name): return name
    case .opacity(let color, let amount): return "\(color).opacity(\(number(amount)))"
    case .alpha(let color, let amount): return "\(color).withAlphaComponent(\(number(amount)))"
    case .dynamic(let light, let dark): return "{ light: \(light), dark: \(dark) }"
    }
  }

  /// How deep values nest in it.
  var depth: Int {
    switch self {
    case .rgb, .white, .hsb, .system, .accent, .catalog, .reference: return 1
    case .catalogOr(_, let otherwise): return 1 + otherwise.depth
    case .opacity(let color, _), .alpha(let color, _): return 1 + color.depth
    case .dynamic(let light, let dark): return 1 + max(light.depth, dark.depth)
    }
  }

  /// The other Swift colours it names.
  public var references: [String] {
    switch self {
    case .rgb, .white, .hsb, .system, .accent, .catalog: return []
    case .reference(let name): return [name]
    case .catalogOr(_, let otherwise): return otherwise.references
    case .opacity(let color, _), .alpha(let color, _): return color.references
    case .dynamic(let light, let dark): return light.references + dark.references
    }
  }

  /// The value with every reference renamed by `rename`.
  func renamingReferences(_ rename: (String) -> String) -> SwiftColorValue {
    switch self {
    case .rgb, .white, .hsb, .system, .accent, .catalog: return self
    case .reference(let name): return .reference(rename(name))
    case .catalogOr(let name, let otherwise): return .catalogOr(name, otherwise: otherwise.renamingReferences(rename))
    case .opacity(let color, let amount): return .opacity(color.renamingReferences(rename), amount)
    case .alpha(let color, let amount): return .alpha(color.renamingReferences(rename), amount)
    case .dynamic(let light, let dark): return .dynamic(light: light.renamingReferences(rename), dark: dark.renamingReferences(rename))
    }
  }
}

/// The colour spaces Swift's colour initializers take.
public enum SwiftColorSpace: String, Sendable, Hashable {
  /// sRGB, components 0…1: SwiftUI's default, `.sRGB`.
  case sRGB = "srgb"
  /// sRGB that may go beyond 0…1: UIKit's `UIColor(red:green:blue:alpha:)`.
  case extendedSRGB = "extended-srgb"
  /// Linear-light sRGB: SwiftUI's `.sRGBLinear`.
  case linearSRGB = "linear-srgb"
  /// Display P3: `.displayP3`, `UIColor(displayP3Red:…)`.
  case displayP3 = "display-p3"
  /// Grey with a 2.2 gamma: `UIColor(white:alpha:)`.
  case gray = "gray"
}

/// A colour property of a Swift file: its name, where it is, and its colour — or
/// why it was skipped (its value is made at run time, or written in a way the
/// reader does not follow).
public struct SwiftColorDeclaration: Sendable, Hashable {
  /// The value, or why there is none.
  public enum Outcome: Sendable, Hashable {
    /// Read from the source.
    case color(SwiftColorValue)
    /// Not read, with why: "calls `colorValue(…)`, a function: its value is made
    /// when the app runs".
    case skipped(String)
  }

  /// The Swift path: `IceCubeDark.tintColor`, `Color.brand`, `Theme.Colors.primary`
  /// (a top-level `let` is its name alone).
  public let name: String
  /// Where the property's name is written.
  public let location: SwiftSourceLocation
  /// Its colour, or why it has none.
  public let outcome: Outcome

  /// A declaration.
  public init(name: String, location: SwiftSourceLocation, outcome: Outcome) {
    self.name = name
    self.location = location
    self.outcome = outcome
  }
}
