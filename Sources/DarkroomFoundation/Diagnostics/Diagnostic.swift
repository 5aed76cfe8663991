/// One message about the user's input, in the form compilers, editors and CI
/// annotators read: `file:line:column: error: message`.
///
/// Errors (``DarkroomError``) and warnings (a character no font has, a lint
/// finding) become diagnostics at the edge, which renders them once — as a line, or
/// as a GitHub Actions annotation.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How serious it is.
  public enum Severity: String, Sendable, Codable {
    /// The input cannot be used; nothing is written.
    case error
    /// The input is used, but probably not as meant.
    case warning
  }

  /// How serious it is.
  public var severity: Severity
  /// Where, when it is in a file.
  public var location: SourceLocation?
  /// The file involved when there is no line to point at.
  public var file: String?
  /// What is wrong, in a sentence without a trailing full stop.
  public var message: String
  /// A close, known name the user may have meant.
  public var suggestion: String?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil, file: String? = nil,
    suggestion: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.file = file ?? location?.file
    self.suggestion = suggestion
  }

  /// The most characters a message shows: a safety net under ``Excerpt``, so no
  /// message repeats a whole file whatever it quotes.
  public static let messageLimit = 600

  /// The message with its suggestion: `message; did you mean 'x'?`.
  public var text: String {
    let shown = message.count <= Self.messageLimit ? message : String(message.prefix(Self.messageLimit)) + "…"
    guard let suggestion else { return shown }
    return "\(shown); did you mean \(Excerpt.quoted(suggestion))?"
  }

  /// One line: `file:line:column: error: message; did you mean 'x'?` (the file
  /// alone, or nothing, when that is all there is). It is one line whatever the
  /// message quotes: a newline or control character in a value or a file's name is
  /// written as a visible escape (``TerminalText``).
  public var description: String {
    if let location { return TerminalText.line("\(location): \(severity.rawValue): \(text)") }
    if let file { return TerminalText.line("\(file): \(severity.rawValue): \(text)") }
    return TerminalText.line("\(severity.rawValue): \(text)")
  }

  /// The diagnostic as a GitHub Actions workflow command
  /// (`::error file=…,line=…,col=…::message`), which the run's page shows on the
  /// file's line. The file and message are made one safe line first, as every
  /// line Darkroom prints is (``TerminalText``), then escaped as the runner reads
  /// them back.
  public var githubAnnotation: String {
    var properties: [String] = []
    if let file = location?.file ?? file { properties.append("file=" + Self.escapeProperty(TerminalText.line(file))) }
    if let location {
      properties.append("line=\(location.line)")
      properties.append("col=\(location.column)")
    }
    let head = properties.isEmpty ? "::\(severity.rawValue)" : "::\(severity.rawValue) " + properties.joined(separator: ",")
    return head + "::" + Self.escapeData(TerminalText.line(text))
  }

  // GitHub's runner reads these escapes back (actions/toolkit, command.ts).
  private static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
