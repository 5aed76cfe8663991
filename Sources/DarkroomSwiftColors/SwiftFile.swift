/// A Swift file, read as text and cut into tokens (``SwiftLexer``): never compiled,
/// never run.
public struct SwiftFile: Sendable {
  /// The file's path as the caller gave it; locations name it.
  public let path: String
  /// Its tokens, comments and whitespace left out.
  public let tokens: [SwiftToken]
  let bytes: [UInt8]

  /// Reads `text` as the Swift file `path`.
  ///
  /// - Throws: ``SwiftSourceError`` where the text leaves Swift's lexical grammar
  ///   (an unterminated comment, string or identifier, a character Swift does not
  ///   take, a malformed number) or exceeds ``SwiftLexer/maximumTokens``.
  public init(path: String, text: String) throws(SwiftSourceError) {
    self.path = path
    bytes = Array(text.utf8)
    var lexer = SwiftLexer(bytes: bytes, path: path)
    tokens = try lexer.run()
  }

  /// The token's text as written.
  public func text(_ token: SwiftToken) -> String {
    String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
  }

  /// An identifier's name: its text without the backticks that escape a keyword.
  public func name(_ token: SwiftToken) -> String {
    let text = text(token)
    guard text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
    return String(text.dropFirst().dropLast())
  }

  /// Whether the token is `text` exactly (comparing bytes, making no string).
  func token(_ token: SwiftToken, is text: StaticString) -> Bool {
    let length = Int(token.end - token.start)
    guard length == text.utf8CodeUnitCount else { return false }
    return text.withUTF8Buffer { expected in
      var index = Int(token.start)
      for byte in expected {
        guard bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
  }

  /// Where the token starts.
  public func location(_ token: SwiftToken) -> SwiftSourceLocation {
    SwiftSourceLocation(file: path, line: Int(token.line), column: Int(token.column))
  }

  /// Where the token ends: the line and column just past its last character.
  public func endLocation(_ token: SwiftToken) -> SwiftSourceLocation {
    var line = Int(token.line), column = Int(token.column)
    var index = Int(token.start)
    let end = Int(token.end)
    while index < end {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || (byte == 0x0D && (index >= end || bytes[index] != 0x0A)) {
        line += 1
        column = 1
      } else if index >= bytes.count || bytes[index] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SwiftSourceLocation(file: path, line: line, column: column)
  }
}
