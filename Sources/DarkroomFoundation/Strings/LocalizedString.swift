/// One key's text in one language, as its source gives it: a single string, or forms
/// chosen when the text is drawn — by the count, by the snapshot's device, or by the
/// arguments of its substitutions. The text may hold format specifiers (`%d`, `%@`,
/// `%1$@`, `%lld`).
public indirect enum LocalizedString: Sendable, Equatable {
  /// The same text whatever the count.
  case text(String)
  /// Android's `<plurals>`: a form per plural category, chosen by the count under
  /// CLDR's rules; `other` is used for a category the source leaves out.
  case plural([PluralCategory: String])
  /// Apple's plural forms (a string catalog's `plural` variation, a `.stringsdict`
  /// rule): chosen like ``plural(_:)``, except that an explicit `zero` form is used
  /// for 0 in every language, as Foundation does.
  case applePlural([PluralCategory: LocalizedString])
  /// A form per device (`iphone`, `ipad`, `mac`, `other`…), chosen by the device the
  /// snapshot is drawn for, else `other`.
  case device([String: LocalizedString])
  /// Text with substitutions (`%#@posts@ from %#@people@`): each `%#@name@` is
  /// replaced by its substitution's form for its own argument.
  case substituted(LocalizedString, [String: Substitution])
}

/// A substitution of a string catalog or a variable of a `.stringsdict`: the forms a
/// `%#@name@` in a text takes, and the argument that chooses between them.
public struct Substitution: Sendable, Equatable {
  /// The argument (from 1) whose value chooses the form; nil for a `.stringsdict`
  /// variable, whose argument is the place of its `%#@name@` among the text's
  /// specifiers (`%#@count@ in %@`: the count is the first argument).
  public var argument: Int?
  /// The forms: ``LocalizedString/applePlural(_:)``, ``LocalizedString/device(_:)``
  /// or ``LocalizedString/text(_:)``.
  public var forms: LocalizedString
  /// What a string catalog's `%arg` in a form stands for (`lld` makes it
  /// `%2$lld`); nil for a `.stringsdict`, whose forms' own specifiers take the
  /// variable's argument.
  public var formatSpecifier: String?

  /// A substitution.
  public init(argument: Int?, forms: LocalizedString, formatSpecifier: String?) {
    self.argument = argument
    self.forms = forms
    self.formatSpecifier = formatSpecifier
  }
}
