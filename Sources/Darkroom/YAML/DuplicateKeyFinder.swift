/// Finds the second occurrence of a duplicated mapping key.
///
/// Yams reports a duplicate key at its *first* occurrence, but the mistake is the
/// second one — that is the line a user added, and where an editor should jump.
/// This walks the text from the first occurrence to the next key of the same
/// mapping with the same name: in block style the next line that starts at the
/// same column, in flow style (`{ a: 1, a: 2 }`) the next entry at the same depth.
/// Columns count Unicode scalars, as libyaml's marks do.
struct DuplicateKeyFinder {
  let lines: [[Unicode.Scalar]]

  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
  }

  /// The line and column (from 1) of the next `key` in the mapping whose key at
  /// `line`:`column` is the first `key`, if the text shows one.
  func second(_ key: String, firstAt line: Int, column: Int) -> (line: Int, column: Int)? {
    guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count + 1 else { return nil }
    let before = lines[line - 1][..<(column - 1)].last { $0 != " " && $0 != "\t" }
    if before == "{" || before == "," { return inFlow(key, line: line, column: column) }
    return inBlock(key, line: line, column: column)
  }

  private func inBlock(_ key: String, line: Int, column: Int) -> (line: Int, column: Int)? {
    for index in line..<lines.count {
      let text = lines[index]
      guard let first = text.firstIndex(where: { $0 != " " }), text[first] != "#" else { continue }
      if first + 1 < column { return nil }  // the mapping ended
      if first + 1 == column, startsWithKey(key, text, at: first, endings: [":"]) { return (index + 1, column) }
    }
    return nil
  }

  private func inFlow(_ key: String, line: Int, column: Int) -> (line: Int, column: Int)? {
    var depth = 0
    var quote: Unicode.Scalar? = nil
    var expectKey = false
    var (row, col) = (line - 1, column - 1)
    // Past the first key itself.
    col += 1
    while row < lines.count {
      let text = lines[row]
      while col < text.count {
        let c = text[col]
        if let open = quote {
          if c == open { quote = nil }
        } else if c == "\"" || c == "'" {
          if expectKey, depth == 0, startsWithKey(key, text, at: col, endings: Self.flowEndings) { return (row + 1, col + 1) }
          quote = c
          expectKey = false
        } else if c == "{" || c == "[" {
          depth += 1
        } else if c == "}" || c == "]" {
          depth -= 1
          if depth < 0 { return nil }
        } else if c == "," && depth == 0 {
          expectKey = true
        } else if c != " " && c != "\t" {
          if expectKey, depth == 0, startsWithKey(key, text, at: col, endings: Self.flowEndings) { return (row + 1, col + 1) }
          expectKey = false
        }
        col += 1
      }
      row += 1
      col = 0
    }
    return nil
  }

  /// In a flow mapping a key may stand alone (`{ a, b: 1 }`: `a` is null).
  private static let flowEndings: Set<Unicode.Scalar> = [":", ",", "}"]

  /// Whether `text` at `index` holds `key` (plain or quoted) followed by one of
  /// `endings` (a colon, in block style).
  private func startsWithKey(_ key: String, _ text: [Unicode.Scalar], at index: Int, endings: Set<Unicode.Scalar>) -> Bool {
    var i = index
    var closing: Unicode.Scalar? = nil
    if text[i] == "\"" || text[i] == "'" {
      closing = text[i]
      i += 1
    }
    for scalar in key.unicodeScalars {
      guard i < text.count, text[i] == scalar else { return false }
      i += 1
    }
    if let closing {
      guard i < text.count, text[i] == closing else { return false }
      i += 1
    }
    while i < text.count, text[i] == " " || text[i] == "\t" { i += 1 }
    return i < text.count && endings.contains(text[i])
  }
}
