/// How much of a layout pass's screen bar materials may blur. A backdrop blur costs
/// time in proportion to its area; a layout of thousands of nested screens must not
/// make a snapshot take minutes. Shared by the engine's copies, as the warnings are.
final class MaterialBudget {
  /// The blurred area allowed, in screens: twice the screen covers any real layout
  /// (a navigation bar and a tab bar are a fifth of a phone's screen).
  static let screens = 2.0

  private var used = 0.0

  /// Whether a material of `area` square points still fits on a screen of
  /// `screenArea`; counts it when it does.
  func admits(_ area: Double, screenArea: Double) -> Bool {
    guard used + area <= Self.screens * screenArea else { return false }
    used += area
    return true
  }
}
