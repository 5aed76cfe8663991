import DarkroomFoundation
import DarkroomRaster

/// Every semantic colour of a theme resolved in each of the eight trait
/// combinations colours can depend on (style × level × contrast).
///
/// Colours are evaluated once, in an order where each comes after the colours it
/// names (Kahn's algorithm, no recursion), so a chain of a hundred thousand colours
/// costs a hundred thousand evaluations, and resolving a name later is a lookup.
/// Only an expression's own nesting recurses, and the parser bounds that.
struct ResolvedColors: Sendable, Equatable {
  /// Each colour's value in every combination, indexed by ``combination(_:)``.
  private var values: [String: [RGBA8]] = [:]
  private let palette: [String: RGBA8]
  /// The semantic colours' names, for fallbacks (with the palette's and the
  /// built-ins', which are looked up where they are: a palette may hold many).
  private let colorNames: Set<String>

  /// The index of the colour-relevant part of `traits`: style, then level, then
  /// contrast, as `Traits.allColorCombinations` orders them.
  static func combination(_ traits: Traits) -> Int {
    (traits.style == .dark ? 4 : 0) + (traits.level == .elevated ? 2 : 0) + (traits.contrast == .high ? 1 : 0)
  }

  init(colors: [String: DynamicColor], palette: [String: RGBA8]) {
    self.palette = palette
    colorNames = Set(colors.keys)
    let order = Self.evaluationOrder(colors)
    let combinations = Traits.allColorCombinations
    for name in order { values[name] = [RGBA8](repeating: .clear, count: combinations.count) }
    for (index, traits) in combinations.enumerated() {
      for name in order {
        guard let expression = colors[name]?.expression(for: traits) else { continue }
        let value = resolve(expression, combination: index)
        values[name]?[index] = value
      }
    }
  }

  /// The value of `expression` in combination `index`.
  func resolve(_ expression: ColorExpression, combination index: Int) -> RGBA8 {
    switch expression {
    case .literal(let c):
      return c
    case .named(let name):
      return values[name]?[index] ?? palette[name] ?? Theme.builtIns[name] ?? .clear
    case .darken(let c, let amount):
      return ColorMath.scaleBrightness(resolve(c, combination: index), by: 1 - amount)
    case .lighten(let c, let amount):
      return ColorMath.scaleBrightness(resolve(c, combination: index), by: 1 + amount)
    case .alpha(let c, let alpha):
      return ColorMath.withAlpha(resolve(c, combination: index), alpha)
    case .opacity(let c, let amount):
      let color = resolve(c, combination: index)
      return ColorMath.withAlpha(color, Double(color.a) / 255 * amount)
    case .mix(let a, let b, let t):
      return ColorMath.mix(resolve(a, combination: index), resolve(b, combination: index), t)
    case .fallback(let preferred, let otherwise):
      return colorNames.contains(preferred) || palette[preferred] != nil || Theme.builtIns[preferred] != nil
        ? resolve(.named(preferred), combination: index) : resolve(otherwise, combination: index)
    }
  }

  /// The colours in an order where every colour follows those it names; colours on
  /// a cycle (which a loaded theme never has) are left out and resolve to clear.
  private static func evaluationOrder(_ colors: [String: DynamicColor]) -> [String] {
    var dependents: [String: [String]] = [:]
    var waiting: [String: Int] = [:]
    for (name, color) in colors {
      let needs = Set(color.variants.flatMap(\.value.references).filter { $0 != name && colors[$0] != nil })
      waiting[name] = needs.count
      for need in needs { dependents[need, default: []].append(name) }
    }
    var ready = waiting.filter { $0.value == 0 }.map(\.key).sorted()
    var order: [String] = []
    order.reserveCapacity(colors.count)
    while let name = ready.popLast() {
      order.append(name)
      for dependent in dependents[name] ?? [] {
        waiting[dependent, default: 0] -= 1
        if waiting[dependent] == 0 { ready.append(dependent) }
      }
    }
    return order
  }
}
