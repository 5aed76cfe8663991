/// Text a layout shows: written in the layout itself, or looked up by key in the
/// theme's `strings:` in the locale being drawn.
///
/// A layout file writes either `text: Orders` or `text: { key: orders.count, count: 3 }`
/// (`args: [Ana]` fills `%@`); Swift writes a string literal or
/// `.localized("orders.count", count: 3)`. Text written in the layout stays the same
/// in every locale (a pseudo-locale still transforms it, so hard-coded text shows).
public struct LocalizedText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The text itself, or the key to look up.
  public var source: Source
  /// The number that picks a plural form; when there are no ``arguments`` it is also
  /// the one format argument.
  public var count: Int?
  /// The values the text's format specifiers are filled with, in order.
  public var arguments: [FormatArgument]
  /// Where the key was written, for messages (not part of equality).
  package var location: SourceLocation?

  /// What the text is.
  public enum Source: Sendable, Hashable {
    /// Text written in the layout.
    case verbatim(String)
    /// A key of the theme's strings.
    case key(String)
  }

  /// Text written in the layout.
  public init(verbatim text: String) {
    self.source = .verbatim(text)
    self.count = nil
    self.arguments = []
  }

  /// Text written in the layout.
  public init(stringLiteral value: String) { self.init(verbatim: value) }

  /// The text of `key` in the locale being drawn, its plural form picked by `count`,
  /// its specifiers filled with `arguments` (or, when none are given, with `count`).
  public static func localized(_ key: String, count: Int? = nil, arguments: [FormatArgument] = []) -> LocalizedText {
    var text = LocalizedText(verbatim: "")
    text.source = .key(key)
    text.count = count
    text.arguments = arguments
    return text
  }

  /// The key, when the text is looked up.
  public var key: String? {
    if case .key(let key) = source { return key }
    return nil
  }

  /// Whether this is text written in the layout with no characters.
  public var isEmpty: Bool { source == .verbatim("") }

  /// The text written in the layout, or the key in braces (`{orders.count}`).
  public var description: String {
    switch source {
    case .verbatim(let text): return text
    case .key(let key): return "{\(key)}"
    }
  }

  /// The format arguments: ``arguments``, else the count alone.
  var formatArguments: [FormatArgument] {
    if !arguments.isEmpty { return arguments }
    return count.map { [.integer($0)] } ?? []
  }

  /// Equal when they show the same thing, wherever they were written.
  public static func == (a: LocalizedText, b: LocalizedText) -> Bool {
    a.source == b.source && a.count == b.count && a.arguments == b.arguments
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(count)
    hasher.combine(arguments)
  }
}
