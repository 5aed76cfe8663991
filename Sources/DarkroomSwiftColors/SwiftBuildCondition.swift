/// The value of an `#if` condition in the build Darkroom draws for: an iPhone app
/// (iOS, UIKit and SwiftUI importable, not AppKit, not Mac Catalyst) built with
/// Swift 6. A flag set by the build (`DEBUG`, `BETA`) or a module Darkroom cannot
/// know is undecided, and a colour under it is skipped with that condition as the
/// reason.
enum SwiftBuildCondition: Equatable {
  case yes, no, undecided

  /// The value of `expression`.
  static func evaluate(_ expression: SwiftExpression) -> SwiftBuildCondition {
    switch expression {
    case .name(let name, _):
      return name == "true" ? .yes : name == "false" ? .no : .undecided
    case .prefix("!", let operand, _):
      switch evaluate(operand) {
      case .yes: return .no
      case .no: return .yes
      case .undecided: return .undecided
      }
    case .binary("&&", let left, let right, _):
      let (a, b) = (evaluate(left), evaluate(right))
      if a == .no || b == .no { return .no }
      return a == .yes && b == .yes ? .yes : .undecided
    case .binary("||", let left, let right, _):
      let (a, b) = (evaluate(left), evaluate(right))
      if a == .yes || b == .yes { return .yes }
      return a == .no && b == .no ? .no : .undecided
    case .tuple(let elements, _) where elements.count == 1 && elements[0].label == nil:
      return evaluate(elements[0].value)
    case .call(.name(let function, _), let arguments, _) where arguments.count == 1:
      return platform(function, arguments[0].value)
    case .number, .string, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary, .ternary,
      .tuple, .cast, .other:
      return .undecided
    }
  }

  private static func platform(_ function: String, _ argument: SwiftExpression) -> SwiftBuildCondition {
    switch (function, argument) {
    case ("os", .name(let system, _)):
      return system == "iOS" ? .yes : .no
    case ("canImport", .name(let module, _)), ("canImport", .member(.name(let module, _), _, _)):
      if ["UIKit", "SwiftUI", "Foundation", "Combine", "CoreGraphics", "QuartzCore", "CoreImage"].contains(module) { return .yes }
      if ["AppKit", "Cocoa", "WatchKit"].contains(module) { return .no }
      return .undecided
    case ("targetEnvironment", .name(let environment, _)):
      return environment == "macCatalyst" ? .no : .undecided
    case ("arch", .name(let architecture, _)):
      return architecture == "arm64" ? .yes : .no
    case ("swift", .prefix(let op, _, _)), ("compiler", .prefix(let op, _, _)):
      // Darkroom reads code as Swift 6 builds it.
      return op == ">=" ? .yes : op == "<" ? .no : .undecided
    default:
      return .undecided
    }
  }
}
