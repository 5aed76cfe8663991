/// One key's text in one language: a single string, or one per plural category. The
/// text may hold format specifiers (`%d`, `%@`, `%1$@`, `%lld`).
public enum LocalizedString: Sendable, Equatable {
  /// The same text whatever the count.
  case text(String)
  /// A form per plural category the source gives; `other` is used for a category
  /// it leaves out.
  case plural([PluralCategory: String])
}
