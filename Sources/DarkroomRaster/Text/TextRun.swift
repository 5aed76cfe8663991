/// A stretch of a paragraph in one style: its own faces (a weight, italic or
/// monospaced cut) and decorations, set on the same lines as the stretches around it,
/// as an attributed string's runs are. A paragraph of several runs wraps, truncates
/// and reorders (right to left) as one text; each glyph remembers its run, so a
/// line can be drawn a run at a time (``TextLine/pieces()``).
public struct TextRun: Sendable, Hashable {
  /// The run's characters.
  public var text: String
  /// The faces the run is set in.
  public var fonts: FontChain
  /// Draw a line under the run.
  public var underline: Bool
  /// Draw a line through the run.
  public var strikethrough: Bool

  /// A run of `text` set in `fonts`.
  public init(_ text: String, fonts: FontChain, underline: Bool = false, strikethrough: Bool = false) {
    self.text = text
    self.fonts = fonts
    self.underline = underline
    self.strikethrough = strikethrough
  }

  /// Equal when they hold the same text, faces and decorations.
  public static func == (a: TextRun, b: TextRun) -> Bool {
    a.text == b.text && a.fonts.identity == b.fonts.identity && a.underline == b.underline
      && a.strikethrough == b.strikethrough
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(fonts.identity)
    hasher.combine(underline)
    hasher.combine(strikethrough)
  }
}
