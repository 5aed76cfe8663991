import DarkroomRaster
/// Reads a colour value: `#rgb`, `#rrggbb`, `#rrggbbaa`, a name, or
/// `darken(c, a)`, `lighten(c, a)`, `alpha(c, a)`, `opacity(c, a)`, `mix(c1, c2, t)`.
///
/// Errors point at the offending character: `start` is where the text begins in
/// its file.
package struct ColorExpressionParser {
  /// A name used in the expression, and where.
  package struct Reference {
    package let name: String
    package let location: SourceLocation
  }

  private let scalars: [Unicode.Scalar]
  private let start: SourceLocation
  private var position = 0
  private var depth = 0
  package private(set) var references: [Reference] = []

  package static let functions = ["darken", "lighten", "alpha", "opacity", "mix"]
  /// The deepest nesting of functions and quotes accepted: far beyond what anyone
  /// writes, and shallow enough that parsing, resolving and printing an expression
  /// (all recursive) cannot exhaust the stack.
  static let maximumDepth = 32

  package init(_ text: String, start: SourceLocation) {
    self.scalars = Array(text.unicodeScalars)
    self.start = start
  }

  /// Parses the whole text as one expression.
  package mutating func parse() throws(DarkroomError) -> ColorExpression {
    skipSpaces()
    let expression = try parseExpression()
    skipSpaces()
    if position < scalars.count {
      throw error("unexpected '\(String(scalars[position]))' after the colour \(expression)")
    }
    return expression
  }

  private func location(_ offset: Int) -> SourceLocation { start.advanced(by: offset) }
  private func error(_ message: String, at offset: Int? = nil) -> DarkroomError {
    DarkroomError(message, at: location(offset ?? position))
  }

  private mutating func skipSpaces() {
    while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
  }

  private mutating func parseExpression() throws(DarkroomError) -> ColorExpression {
    guard position < scalars.count else {
      throw error(
        position == 0
          ? "expected a colour (a name, a hex value such as #3c64f4, or darken, lighten, alpha, opacity or mix of one), found nothing"
          : "expected a colour, found the end of the text")
    }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw error("a colour expression may nest at most \(Self.maximumDepth) functions")
    }
    if scalars[position] == "#" { return try parseHex() }
    if scalars[position] == "\"" || scalars[position] == "'" { return try parseQuoted() }
    let nameStart = position
    let name = readName()
    guard !name.isEmpty else {
      throw error("expected a colour, found '\(String(scalars[position]))'")
    }
    skipSpaces()
    guard position < scalars.count, scalars[position] == "(" else {
      references.append(Reference(name: name, location: location(nameStart)))
      return .named(name)
    }
    guard Self.functions.contains(name) else {
      throw DarkroomError(
        "unknown colour function '\(name)' (expected darken, lighten, alpha, opacity or mix)",
        at: location(nameStart), suggestion: Suggestion.closest(to: name, in: Self.functions))
    }
    position += 1
    skipSpaces()
    let first = try parseExpression()
    try expectComma(in: name)
    if name == "mix" {
      let second = try parseExpression()
      try expectComma(in: name)
      let t = try parseNumber(in: name, range: 0...1)
      try expectClose(in: name)
      return .mix(first, second, t)
    }
    let amount = try parseNumber(in: name, range: 0...1)
    try expectClose(in: name)
    switch name {
    case "darken": return .darken(first, amount)
    case "lighten": return .lighten(first, amount)
    case "opacity": return .opacity(first, amount)
    default: return .alpha(first, amount)
    }
  }

  /// A name: letters and digits of any script, `_`, `.`, `/` and `-`, with spaces
  /// inside it (`Dark Blurple`, `Edit History/Background`, `brand-blue`), as Xcode
  /// names colour sets. Spaces before a `(`, `,`, `)` or the end are not part of it.
  private mutating func readName() -> String {
    let nameStart = position
    var end = position
    while position < scalars.count {
      if Self.isNameCharacter(scalars[position]) {
        position += 1
        end = position
      } else if (scalars[position] == " " || scalars[position] == "\t") && end > nameStart {
        var next = position
        while next < scalars.count, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
        guard next < scalars.count, Self.isNameCharacter(scalars[next]) else { break }
        position = next
      } else {
        break
      }
    }
    position = end
    return String(String.UnicodeScalarView(scalars[nameStart..<end]))
  }

  /// `"…"` or `'…'` inside a value: a colour expression in quotes
  /// (`darken("#fff", 0.2)`, as people write hex values elsewhere in YAML), or, when
  /// the text is not one, a name taken as it is written — the way to name a colour
  /// whose name has other characters (`'Brand (old)'`).
  private mutating func parseQuoted() throws(DarkroomError) -> ColorExpression {
    let quote = scalars[position]
    let open = position
    guard let close = scalars[(open + 1)...].firstIndex(of: quote) else {
      position += 1
      _ = try parseExpression()
      throw error("expected a closing \(quote) for the quote at column \(location(open).column)")
    }
    let content = String(String.UnicodeScalarView(scalars[(open + 1)..<close]))
    var inner = ColorExpressionParser(content, start: location(open + 1))
    inner.depth = depth
    if let expression = try? inner.parse() {
      references += inner.references
      position = close + 1
      return expression
    }
    var name = Substring(content)
    while name.first == " " { name = name.dropFirst() }
    while name.last == " " { name = name.dropLast() }
    guard !name.isEmpty, !name.hasPrefix("#") else {
      // Not a name either: the expression's own mistake says what is wrong.
      _ = try inner.parse()
      throw error("expected a colour inside the quotes", at: open + 1)
    }
    references.append(Reference(name: String(name), location: location(open + 1)))
    position = close + 1
    return .named(String(name))
  }

  private mutating func expectComma(in function: String) throws(DarkroomError) {
    skipSpaces()
    guard position < scalars.count, scalars[position] == "," else {
      throw error("expected ',' in \(function)(…)")
    }
    position += 1
    skipSpaces()
  }

  private mutating func expectClose(in function: String) throws(DarkroomError) {
    skipSpaces()
    guard position < scalars.count, scalars[position] == ")" else {
      throw error("expected ')' to close \(function)(…)")
    }
    position += 1
  }

  private mutating func parseNumber(in function: String, range: ClosedRange<Double>) throws(DarkroomError) -> Double {
    let numberStart = position
    while position < scalars.count, "0123456789.-+eE".unicodeScalars.contains(scalars[position]) {
      position += 1
    }
    let text = String(String.UnicodeScalarView(scalars[numberStart..<position]))
    guard let value = Double(text), value.isFinite else {
      throw error("expected a number in \(function)(…)", at: numberStart)
    }
    guard range.contains(value) else {
      throw error(
        "the amount in \(function)(…) must be between \(YAMLNode.format(range.lowerBound)) and \(YAMLNode.format(range.upperBound)), found \(text)",
        at: numberStart)
    }
    return value
  }

  private mutating func parseHex() throws(DarkroomError) -> ColorExpression {
    let hexStart = position
    position += 1
    var digits: [UInt8] = []
    while position < scalars.count, let digit = Self.hexValue(scalars[position]) {
      digits.append(digit)
      position += 1
    }
    func pair(_ i: Int) -> UInt8 { digits[i] << 4 | digits[i + 1] }
    switch digits.count {
    case 3:
      return .literal(RGBA8(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17))
    case 6:
      return .literal(RGBA8(r: pair(0), g: pair(2), b: pair(4)))
    case 8:
      return .literal(RGBA8(r: pair(0), g: pair(2), b: pair(4), a: pair(6)))
    default:
      throw error(
        "a hex colour has 3, 6 or 8 digits (#rgb, #rrggbb, #rrggbbaa), found \(digits.count)",
        at: hexStart)
    }
  }

  private static func hexValue(_ s: Unicode.Scalar) -> UInt8? {
    switch s {
    case "0"..."9": UInt8(s.value - 48)
    case "a"..."f": UInt8(s.value - 87)
    case "A"..."F": UInt8(s.value - 55)
    default: nil
    }
  }

  /// Letters and digits of any script (with their combining marks), `_`, `.`, `/`
  /// and `-`.
  package static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
    switch s {
    case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "/", "-": return true
    default:
      guard !s.isASCII else { return false }
      let p = s.properties
      return p.isAlphabetic || p.numericType == .decimal || p.generalCategory == .nonspacingMark
        || p.generalCategory == .spacingMark
    }
  }
}
