/// How a reviewer accepts a snapshot's change, as its baseline says.
public enum Acceptance: Sendable, Equatable, Codable, CustomStringConvertible {
  /// A command that records exactly this change (`darkroom record --only
  /// buttons/dark`).
  case command(String)
  /// What to do instead, when nothing is recorded (a review is accepted by merging).
  case instruction(String)

  /// The command, or the instruction.
  public var description: String {
    switch self {
    case .command(let text), .instruction(let text): text
    }
  }
}
