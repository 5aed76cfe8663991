import DarkroomFoundation

/// One run of a label's `runs:` — a stretch of its text in its own colour, weight
/// or decoration, as a tinted @mention or #tag inside a post's body, or a Markdown
/// span of a string's value. The label's own settings apply where a run sets none.
public struct TextRunSpec: Sendable {
  /// The run's text: written in the layout, or a key of the theme's strings (whose
  /// value's Markdown is styled as in any label).
  public var text: LocalizedText
  /// The run's colour; nil: the label's.
  public var color: ColorExpression?
  /// The run's weight; nil: the label's.
  public var weight: FontWeight?
  /// Set in the font's italic. Default: false.
  public var italic = false
  /// Set in the monospaced font, as SwiftUI's `.monospaced()`. Default: false.
  public var monospaced = false
  /// A line under the run (the label's underline draws one under every run).
  public var underline = false
  /// A line through the run (as the label's strikethrough).
  public var strikethrough = false

  /// A run of `text` in the label's style.
  public init(_ text: LocalizedText) { self.text = text }
}

extension TextRunSpec: SpecValue {
  /// `{ text: "@ana", color: key, weight: semibold }`, or a bare string: a run in
  /// the label's style.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> TextRunSpec {
    guard case .mapping = node.node else { return TextRunSpec(LocalizedText(verbatim: try node.string("a run"))) }
    var r = try SpecReader(
      node, what: "a text run", at: node.location, prefix: reader.prefix + key + ".", depth: reader.depth,
      budget: reader.budget)
    var run = TextRunSpec(try r.required("text", missing: "a text run needs 'text'"))
    try r.read(
      into: &run, ("color", \.color), ("weight", \.weight), ("italic", \.italic), ("monospaced", \.monospaced),
      ("underline", \.underline), ("strikethrough", \.strikethrough))
    try r.finish()
    reader.keep(r)
    return run
  }
}
