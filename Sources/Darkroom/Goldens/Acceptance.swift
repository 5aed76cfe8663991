import DarkroomFoundation
import DarkroomRendering

/// How a reviewer accepts a snapshot's change, as its baseline says.
public enum Acceptance: Sendable, Equatable, Codable, CustomStringConvertible {
  /// A command that records exactly this change (`darkroom record --only
  /// buttons/dark`).
  case command(ShellCommand)
  /// What to do instead, when nothing is recorded (a review is accepted by merging).
  case instruction(String)

  /// `command`, or an instruction when one of its words cannot be printed safely
  /// (``/DarkroomFoundation/ShellCommand/text``).
  public static func running(_ command: ShellCommand) -> Acceptance {
    command.text == nil ? .instruction(unprintable) : .command(command)
  }

  /// What a reviewer is told when the command cannot be shown.
  static let unprintable =
    "no command is shown: a folder or snapshot name in it holds a control, line-break or formatting character; record the snapshot with darkroom record --only, typing its name"

  /// The command, or the instruction.
  public var description: String {
    switch self {
    case .command(let command): command.text ?? Self.unprintable
    case .instruction(let text): text
    }
  }

  /// Whether it is a command to run (the page offers to copy it).
  public var isCommand: Bool {
    if case .command(let command) = self { command.text != nil } else { false }
  }
}

extension Acceptance {
  private enum Key: String, CodingKey {
    case command, words, environment, instruction
  }

  /// `{"command": "darkroom record …", "words": […]}` — the text as a reader pastes
  /// it, with the words it is made of — or `{"instruction": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .command(let command):
      try container.encode(description, forKey: .command)
      try container.encode(command.words, forKey: .words)
      if !command.environment.isEmpty { try container.encode(command.environment, forKey: .environment) }
    case .instruction(let text):
      try container.encode(text, forKey: .instruction)
    }
  }

  /// Reads what ``encode(to:)`` wrote: a command from its words, never its text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    if let words = try container.decodeIfPresent([String].self, forKey: .words) {
      let environment = try container.decodeIfPresent([ShellCommand.Assignment].self, forKey: .environment) ?? []
      self = .command(ShellCommand(words, environment: environment))
    } else {
      self = .instruction(try container.decode(String.self, forKey: .instruction))
    }
  }
}
