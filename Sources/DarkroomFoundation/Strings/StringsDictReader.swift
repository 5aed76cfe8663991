/// Reads an Apple `.stringsdict` file (`de.lproj/Localizable.stringsdict`): each key's
/// `NSStringLocalizedFormatKey`, with the variables it names (`%#@posts@`).
///
/// A variable of `NSStringPluralRuleType` gives its forms `zero`…`other` (an
/// explicit `zero` is used for 0 in every language, as Foundation does); one of
/// `NSStringDeviceSpecificRuleType` its forms per device (`iphone`, `ipad`, `other`…).
/// Each variable takes its form from its own argument — the place of its
/// `%#@name@` among the format's specifiers, as Foundation counts them (`%#@count@
/// in %@`: the count is the first argument, the place the second) — and a form's own
/// specifiers take that argument too. A form may name another variable. A key whose
/// value is `NSStringVariableWidthRuleType` gives its widest text (what Foundation
/// shows when no width is asked for). The same key in a `.strings` file of the same
/// folder is overridden, as iOS merges the two.
struct StringsDictReader {
  /// The file.
  let file: String
  /// The language of its folder.
  let language: String
  /// How the file is read.
  let reader: InputReader

  func load() throws(DarkroomError) -> StringTable {
    var table = StringTable()
    table.fileLanguages.insert(language)
    let root = try PropertyListNode.read(file, what: "the stringsdict file", reader: reader)
    guard case .dictionary(let entries, _) = root else {
      throw DarkroomError("a .stringsdict holds a <dict> of keys, found \(root.kind)", at: root.location)
    }
    for entry in entries {
      table.add(entry.key, language: language, try value(of: entry.key, entry.value), origin: file)
    }
    return table
  }

  private func value(of key: String, _ node: PropertyListNode) throws(DarkroomError) -> LocalizedString {
    let quotedKey = Quoted.text(key)
    guard case .dictionary(let fields, let location) = node else {
      throw DarkroomError("'\(quotedKey)' must be a <dict>, found \(node.kind)", at: node.location)
    }
    if let widths = fields.first(where: { $0.key == "NSStringVariableWidthRuleType" })?.value {
      return .text(try widest(widths, key: quotedKey))
    }
    guard let formatNode = fields.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value else {
      throw DarkroomError("'\(quotedKey)' has no NSStringLocalizedFormatKey", at: location)
    }
    guard case .string(let format, _) = formatNode else {
      throw DarkroomError("'\(quotedKey)': NSStringLocalizedFormatKey must be a <string>", at: formatNode.location)
    }
    var substitutions: [String: Substitution] = [:]
    for field in fields where field.key != "NSStringLocalizedFormatKey" {
      guard case .dictionary(let rule, let at) = field.value else { continue }
      let context = "'\(quotedKey)', variable '\(Quoted.text(field.key))'"
      guard case .string(let type, let typeAt)? = rule.first(where: { $0.key == "NSStringFormatSpecTypeKey" })?.value else {
        throw DarkroomError("\(context) has no NSStringFormatSpecTypeKey", at: at)
      }
      let forms: LocalizedString
      switch type {
      case "NSStringPluralRuleType":
        var plural: [PluralCategory: LocalizedString] = [:]
        for form in rule {
          guard let category = PluralCategory(rawValue: form.key) else { continue }
          guard case .string(let text, _) = form.value else {
            throw DarkroomError("\(context): the '\(form.key)' form must be a <string>", at: form.value.location)
          }
          plural[category] = .text(text)
        }
        guard !plural.isEmpty else { throw DarkroomError("\(context) gives no plural form (zero … other)", at: at) }
        forms = .applePlural(plural)
      case "NSStringDeviceSpecificRuleType":
        var devices: [String: LocalizedString] = [:]
        for form in rule where form.key != "NSStringFormatSpecTypeKey" && form.key != "NSStringFormatValueTypeKey" {
          guard case .string(let text, _) = form.value else {
            throw DarkroomError("\(context): the '\(Quoted.text(form.key))' form must be a <string>", at: form.value.location)
          }
          devices[form.key] = .text(text)
        }
        forms = .device(devices)
      default:
        throw DarkroomError(
          "\(context): unsupported rule type '\(Quoted.text(type))' (NSStringPluralRuleType or NSStringDeviceSpecificRuleType)",
          at: typeAt)
      }
      substitutions[field.key] = Substitution(argument: nil, forms: forms, formatSpecifier: nil)
    }
    return substitutions.isEmpty ? .text(format) : .substituted(.text(format), substitutions)
  }

  /// The text of the widest width a `NSStringVariableWidthRuleType` gives.
  private func widest(_ node: PropertyListNode, key: String) throws(DarkroomError) -> String {
    guard case .dictionary(let widths, let at) = node else {
      throw DarkroomError("'\(key)': NSStringVariableWidthRuleType must be a <dict>", at: node.location)
    }
    var best: (width: Int, text: String)?
    for width in widths {
      guard let value = Int(width.key), case .string(let text, _) = width.value else {
        throw DarkroomError("'\(key)': a width is a number with a <string>", at: width.location)
      }
      if best == nil || value > best?.width ?? 0 { best = (value, text) }
    }
    guard let best else { throw DarkroomError("'\(key)': NSStringVariableWidthRuleType gives no width", at: at) }
    return best.text
  }
}
