/// The colour types of Apple's frameworks, and the colours each names by a static
/// member, as an iPhone app sees them.
enum SwiftColorKind: String {
  /// SwiftUI's `Color`.
  case swiftUI = "Color"
  /// UIKit's `UIColor`.
  case uiKit = "UIColor"
  /// AppKit's `NSColor`: not in an iPhone app.
  case appKit = "NSColor"
  /// Core Graphics' `CGColor`.
  case coreGraphics = "CGColor"
  /// Core Image's `CIColor`.
  case coreImage = "CIColor"

  /// The kind a type name (module prefix and optionality removed) names.
  static func named(_ name: String) -> SwiftColorKind? { SwiftColorKind(rawValue: name) }

  /// The colour `.member` of this type names, when it is one of the framework's.
  func builtIn(_ member: String) -> SwiftColorValue? {
    switch self {
    case .swiftUI:
      switch member {
      case "black": return .rgb(.sRGB, red: 0, green: 0, blue: 0, alpha: 1)
      case "white": return .rgb(.sRGB, red: 1, green: 1, blue: 1, alpha: 1)
      case "clear": return .rgb(.sRGB, red: 0, green: 0, blue: 0, alpha: 0)
      case "primary": return .system("label")
      case "secondary": return .system("secondaryLabel")
      case "accentColor": return .accent
      case "gray", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown":
        // On iOS SwiftUI's standard colours are UIKit's system colours.
        return .system("system" + member.prefix(1).uppercased() + member.dropFirst())
      default: return nil
      }
    case .uiKit:
      if let fixed = Self.uikitFixed[member] { return fixed }
      return Self.uikitSystem.contains(member) ? .system(member) : nil
    case .appKit, .coreGraphics, .coreImage:
      return nil
    }
  }

  /// UIKit's colours with one value in every appearance, as its documentation
  /// gives them (greys in the grey colour space, the others in sRGB).
  private static let uikitFixed: [String: SwiftColorValue] = [
    "black": .white(.gray, 0, alpha: 1), "darkGray": .white(.gray, 1.0 / 3.0, alpha: 1),
    "lightGray": .white(.gray, 2.0 / 3.0, alpha: 1), "white": .white(.gray, 1, alpha: 1),
    "gray": .white(.gray, 0.5, alpha: 1), "clear": .white(.gray, 0, alpha: 0),
    "red": .rgb(.sRGB, red: 1, green: 0, blue: 0, alpha: 1), "green": .rgb(.sRGB, red: 0, green: 1, blue: 0, alpha: 1),
    "blue": .rgb(.sRGB, red: 0, green: 0, blue: 1, alpha: 1), "cyan": .rgb(.sRGB, red: 0, green: 1, blue: 1, alpha: 1),
    "yellow": .rgb(.sRGB, red: 1, green: 1, blue: 0, alpha: 1), "magenta": .rgb(.sRGB, red: 1, green: 0, blue: 1, alpha: 1),
    "orange": .rgb(.sRGB, red: 1, green: 0.5, blue: 0, alpha: 1),
    "purple": .rgb(.sRGB, red: 0.5, green: 0, blue: 0.5, alpha: 1),
    "brown": .rgb(.sRGB, red: 0.6, green: 0.4, blue: 0.2, alpha: 1),
  ]

  /// UIKit's dynamic colours, by property name: the system colours and the
  /// semantic ones (whether Darkroom has each is the adapter's to say).
  static let uikitSystem: Set<String> = [
    "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "systemFill", "secondarySystemFill",
    "tertiarySystemFill", "quaternarySystemFill", "placeholderText", "systemBackground", "secondarySystemBackground",
    "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
    "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "link", "darkText", "lightText", "tintColor",
    "systemRed", "systemGreen", "systemBlue", "systemOrange", "systemYellow", "systemPink", "systemPurple", "systemTeal",
    "systemIndigo", "systemBrown", "systemMint", "systemCyan", "systemGray", "systemGray2", "systemGray3", "systemGray4",
    "systemGray5", "systemGray6",
  ]
}
