import DarkroomFoundation
import DarkroomRaster
import Foundation

/// The rules on the names and variant keys a theme file writes, which every colour
/// source follows as well.
extension Theme {
  /// A variant key such as `dark-elevated`, or an error naming where it was written.
  static func parseVariantKey(_ text: String, at location: SourceLocation, in what: String) throws(DarkroomError) -> VariantKey {
    guard let key = VariantKey(text) else {
      throw DarkroomError(
        "unknown variant '\(text)' in \(what) (use trait words joined with '-': any, light, dark, base, elevated, high-contrast)",
        at: location,
        suggestion: Suggestion.closest(to: text, in: VariantKey.words + ["dark-elevated", "dark-high-contrast", "light-high-contrast"]))
    }
    return key
  }

  /// Checks a name the theme file gives a colour: what a colour value reads as a
  /// name — letters and digits, `_`, `.`, `/`, `-`, spaces inside — and not a
  /// function's.
  static func checkName(_ name: String, at location: SourceLocation) throws(DarkroomError) {
    let scalars = Array(name.unicodeScalars)
    let readable = scalars.enumerated().allSatisfy { index, scalar in
      ColorExpressionParser.isNameCharacter(scalar)
        || (scalar == " " && index > 0 && index < scalars.count - 1)
    }
    guard !name.isEmpty, readable, !ColorExpressionParser.functions.contains(name) else {
      throw DarkroomError(
        "'\(Quoted.text(name))' is not a usable colour name (letters, digits, '_', '.', '/', '-', spaces inside; not a function name)",
        at: location)
    }
  }

  /// Checks that every trait combination has exactly one most specific key.
  static func checkVariants(_ keys: [VariantKey], what: String, at location: SourceLocation) throws(DarkroomError) {
    for traits in Traits.allColorCombinations {
      let matching = keys.filter { $0.matches(traits) }
      let top = matching.map(\.specificity).max()
      let best = matching.filter { $0.specificity == top }
      if best.isEmpty {
        throw DarkroomError("\(what) has no variant for \(traits); add an 'any' variant", at: location)
      }
      if best.count > 1 {
        let keys = best.map { "'\($0)'" }.joined(separator: " and ")
        throw DarkroomError(
          "\(what) is ambiguous for \(traits): variants \(keys) are equally specific; add a more specific variant",
          at: location)
      }
    }
  }
}
