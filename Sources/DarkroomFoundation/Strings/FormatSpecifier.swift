/// One printf-style specifier in a localized string (`%d`, `%1$@`, `%.2f`, `%%`), as
/// written, and the pieces the formatter needs.
///
/// The pseudo-locales and the formatter share this reading, so that whatever the
/// formatter fills in is exactly what the pseudo-locales leave untouched.
struct FormatSpecifier: Sendable, Equatable {
  /// The specifier as written, `%` included.
  var text: String
  /// The 1-based argument position of `%2$d`, nil for one taking the next argument.
  var position: Int?
  /// Flags among `-`, `+`, `0`, `#` and `,` (Java's grouping flag, `%,d`). A space
  /// is not read as a flag, so the `% o` of "50% off" stays prose.
  var flags: Set<Character>
  /// The minimum width (`%5d`).
  var width: Int?
  /// The digits after the point (`%.2f`).
  var precision: Int?
  /// The length modifier (`l`, `ll`, `q`, `h`, `hh`, `z`, `t`, `j`, `L`).
  var length: String
  /// The conversion character (`d`, `@`, `f`, `%`), or nil for a string catalog
  /// substitution (`%#@name@`).
  var conversion: Character?
  /// The name of a string catalog substitution (`items` in `%#@items@`).
  var substitution: String?

  /// Whether the specifier consumes an argument (`%%` does not).
  var takesArgument: Bool { conversion != "%" && substitution == nil }

  /// A piece of a format: literal text or a specifier.
  enum Segment: Sendable, Equatable {
    case text(String)
    case specifier(FormatSpecifier)
  }

  /// The conversions a specifier may end with. Others (`%y`) are not read as a
  /// specifier at all, so a lone `%` in prose stays prose for the pseudo-locales;
  /// the formatter rejects them.
  static let conversions: Set<Character> = ["d", "i", "u", "D", "U", "o", "O", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "@", "%"]

  /// `format` cut into literal text and specifiers. A `%` that does not begin a
  /// well-formed specifier is literal text.
  static func segments(of format: String) -> [Segment] {
    let scalars = Array(format.unicodeScalars)
    var result: [Segment] = []
    var literal = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "%", let (specifier, end) = read(scalars, at: index) {
        if !literal.isEmpty {
          result.append(.text(String(literal)))
          literal = String.UnicodeScalarView()
        }
        result.append(.specifier(specifier))
        index = end
      } else {
        literal.append(scalars[index])
        index += 1
      }
    }
    if !literal.isEmpty { result.append(.text(String(literal))) }
    return result
  }

  /// Reads the specifier whose `%` is at `start`; returns it and the index after it.
  private static func read(_ s: [Unicode.Scalar], at start: Int) -> (FormatSpecifier, Int)? {
    var i = start + 1
    func digits() -> Int? {
      var value: Int?
      while i < s.count, let digit = Int(String(s[i])), s[i].isASCII {
        // Capped: a width of a thousand digits is nonsense, not an overflow.
        value = min((value ?? 0) * 10 + digit, 1_000_000)
        i += 1
      }
      return value
    }
    func text(_ end: Int) -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: s[start..<end])
      return String(view)
    }
    guard i < s.count else { return nil }
    var position: Int?
    let afterPercent = i
    if let n = digits(), i < s.count, s[i] == "$", n > 0 {
      position = n
      i += 1
    } else {
      i = afterPercent
    }
    // `%#@name@` (or `%2$#@name@`): a substitution of a string catalog or a variable
    // of a `.stringsdict`, put in place before the text is formatted. Foundation's
    // parser (CoreFoundation's __CFParseFormatSpec) reads digits before `#@` as a
    // width and goes on, so `%1#@count@` is the variable `count` too.
    let beforeWidth = i
    _ = digits()
    if i + 1 < s.count, s[i] == "#", s[i + 1] == "@" {
      var j = i + 2
      var name = String.UnicodeScalarView()
      while j < s.count, s[j] != "@", s[j] != "%", !s[j].properties.isWhitespace {
        name.append(s[j])
        j += 1
      }
      guard j < s.count, s[j] == "@", !name.isEmpty else { return nil }
      let spec = FormatSpecifier(
        text: text(j + 1), position: position, flags: [], width: nil, precision: nil, length: "", conversion: nil,
        substitution: String(name))
      return (spec, j + 1)
    }
    i = beforeWidth
    var flags: Set<Character> = []
    while i < s.count, "-+0#,".unicodeScalars.contains(s[i]) {
      flags.insert(Character(s[i]))
      i += 1
    }
    let width = digits()
    var precision: Int?
    if i < s.count, s[i] == "." {
      i += 1
      precision = digits() ?? 0
    }
    var length = ""
    for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
      let m = Array(modifier.unicodeScalars)
      if i + m.count <= s.count, Array(s[i..<(i + m.count)]) == m {
        length = modifier
        i += m.count
        break
      }
    }
    guard i < s.count, s[i].isASCII || s[i] == "@" else { return nil }
    let conversion = Character(s[i])
    guard conversions.contains(conversion) else { return nil }
    // `%%` with anything between (`%5%`) is not a specifier a translator meant.
    if conversion == "%" && i != start + 1 { return nil }
    i += 1
    let spec = FormatSpecifier(
      text: text(i), position: position, flags: flags, width: width, precision: precision, length: length,
      conversion: conversion, substitution: nil)
    return (spec, i)
  }
}
