/// The commands Darkroom suggests in its output beside the accept commands its
/// baselines build, so a folder a project names is quoted wherever a suggestion is
/// printed.
extension ShellCommand {
  /// `darkroom prune` (with `--yes`) over the layouts and golden folders a run used,
  /// naming each that is not the default.
  public static func prune(layouts: String?, golden: String?, manifest: Bool = false, yes: Bool = false) -> ShellCommand {
    var command = ShellCommand(["darkroom", "prune"])
    if manifest { command = command.adding("--golden-format", "manifest") }
    if let layouts, layouts != "Layouts" { command = command.adding("--layouts", layouts) }
    if let golden, golden != "Golden" { command = command.adding("--golden", golden) }
    return yes ? command.appending("--yes") : command
  }

  /// The command's text in a sentence: itself, or how to write it when a word of it
  /// cannot be printed (``text``).
  public var shown: String {
    text ?? "\(words.prefix(2).joined(separator: " ")) (naming its folders by hand: one holds a character that cannot be printed)"
  }
}
