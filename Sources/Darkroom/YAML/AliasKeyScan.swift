/// Finds a YAML alias used as a mapping key before the document is composed.
///
/// Yams compares a mapping's keys to find duplicates by hashing each key node whole;
/// a key that is an alias of a nested anchor (`? *bomb`, nine anchors of nine
/// aliases each) expands to billions of nodes and never finishes. Darkroom's files
/// never need an alias as a key, so one is refused, at its line and column, before
/// Yams sees the text. Aliases as values stay allowed: everything that walks a value
/// counts what it visits.
///
/// The scan is a small tokenizer, not a parser: it skips comments, quoted scalars
/// (across lines) and block scalars (`|`, `>`), and flags `*name` where a node starts
/// (at the start of a line, or after `-`, `?`, `:`, `[`, `{` or `,`) when a `:` follows
/// it, or when it comes after an explicit key's `?`.
struct AliasKeyScan {
  let file: String

  /// Throws at the first alias used as a key.
  func check(_ text: String) throws(DarkroomError) {
    // Without a `*` there is no alias: most files are passed over in one look at
    // their bytes, not tokenized.
    guard text.utf8.contains(UInt8(ascii: "*")) else { return }
    var quote: Unicode.Scalar? = nil
    var blockIndent: Int? = nil  // inside a block scalar: lines indented more than this
    for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let scalars = Array(line.unicodeScalars)
      let indent = scalars.prefix { $0 == " " }.count
      if let parent = blockIndent {
        if scalars.allSatisfy({ $0 == " " || $0 == "\r" }) || indent > parent { continue }
        blockIndent = nil
      }
      var previous: Unicode.Scalar? = nil  // the last significant character
      var i = 0
      while i < scalars.count {
        let c = scalars[i]
        if let open = quote {
          if c == "\\" && open == "\"" {
            i += 2
            continue
          }
          if c == open {
            if open == "'" && i + 1 < scalars.count && scalars[i + 1] == "'" {
              i += 2
              continue
            }
            quote = nil
            previous = "x"
          }
          i += 1
          continue
        }
        if c == " " || c == "\t" || c == "\r" {
          i += 1
          continue
        }
        if c == "#" && (i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "\t") { break }
        if (c == "\"" || c == "'") && Self.startsNode(previous) {
          quote = c
          i += 1
          continue
        }
        if (c == "|" || c == ">") && (previous == ":" || previous == "-" || previous == nil) {
          // A block scalar runs over the lines indented more than this one.
          blockIndent = indent
          break
        }
        if c == "*" && Self.startsNode(previous) {
          var end = i + 1
          while end < scalars.count, Self.isNameCharacter(scalars[end]) { end += 1 }
          var after = end
          while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
          let colonFollows =
            after < scalars.count && scalars[after] == ":"
            && (after + 1 == scalars.count || Self.endsName(scalars[after + 1]) || scalars[after + 1] == " ")
          if colonFollows || previous == "?" {
            let name = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
            throw DarkroomError(
              "an alias may not be a mapping key (*\(name)); write the key itself",
              at: SourceLocation(file: file, line: lineIndex + 1, column: i + 1))
          }
          previous = "x"
          i = end
          continue
        }
        previous = c
        i += 1
      }
    }
  }

  /// Whether a node may start after `previous` (nil: the start of a line).
  private static func startsNode(_ previous: Unicode.Scalar?) -> Bool {
    guard let previous else { return true }
    return "-?:[{,".unicodeScalars.contains(previous)
  }

  /// Whether `c` can be part of an anchor or alias name (libyaml's rule, which Yams
  /// uses: letters, digits, `_` and `-`).
  private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
  }

  /// Whether `c` ends a plain word: white space or a flow indicator.
  private static func endsName(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\r" || ",[]{}".unicodeScalars.contains(c)
  }
}
