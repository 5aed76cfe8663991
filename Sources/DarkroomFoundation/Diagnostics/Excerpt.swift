/// A short piece of what a file holds, for a message that quotes it: a message
/// never repeats more of a file than this, whatever the file is (a layout that is a
/// link to a password file, a value a megabyte long).
public enum Excerpt {
  /// The most characters a quoted value shows. Default: 40.
  public static let limit = 40

  /// `text` in single quotes, cut to ``limit`` characters with `…`.
  public static func quoted(_ text: String) -> String {
    "'\(short(text))'"
  }

  /// `text` cut to ``limit`` characters with `…`.
  public static func short(_ text: String) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "…"
  }
}
