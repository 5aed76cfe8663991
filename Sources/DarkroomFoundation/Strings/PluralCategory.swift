/// A CLDR plural category: which form of a counted phrase a number takes in a
/// language (English has `one` and `other`; Arabic all six; Japanese only `other`).
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
  case zero, one, two, few, many, other

  /// In CLDR's order.
  public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
    allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
  }
}
