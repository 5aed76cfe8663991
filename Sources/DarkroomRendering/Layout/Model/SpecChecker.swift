import DarkroomFoundation
import DarkroomRaster

/// Checks one node's values against their limits and its names against a theme,
/// pointing at where each value was written: in a layout file, the value's own line
/// and column (from the node's source map); in Swift, the call that built the node.
///
/// It is the one place a node's values are judged, whichever front end built it, so
/// a YAML file and the same layout in Swift fail with the same messages.
package struct SpecChecker {
  /// The theme names are checked against; nil checks values only (a layout's size
  /// while it is parsed).
  let theme: Theme?
  /// Where the checked values were written.
  let sources: SourceMap
  /// Where the node (or layout) was written, for values without a place of their own.
  let location: SourceLocation
  /// The key path of the part being checked (a shadow's `shadow.`).
  var prefix = ""

  /// A checker for `node`.
  package init(theme: Theme?, node: Node) {
    self.init(theme: theme, sources: node.sources, location: node.location)
  }

  package init(theme: Theme?, sources: SourceMap, location: SourceLocation, prefix: String = "") {
    self.theme = theme
    self.sources = sources
    self.location = location
    self.prefix = prefix
  }

  /// The checker for the mapping under `key`.
  func nested(_ key: String) -> SpecChecker {
    SpecChecker(theme: theme, sources: sources, location: location, prefix: prefix + key + ".")
  }

  /// Where `key`'s value was written, else where the node was.
  func location(_ key: String?) -> SourceLocation {
    key.flatMap { sources.values[prefix + $0] } ?? location
  }

  /// Whether the file wrote `key` (always false for a node built in Swift).
  package func has(_ key: String) -> Bool { sources.values[prefix + key] != nil }

  /// An error at `key`'s value, or at the node.
  package func error(_ message: String, at key: String? = nil, suggestion: String? = nil) -> DarkroomError {
    DarkroomError(message, at: location(key), suggestion: suggestion)
  }

  /// Checks that a number (when there is one) is within `range`; `what` names it
  /// in the message (default: the key).
  package func number(_ value: Double?, _ key: String, in range: ClosedRange<Double>, what: String? = nil) throws(DarkroomError) {
    guard let value, !range.contains(value) || !value.isFinite else { return }
    throw error(
      "\(what ?? key) must be between \(YAMLNode.format(range.lowerBound)) and \(YAMLNode.format(range.upperBound)), found \(YAMLNode.format(value))",
      at: key)
  }

  /// Checks that every name in a colour is one the theme has.
  package func color(_ expression: ColorExpression?, _ key: String) throws(DarkroomError) {
    guard let expression, let theme else { return }
    for name in expression.references where !theme.has(name) {
      try theme.checkColor(named: name, at: sources.names[prefix + key + "#" + name] ?? location(key))
    }
  }

  /// Checks several colours, each with its key.
  func colors(_ colors: KeyValuePairs<String, ColorExpression?>) throws(DarkroomError) {
    for (key, color) in colors { try self.color(color, key) }
  }

  /// Checks that the theme has the image `name`.
  func image(_ name: String?, _ key: String) throws(DarkroomError) {
    guard let name, let theme else { return }
    try theme.checkImage(named: name, at: location(key))
  }

  /// Checks that an icon's name, when no built-in icon has it, is one of the theme's
  /// symbols.
  func icon(_ name: String?, _ key: String) throws(DarkroomError) {
    guard let name, Icon(rawValue: name) == nil, let theme, theme.symbols[name] == nil else { return }
    let own = theme.symbols.keys.sorted(), builtIn = Icon.allCases.map(\.rawValue)
    let known =
      own.isEmpty
      ? "the theme has no symbols: name an SF Symbols template in its 'symbols:' or keep a .symbolset in its asset catalog"
      : "the project's symbols: " + own.joined(separator: ", ")
    throw error(
      "unknown icon '\(Quoted.text(name))' (\(known); built-in: \(builtIn.joined(separator: ", ")))", at: key,
      suggestion: Suggestion.closest(to: name, in: own + builtIn))
  }

  /// Checks that the theme's `fonts:` has the family `name`.
  func font(_ name: String?, _ key: String) throws(DarkroomError) {
    guard let name, let theme, theme.fonts[name] == nil else { return }
    let known = theme.fonts.keys.sorted()
    let hint = known.isEmpty ? "the theme names no fonts" : "the theme's fonts: " + known.joined(separator: ", ")
    throw error("unknown font '\(name)' (\(hint))", at: key, suggestion: Suggestion.closest(to: name, in: known))
  }

  /// Checks every inset against `range`.
  func insets(_ insets: Insets, _ key: String, in range: ClosedRange<Double>) throws(DarkroomError) {
    for side in insets.sides { try number(side, key, in: range) }
  }
}
