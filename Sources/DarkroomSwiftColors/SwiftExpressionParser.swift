/// Why an expression could not be parsed, at which token.
struct SwiftParseFailure: Error {
  let reason: String
  let at: Int
}

/// Parses expressions and statements from a file's tokens, by Swift's grammar
/// where a colour can be written and by its rules for where an expression ends: a
/// line break ends it unless the next line begins with a binary operator (space on
/// both sides) or a `.member`; a `(`, `[` or `{` on the next line begins something
/// else. Operators bind as Swift's standard precedence groups say, and an operator's
/// role (prefix, postfix, binary) follows from the space around it, as in Swift.
///
/// Brackets were matched when the file was scanned (``SwiftBrackets``), so a call's
/// arguments, a closure or a collection literal is skipped in one step, and an
/// argument that cannot be parsed spoils only itself. Every level of the tree it
/// builds — a nested expression, each link of a chain of operators or of members
/// and calls — counts towards ``maximumDepth``, so the tree, and every recursion
/// over it, is bounded however the file is written.
struct SwiftExpressionParser {
  /// The deepest tree of expressions read: far beyond a colour's (IceCubes'
  /// deepest is 7), shallow enough for any thread's stack.
  static let maximumDepth = 96

  let file: SwiftFile
  let brackets: SwiftBrackets
  /// The next token to read.
  var index: Int
  /// The index parsing must stop before.
  let end: Int
  private var depth: Int

  init(file: SwiftFile, brackets: SwiftBrackets, from index: Int, to end: Int, depth: Int = 0) {
    self.file = file
    self.brackets = brackets
    self.index = index
    self.end = end
    self.depth = depth
  }

  private var tokens: [SwiftToken] { file.tokens }

  private func fail(_ reason: String, at: Int? = nil) -> SwiftParseFailure {
    SwiftParseFailure(reason: reason, at: at ?? min(index, max(end - 1, 0)))
  }

  private func isPunctuation(_ i: Int, _ text: StaticString) -> Bool {
    i < end && tokens[i].kind == .punctuation && file.token(tokens[i], is: text)
  }

  private func isOperator(_ i: Int, _ text: StaticString) -> Bool {
    i < end && tokens[i].kind == .operator && file.token(tokens[i], is: text)
  }

  /// Whether token `i` is the keyword `text` (not a backticked name).
  func isKeyword(_ i: Int, _ text: StaticString) -> Bool {
    i < end && tokens[i].kind == .identifier && file.token(tokens[i], is: text)
  }

  /// What the token is, quoted for a message.
  func shown(_ i: Int) -> String {
    guard i < tokens.count else { return "the end" }
    let text = file.text(tokens[i])
    return text.count > 24 ? "`\(text.prefix(24))…`" : "`\(text)`"
  }

  // MARK: Operators

  /// Whether the operator at `i` touches what comes before it (Swift's
  /// "left-bound": no space, and not after an opening bracket or separator).
  private func leftBound(_ i: Int) -> Bool {
    guard i > 0, !tokens[i].hasSpaceBefore else { return false }
    let before = tokens[i - 1]
    guard before.kind == .punctuation else { return true }
    return !["(", "[", "{", ",", ";", ":"].contains(file.text(before))
  }

  /// Whether the operator at `i` touches what comes after it.
  private func rightBound(_ i: Int) -> Bool {
    guard !tokens[i].hasSpaceAfter, i + 1 < tokens.count else { return false }
    let after = tokens[i + 1]
    guard after.kind == .punctuation else { return true }
    return ![")", "]", "}", ",", ";", ":"].contains(file.text(after))
  }

  private func isBinaryOperator(_ i: Int) -> Bool {
    guard tokens[i].kind == .operator, !file.token(tokens[i], is: "."), !file.token(tokens[i], is: "->") else { return false }
    return leftBound(i) == rightBound(i)
  }

  private func isPrefixOperator(_ i: Int) -> Bool {
    tokens[i].kind == .operator && !leftBound(i) && rightBound(i) && !file.token(tokens[i], is: ".")
  }

  private func isPostfixOperator(_ i: Int) -> Bool {
    guard tokens[i].kind == .operator, leftBound(i) else { return false }
    let followedByDot = i + 1 < tokens.count && file.token(tokens[i + 1], is: ".") && !tokens[i].hasSpaceAfter
    return !rightBound(i) || followedByDot
  }

  /// Swift's standard precedence groups, higher binds tighter; custom operators
  /// take the default group's.
  private static func precedence(_ op: String) -> (level: Int, rightAssociative: Bool) {
    switch op {
    case "<<", ">>", "&<<", "&>>": return (160, false)
    case "*", "/", "%", "&*", "&": return (150, false)
    case "+", "-", "&+", "&-", "|", "^": return (140, false)
    case "...", "..<": return (135, false)
    case "??": return (131, true)
    case "==", "!=", "<", "<=", ">", ">=", "~=", "===", "!==": return (130, false)
    case "&&": return (120, false)
    case "||": return (110, false)
    case "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&*=", "&+=", "&-=", "&<<=", "&>>=":
      return (80, true)
    default: return (100, false)
    }
  }

  // MARK: Expressions

  /// One expression from the current token; stops where Swift's expression stops.
  /// `trailingClosures`: false in a condition, where `{` begins the body.
  mutating func expression(trailingClosures: Bool = true) throws(SwiftParseFailure) -> SwiftExpression {
    try binary(minimum: 0, trailingClosures: trailingClosures)
  }

  private mutating func binary(minimum: Int, trailingClosures: Bool) throws(SwiftParseFailure) -> SwiftExpression {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
    var left = try prefixed(trailingClosures: trailingClosures)
    // Each link of a chain (`a + b + c`) is a level of the tree.
    let levels = depth
    defer { depth = levels }
    while index < end {
      guard depth < Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
      let token = tokens[index]
      if token.kind == .identifier, isKeyword(index, "as") || isKeyword(index, "is") {
        guard 132 >= minimum else { break }
        let at = index
        index += 1
        if index < end, tokens[index].kind == .operator, !tokens[index].hasSpaceBefore,
          file.token(tokens[index], is: "?") || file.token(tokens[index], is: "!")
        {
          index += 1
        }
        let typeStart = index
        index = SwiftTypes.end(of: file, brackets: brackets, from: index, limit: end)
        guard index > typeStart else { throw fail("expected a type after \(shown(at))") }
        left = .cast(left, SwiftTypes.text(of: file, from: typeStart, to: index), at: at)
        depth += 1
        continue
      }
      guard token.kind == .operator else { break }
      // `?` with space before it, in a ternary.
      if file.token(token, is: "?"), token.hasSpaceBefore {
        guard 90 >= minimum else { break }
        let at = index
        index += 1
        let then = try expression(trailingClosures: trailingClosures)
        guard isPunctuation(index, ":") else { throw fail("expected ':' in a `?:` expression") }
        index += 1
        let otherwise = try binary(minimum: 90, trailingClosures: trailingClosures)
        left = .ternary(left, then, otherwise, at: at)
        depth += 1
        continue
      }
      guard isBinaryOperator(index) else { break }
      let op = file.text(token)
      let (level, right) = Self.precedence(op)
      guard level >= minimum else { break }
      let at = index
      index += 1
      let operand = try binary(minimum: right ? level : level + 1, trailingClosures: trailingClosures)
      left = .binary(op, left, operand, at: at)
      depth += 1
    }
    return left
  }

  private mutating func prefixed(trailingClosures: Bool) throws(SwiftParseFailure) -> SwiftExpression {
    guard index < end else { throw fail("expected an expression, found \(shown(index))") }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
    let at = index
    if isKeyword(index, "try") || isKeyword(index, "await") || isKeyword(index, "consume") || isKeyword(index, "copy") {
      let word = file.text(tokens[index])
      index += 1
      if word == "try", index < end, tokens[index].kind == .operator, !tokens[index].hasSpaceBefore,
        file.token(tokens[index], is: "?") || file.token(tokens[index], is: "!")
      {
        index += 1
      }
      return .prefix(word, try prefixed(trailingClosures: trailingClosures), at: at)
    }
    if tokens[index].kind == .operator, isPrefixOperator(index) {
      let op = file.text(tokens[index])
      index += 1
      return .prefix(op, try prefixed(trailingClosures: trailingClosures), at: at)
    }
    return try postfix(try primary(trailingClosures: trailingClosures), trailingClosures: trailingClosures)
  }

  private mutating func primary(trailingClosures: Bool) throws(SwiftParseFailure) -> SwiftExpression {
    let at = index
    let token = tokens[index]
    switch token.kind {
    case .integer, .float:
      index += 1
      return .number(file.doubleValue(token) ?? .nan, integer: token.kind == .integer ? file.integerValue(token) : nil, at: at)
    case .string:
      index += 1
      return .string(file.stringValue(token), at: at)
    case .regex:
      index += 1
      return .other("a regex literal", at: at)
    case .identifier:
      let text = file.text(token)
      if text == "if" || text == "switch" {
        try skipIfOrSwitch()
        return .other("an `\(text)` expression", at: at)
      }
      if Self.statementKeywords.contains(text) { throw fail("unexpected \(shown(index))") }
      index += 1
      return .name(file.name(token), at: at)
    case .punctuation:
      let text = file.text(token)
      switch text {
      case "(":
        let arguments = try self.arguments(open: index)
        index = brackets.partner(of: at) + 1
        return .tuple(arguments, at: at)
      case "[":
        index = brackets.partner(of: at) + 1
        return .other("an array or dictionary literal", at: at)
      case "{":
        let closure = self.closure(open: index)
        index = closure.close + 1
        return .closure(closure)
      case "#":
        guard index + 1 < end, tokens[index + 1].kind == .identifier, !tokens[index + 1].hasSpaceBefore else {
          throw fail("unexpected '#'")
        }
        let name = "#" + file.text(tokens[index + 1])
        index += 2
        if isPunctuation(index, "("), !tokens[index].hasSpaceBefore {
          let open = index
          let arguments = try self.arguments(open: open)
          index = brackets.partner(of: open) + 1
          return .call(.name(name, at: at), arguments, at: open)
        }
        return .other("`\(name)`", at: at)
      case "\\":
        index += 1
        if index < end, tokens[index].kind == .identifier { index += 1 }
        while isOperator(index, "."), index + 1 < end, tokens[index + 1].kind == .identifier { index += 2 }
        return .other("a key path", at: at)
      default:
        throw fail("unexpected \(shown(index))")
      }
    case .operator:
      if file.token(token, is: "."), index + 1 < end, !token.hasSpaceAfter,
        tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .integer
      {
        index += 2
        return .implicitMember(file.name(tokens[at + 1]), at: at + 1)
      }
      throw fail("unexpected \(shown(index))")
    case .directive:
      throw fail("\(shown(index)) inside an expression")
    }
  }

  /// Keywords that begin a statement or declaration, never an expression.
  static let statementKeywords: Set<String> = [
    "let", "var", "func", "return", "static", "class", "struct", "enum", "protocol", "extension", "import", "guard",
    "for", "while", "repeat", "do", "defer", "throw", "break", "continue", "fallthrough", "case", "default", "else",
    "typealias", "subscript", "deinit", "in", "where",
  ]

  private mutating func postfix(_ base: SwiftExpression, trailingClosures: Bool) throws(SwiftParseFailure) -> SwiftExpression {
    var expression = base
    // Each member or call of a chain (`Color.red.opacity(0.5)`) is a level of the tree.
    let levels = depth
    defer { depth = levels }
    while index < end {
      guard depth < Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
      depth += 1
      let token = tokens[index]
      if token.kind == .operator, file.token(token, is: "."), !token.hasSpaceAfter, index + 1 < end,
        tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .integer
      {
        expression = .member(expression, file.name(tokens[index + 1]), at: index + 1)
        index += 2
        continue
      }
      if token.kind == .punctuation, !token.startsLine {
        if file.token(token, is: "(") {
          let open = index
          let arguments = try self.arguments(open: open)
          index = brackets.partner(of: open) + 1
          expression = .call(expression, arguments, at: open)
          continue
        }
        if file.token(token, is: "[") {
          let open = index
          index = brackets.partner(of: open) + 1
          expression = .other("a subscript", at: open)
          continue
        }
        if file.token(token, is: "{"), trailingClosures, !isAccessorBlock(index) {
          let closure = self.closure(open: index)
          index = closure.close + 1
          let argument = SwiftArgument(label: nil, value: .closure(closure), at: closure.open)
          if case .call(let callee, let arguments, let at) = expression {
            expression = .call(callee, arguments + [argument], at: at)
          } else {
            expression = .call(expression, [argument], at: closure.open)
          }
          continue
        }
      }
      if token.kind == .operator, isPostfixOperator(index), file.token(token, is: "!") || file.token(token, is: "?") {
        expression = .postfix(file.text(token), expression, at: index)
        index += 1
        continue
      }
      if token.kind == .operator, file.token(token, is: "<"), !token.hasSpaceBefore,
        let after = genericArgumentsEnd(index, trailingClosures: trailingClosures)
      {
        index = after
        continue
      }
      break
    }
    return expression
  }

  /// Whether the `{` at `open` begins property observers or accessors
  /// (`didSet`, `get`), not a trailing closure.
  func isAccessorBlock(_ open: Int) -> Bool {
    guard open + 1 < tokens.count else { return false }
    let first = file.text(tokens[open + 1])
    return ["willSet", "didSet", "get", "set", "_read", "_modify", "init"].contains(first)
      && tokens[open + 1].kind == .identifier
  }

  /// The index after `<…>` generic arguments starting at `open` when they are
  /// followed by `(`, `.` or a trailing closure (a type used as an expression),
  /// else nil.
  private func genericArgumentsEnd(_ open: Int, trailingClosures: Bool) -> Int? {
    guard let close = SwiftTypes.genericClose(file: file, brackets: brackets, from: open, limit: end) else { return nil }
    let next = close + 1
    guard next < end else { return nil }
    let call = !tokens[next].hasSpaceBefore && (file.token(tokens[next], is: "(") || file.token(tokens[next], is: "."))
    let closure = trailingClosures && !tokens[next].startsLine && file.token(tokens[next], is: "{")
    return call || closure ? next : nil
  }

  /// `if … { } else …` or `switch … { }` as an expression: skipped to its end.
  private mutating func skipIfOrSwitch() throws(SwiftParseFailure) {
    while true {
      index += 1
      while index < end, !isPunctuation(index, "{") {
        if tokens[index].kind == .punctuation, brackets.isOpening(index) {
          index = brackets.partner(of: index) + 1
        } else {
          index += 1
        }
      }
      guard index < end else { throw fail("expected '{'") }
      index = brackets.partner(of: index) + 1
      guard isKeyword(index, "else") else { return }
      index += 1
      if isKeyword(index, "if") { continue }
      guard isPunctuation(index, "{") else { throw fail("expected '{' after `else`") }
      index = brackets.partner(of: index) + 1
      return
    }
  }

  // MARK: Arguments and closures

  /// The arguments between `(` at `open` and its partner, each parsed on its own:
  /// one that cannot be parsed is `.other` with why.
  func arguments(open: Int) throws(SwiftParseFailure) -> [SwiftArgument] {
    let close = brackets.partner(of: open)
    var arguments: [SwiftArgument] = []
    var start = open + 1
    while start < close {
      var stop = start
      while stop < close, !(tokens[stop].kind == .punctuation && file.token(tokens[stop], is: ",")) {
        stop = tokens[stop].kind == .punctuation && brackets.isOpening(stop) ? brackets.partner(of: stop) + 1 : stop + 1
      }
      var label: String? = nil
      var valueStart = start
      if stop - start >= 2, tokens[start].kind == .identifier, tokens[start + 1].kind == .punctuation,
        file.token(tokens[start + 1], is: ":")
      {
        let name = file.name(tokens[start])
        label = name == "_" ? nil : name
        valueStart = start + 2
      }
      var parser = SwiftExpressionParser(file: file, brackets: brackets, from: valueStart, to: stop, depth: depth + 1)
      var value: SwiftExpression
      do {
        value = try parser.expression()
        if parser.index < stop { value = .other("unexpected \(shown(parser.index))", at: parser.index) }
      } catch {
        value = .other(error.reason, at: error.at)
      }
      arguments.append(SwiftArgument(label: label, value: value, at: start))
      start = stop + 1
    }
    return arguments
  }

  /// The closure whose `{` is at `open`; a signature (`traits in`, `(t) -> UIColor
  /// in`, `[weak self] t in`) is passed over.
  func closure(open: Int) -> SwiftClosure {
    let close = brackets.partner(of: open)
    var i = open + 1
    while i < close {
      let token = tokens[i]
      if token.kind == .identifier {
        let text = file.text(token)
        if text == "in" { return SwiftClosure(open: open, bodyStart: i + 1, close: close) }
        if Self.statementKeywords.contains(text) || text == "if" || text == "switch" || text == "try" || text == "await" {
          break
        }
        i += 1
      } else if token.kind == .punctuation {
        let text = file.text(token)
        if text == "(" || text == "[" {
          i = brackets.partner(of: i) + 1
        } else if text == "," || text == ":" || text == "@" {
          i += 1
        } else {
          break
        }
      } else if token.kind == .operator, ["->", "?", "!", ".", "..."].contains(file.text(token)) {
        i += 1
      } else {
        break
      }
    }
    return SwiftClosure(open: open, bodyStart: open + 1, close: close)
  }

  // MARK: Statements

  /// The statements from the current token to `end` (a body's `}`). Parsing
  /// stops after the first statement it does not follow, kept as `.other`.
  mutating func statements() throws(SwiftParseFailure) -> [SwiftStatement] {
    var result: [SwiftStatement] = []
    while index < end {
      if isPunctuation(index, ";") {
        index += 1
        continue
      }
      let statement = try self.statement()
      result.append(statement)
      if case .other = statement { break }
    }
    return result
  }

  private mutating func statement() throws(SwiftParseFailure) -> SwiftStatement {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
    let at = index
    let token = tokens[index]
    if token.kind == .identifier {
      switch file.text(token) {
      case "return":
        index += 1
        guard index < end, !tokens[index].startsLine, !isPunctuation(index, ";") else { return .return(nil, at: at) }
        return .return(try expression(), at: at)
      case "if":
        return try ifStatement()
      case "switch":
        return try switchStatement()
      case "guard", "let", "var", "for", "while", "repeat", "do", "defer", "throw", "break", "continue", "fallthrough",
        "func":
        return .other("a `\(file.text(token))`", at: at)
      default:
        break
      }
    }
    if token.kind == .directive { return .other("\(shown(at))", at: at) }
    let before = index
    let value = try expression()
    guard index > before else { throw fail("unexpected \(shown(index))") }
    return .expression(value)
  }

  /// `if conditions { … } else if … { … } else { … }`.
  private mutating func ifStatement() throws(SwiftParseFailure) -> SwiftStatement {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw fail("nests more than \(Self.maximumDepth) deep") }
    let at = index
    index += 1
    var conditions: [SwiftExpression] = []
    while index < end, !isPunctuation(index, "{") {
      if isKeyword(index, "let") || isKeyword(index, "var") || isKeyword(index, "case") {
        conditions.append(.other("a binding (`\(file.text(tokens[index]))`)", at: index))
        while index < end, !isPunctuation(index, "{"), !isPunctuation(index, ",") {
          index = tokens[index].kind == .punctuation && brackets.isOpening(index) ? brackets.partner(of: index) + 1 : index + 1
        }
      } else {
        conditions.append(try expression(trailingClosures: false))
      }
      if isPunctuation(index, ",") {
        index += 1
      } else if !isPunctuation(index, "{") {
        throw fail("expected '{' after an `if` condition")
      }
    }
    guard isPunctuation(index, "{") else { throw fail("expected '{' after an `if` condition") }
    let then = try block(open: index)
    var otherwise: [SwiftStatement]? = nil
    if isKeyword(index, "else") {
      index += 1
      if isKeyword(index, "if") {
        otherwise = [try ifStatement()]
      } else if isPunctuation(index, "{") {
        otherwise = try block(open: index)
      } else {
        throw fail("expected '{' or `if` after `else`")
      }
    }
    return .if(conditions, then: then, otherwise: otherwise, at: at)
  }

  /// The statements of the block at `open`; moves past its `}`.
  private mutating func block(open: Int) throws(SwiftParseFailure) -> [SwiftStatement] {
    let close = brackets.partner(of: open)
    var inner = SwiftExpressionParser(file: file, brackets: brackets, from: open + 1, to: close, depth: depth + 1)
    let statements = try inner.statements()
    index = close + 1
    return statements
  }

  /// `switch subject { case a, b: … default: … }`.
  private mutating func switchStatement() throws(SwiftParseFailure) -> SwiftStatement {
    let at = index
    index += 1
    let subject = try expression(trailingClosures: false)
    guard isPunctuation(index, "{") else { throw fail("expected '{' after a `switch` subject") }
    let open = index, close = brackets.partner(of: open)
    // The cases: each `case`/`default` at the switch's own level begins one.
    var starts: [Int] = []
    var i = open + 1
    while i < close {
      if tokens[i].kind == .identifier, file.token(tokens[i], is: "case") || file.token(tokens[i], is: "default") {
        starts.append(i)
      }
      i = tokens[i].kind == .punctuation && brackets.isOpening(i) ? brackets.partner(of: i) + 1 : i + 1
    }
    var cases: [(patterns: [SwiftExpression]?, body: [SwiftStatement])] = []
    for (number, start) in starts.enumerated() {
      let stop = number + 1 < starts.count ? starts[number + 1] : close
      // The body ends where the next case begins, less an `@unknown` before it.
      var bodyEnd = stop
      if bodyEnd - 2 > start, file.token(tokens[bodyEnd - 1], is: "unknown"), file.token(tokens[bodyEnd - 2], is: "@") {
        bodyEnd -= 2
      }
      var colon = start + 1
      while colon < bodyEnd, !(tokens[colon].kind == .punctuation && file.token(tokens[colon], is: ":")) {
        colon = tokens[colon].kind == .punctuation && brackets.isOpening(colon) ? brackets.partner(of: colon) + 1 : colon + 1
      }
      guard colon < bodyEnd else { throw fail("expected ':' after a `case`", at: start) }
      var patterns: [SwiftExpression]? = nil
      if file.token(tokens[start], is: "case") {
        var list: [SwiftExpression] = []
        var element = start + 1
        while element < colon {
          var parser = SwiftExpressionParser(file: file, brackets: brackets, from: element, to: colon, depth: depth + 1)
          if isKeyword(element, "let") || isKeyword(element, "var") {
            list.append(.other("a binding pattern", at: element))
            parser.index = colon
          } else {
            list.append(try parser.expression())
          }
          guard parser.index == colon || (parser.index < colon && file.token(tokens[parser.index], is: ",")) else {
            list.append(.other("a pattern with `where`", at: parser.index))
            break
          }
          element = parser.index + 1
        }
        patterns = list
      }
      var body = SwiftExpressionParser(file: file, brackets: brackets, from: colon + 1, to: bodyEnd, depth: depth + 1)
      cases.append((patterns, try body.statements()))
    }
    index = close + 1
    return .switch(subject, cases, at: at)
  }
}
