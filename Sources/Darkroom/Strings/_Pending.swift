// Placeholders until the helper's implementations land (deleted at merge).
public enum PseudoLocale: String, Sendable, CaseIterable {
  case accented = "en-XA"
  case bidi = "ar-XB"
  public func apply(to text: String) -> String { text }
}
enum PluralRules {
  static func category(for n: Int, language: String) -> PluralCategory { n == 1 ? .one : .other }
  static func categories(for language: String) -> [PluralCategory] { [.one, .other] }
}
struct StringFormatError: Error, Sendable { let message: String }
enum StringFormatter {
  static func format(_ format: String, with arguments: [FormatArgument]) throws(StringFormatError) -> String { format }
}
enum StringSources {
  static func load(_ path: String) throws(DarkroomError) -> StringTable { StringTable() }
}
