import Foundation

/// What picks a form of a ``LocalizedString`` when a label is drawn: the count, the
/// format arguments (a substitution's form is picked by its own argument), the
/// device the snapshot is drawn for, and the language whose plural rules apply.
struct FormChoice {
  /// The label's `count`, which picks the forms of a plural at the top of the text.
  var count: Int?
  /// The label's format arguments (its `args`, else its count).
  var arguments: [FormatArgument]
  /// The device variation wanted: `iphone`, or `ipad` for a layout drawn on an iPad.
  var device: String
  /// The language (a BCP 47 tag) whose CLDR plural rules pick a category.
  var pluralLanguage: String

  /// Substitutions may nest (a form naming another variable); deeper than this is
  /// a loop.
  static let maximumDepth = 8

  /// Why no form could be picked.
  enum Failure: Error {
    /// A plural at the top of the text, and no count.
    case needsCount
    /// Neither the category's form nor `other`.
    case noForm(PluralCategory, count: Int)
    /// A substitution's argument is beyond those given.
    case needsArgument(Int, substitution: String)
    /// A substitution's argument is not a whole number.
    case notWholeNumber(FormatArgument, substitution: String)
    /// Substitutions refer to each other too deeply.
    case tooDeep(String)
    /// The text grew past what any text may hold, while its substitutions were
    /// being put in.
    case tooLong
  }

  /// The most UTF-8 bytes a text may reach while substitutions are put in: four a
  /// character of the longest text allowed, so no text that fits is stopped. Forms
  /// that each name another substitution several times would otherwise grow it
  /// exponentially with the depth.
  static let maximumBytes = 4 * Localization.maximumLength

  /// The most substitutions one text may put in: one a character of the longest
  /// text allowed.
  static let maximumSubstitutions = Localization.maximumLength
}

extension LocalizedString {
  /// The format this text gives: plural and device forms picked, substitutions put
  /// in place (each by its own argument), specifiers left for the formatter. In a
  /// text with substitutions every specifier without a position is given the one
  /// it has among the text's arguments — `%#@count@ in %@` becomes `%1$… in %2$@` —
  /// because a `%#@name@` counts as one argument, as in a `.stringsdict`.
  func format(_ choice: FormChoice) throws(FormChoice.Failure) -> String {
    var budget = FormChoice.maximumSubstitutions
    return try format(choice, count: choice.count, depth: 0, budget: &budget)
  }

  /// `budget`: how many more substitutions the text may put in.
  private func format(_ choice: FormChoice, count: Int?, depth: Int, budget: inout Int) throws(FormChoice.Failure) -> String {
    switch self {
    case .text(let text):
      return text
    case .plural(let forms):
      guard let count else { throw .needsCount }
      let category = PluralRules.category(for: count, language: choice.pluralLanguage)
      guard let form = forms[category] ?? forms[.other] else { throw .noForm(category, count: count) }
      return form
    case .applePlural(let forms):
      guard let count else { throw .needsCount }
      // Foundation uses an explicit zero form for 0 in every language.
      if count == 0, let zero = forms[.zero] { return try zero.format(choice, count: count, depth: depth, budget: &budget) }
      let category = PluralRules.category(for: count, language: choice.pluralLanguage)
      guard let form = forms[category] ?? forms[.other] else { throw .noForm(category, count: count) }
      return try form.format(choice, count: count, depth: depth, budget: &budget)
    case .device(let forms):
      let form = forms[choice.device] ?? forms["other"] ?? forms.min { $0.key < $1.key }?.value
      return try form?.format(choice, count: count, depth: depth, budget: &budget) ?? ""
    case .substituted(let inner, let substitutions):
      let text = try inner.format(choice, count: count, depth: depth, budget: &budget)
      return try Self.expand(text, from: 1, substitutions, choice, depth: depth, budget: &budget)
    }
  }

  /// `text` with its `%#@name@` replaced, numbering the specifiers without a
  /// position from `first`.
  private static func expand(
    _ text: String, from first: Int, _ substitutions: [String: Substitution], _ choice: FormChoice, depth: Int,
    budget: inout Int
  ) throws(FormChoice.Failure) -> String {
    var next = first
    var result = ""
    for segment in FormatSpecifier.segments(of: text) {
      // The count of a native string's UTF-8 is kept, not counted.
      guard result.utf8.count <= FormChoice.maximumBytes else { throw .tooLong }
      switch segment {
      case .text(let literal):
        result += literal
      case .specifier(let spec):
        guard let name = spec.substitution else {
          if spec.takesArgument && spec.position == nil {
            result += "%\(next)$" + spec.text.dropFirst()
            next += 1
          } else {
            result += spec.text
          }
          continue
        }
        let place = spec.position ?? next
        if spec.position == nil { next += 1 }
        // One the text does not define is left for the formatter to report.
        guard let substitution = substitutions[name] else {
          result += spec.text
          continue
        }
        guard depth < FormChoice.maximumDepth else { throw .tooDeep(name) }
        // Forms that put in nothing grow no text, but can still name each other
        // hundreds of times a level.
        budget -= 1
        guard budget >= 0 else { throw .tooLong }
        let index = substitution.argument ?? place
        guard index >= 1, index <= choice.arguments.count else { throw .needsArgument(index, substitution: name) }
        guard let value = choice.arguments[index - 1].wholeNumber else {
          throw .notWholeNumber(choice.arguments[index - 1], substitution: name)
        }
        var form = try substitution.forms.format(choice, count: value, depth: depth + 1, budget: &budget)
        if let specifier = substitution.formatSpecifier {
          form = form.replacingOccurrences(of: "%arg", with: "%\(index)$\(specifier)")
        }
        result += try expand(form, from: index, substitutions, choice, depth: depth + 1, budget: &budget)
      }
    }
    guard result.utf8.count <= FormChoice.maximumBytes else { throw .tooLong }
    return result
  }
}

extension FormatArgument {
  /// The argument as a whole number, if it is one.
  var wholeNumber: Int? {
    switch self {
    case .integer(let n): return n
    case .number(let x): return x.rounded() == x ? Int(exactly: x) : nil
    case .text(let text): return Int(text)
    }
  }
}
