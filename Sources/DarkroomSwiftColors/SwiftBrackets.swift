/// The partner of every bracket of a file — `(` and `)`, `[` and `]`, `{` and `}` —
/// found in one pass with a stack, so a call, a closure or a type's body is
/// skipped in one step and nothing recurses on a file's nesting.
struct SwiftBrackets: Sendable {
  /// For each token, the index of its partner when it is a bracket, else -1.
  private let partners: [Int32]

  /// Matches the brackets of `file`.
  ///
  /// - Throws: ``SwiftSourceError`` at a closing bracket that closes nothing or
  ///   the wrong bracket, or at an opening one never closed — text no compiler
  ///   accepts.
  init(_ file: SwiftFile) throws(SwiftSourceError) {
    var partners = [Int32](repeating: -1, count: file.tokens.count)
    var open: [Int] = []
    for (index, token) in file.tokens.enumerated() where token.kind == .punctuation {
      let text = file.text(token)
      switch text {
      case "(", "[", "{":
        open.append(index)
      case ")", "]", "}":
        let expected = text == ")" ? "(" : text == "]" ? "[" : "{"
        guard let last = open.last else {
          throw SwiftSourceError("'\(text)' closes nothing", at: file.location(token))
        }
        guard file.text(file.tokens[last]) == expected else {
          let opener = file.tokens[last]
          throw SwiftSourceError(
            "'\(text)' where the '\(file.text(opener))' at \(opener.line):\(opener.column) should be closed",
            at: file.location(token))
        }
        open.removeLast()
        partners[last] = Int32(index)
        partners[index] = Int32(last)
      default:
        break
      }
    }
    if let last = open.last {
      throw SwiftSourceError("'\(file.text(file.tokens[last]))' is never closed", at: file.location(file.tokens[last]))
    }
    self.partners = partners
  }

  /// The partner of the bracket at `index`.
  func partner(of index: Int) -> Int { Int(partners[index]) }

  /// Whether the token at `index` opens a bracket.
  func isOpening(_ index: Int) -> Bool { partners[index] > Int32(index) }
}
