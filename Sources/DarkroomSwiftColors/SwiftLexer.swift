/// Cuts a Swift file into tokens by Swift's lexical grammar: whitespace and
/// comments (nested block comments too) between tokens; identifiers (Unicode,
/// `` `escaped` ``, `$0`); number literals (decimal, hex, octal, binary, with
/// underscores, fractions and exponents); string literals (single-line,
/// multi-line, raw with any number of `#`, with interpolations that hold any
/// expression, strings and comments included); regex literals (`/…/`, `#/…/#`);
/// operators and punctuation.
///
/// Nothing is evaluated and nothing recurses but interpolations, whose nesting is
/// bounded, so a hostile file costs time and memory in proportion to its size. A
/// file that is not Swift's lexical grammar — an unterminated comment or string,
/// a character Swift does not take — is refused with the place, as a compiler
/// refuses it.
struct SwiftLexer {
  /// The most tokens a file may have: far beyond a palette (IceCubes' has 1.4
  /// thousand), and a bounded array at the file size limit.
  static let maximumTokens = 1 << 21
  /// The deepest interpolation inside interpolation inside a string.
  static let maximumInterpolationDepth = 16

  private let bytes: [UInt8]
  private let path: String
  private var position = 0
  private var line = 1
  private var column = 1
  private(set) var tokens: [SwiftToken] = []
  /// Flags for the next token: what came before it.
  private var pending: UInt8 = SwiftToken.lineBreakBefore
  /// Whether tokens are kept (not inside an interpolation, whose tokens only find
  /// where it ends).
  private var emitting = true
  /// The kind and text-start byte of the last token lexed, kept or not: whether a
  /// `/` begins a regex depends on it.
  private var previous: (kind: SwiftToken.Kind, start: Int, end: Int)? = nil
  private var interpolationDepth = 0

  init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }

  /// Every token of the file.
  mutating func run() throws(SwiftSourceError) -> [SwiftToken] {
    // A byte order mark and a `#!` line are not part of the program.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    if peek(0) == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "!") { skipLineComment() }
    _ = try scan(untilClosingParenthesis: false)
    if !tokens.isEmpty { tokens[tokens.count - 1] = tokens[tokens.count - 1].with(flag: SwiftToken.spaceAfter) }
    return tokens
  }

  // MARK: Positions

  private func peek(_ offset: Int) -> UInt8? {
    let index = position + offset
    return index < bytes.count ? bytes[index] : nil
  }

  private func location() -> SwiftSourceLocation { SwiftSourceLocation(file: path, line: line, column: column) }

  private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> SwiftSourceError {
    SwiftSourceError(message, at: SwiftSourceLocation(file: path, line: line ?? self.line, column: column ?? self.column))
  }

  /// Moves past one byte, keeping the line and the column (in scalars) of the next.
  private mutating func advance() {
    let byte = bytes[position]
    position += 1
    if byte == 0x0A || (byte == 0x0D && peek(0) != 0x0A) {
      line += 1
      column = 1
    } else if position >= bytes.count || bytes[position] & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func advance(_ count: Int) {
    for _ in 0..<count where position < bytes.count { advance() }
  }

  /// The scalar at the position and its length in bytes (the text is valid UTF-8).
  private func scalar(at index: Int) -> (value: UInt32, length: Int)? {
    guard index < bytes.count else { return nil }
    let first = bytes[index]
    if first < 0x80 { return (UInt32(first), 1) }
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
    guard index + length <= bytes.count else { return (UInt32(first), 1) }
    var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return (value, length)
  }

  // MARK: Tokens

  private mutating func emit(_ kind: SwiftToken.Kind, from start: Int, line: Int, column: Int) throws(SwiftSourceError) {
    previous = (kind, start, position)
    let flags = pending
    pending = 0
    guard emitting else { return }
    guard tokens.count < Self.maximumTokens else {
      throw error("the file has more than \(Self.maximumTokens) tokens, far more than a colour file", line: line, column: column)
    }
    tokens.append(SwiftToken(kind: kind, start: start, end: position, line: line, column: column, flags: flags))
  }

  /// Notes whitespace or a comment: the token before has space after it, the next
  /// space before it.
  private mutating func trivia(lineBreak: Bool) {
    pending |= lineBreak ? SwiftToken.lineBreakBefore : SwiftToken.spaceBefore
    if emitting, let last = tokens.last, Int(last.end) == position, previous?.end == position {
      tokens[tokens.count - 1] = last.with(flag: SwiftToken.spaceAfter)
    }
  }

  /// Lexes tokens to the end of the file or, inside an interpolation, to the `)`
  /// that closes it; returns whether that `)` was found.
  private mutating func scan(untilClosingParenthesis: Bool) throws(SwiftSourceError) -> Bool {
    var parentheses = 0
    while position < bytes.count {
      let byte = bytes[position]
      let startLine = line, startColumn = column, start = position
      switch byte {
      case 0x20, 0x09, 0x0B, 0x0C, 0x00:
        trivia(lineBreak: false)
        advance()
      case 0x0A, 0x0D:
        trivia(lineBreak: true)
        advance()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        trivia(lineBreak: false)
        skipLineComment()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        let lineBefore = line
        try skipBlockComment()
        trivia(lineBreak: line != lineBefore)
      case UInt8(ascii: "\""):
        try lexString(hashes: 0)
        try emit(.string, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "#"):
        try lexPound(start: start, line: startLine, column: startColumn)
      case UInt8(ascii: "`"):
        advance()
        while let next = peek(0), next != UInt8(ascii: "`") {
          guard next != 0x0A, next != 0x0D else {
            throw error("unterminated '`' in an identifier", line: startLine, column: startColumn)
          }
          advance()
        }
        guard position < bytes.count, position > start + 1 else {
          throw error("unterminated '`' in an identifier", line: startLine, column: startColumn)
        }
        advance()
        try emit(.identifier, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "$"):
        advance()
        while let (value, length) = scalar(at: position), SwiftCharacters.isIdentifierCharacter(value) { advance(length) }
        try emit(.identifier, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        try lexNumber()
        try emit(isFloat(from: start) ? .float : .integer, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "("):
        parentheses += 1
        advance()
        try emit(.punctuation, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: ")"):
        if untilClosingParenthesis && parentheses == 0 {
          advance()
          return true
        }
        parentheses -= 1
        advance()
        try emit(.punctuation, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
        UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
        advance()
        try emit(.punctuation, from: start, line: startLine, column: startColumn)
      case UInt8(ascii: "/") where beginsRegex():
        if let end = bareRegexEnd() {
          advance(end - position)
          try emit(.regex, from: start, line: startLine, column: startColumn)
        } else {
          try lexOperator(start: start, line: startLine, column: startColumn)
        }
      case UInt8(ascii: "."):
        try lexOperator(start: start, line: startLine, column: startColumn)
      default:
        guard let (value, length) = scalar(at: position) else { return false }
        if SwiftCharacters.isIdentifierHead(value) {
          advance(length)
          while let (next, nextLength) = scalar(at: position), SwiftCharacters.isIdentifierCharacter(next) {
            advance(nextLength)
          }
          try emit(.identifier, from: start, line: startLine, column: startColumn)
        } else if SwiftCharacters.isOperatorHead(value) {
          try lexOperator(start: start, line: startLine, column: startColumn)
        } else {
          let shown = value < 0x20 || value == 0x7F ? "U+\(String(value, radix: 16, uppercase: true))" : "'\(Character(Unicode.Scalar(value) ?? " "))'"
          throw error("\(shown) is not a character Swift takes here")
        }
      }
    }
    return false
  }

  private mutating func skipLineComment() {
    while let byte = peek(0), byte != 0x0A, byte != 0x0D { advance() }
  }

  /// A block comment, which nests.
  private mutating func skipBlockComment() throws(SwiftSourceError) {
    let startLine = line, startColumn = column
    var depth = 0
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance(2)
      } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance(2)
        if depth == 0 { return }
      } else {
        advance()
      }
    }
    throw error("unterminated '/*' comment", line: startLine, column: startColumn)
  }

  /// `#`: a raw string (`#"…"#`), an extended regex (`#/…/#`), a directive
  /// (`#if`), or the `#` of a macro or keyword (`#colorLiteral`, `#selector`).
  private mutating func lexPound(start: Int, line startLine: Int, column startColumn: Int) throws(SwiftSourceError) {
    var hashes = 0
    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
    if peek(hashes) == UInt8(ascii: "\"") {
      advance(hashes)
      try lexString(hashes: hashes)
      try emit(.string, from: start, line: startLine, column: startColumn)
      return
    }
    if peek(hashes) == UInt8(ascii: "/") {
      advance(hashes)
      try lexExtendedRegex(hashes: hashes, line: startLine, column: startColumn)
      try emit(.regex, from: start, line: startLine, column: startColumn)
      return
    }
    advance()
    var end = position
    while let (value, length) = scalar(at: end), SwiftCharacters.isIdentifierCharacter(value) { end += length }
    let word = String(decoding: bytes[position..<end], as: UTF8.self)
    if Self.directives.contains(word) {
      advance(end - position)
      try emit(.directive, from: start, line: startLine, column: startColumn)
    } else {
      try emit(.punctuation, from: start, line: startLine, column: startColumn)
    }
  }

  /// The words after `#` that make one token.
  static let directives: Set<String> = [
    "if", "elseif", "else", "endif", "sourceLocation", "available", "unavailable",
  ]

  private mutating func lexOperator(start: Int, line startLine: Int, column startColumn: Int) throws(SwiftSourceError) {
    let dotted = bytes[position] == UInt8(ascii: ".")
    while let (value, length) = scalar(at: position) {
      let isDot = value == UInt32(UInt8(ascii: "."))
      guard (dotted && isDot) || (!isDot && SwiftCharacters.isOperatorCharacter(value)) || position == start else { break }
      // A comment begins inside what would be an operator: the operator ends there.
      if position > start, value == UInt32(UInt8(ascii: "/")), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
        break
      }
      advance(length)
    }
    try emit(.operator, from: start, line: startLine, column: startColumn)
  }

  // MARK: Numbers

  private mutating func lexNumber() throws(SwiftSourceError) {
    let startLine = line, startColumn = column, start = position
    func digits(_ isDigit: (UInt8) -> Bool) {
      while let byte = peek(0), isDigit(byte) || byte == UInt8(ascii: "_") { advance() }
    }
    let decimal = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
    let hex = { (b: UInt8) in decimal(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66) }
    // After a `.` with nothing between, digits are a tuple's element (`t.0.1`).
    let tupleIndex =
      previous.map { $0.kind == .operator && $0.end == position && $0.end - $0.start == 1 && bytes[$0.start] == UInt8(ascii: ".") }
      ?? false
    if peek(0) == UInt8(ascii: "0"), let radix = peek(1), radix == UInt8(ascii: "x") || radix == UInt8(ascii: "o") || radix == UInt8(ascii: "b") {
      advance(2)
      let isDigit: (UInt8) -> Bool
      switch radix {
      case UInt8(ascii: "x"): isDigit = hex
      case UInt8(ascii: "o"): isDigit = { (b: UInt8) -> Bool in b >= 0x30 && b <= 0x37 }
      default: isDigit = { (b: UInt8) -> Bool in b == 0x30 || b == 0x31 }
      }
      guard let first = peek(0), isDigit(first) else {
        throw error("expected a digit after '0\(Character(Unicode.Scalar(radix)))'", line: startLine, column: startColumn)
      }
      digits(isDigit)
      if radix == UInt8(ascii: "x") {
        if peek(0) == UInt8(ascii: "."), let next = peek(1), hex(next) {
          advance()
          digits(hex)
        }
        if let p = peek(0), p == UInt8(ascii: "p") || p == UInt8(ascii: "P") { try exponent(startLine, startColumn) }
      }
    } else {
      digits(decimal)
      if !tupleIndex {
        if peek(0) == UInt8(ascii: "."), let next = peek(1), decimal(next) {
          advance()
          digits(decimal)
        }
        if let e = peek(0), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") { try exponent(startLine, startColumn) }
      }
    }
    if let (value, _) = scalar(at: position), SwiftCharacters.isIdentifierCharacter(value) {
      let shown = String(decoding: bytes[start..<min(position + 1, bytes.count)], as: UTF8.self)
      throw error("'\(shown)' is not a valid number literal", line: startLine, column: startColumn)
    }
  }

  private mutating func exponent(_ startLine: Int, _ startColumn: Int) throws(SwiftSourceError) {
    advance()
    if let sign = peek(0), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { advance() }
    guard let first = peek(0), first >= 0x30 && first <= 0x39 else {
      throw error("expected a digit in the number's exponent", line: startLine, column: startColumn)
    }
    while let byte = peek(0), (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_") { advance() }
  }

  private func isFloat(from start: Int) -> Bool {
    let text = bytes[start..<position]
    if text.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "x")]) {
      return text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "p")) || text.contains(UInt8(ascii: "P"))
    }
    if text.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "o")]) || text.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "b")]) {
      return false
    }
    return text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "e")) || text.contains(UInt8(ascii: "E"))
  }

  // MARK: Strings

  /// A string literal from its first `"`; `hashes` `#` came before (a raw string).
  private mutating func lexString(hashes: Int) throws(SwiftSourceError) {
    let startLine = line, startColumn = column - hashes
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    if multiline {
      advance(3)
      // The content starts on the next line; only whitespace may follow the quotes.
      while let byte = peek(0), byte == 0x20 || byte == 0x09 { advance() }
      guard let byte = peek(0), byte == 0x0A || byte == 0x0D else {
        throw error("a multi-line string's content must start on a new line after \"\"\"", line: startLine, column: startColumn)
      }
    } else {
      advance()
    }
    let unterminated = "unterminated string literal"
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let closing = multiline ? (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) : true
        if closing && (0..<hashes).allSatisfy({ peek((multiline ? 3 : 1) + $0) == UInt8(ascii: "#") }) {
          advance((multiline ? 3 : 1) + hashes)
          return
        }
        advance()
      } else if byte == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
        advance(1 + hashes)
        try escape(multiline: multiline, startLine: startLine, startColumn: startColumn)
      } else if (byte == 0x0A || byte == 0x0D) && !multiline {
        throw error(unterminated, line: startLine, column: startColumn)
      } else {
        advance()
      }
    }
    throw error(unterminated, line: startLine, column: startColumn)
  }

  /// What follows a `\` in a string (after its `#`s): an escape or an interpolation.
  private mutating func escape(multiline: Bool, startLine: Int, startColumn: Int) throws(SwiftSourceError) {
    guard let byte = peek(0) else { throw error("unterminated string literal", line: startLine, column: startColumn) }
    switch byte {
    case UInt8(ascii: "("):
      let openLine = line, openColumn = column
      advance()
      guard interpolationDepth < Self.maximumInterpolationDepth else {
        throw error("interpolations nest more than \(Self.maximumInterpolationDepth) deep", line: openLine, column: openColumn)
      }
      interpolationDepth += 1
      let (wasEmitting, wasPrevious, wasPending) = (emitting, previous, pending)
      emitting = false
      previous = (.punctuation, position - 1, position)
      let closed = try scan(untilClosingParenthesis: true)
      (emitting, previous, pending) = (wasEmitting, wasPrevious, wasPending)
      interpolationDepth -= 1
      guard closed else { throw error("unterminated interpolation '\\('", line: openLine, column: openColumn) }
    case UInt8(ascii: "u"):
      advance()
      guard peek(0) == UInt8(ascii: "{") else { throw error("expected '{' after '\\u'") }
      advance()
      var count = 0
      while let digit = peek(0), digit != UInt8(ascii: "}") {
        let isHex = (digit >= 0x30 && digit <= 0x39) || (digit >= 0x41 && digit <= 0x46) || (digit >= 0x61 && digit <= 0x66)
        guard isHex, count < 8 else { throw error("a \\u{…} escape takes 1 to 8 hex digits") }
        count += 1
        advance()
      }
      guard count > 0, peek(0) == UInt8(ascii: "}") else { throw error("a \\u{…} escape takes 1 to 8 hex digits") }
      advance()
    case UInt8(ascii: "0"), UInt8(ascii: "\\"), UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r"),
      UInt8(ascii: "\""), UInt8(ascii: "'"):
      advance()
    case 0x0A, 0x0D, 0x20, 0x09:
      // A line continuation: `\`, optional spaces, the line break.
      guard multiline else { throw error("invalid escape sequence in a string") }
      while let space = peek(0), space == 0x20 || space == 0x09 { advance() }
      guard let end = peek(0), end == 0x0A || end == 0x0D else { throw error("invalid escape sequence in a string") }
      advance()
    default:
      throw error("invalid escape sequence in a string")
    }
  }

  // MARK: Regex literals

  /// Whether a `/` here begins a regex literal rather than an operator: where an
  /// operand is expected (not after a name, a literal, or a closing bracket) and
  /// not followed by a space.
  private func beginsRegex() -> Bool {
    guard let next = peek(1), next != 0x20, next != 0x09, next != 0x0A, next != 0x0D else { return false }
    guard let previous else { return true }
    // An operator directly before: `/` continues it (`/=`), unless there is space.
    if previous.end == position && previous.kind == .operator { return false }
    switch previous.kind {
    case .integer, .float, .string, .regex: return false
    case .identifier:
      let word = String(decoding: bytes[previous.start..<previous.end], as: UTF8.self)
      return Self.operandKeywords.contains(word)
    case .punctuation:
      let mark = bytes[previous.start]
      return !(mark == UInt8(ascii: ")") || mark == UInt8(ascii: "]") || mark == UInt8(ascii: "}"))
    case .operator, .directive: return true
    }
  }

  /// Keywords after which an expression starts.
  private static let operandKeywords: Set<String> = [
    "return", "throw", "in", "case", "where", "if", "guard", "while", "else", "try", "await", "repeat", "switch", "is",
    "as", "some", "any", "yield",
  ]

  /// The offset just past a bare regex literal starting here, if one closes on this
  /// line (escapes and character classes skipped); nil: the `/` is an operator.
  private func bareRegexEnd() -> Int? {
    var index = position + 1
    var classes = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D { return nil }
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "[") { classes += 1 }
      if byte == UInt8(ascii: "]") && classes > 0 { classes -= 1 }
      if byte == UInt8(ascii: "/") && classes == 0 {
        // `//` would end the line as a comment: not a regex.
        return index == position + 1 ? nil : index + 1
      }
      index += 1
    }
    return nil
  }

  /// `#/…/#` (on one line) or `#/` line break … `/#` (several).
  private mutating func lexExtendedRegex(hashes: Int, line startLine: Int, column startColumn: Int) throws(SwiftSourceError) {
    advance()
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\\") {
        advance(2)
        continue
      }
      if byte == UInt8(ascii: "/") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
        advance(1 + hashes)
        return
      }
      advance()
    }
    throw error("unterminated regex literal", line: startLine, column: startColumn)
  }
}
