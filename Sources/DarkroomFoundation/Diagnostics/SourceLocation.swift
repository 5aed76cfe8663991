/// Where in an input file something was written.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file's path as the user gave it.
  public var file: String
  /// Line number, from 1.
  public var line: Int
  /// Column number, from 1, counted in Unicode scalars.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }

  /// The same line, `offset` columns to the right.
  package func advanced(by offset: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column + offset)
  }
}
