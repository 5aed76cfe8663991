/// A property as the reader's scan sees it, for checking the reader against
/// another parser of the same file (the swift-syntax oracle in
/// `Scripts/swift-colors-oracle/`): its path, where its name is, its type as
/// written, where its initial value begins and ends, and its `#if` state.
public struct SwiftPropertyOutline: Sendable, Hashable, CustomStringConvertible {
  /// `IceCubeDark.tintColor`.
  public let name: String
  /// Where the name is written.
  public let location: SwiftSourceLocation
  /// The type annotation's text, tokens joined (`Color`, `[String: UIColor]`).
  public let type: String?
  /// Where the initial value's first token begins, when there is one.
  public let initializerStart: SwiftSourceLocation?
  /// Just past the initial value's last token; nil when it could not be parsed.
  public let initializerEnd: SwiftSourceLocation?
  /// Whether it has a getter or accessors.
  public let hasBody: Bool

  /// One line: `IceCubeDark.tintColor @57:14 : Color = 57:24..57:76`.
  public var description: String {
    var text = "\(name) @\(location.line):\(location.column)"
    if let type { text += " : \(type)" }
    if let start = initializerStart {
      let end = initializerEnd.map { "\($0.line):\($0.column)" } ?? "?"
      text += " = \(start.line):\(start.column)..\(end)"
    }
    if hasBody { text += " { }" }
    return text
  }
}

/// The reader's view of a file, for the oracle to compare.
public enum SwiftOutline {
  /// Every property at the top of the file or in a type's body, whatever its type
  /// and whatever `#if` it is under.
  public static func properties(of file: SwiftFile) throws(SwiftSourceError) -> [SwiftPropertyOutline] {
    let brackets = try SwiftBrackets(file)
    let (properties, _) = try SwiftDeclarationScanner(file: file, brackets: brackets).scan()
    return properties.map { property in
      let start = property.initializer.map { file.location(file.tokens[$0.start]) }
      let end = property.initializer.flatMap { initializer in
        initializer.end.map { file.endLocation(file.tokens[$0 - 1]) }
      }
      return SwiftPropertyOutline(
        name: (property.scope + [property.name]).joined(separator: "."),
        location: file.location(file.tokens[property.nameToken]),
        type: property.type.map { SwiftTypes.text(of: file, from: $0.lowerBound, to: $0.upperBound) },
        initializerStart: start, initializerEnd: end, hasBody: property.body != nil)
    }
  }
}
