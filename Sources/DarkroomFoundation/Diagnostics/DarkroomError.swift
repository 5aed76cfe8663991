/// A problem with the user's input: what is wrong, where, and what was probably meant.
///
/// Errors are data until they reach the edge (the command line or a test), which
/// renders them with ``description`` as one line:
/// `file:line:column: error: message; did you mean 'x'?`.
public struct DarkroomError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where the problem is, when it is in a file.
  public var location: SourceLocation?
  /// The file involved when there is no line to point at.
  public var file: String?
  /// What is wrong, in a sentence without a trailing full stop.
  public var message: String
  /// A close, known name the user may have meant.
  public var suggestion: String?

  /// Creates an error.
  public init(
    _ message: String, at location: SourceLocation? = nil, file: String? = nil,
    suggestion: String? = nil
  ) {
    self.message = message
    self.location = location
    self.file = file ?? location?.file
    self.suggestion = suggestion
  }

  /// The error as a diagnostic of severity `error`.
  public var diagnostic: Diagnostic {
    Diagnostic(.error, message, at: location, file: file, suggestion: suggestion)
  }

  /// One line: `file:line:column: error: message; did you mean 'x'?`.
  public var description: String { diagnostic.description }
}
