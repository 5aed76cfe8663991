/// A place in a Swift file: its path as given, and a line and column counted from 1,
/// columns in Unicode scalars (as Darkroom's other sources count them).
public struct SwiftSourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path as the caller gave it.
  public let file: String
  /// The line, from 1.
  public let line: Int
  /// The column, from 1, in Unicode scalars.
  public let column: Int

  /// A location in `file`.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}

/// Why a Swift file could not be read at all: it is not Swift's lexical grammar
/// (an unterminated comment or string, a character Swift does not take), or it is
/// larger or deeper than a colour file is. One located message, as a compiler
/// would give.
public struct SwiftSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in one line.
  public let message: String
  /// Where.
  public let location: SwiftSourceLocation

  /// An error at `location`.
  public init(_ message: String, at location: SwiftSourceLocation) {
    self.message = message
    self.location = location
  }

  /// `file:line:column: message`.
  public var description: String { "\(location): \(message)" }
}
