import DarkroomFoundation

/// Colours UIKit's components draw with that are not public `UIColor`s: a bar's
/// material tint and shadow line, the segmented control's thumb. Every theme has
/// them, under `system.chrome.` (`system.chrome.tabBar`), beside the system colours,
/// so a layout may name them too; docs/fidelity.md gives each value's source.
enum ChromeColor: String, CaseIterable {
  /// The tint over a tab bar's blurred backdrop (UIKit's default bar appearance).
  case tabBar
  /// The tint over a navigation bar's blurred backdrop.
  case navigationBar
  /// The hairline along a tab bar's top edge.
  case tabBarShadow
  /// The hairline along a navigation bar's bottom edge.
  case navigationBarShadow
  /// The segmented control's selected thumb.
  case segmentedThumb

  /// The name a layout writes: `system.chrome.tabBar`.
  var name: String { SystemColors.prefix + "chrome." + rawValue }

  /// As a colour expression.
  var expression: ColorExpression { .named(name) }

  /// The values in light and dark (`rrggbbaa`); neither elevation nor increased
  /// contrast changes them in the sources.
  var values: (light: String, dark: String) {
    switch self {
    // Flutter's CupertinoTheme barBackgroundColor, "derived from Apple's design
    // resources": F9F9F9 at 0xF0; dark 1D1D1D for navigation bars, 161616 for tab bars.
    case .tabBar: ("f9f9f9f0", "161616f0")
    case .navigationBar: ("f9f9f9f0", "1d1d1df0")
    // Flutter's _kDefaultTabBarBorderColor (0x4C000000, dark 0x29000000) and
    // _kDefaultNavBarBorderColor (0x4D000000).
    case .tabBarShadow: ("0000004c", "00000029")
    case .navigationBarShadow: ("0000004d", "0000004d")
    // Flutter's sliding segmented control _kThumbColor (white, dark 636366).
    case .segmentedThumb: ("ffffffff", "636366ff")
    }
  }

  /// Every chrome colour as a dynamic colour, by its full name.
  static let colors: [String: DynamicColor] = Dictionary(
    uniqueKeysWithValues: allCases.map { chrome in
      (chrome.name, SystemColors.dynamic([("any", chrome.values.light), ("dark", chrome.values.dark)]))
    })
}
