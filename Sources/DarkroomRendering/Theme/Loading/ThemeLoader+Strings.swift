import DarkroomFoundation
import Foundation

extension Theme {
  /// The most string sources a theme may list.
  static let maximumStringSources = 64

  /// `strings: [Localizable.xcstrings, Resources/, res/]`: each source read, paths
  /// relative to the theme; a key two sources give keeps the first one's text.
  static func parseStrings(_ node: YAMLNode, folder: String, reader: InputReader) throws(DarkroomError) -> StringTable {
    let items = try node.sequence("strings")
    guard items.count <= maximumStringSources else {
      throw DarkroomError("a theme may list at most \(maximumStringSources) string sources, found \(items.count)", at: node.location)
    }
    var table = StringTable()
    for item in items {
      let path = try item.string("a string source")
      guard !path.isEmpty else { throw DarkroomError("a string source is a path, found nothing", at: item.location) }
      let resolved = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
      guard reader.exists(resolved) else {
        throw DarkroomError("cannot read the strings '\(path)': no such file or folder", at: item.textLocation)
      }
      table.merge(try StringSources.load(resolved, reader: reader))
    }
    return table
  }

  /// `locales: [en, de, ar, en-XA]`: tags (BCP 47: a language of two or three
  /// letters, then subtags of letters and digits), each once; a language no string
  /// source has is refused when the theme lists strings.
  static func parseLocales(
    _ node: YAMLNode, strings: StringTable
  ) throws(DarkroomError) -> [(locale: LocaleID, location: SourceLocation)] {
    var result: [(locale: LocaleID, location: SourceLocation)] = []
    let items = try node.sequence("locales")
    guard !items.isEmpty else { throw DarkroomError("'locales' names no locale", at: node.location) }
    let languages = strings.languages
    for item in items {
      let tag = try item.string("a locale")
      let locale = LocaleID(tag)
      try checkLocaleTag(tag, at: item.textLocation)
      if let first = result.first(where: { $0.locale.identifier.lowercased() == locale.identifier.lowercased() }) {
        throw DarkroomError("locale '\(tag)' is listed twice (first at line \(first.location.line))", at: item.textLocation)
      }
      if locale.pseudo == nil, !languages.isEmpty, strings.language(for: locale) == nil {
        throw DarkroomError(
          "no string source has the locale '\(tag)' (they have \(languages.sorted().joined(separator: ", ")))",
          at: item.textLocation, suggestion: Suggestion.closest(to: tag, in: languages))
      }
      result.append((locale, item.textLocation))
    }
    return result
  }

  /// A locale becomes part of file names: letters, digits and hyphens only, a
  /// language of two or three letters first.
  static func checkLocaleTag(_ tag: String, at location: SourceLocation) throws(DarkroomError) {
    let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
    let isLetters = { (s: Substring) in s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } }
    let isAlphanumeric = { (s: Substring) in
      s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
    guard let language = parts.first, (2...3).contains(language.count), isLetters(language),
      parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && isAlphanumeric($0) }), parts.count <= 4
    else {
      throw DarkroomError(
        "'\(tag)' is not a locale: a language of two or three letters, then region or script (en, pt-BR, zh-Hans, en-XA)",
        at: location)
    }
  }
}
