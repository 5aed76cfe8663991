/// One line of text, shaped and placed: glyphs from one or more faces (a fallback
/// face where the first lacks a character), in visual order, with positions in the
/// caller's unit (points) from the left end of the baseline.
///
/// Drawn with ``PixelBuffer/draw(_:baselineOrigin:scale:with:clip:)``, glyph by glyph
/// from cached glyph images, with its underline and strikethrough; or as one path
/// with ``path(baselineOrigin:scale:)``.
public struct TextLine: Sendable {
  /// One glyph placed on the line.
  public struct PlacedGlyph: Sendable {
    /// The face the glyph comes from.
    public let face: FontFace
    /// The glyph's index in that face.
    public let index: UInt32
    /// From the line's left end to the glyph's origin.
    public let x: Double
    /// Up from the baseline (marks placed by shaping).
    public let y: Double
    /// The text run (of the paragraph's) the glyph belongs to.
    public let run: Int
    /// The UTF-16 offset in the line's text of the first character it stands for.
    public let cluster: Int
  }

  /// Where one text run's glyphs sit on a line set from several runs.
  struct Piece: Sendable {
    /// The run's index in the paragraph's runs.
    let run: Int
    /// Its glyphs in ``glyphs``.
    let glyphs: Range<Int>
    /// The UTF-16 offsets in ``text`` of the characters they stand for.
    let text: Range<Int>
    /// From the line's left end to where the piece starts.
    let x: Double
    /// To where the next piece starts, or the line's end.
    let width: Double
  }

  /// A rule drawn with the text (underline, strikethrough), from the baseline's
  /// left end: `y` is the rule's top, downwards positive.
  public struct Rule: Sendable, Equatable {
    /// From the line's left end.
    public let x: Double
    /// The rule's top edge, below the baseline when positive.
    public let y: Double
    /// Its length.
    public let width: Double
    /// Its thickness.
    public let height: Double
  }

  /// The text the line shows (with an ellipsis where it was truncated).
  public let text: String
  /// The size in the caller's unit (points) per em.
  public let size: Double
  /// The line's width: its last glyph's advance end, trailing spaces excluded.
  public let width: Double
  /// Height above the baseline (the first face's).
  public let ascent: Double
  /// Depth below the baseline, positive.
  public let descent: Double
  /// The glyphs, left to right.
  public let glyphs: [PlacedGlyph]
  /// Underline and strikethrough rules.
  public let rules: [Rule]
  /// The first face of the chain the line was set with.
  public let face: FontFace
  /// Where the text runs change on the line; empty when it holds one run.
  let runPieces: [Piece]

  init(
    text: String, size: Double, width: Double, glyphs: [PlacedGlyph], rules: [Rule], face: FontFace,
    pieces: [Piece] = []
  ) {
    self.text = text
    self.size = size
    self.width = width
    self.glyphs = glyphs
    self.rules = rules
    self.face = face
    self.runPieces = pieces
    let unitsPerEm = Double(face.metrics.unitsPerEm)
    ascent = Double(face.metrics.ascender) * size / unitsPerEm
    descent = Double(-face.metrics.descender) * size / unitsPerEm
  }

  /// Sets `text` on one line in `face` at `size` units per em, shaped, with no
  /// fallback, wrapping or truncation; shaped through `caches` (default: caches of
  /// its own).
  public init(_ text: String, face: FontFace, size: Double, caches: TextCaches = TextCaches()) {
    var style = ParagraphStyle(size: size)
    style.lines = 0
    let layout = TextLayout(text, fonts: FontChain([face]), style: style, width: nil, caches: caches)
    self = layout.lines.first?.line ?? TextLine(text: text, size: size, width: 0, glyphs: [], rules: [], face: face)
  }

  /// The line cut where its text run changes, left to right: each piece is a line
  /// of its own (its text, glyphs, rules and width) starting `x` from this line's
  /// left end, to be drawn in its run's colour. A line of one run is one piece, itself.
  public func pieces() -> [(run: Int, x: Double, line: TextLine)] {
    guard !runPieces.isEmpty else { return [(glyphs.first?.run ?? 0, 0, self)] }
    let units = Array(text.utf16)
    return runPieces.map { piece in
      let shifted = glyphs[piece.glyphs].map {
        PlacedGlyph(face: $0.face, index: $0.index, x: $0.x - piece.x, y: $0.y, run: $0.run, cluster: $0.cluster - piece.text.lowerBound)
      }
      let end = piece.x + piece.width
      let rules = self.rules.filter { $0.x >= piece.x && $0.x < end }.map {
        Rule(x: $0.x - piece.x, y: $0.y, width: $0.width, height: $0.height)
      }
      let text = String(decoding: units[piece.text], as: UTF16.self)
      let face = shifted.first?.face ?? self.face
      return (piece.run, piece.x, TextLine(text: text, size: size, width: piece.width, glyphs: shifted, rules: rules, face: face))
    }
  }

  /// The line's outlines as one path, with the baseline's left end at `origin`,
  /// everything multiplied by `scale` (points to pixels), y growing downwards.
  public func path(baselineOrigin origin: Point, scale: Double) -> Path {
    var path = Path()
    for placed in glyphs {
      let glyph = placed.face.glyph(at: placed.index)
      guard !glyph.outline.elements.isEmpty else { continue }
      let factor = size * scale / Double(placed.face.metrics.unitsPerEm)
      let left = (origin.x + placed.x) * scale
      let baseline = (origin.y - placed.y) * scale
      path.append(glyph.outline.mapped { Point(x: left + $0.x * factor, y: baseline - $0.y * factor) })
    }
    return path
  }
}
