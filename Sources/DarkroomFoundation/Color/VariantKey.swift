/// The key of one variant of a dynamic colour: trait words joined with `-`, such as
/// `any`, `dark`, `dark-elevated` or `light-high-contrast`.
///
/// A variant applies when every word holds; among those that apply, the one with
/// the most words wins.
public struct VariantKey: Sendable, Hashable, CustomStringConvertible {
  /// The style it requires, if any.
  public let style: Traits.Style?
  /// The level it requires, if any.
  public let level: Traits.Level?
  /// The contrast it requires, if any.
  public let contrast: Traits.Contrast?

  /// The key that applies in every mode.
  public static let any = VariantKey(style: nil, level: nil, contrast: nil)
  /// The key that applies in dark mode.
  public static let dark = VariantKey(style: .dark, level: nil, contrast: nil)

  private init(style: Traits.Style?, level: Traits.Level?, contrast: Traits.Contrast?) {
    self.style = style
    self.level = level
    self.contrast = contrast
  }

  /// The words a key may be made of.
  package static let words = ["any", "light", "dark", "base", "elevated", "high-contrast", "normal-contrast"]

  /// Parses a key; `nil` when it has an unknown word or names a trait twice.
  public init?(_ text: String) {
    var style: Traits.Style?, level: Traits.Level?, contrast: Traits.Contrast?
    if text == "any" {
      self = .any
      return
    }
    var rest = Substring(text)
    while !rest.isEmpty {
      guard let word = Self.words.dropFirst().first(where: { rest.hasPrefix($0) }) else { return nil }
      rest = rest.dropFirst(word.count)
      if !rest.isEmpty {
        guard rest.first == "-" else { return nil }
        rest = rest.dropFirst()
        if rest.isEmpty { return nil }
      }
      switch word {
      case "light", "dark":
        guard style == nil else { return nil }
        style = Traits.Style(rawValue: word)
      case "base", "elevated":
        guard level == nil else { return nil }
        level = Traits.Level(rawValue: word)
      default:
        guard contrast == nil else { return nil }
        contrast = word == "high-contrast" ? .high : .normal
      }
    }
    self.style = style
    self.level = level
    self.contrast = contrast
  }

  /// How many traits the key names; `any` is 0.
  public var specificity: Int {
    (style == nil ? 0 : 1) + (level == nil ? 0 : 1) + (contrast == nil ? 0 : 1)
  }

  /// Whether every trait the key names holds in `traits`.
  public func matches(_ traits: Traits) -> Bool {
    (style == nil || style == traits.style) && (level == nil || level == traits.level)
      && (contrast == nil || contrast == traits.contrast)
  }

  /// The key in its canonical spelling.
  public var description: String {
    var words: [String] = []
    if let style { words.append(style.rawValue) }
    if let level { words.append(level.rawValue) }
    if let contrast { words.append(contrast == .high ? "high-contrast" : "normal-contrast") }
    return words.isEmpty ? "any" : words.joined(separator: "-")
  }
}
