/// A locale a snapshot is drawn in: a BCP 47 tag (`en`, `de`, `pt-BR`, `zh-Hans`) or
/// one of the built-in pseudo-locales (`en-XA`, `ar-XB`).
public struct LocaleID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The tag as written.
  public let identifier: String

  /// The locale `identifier` names; `_` is read as `-` (`pt_BR` is `pt-BR`).
  public init(_ identifier: String) {
    self.identifier = identifier.replacingOccurrences(of: "_", with: "-")
  }

  /// Creates a locale from a literal tag.
  public init(stringLiteral value: String) { self.init(value) }

  /// The language subtag, lowercased (`pt` for `pt-BR`).
  public var language: String {
    String(identifier.split(separator: "-", maxSplits: 1).first ?? "").lowercased()
  }

  /// The built-in pseudo-locale this is, if it is one.
  public var pseudo: PseudoLocale? { PseudoLocale(rawValue: identifier) }

  /// The languages written right to left (Arabic, Hebrew, Persian, Urdu, and their
  /// older or neighbouring codes).
  static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "ckb", "sd", "ug"]

  /// Whether text runs and layouts mirror right to left in this locale.
  public var isRightToLeft: Bool {
    if let pseudo { return pseudo == .bidi }
    return Self.rightToLeftLanguages.contains(language)
  }

  /// The tag.
  public var description: String { identifier }

  /// Ordered by tag, so lists of locales read the same on every run.
  public static func < (a: LocaleID, b: LocaleID) -> Bool { a.identifier < b.identifier }
}
