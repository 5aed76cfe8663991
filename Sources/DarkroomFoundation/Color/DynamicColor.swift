/// A semantic colour: one expression per trait combination, chosen where it is drawn.
///
/// The variant whose key matches the traits with the most words wins. A theme
/// checks when it loads that every trait combination has exactly one best variant,
/// so resolution never fails or guesses. Two dynamic colours are equal when their
/// variants are written the same way (not when they happen to resolve alike).
public struct DynamicColor: Sendable, Hashable, CustomStringConvertible {
  /// One variant: when it applies, and what it is.
  public struct Variant: Sendable, Hashable {
    /// The traits the variant requires.
    public let key: VariantKey
    /// Its value, resolved against the same traits.
    public let value: ColorExpression

    package init(key: VariantKey, value: ColorExpression) {
      self.key = key
      self.value = value
    }
  }

  /// The variants, in the order they were written.
  public let variants: [Variant]

  /// Creates a colour from its variants.
  public init(variants: [Variant]) { self.variants = variants }

  /// A colour that is the same expression in every mode.
  public init(_ expression: ColorExpression) {
    variants = [Variant(key: VariantKey.any, value: expression)]
  }

  /// The best variants for `traits`: the matching ones with the most words. One
  /// element when the colour is well formed; none or several when it is not.
  public func candidates(for traits: Traits) -> [Variant] {
    let matching = variants.filter { $0.key.matches(traits) }
    guard let best = matching.map(\.key.specificity).max() else { return [] }
    return matching.filter { $0.key.specificity == best }
  }

  /// The expression to use under `traits`, or `nil` if the colour is ill formed there.
  public func expression(for traits: Traits) -> ColorExpression? {
    let best = candidates(for: traits)
    return best.count == 1 ? best[0].value : nil
  }

  /// `{ any: …, dark: … }`, or the single expression when there is one `any` variant.
  public var description: String {
    if variants.count == 1, variants[0].key.specificity == 0 { return variants[0].value.description }
    return "{ " + variants.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }"
  }
}
