/// A paragraph set in a width: split at hard line breaks, wrapped at Unicode's
/// break opportunities (a word wider than the width is broken between characters),
/// limited to a number of lines with an ellipsis where text is cut, and each line
/// aligned — leading meaning the writing direction's start.
///
/// Positions are in the caller's unit (points) from the top-left of the text's box;
/// the box is `width` wide (the widest line when no width is given) and holds every
/// line: the first line's ascent, a line height per further line, the last line's
/// descent.
public struct TextLayout: Sendable {
  /// A line and where its baseline starts.
  public struct PlacedLine: Sendable {
    /// The line.
    public let line: TextLine
    /// The left end of its baseline, from the box's top-left.
    public let origin: Point
  }

  /// The lines, top to bottom.
  public let lines: [PlacedLine]
  /// The box's width.
  public let width: Double
  /// The box's height.
  public let height: Double
  /// Whether the (first) paragraph runs right to left.
  public let rightToLeft: Bool
  /// Characters no face of the chain has; they are drawn as missing-glyph boxes.
  public let missing: [Unicode.Scalar]
  /// Whether some text was left out: a line cut with an ellipsis, or lines past the
  /// limit dropped.
  public let truncated: Bool

  /// The first line's baseline, from the box's top.
  public var firstBaseline: Double { lines.first?.origin.y ?? 0 }

  /// The ellipsis put where text is cut.
  static let ellipsis: [UInt16] = [0x2026]

  /// Sets `text` with `fonts` and `style` in `width` (nil: no limit, so lines break
  /// only at hard line breaks), shaping through `caches`.
  public init(_ text: String, fonts: FontChain, style: ParagraphStyle, width: Double?, caches: TextCaches) {
    let run = TextRun(text, fonts: fonts, underline: style.underline, strikethrough: style.strikethrough)
    self.init(runs: [run], style: style, width: width, caches: caches)
  }

  /// Sets the `runs`, one after another as one text, with `style` in `width`: the
  /// first run's primary face gives the lines' ascent, descent and height; each
  /// run's own faces and decorations set its characters. With no runs, the layout
  /// is empty.
  public init(runs: [TextRun], style: ParagraphStyle, width: Double?, caches: TextCaches) {
    guard let primary = runs.first?.fonts.primary.metrics else {
      self.lines = []
      self.width = width ?? 0
      self.height = 0
      self.rightToLeft = style.rightToLeft ?? false
      self.missing = []
      self.truncated = false
      return
    }
    let factor = style.size / Double(primary.unitsPerEm)
    let ascent = Double(primary.ascender) * factor
    let descent = Double(-primary.descender) * factor
    let lineHeight = style.lineHeight ?? max(Double(primary.lineHeight) * factor, ascent + descent)
    // A box measured from its text and given back after arithmetic (a padding
    // added and taken away) may come back an ulp narrower; that still fits.
    let limit = (width ?? .infinity) + Self.slack

    var pieces: [(line: LineSetter.Result, last: Bool, rightToLeft: Bool)] = []
    var missing: [Unicode.Scalar] = []
    var firstDirection: Bool? = nil
    var truncated = false
    let paragraphs = Self.paragraphs(StyledUnits(runs))
    paragraphLoop: for (p, paragraph) in paragraphs.enumerated() {
      let direction = style.rightToLeft ?? UnicodeText.bidiLevels(paragraph.units, rightToLeft: nil).rightToLeft
      if firstDirection == nil { firstDirection = direction }
      let setter = LineSetter(runs: runs, style: style, rightToLeft: direction, shaping: caches.shaping)
      var ranges = style.lines == 1 || width == nil ? [0..<paragraph.count] : Self.wrap(paragraph, setter: setter, width: limit)
      if ranges.isEmpty { ranges = [0..<0] }
      for (r, range) in ranges.enumerated() {
        let isLastAllowed = style.lines > 0 && pieces.count == style.lines - 1
        let moreFollows = r + 1 < ranges.count || p + 1 < paragraphs.count
        var units = Self.trimmed(paragraph[range.lowerBound..<(isLastAllowed ? paragraph.count : range.upperBound)])
        if isLastAllowed && r + 1 < ranges.count {
          // The rest of the paragraph on this last line, its breaks made spaces.
          units = units.mapping { $0 == 0x0A ? 0x20 : $0 }
        }
        let lastInParagraph = r + 1 == ranges.count
        var result = setter.set(units, justifyTo: style.alignment == .justified && !lastInParagraph ? width : nil)
        if result.line.width > limit || (isLastAllowed && moreFollows) {
          result = Self.truncate(units, setter: setter, width: limit, mode: style.truncation, force: isLastAllowed && moreFollows)
          truncated = true
        }
        missing += result.missing
        pieces.append((result, lastInParagraph, direction))
        if isLastAllowed { break paragraphLoop }
      }
    }

    let boxWidth = width ?? (pieces.map(\.line.line.width).max() ?? 0)
    var placed: [PlacedLine] = []
    for (i, piece) in pieces.enumerated() {
      let line = piece.line.line
      let free = boxWidth - line.width
      var alignment = style.alignment
      if alignment == .justified { alignment = .leading }
      let x: Double
      switch (alignment, style.interfaceRightToLeft ?? piece.rightToLeft) {
      case (.center, _): x = free / 2
      case (.leading, false), (.trailing, true): x = 0
      // Justified lines are set as leading (above); the text's end is the free space.
      case (.leading, true), (.trailing, false), (.justified, _): x = free
      }
      placed.append(PlacedLine(line: line, origin: Point(x: x, y: ascent + Double(i) * lineHeight)))
    }
    var seen: Set<Unicode.Scalar> = []
    self.lines = placed
    self.width = boxWidth
    self.height = pieces.isEmpty ? 0 : ascent + Double(pieces.count - 1) * lineHeight + descent
    self.rightToLeft = firstDirection ?? false
    self.truncated = truncated
    self.missing = missing.filter { seen.insert($0).inserted }
  }

  /// The text split at hard line breaks (LF, CR LF, CR, U+2028, U+2029).
  static func paragraphs(_ text: StyledUnits) -> [StyledUnits] {
    var result: [StyledUnits] = [], current = StyledUnits()
    let units = text.units
    var i = 0
    while i < units.count {
      let u = units[i]
      if u == 0x0A || u == 0x0D || u == 0x2028 || u == 0x2029 {
        result.append(current)
        current = StyledUnits()
        if u == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A { i += 1 }
      } else {
        current.append(u, run: text.runs[i])
      }
      i += 1
    }
    result.append(current)
    return result
  }

  /// Without trailing spaces, which hang past a line's end.
  static func trimmed(_ text: StyledUnits) -> StyledUnits {
    var end = text.count
    while end > 0 && (text.units[end - 1] == 0x20 || text.units[end - 1] == 0x09) { end -= 1 }
    return text[0..<end]
  }

  /// Greedy wrapping: each line takes as many break-separated pieces as fit; a piece
  /// wider than the line on its own is broken between grapheme clusters.
  /// How far past the width a line may reach and still fit: far below a pixel.
  static let slack = 1e-9

  static func wrap(_ paragraph: StyledUnits, setter: LineSetter, width: Double) -> [Range<Int>] {
    guard !paragraph.isEmpty else { return [0..<0] }
    let advances = setter.set(paragraph).advances
    let breaks = UnicodeText.lineBreaks(paragraph.units)
    let graphemes = graphemeBoundaries(paragraph.units)
    func measure(_ range: Range<Int>) -> Double {
      var end = range.upperBound
      while end > range.lowerBound && paragraph.units[end - 1] == 0x20 { end -= 1 }
      return max(0, advances[range.lowerBound..<end].reduce(0, +) - setter.style.letterSpacing)
    }
    // Shaping across a line's ends can differ from inside the paragraph (kerning,
    // joining): a line is checked by setting it, and gives back a piece if it
    // overflows.
    func fits(_ range: Range<Int>) -> Bool {
      measure(range) <= width && setter.set(trimmed(paragraph[range])).line.width <= width
    }
    var lines: [Range<Int>] = []
    var start = 0
    var b = 0
    while start < paragraph.count {
      var end = start
      while b < breaks.count && breaks[b] <= start { b += 1 }
      var k = b
      while k < breaks.count && measure(start..<breaks[k]) <= width {
        end = breaks[k]
        k += 1
      }
      while end > start && !fits(start..<end) {
        end = breaks.last { $0 > start && $0 < end } ?? start
      }
      if end == start {
        // No break fits: as many whole grapheme clusters as fit, at least one.
        // The widths from `start` are summed once, in the order `measure` sums them
        // (so each is the same number), not again for every cluster: a long word
        // costs its length once per line, not its length per cluster.
        var sums = [0.0]
        sums.reserveCapacity(paragraph.count - start + 1)
        for index in start..<paragraph.count { sums.append((sums.last ?? 0) + advances[index]) }
        func measured(_ boundary: Int) -> Double {
          var end = boundary
          while end > start && paragraph.units[end - 1] == 0x20 { end -= 1 }
          return max(0, sums[end - start] - setter.style.letterSpacing)
        }
        let candidates = graphemes.drop { $0 <= start }
        end = candidates.first ?? paragraph.count
        for boundary in candidates.dropFirst() where measured(boundary) <= width && fits(start..<boundary) {
          end = boundary
        }
      }
      lines.append(start..<end)
      start = end
    }
    return lines
  }

  /// UTF-16 offsets where grapheme clusters end.
  static func graphemeBoundaries(_ units: [UInt16]) -> [Int] {
    var offsets: [Int] = []
    var at = 0
    for character in String(decoding: units, as: UTF16.self) {
      at += character.utf16.count
      offsets.append(at)
    }
    return offsets
  }

  /// The line with an ellipsis: the most grapheme clusters that fit with it, kept
  /// from the end (head), the start (tail) or both ends (middle). `force` adds the
  /// ellipsis even when the text fits, because text after it was cut.
  static func truncate(
    _ text: StyledUnits, setter: LineSetter, width: Double, mode: ParagraphStyle.Truncation, force: Bool
  ) -> LineSetter.Result {
    let whole = setter.set(text)
    if !force && whole.line.width <= width { return whole }
    let boundaries = [0] + graphemeBoundaries(text.units)
    let count = boundaries.count - 1
    // The ellipsis takes the style of the text it stands beside: the last kept
    // character before it, else the first after it.
    func candidate(_ kept: Int) -> StyledUnits {
      switch mode {
      case .tail:
        let head = trimmed(text[0..<boundaries[kept]])
        return head + text.inserting(ellipsis, styledAs: head.count - 1)
      case .head:
        let start = boundaries[count - kept]
        return text.inserting(ellipsis, styledAs: start) + text[start..<text.count].dropping { $0 == 0x20 }
      case .middle:
        let head = trimmed(text[0..<boundaries[(kept + 1) / 2]])
        return head + text.inserting(ellipsis, styledAs: head.isEmpty ? boundaries[count - kept / 2] : head.count - 1)
          + text[boundaries[count - kept / 2]..<text.count].dropping { $0 == 0x20 }
      }
    }
    // Widths grow with the clusters kept: the largest count that fits.
    var low = 0, high = force ? count : count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if setter.set(candidate(mid)).line.width <= width { low = mid } else { high = mid - 1 }
    }
    return setter.set(candidate(low))
  }
}
