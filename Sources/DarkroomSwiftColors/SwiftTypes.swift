/// Where a type written in Swift ends, and what it names: enough of the type
/// grammar for annotations (`Color`, `SwiftUI.Color?`, `[String: UIColor]`,
/// `(UITraitCollection) -> UIColor`, `some View`) and casts.
enum SwiftTypes {
  /// The index after the type starting at `start` (itself when none starts there).
  static func end(of file: SwiftFile, brackets: SwiftBrackets, from start: Int, limit: Int) -> Int {
    let tokens = file.tokens
    var i = start
    while i < limit {
      // Attributes and specifiers before a type.
      while i < limit, tokens[i].kind == .punctuation, file.token(tokens[i], is: "@"), i + 1 < limit {
        i += 2
        if i < limit, file.token(tokens[i], is: "("), !tokens[i].hasSpaceBefore { i = brackets.partner(of: i) + 1 }
      }
      while i < limit, tokens[i].kind == .identifier,
        ["some", "any", "inout", "borrowing", "consuming", "each", "repeat", "sending"].contains(file.text(tokens[i]))
      {
        i += 1
      }
      guard i < limit else { return i }
      let token = tokens[i]
      if token.kind == .punctuation, file.token(token, is: "(") || file.token(token, is: "[") {
        i = brackets.partner(of: i) + 1
      } else if token.kind == .identifier {
        i += 1
        while true {
          if i < limit, tokens[i].kind == .operator, file.token(tokens[i], is: "<"), !tokens[i].hasSpaceBefore,
            let close = genericClose(file: file, brackets: brackets, from: i, limit: limit)
          {
            i = close + 1
          }
          guard i + 1 < limit, tokens[i].kind == .operator, file.token(tokens[i], is: "."), tokens[i + 1].kind == .identifier
          else { break }
          i += 2
        }
      } else {
        return i
      }
      // Optionals: `?`, `!`, each touching the type.
      while i < limit, tokens[i].kind == .operator, !tokens[i].hasSpaceBefore,
        file.text(tokens[i]).allSatisfy({ $0 == "?" || $0 == "!" })
      {
        i += 1
      }
      // A function type's effects and arrow, or a composition, continue the type.
      while i < limit, tokens[i].kind == .identifier, ["async", "throws", "rethrows"].contains(file.text(tokens[i])) {
        i += 1
        if i < limit, file.token(tokens[i], is: "("), !tokens[i].hasSpaceBefore { i = brackets.partner(of: i) + 1 }
      }
      if i < limit, tokens[i].kind == .operator, file.token(tokens[i], is: "->") || file.token(tokens[i], is: "&") {
        i += 1
        continue
      }
      return i
    }
    return i
  }

  /// The index of the `>` (or the token holding it) that closes the `<` at
  /// `open`, when what lies between can be generic arguments; else nil.
  static func genericClose(file: SwiftFile, brackets: SwiftBrackets, from open: Int, limit: Int) -> Int? {
    let tokens = file.tokens
    var depth = 0
    var i = open
    while i < limit {
      let token = tokens[i]
      switch token.kind {
      case .operator:
        let text = file.text(token)
        for character in text {
          switch character {
          case "<": depth += 1
          case ">": depth -= 1
          case "?", "!", ".", "&", "-", "=": break
          default: return nil
          }
        }
        if depth == 0 { return i }
        if depth < 0 { return nil }
        i += 1
      case .identifier:
        i += 1
      case .punctuation:
        let text = file.text(token)
        if text == "(" || text == "[" {
          i = brackets.partner(of: i) + 1
        } else if text == "," || text == ":" {
          i += 1
        } else {
          return nil
        }
      case .integer, .float, .string, .regex, .directive:
        return nil
      }
    }
    return nil
  }

  /// The type's text, its tokens joined as written without spaces (`SwiftUI.Color?`).
  static func text(of file: SwiftFile, from start: Int, to end: Int) -> String {
    var text = ""
    for index in start..<end {
      if index > start, file.tokens[index].hasSpaceBefore { text += " " }
      text += file.text(file.tokens[index])
    }
    return text
  }
}
