/// A command Darkroom prints for a person to run — an accept command, a prune hint,
/// the command that draws one snapshot — kept as its words, and written for a POSIX
/// shell in one place.
///
/// Words such as a golden folder or a snapshot's name come from the project, which a
/// pull request writes: a folder named `G$(touch x)` must reach `darkroom` as those
/// characters when a reviewer pastes the command, not run `touch`. So every word is
/// written as the shell reads it back exactly: as it is when it holds only
/// characters no shell treats specially, else in single quotes (a `'` inside as
/// `'\''`). A value that starts with `-` is joined to its option (`--golden=-x`), so
/// `darkroom` does not take it for an option of its own.
///
/// A word holding a control character, a line or paragraph separator, or a
/// bidirectional or invisible formatting character has no safe one-line form: a
/// newline inside quotes is two lines in a log, and U+202E shows a command other
/// than the one that runs. Such a command has no ``text``; the caller says what to do
/// instead.
public struct ShellCommand: Sendable, Hashable, Codable {
  /// Environment variables set for the command (`DARKROOM_RECORD=failed`), in order.
  public var environment: [Assignment]
  /// The program and its arguments, as the program receives them.
  public var words: [String]

  /// A variable set for the one command.
  public struct Assignment: Sendable, Hashable, Codable {
    /// The variable's name: a trusted, plain name.
    public var name: String
    /// Its value, quoted where it needs it.
    public var value: String

    /// A variable set to `value`.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A command of `words`, with `environment` set for it.
  public init(_ words: [String], environment: [Assignment] = []) {
    self.words = words
    self.environment = environment
  }

  /// `words` followed by an option and its value: `--flag value`, or
  /// `--flag=value` when the value starts with `-` (it would read as an option).
  public func adding(_ flag: String, _ value: String) -> ShellCommand {
    var command = self
    command.words += value.hasPrefix("-") ? [flag + "=" + value] : [flag, value]
    return command
  }

  /// `words` followed by `more`. (Not an overload of ``adding(_:_:)``: Swift 6.0
  /// finds a call of two strings ambiguous between the two.)
  public func appending(_ more: String...) -> ShellCommand {
    var command = self
    command.words += more
    return command
  }

  /// The command without its last option when that is `flag` with `value` (as
  /// ``adding(_:_:)`` wrote it); nil when it ends otherwise.
  public func removing(_ flag: String, _ value: String) -> ShellCommand? {
    var command = self
    if words.last == flag + "=" + value && value.hasPrefix("-") {
      command.words.removeLast()
    } else if words.count >= 2 && words.suffix(2) == [flag, value] && !value.hasPrefix("-") {
      command.words.removeLast(2)
    } else {
      return nil
    }
    return command
  }

  /// The command as one line for a POSIX shell, or nil when a word cannot be written
  /// on one line safely.
  public var text: String? {
    var parts: [String] = []
    for assignment in environment {
      guard let value = Self.quoted(assignment.value) else { return nil }
      parts.append(assignment.name + "=" + value)
    }
    for word in words {
      guard let quoted = Self.quoted(word) else { return nil }
      parts.append(quoted)
    }
    return parts.joined(separator: " ")
  }

  /// `word` as a shell reads it back exactly: itself when plain, else single-quoted;
  /// nil when it holds a character with no safe one-line form.
  public static func quoted(_ word: String) -> String? {
    guard word.unicodeScalars.allSatisfy(printable) else { return nil }
    if !word.isEmpty && word.unicodeScalars.allSatisfy(plain) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Characters no POSIX shell gives a meaning to, anywhere in a word: no glob
  /// (`*?[`), expansion (`$~`), quoting, redirection, separator or comment.
  private static func plain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "/", ",", ":", "=", "@", "%", "+": true
    default: false
    }
  }

  /// Whether a scalar prints as itself on one line, where a reader sees it: not a
  /// control character, a line or paragraph separator, or a format character
  /// (bidirectional controls, zero-width characters).
  private static func printable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
    default: true
    }
  }
}
