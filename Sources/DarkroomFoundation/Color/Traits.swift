/// The environment a colour is resolved in, as UIKit's `UITraitCollection`.
public struct Traits: Sendable, Hashable, CustomStringConvertible {
  /// Light or dark appearance (`userInterfaceStyle`).
  public enum Style: String, Sendable, CaseIterable { case light, dark }
  /// Base or elevated level (`userInterfaceLevel`): presented content is elevated.
  public enum Level: String, Sendable, CaseIterable { case base, elevated }
  /// Normal or increased contrast (`accessibilityContrast`).
  public enum Contrast: String, Sendable, CaseIterable { case normal, high }
  /// The reader's text size (`preferredContentSizeCategory`), smallest first.
  public enum ContentSize: String, Sendable, CaseIterable {
    /// Extra small.
    case xSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// Extra large.
    case xLarge
    /// Extra extra large.
    case xxLarge
    /// Extra extra extra large, the largest outside the accessibility sizes.
    case xxxLarge
    /// Accessibility medium (AX1).
    case accessibilityMedium
    /// Accessibility large (AX2).
    case accessibilityLarge
    /// Accessibility extra large (AX3).
    case accessibilityExtraLarge
    /// Accessibility extra extra large (AX4).
    case accessibilityExtraExtraLarge
    /// Accessibility extra extra extra large (AX5), the largest.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five accessibility sizes (AX1…AX5), UIKit's
    /// `isAccessibilityCategory`: where list cells stack their text.
    public var isAccessibility: Bool { self >= .accessibilityMedium }
  }

  /// Default: `.light`.
  public var style: Style
  /// Default: `.base`.
  public var level: Level
  /// Default: `.normal`.
  public var contrast: Contrast
  /// Pixels per point, when the mode fixes it; `nil` uses the layout's scale.
  public var scale: Double?
  /// Default: `.large`, iOS's default text size.
  public var contentSize: ContentSize

  /// Creates a trait collection.
  public init(
    style: Style = .light, level: Level = .base, contrast: Contrast = .normal, scale: Double? = nil,
    contentSize: ContentSize = .large
  ) {
    self.style = style
    self.level = level
    self.contrast = contrast
    self.scale = scale
    self.contentSize = contentSize
  }

  /// `dark elevated high-contrast`, naming only what differs from the defaults.
  public var description: String {
    var words = [style.rawValue]
    if level == .elevated { words.append("elevated") }
    if contrast == .high { words.append("high-contrast") }
    if let scale { words.append("@\(YAMLNode.format(scale))x") }
    if contentSize != .large { words.append(contentSize.rawValue) }
    return words.joined(separator: " ")
  }

  /// Every combination of the colour-relevant traits, for checking a dynamic colour
  /// has exactly one best variant in each.
  package static let allColorCombinations: [Traits] = Style.allCases.flatMap { style in
    Level.allCases.flatMap { level in
      Contrast.allCases.map { Traits(style: style, level: level, contrast: $0) }
    }
  }
}

extension Traits.ContentSize: Comparable {
  /// Smaller text first, in the order of `allCases`.
  public static func < (a: Self, b: Self) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }
}
