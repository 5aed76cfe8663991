/// Sets one line of text: bidirectional levels, a face for every character from its
/// text run's chain, shaping run by run, runs put in visual order, then glyphs placed
/// with letter spacing and, when asked, spaces widened to justify; underlines and
/// strikethroughs under the text runs that have them.
struct LineSetter {
  /// The paragraph's text runs, which the units' run indices point into.
  let runs: [TextRun]
  let style: ParagraphStyle
  /// The paragraph's direction, which the line's levels are computed in.
  let rightToLeft: Bool
  /// Where shaped runs are kept.
  let shaping: ShapingCache

  /// A line and what setting it found out.
  struct Result {
    var line: TextLine
    /// Characters no face of the chain has, drawn as missing-glyph boxes.
    var missing: [Unicode.Scalar]
    /// The advance each UTF-16 offset contributes (its cluster's glyphs and the
    /// letter spacing after it; 0 inside a cluster), for measuring parts of the text.
    var advances: [Double]
  }

  /// Characters shaped together: one level, one face, one text run.
  private struct Run {
    let range: Range<Int>
    let level: UInt8
    let face: FontFace
    let textRun: Int
  }

  /// The primary face of the first text run, which a line's metrics come from.
  private var primary: FontFace { runs[0].fonts.primary }

  func set(_ styled: StyledUnits, justifyTo target: Double? = nil) -> Result {
    let units = styled.units
    let text = String(decoding: units, as: UTF16.self)
    guard !units.isEmpty else {
      return Result(line: TextLine(text: text, size: style.size, width: 0, glyphs: [], rules: [], face: primary), missing: [], advances: [])
    }
    let levels = UnicodeText.bidiLevels(units, rightToLeft: rightToLeft).levels
    var (faces, missing) = chooseFaces(styled)
    var runs: [Run] = []
    var start = 0
    for i in 1...units.count
    where i == units.count || levels[i] != levels[start] || faces[i] !== faces[start] || styled.runs[i] != styled.runs[start] {
      runs.append(Run(range: start..<i, level: levels[start], face: faces[start], textRun: styled.runs[start]))
      start = i
    }
    // Unicode's rule L2: from the highest level down to the lowest odd one, reverse
    // every sequence of runs at that level or above.
    let highest = runs.map(\.level).max() ?? 0
    let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? (highest + 1)
    var visual = runs
    if lowestOdd <= highest {
      for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
        var i = 0
        while i < visual.count {
          guard visual[i].level >= level else {
            i += 1
            continue
          }
          var j = i
          while j < visual.count && visual[j].level >= level { j += 1 }
          visual[i..<j].reverse()
          i = j
        }
      }
    }

    var placed: [TextLine.PlacedGlyph] = []
    // Where the pen was before each glyph: text runs' pieces and rules start there.
    var pens: [Double] = []
    var advances = [Double](repeating: 0, count: units.count)
    var spaces: [Int] = []
    var x = 0.0
    for run in visual {
      let factor = style.size / Double(run.face.metrics.unitsPerEm)
      let glyphs = shaping.shape(Array(units[run.range]), face: run.face, rightToLeft: run.level % 2 == 1)
      for (n, glyph) in glyphs.enumerated() {
        let cluster = run.range.lowerBound + glyph.cluster
        pens.append(x)
        placed.append(
          TextLine.PlacedGlyph(
            face: run.face, index: glyph.index, x: x + Double(glyph.xOffset) * factor, y: Double(glyph.yOffset) * factor,
            run: run.textRun, cluster: cluster))
        if units[cluster] == 0x20 { spaces.append(placed.count - 1) }
        var advance = Double(glyph.advance) * factor
        let endsCluster = n + 1 == glyphs.count || glyphs[n + 1].cluster != glyph.cluster
        if endsCluster { advance += style.letterSpacing }
        x += advance
        if cluster < advances.count { advances[cluster] += advance }
      }
    }
    var width = max(0, x - style.letterSpacing)
    if let target, target > width, !spaces.isEmpty {
      // Widen every space by the same amount: glyphs after the k-th space move by k
      // shares.
      let share = (target - width) / Double(spaces.count)
      var moved: [TextLine.PlacedGlyph] = []
      var shift = 0.0, nextSpace = 0
      for (i, glyph) in placed.enumerated() {
        moved.append(
          TextLine.PlacedGlyph(
            face: glyph.face, index: glyph.index, x: glyph.x + shift, y: glyph.y, run: glyph.run, cluster: glyph.cluster))
        pens[i] += shift
        if nextSpace < spaces.count && spaces[nextSpace] == i {
          shift += share
          nextSpace += 1
        }
      }
      placed = moved
      width = target
    }
    if missing.count > 1 {
      var seen: Set<Unicode.Scalar> = []
      missing = missing.filter { seen.insert($0).inserted }
    }
    let pieces = pieces(placed, pens: pens, width: width, units: units.count)
    let line = TextLine(
      text: text, size: style.size, width: width, glyphs: placed, rules: pieces.flatMap(rules), face: primary,
      pieces: pieces.count > 1 ? pieces : [])
    return Result(line: line, missing: missing, advances: advances)
  }

  /// The line cut where the text run changes, left to right: each piece reaches
  /// from its first glyph's pen position to the next piece's (the last, to the
  /// line's end), and holds the characters its glyphs stand for.
  private func pieces(_ glyphs: [TextLine.PlacedGlyph], pens: [Double], width: Double, units: Int) -> [TextLine.Piece] {
    guard !glyphs.isEmpty else { return [] }
    // One run (almost every label): one piece, the whole line.
    if runs.count == 1 {
      return [TextLine.Piece(run: 0, glyphs: 0..<glyphs.count, text: 0..<units, x: pens[0], width: max(0, width - pens[0]))]
    }
    let clusters = Set(glyphs.map(\.cluster)).sorted()
    var pieces: [TextLine.Piece] = []
    var start = 0
    for i in 1...glyphs.count where i == glyphs.count || glyphs[i].run != glyphs[start].run {
      let range = start..<i
      let end = i == glyphs.count ? width : pens[i]
      let low = glyphs[range].map(\.cluster).min() ?? 0, high = glyphs[range].map(\.cluster).max() ?? 0
      let after = clusters.first { $0 > high } ?? units
      pieces.append(
        TextLine.Piece(
          run: glyphs[start].run, glyphs: range, text: low..<max(low, after), x: pens[start],
          width: max(0, end - pens[start])))
      start = i
    }
    return pieces
  }

  /// The face for every UTF-16 offset: the first of the chain with the character;
  /// marks, joiners and variation selectors stay with the character before them;
  /// a character no face has is drawn by the primary face's missing-glyph box.
  private func chooseFaces(_ styled: StyledUnits) -> ([FontFace], [Unicode.Scalar]) {
    var faces: [FontFace] = []
    faces.reserveCapacity(styled.count)
    var missing: [Unicode.Scalar] = []
    var previous = runs[styled.runs[0]].fonts.primary
    for scalar in String(decoding: styled.units, as: UTF16.self).unicodeScalars {
      let fonts = runs[styled.runs[faces.count]].fonts
      var face: FontFace
      // ASCII has no marks or format characters: skip the property lookup.
      let category: Unicode.GeneralCategory =
        scalar.value < 128 ? (scalar.value <= 0x20 || scalar.value == 0x7F ? .control : .otherSymbol) : scalar.properties.generalCategory
      switch category {
      case .nonspacingMark, .enclosingMark, .spacingMark, .format:
        face = previous
      case .spaceSeparator, .control, .lineSeparator, .paragraphSeparator:
        face = previous.covers(scalar) ? previous : (fonts.face(for: scalar) ?? previous)
      default:
        if let found = fonts.face(for: scalar) {
          face = found
        } else {
          face = fonts.primary
          missing.append(scalar)
        }
      }
      previous = face
      for _ in 0..<scalar.utf16.count { faces.append(face) }
    }
    return (faces, missing)
  }

  /// Underline and strikethrough across a piece of the line whose text run has
  /// them, from the paragraph's primary face's metrics (so the rules of a line's
  /// runs join up).
  private func rules(_ piece: TextLine.Piece) -> [TextLine.Rule] {
    let run = runs[piece.run]
    guard run.underline || run.strikethrough, piece.width > 0 else { return [] }
    let metrics = primary.metrics
    let factor = style.size / Double(metrics.unitsPerEm)
    var rules: [TextLine.Rule] = []
    if run.underline {
      let thickness = Double(max(metrics.underlineThickness, metrics.unitsPerEm / 20)) * factor
      let centre = -Double(metrics.underlinePosition) * factor
      rules.append(TextLine.Rule(x: piece.x, y: centre - thickness / 2, width: piece.width, height: thickness))
    }
    if run.strikethrough {
      let thickness = Double(metrics.strikeoutThickness > 0 ? metrics.strikeoutThickness : metrics.unitsPerEm / 20) * factor
      let bottom = metrics.strikeoutPosition > 0
        ? Double(metrics.strikeoutPosition) * factor
        : Double(metrics.capHeight > 0 ? metrics.capHeight : metrics.unitsPerEm * 7 / 10) * factor / 2
      rules.append(TextLine.Rule(x: piece.x, y: -bottom - thickness, width: piece.width, height: thickness))
    }
    return rules
  }
}
