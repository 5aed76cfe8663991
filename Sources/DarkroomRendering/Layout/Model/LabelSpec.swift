import DarkroomFoundation
import DarkroomRaster
/// `label`: text — one line by default, or wrapped to a number of lines — shaped,
/// with fallback faces, truncation and decorations.
public struct LabelSpec: Sendable {
  /// The text, at most 1000 characters. A key's value may hold inline Markdown,
  /// which is styled as SwiftUI's `Text` styles a `LocalizedStringKey`'s.
  public var text: LocalizedText
  /// The text as runs in their own colours, weights and decorations, set one after
  /// another as one text (written instead of `text`); nil: ``text`` alone.
  public var runs: [TextRunSpec]? = nil
  /// The colour of links in Markdown, as SwiftUI's `.tint`. Default: the theme's
  /// `key`, else `system.blue`.
  public var tint: ColorExpression = .defaultTint
  /// The iOS text style, whose size follows the mode's content size (Dynamic Type).
  public var style: TextStyle?
  /// A size in points, 1…200, which stays fixed whatever the content size; nil: the
  /// style's, else 17.
  public var size: Double?
  /// The weight; nil: the style's, else regular.
  public var weight: FontWeight?
  /// The colour. Default: the theme's `primaryText`, else UIKit's label colour.
  public var color: ColorExpression = .defaultText
  /// Where lines sit in the label's width (`align`). Default: `.leading`.
  public var alignment: TextAlign = .leading
  /// The most lines, 0…1000; 0 for no limit. Default: 1.
  public var lines = 1
  /// Where text that does not fit is cut. Default: `.tail`.
  public var truncation: ParagraphStyle.Truncation = .tail
  /// Baseline to baseline in points, 1…1000; nil: the style's, else the font's.
  public var lineHeight: Double?
  /// Points added after each character, -20…100. Default: 0.
  public var letterSpacing = 0.0
  /// A line under the text. Default: false.
  public var underline = false
  /// A line through the text. Default: false.
  public var strikethrough = false
  /// A font family of the theme's `fonts:`, tried before Inter; nil: Inter.
  public var font: String?
  /// The label is meant to cut its text (`truncates: expected`), so the truncation
  /// audit does not list it. Default: false.
  public var expectsTruncation = false
  /// Whether a style's size follows the content size; bars keep theirs, as UIKit's
  /// do.
  var scales = true
  /// Text computed in each mode instead of ``text`` (the palette sheet's values).
  var value: LabelValue? = nil
  /// Whether the text shows in capitals, by the locale's rules, as SwiftUI's
  /// `.textCase(.uppercase)` shows a grouped list's section headers. Set by
  /// components.
  var uppercased = false

  /// The most characters a label's text may have.
  static let maximumLength = 1000
}

extension LabelSpec: NodeSpec {
  package var kind: NodeKind { .label }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    if let runs = r.value("runs") {
      if r.has("text") {
        throw DarkroomError("a label has 'text' or 'runs', not both", at: r.valueLocation("text"))
      }
      var list: [TextRunSpec] = []
      // Each run is read under its own index, so a check names the run it fails on.
      for (index, item) in try runs.sequence("runs").enumerated() {
        try r.budget.count(at: item.location)
        list.append(try TextRunSpec.read(item, key: "runs.\(index)", reader: &r))
      }
      guard !list.isEmpty else { throw DarkroomError("a label's 'runs' needs at least one run", at: runs.location) }
      self.init(text: LocalizedText(verbatim: ""))
      self.runs = list
    } else {
      self.init(text: try r.required("text", missing: "a label needs 'text' (or 'runs')"))
    }
    try r.read(
      into: &self, ("style", \.style), ("size", \.size), ("weight", \.weight), ("color", \.color), ("align", \.alignment),
      ("truncation", \.truncation), ("lineHeight", \.lineHeight), ("letterSpacing", \.letterSpacing),
      ("underline", \.underline), ("strikethrough", \.strikethrough), ("font", \.font), ("tint", \.tint))
    try r.read("lines", into: &lines, hint: " (0: no limit)")
    if let truncates = r.value("truncates") {
      guard (try? truncates.string("truncates")) == "expected" else {
        throw DarkroomError(
          "truncates takes one value, 'expected' (the label is meant to cut its text)", at: truncates.textLocation,
          suggestion: "expected")
      }
      expectsTruncation = true
    }
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    guard text.description.unicodeScalars.count <= Self.maximumLength else {
      throw c.error("label text is limited to \(Self.maximumLength) characters", at: "text")
    }
    var written = 0
    for (index, run) in (runs ?? []).enumerated() {
      written += run.text.description.unicodeScalars.count
      guard written <= Self.maximumLength else {
        throw c.error("a label's runs are limited to \(Self.maximumLength) characters in all", at: "runs.\(index).text")
      }
      try c.color(run.color, "runs.\(index).color")
    }
    try c.color(tint, "tint")
    try c.number(size, "size", in: 1...200)
    try c.color(color, "color")
    try c.number(Double(lines), "lines", in: 0...1000)
    try c.number(lineHeight, "lineHeight", in: 1...1000)
    try c.number(letterSpacing, "letterSpacing", in: -20...100)
    try c.font(font, "font")
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.label(self, of: node)
  }
}

extension LabelSpec {
  /// A label of `text` at a point size and weight, the other keys at their
  /// defaults: a store page's caption and subtitle.
  package init(
    text: LocalizedText, size: Double, weight: FontWeight, color: ColorExpression = .defaultText, alignment: TextAlign,
    lines: Int
  ) {
    self.text = text
    self.size = size
    self.weight = weight
    self.color = color
    self.alignment = alignment
    self.lines = lines
  }
}
