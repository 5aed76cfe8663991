import DarkroomRaster
import Foundation

/// A localized string's format that its arguments cannot fill: too few arguments,
/// an argument of the wrong kind, or a specifier Darkroom does not support.
struct StringFormatError: Error, Sendable, Equatable {
  /// What is wrong, in a sentence without a trailing full stop.
  let message: String
}

/// Fills the printf-style specifiers of localized strings, as iOS (`String(format:)`,
/// `String(localized:)`) and Android (`getString(id, args)`) do, for the subset
/// their string files use.
///
/// Supported: `%%`; `%@`, `%s`, `%S` (any argument, as its description); `%d`, `%i`,
/// `%D` and `%u`, `%U` (a whole number), `%x`, `%X`, `%o`; `%f`, `%F` (six digits after
/// the point unless `%.Nf` says); length modifiers (`l`, `ll`, `q`, `h`, `hh`, `z`,
/// `t`, `j`, `L`) are read and ignored; positions (`%2$@`, Android's `%1$d`); flags
/// `-`, `+`, `0`, `#` and a width. Numbers are grouped only with Java's `,` flag
/// (`%,d`), which Android's strings use: by the separator and group size ICU's data
/// gives the locale drawn (`1,234` in English, `1.234` in German), never the
/// machine's. Digits are ASCII and the decimal point is `.`. `%f` rounds the
/// argument's exact binary value half to even, as the C library does (`%.2f` of
/// 0.125 is `0.12`).
///
/// Specifiers without a position take the arguments in order, counting only
/// themselves; positioned ones take the argument they name. Arguments beyond those
/// the format uses are ignored, as printf does. A `%` followed by a space or ending
/// the text is printed as it is.
enum StringFormatter {
  /// The most arguments a format may take.
  static let maximumArguments = 1000
  /// The widest width or precision a specifier may ask for (`%1000d`): checked
  /// before a character is padded, so `%1$1000000d` costs nothing.
  static let maximumWidth = 1000

  /// `format` with its specifiers filled from `arguments`.
  ///
  /// - Throws: ``StringFormatError`` when the format uses more arguments than given,
  ///   when `%d` (and the other integer conversions) get something that is not a
  ///   whole number or `%f` something that is not a number, and for an unknown or
  ///   unsupported specifier.
  ///
  /// The text stops growing at `limit` characters (Unicode scalars): past it, the
  /// format is refused before the rest is filled.
  static func format(
    _ format: String, with arguments: [FormatArgument], locale: String = "en", limit: Int = Localization.maximumLength
  ) throws(StringFormatError) -> String {
    let segments = FormatSpecifier.segments(of: format)
    try checkLiterals(segments, format: format)
    let needed = argumentCount(of: segments)
    // Positions past this are read as "very large" (they are capped when parsed).
    guard needed <= maximumArguments else {
      throw StringFormatError(
        message: "the format \(Excerpt.quoted(format)) refers to an argument past the \(maximumArguments)th (a positional specifier such as %2147483648$@); a format takes at most \(maximumArguments) arguments")
    }
    guard needed <= arguments.count else {
      throw StringFormatError(
        message: "the format '\(Quoted.text(format))' needs \(needed) argument\(needed == 1 ? "" : "s"); \(arguments.count) given")
    }
    for case .specifier(let spec) in segments {
      for (what, value) in [("width", spec.width), ("precision", spec.precision)] {
        if let value, value > maximumWidth {
          throw StringFormatError(
            message: "'\(Quoted.text(spec.text))' asks for a \(what) of \(value); a specifier's \(what) is at most \(maximumWidth)")
        }
      }
    }
    var output = ""
    var length = 0
    func append(_ piece: String) throws(StringFormatError) {
      length += piece.unicodeScalars.count
      guard length <= limit else {
        throw StringFormatError(message: "the format \(Excerpt.quoted(format)) gives more than \(limit) characters; a text has at most \(limit)")
      }
      output += piece
    }
    var next = 0
    for segment in segments {
      switch segment {
      case .text(let text):
        try append(text)
      case .specifier(let spec):
        if let name = spec.substitution {
          throw StringFormatError(
            message: "'\(Quoted.text(spec.text))' in '\(Quoted.text(format))' is a substitution with no definition for '\(Quoted.text(name))'")
        }
        guard spec.takesArgument else {
          try append("%")
          continue
        }
        let index: Int
        if let position = spec.position {
          index = position - 1
        } else {
          index = next
          next += 1
        }
        try append(try render(spec, arguments[index], locale: locale))
      }
    }
    return output
  }

  /// How many arguments `format` uses: the highest position it names, or the number
  /// of its specifiers without a position, whichever is more.
  static func argumentCount(in format: String) -> Int {
    argumentCount(of: FormatSpecifier.segments(of: format))
  }

  private static func argumentCount(of segments: [FormatSpecifier.Segment]) -> Int {
    var sequential = 0
    var highest = 0
    for case .specifier(let spec) in segments where spec.takesArgument {
      if let position = spec.position { highest = max(highest, position) } else { sequential += 1 }
    }
    return max(sequential, highest)
  }

  /// Rejects a `%` in literal text that looks meant as a specifier (`%y`, `%*d`):
  /// printing it as it is would hide a broken translation.
  private static func checkLiterals(_ segments: [FormatSpecifier.Segment], format: String) throws(StringFormatError) {
    for case .text(let text) in segments {
      let characters = Array(text)
      for (i, character) in characters.enumerated() where character == "%" {
        guard i + 1 < characters.count, !characters[i + 1].isWhitespace else { continue }
        let shown = String(characters[i..<min(i + 2, characters.count)])
        throw StringFormatError(
          message: "'\(Quoted.text(shown))…' in '\(Quoted.text(format))' is not a format specifier darkroom knows (write '%%' for a percent sign)")
      }
    }
  }

  private static func render(
    _ spec: FormatSpecifier, _ argument: FormatArgument, locale: String
  ) throws(StringFormatError) -> String {
    guard let conversion = spec.conversion else { return spec.text }
    var body: String
    var sign = ""
    let grouped = spec.flags.contains(",")
    if grouped && !"diuDUfF".contains(conversion) {
      throw StringFormatError(message: "'\(Quoted.text(spec.text))': the ',' flag groups the digits of a number (%,d or %,.2f)")
    }
    switch conversion {
    case "@", "s", "S":
      body = argument.description
      if let precision = spec.precision { body = String(body.prefix(precision)) }
      return pad(body, sign: "", spec: spec, numeric: false)
    case "d", "i", "D":
      let n = try wholeNumber(argument, spec)
      sign = n < 0 ? "-" : spec.flags.contains("+") ? "+" : ""
      body = String(n.magnitude)
      if grouped { body = NumberGrouping.of(locale: locale).group(body) }
    case "u", "U", "x", "X", "o":
      let n = try wholeNumber(argument, spec)
      guard n >= 0 else {
        throw StringFormatError(message: "'\(spec.text)' needs a whole number that is not negative; '\(Quoted.text(argument.description))' given")
      }
      switch conversion {
      case "x": body = String(n, radix: 16)
      case "X": body = String(n, radix: 16, uppercase: true)
      case "o": body = String(n, radix: 8)
      default: body = grouped ? NumberGrouping.of(locale: locale).group(String(n)) : String(n)
      }
      if spec.flags.contains("#") && n != 0 {
        if conversion == "x" { sign = "0x" } else if conversion == "X" { sign = "0X" } else if conversion == "o" { body = "0" + body }
      }
    case "f", "F":
      let x = try number(argument, spec)
      sign = x.sign == .minus && !(x.isNaN) ? "-" : spec.flags.contains("+") ? "+" : ""
      let precision = spec.precision ?? 6
      guard precision <= 100 else {
        throw StringFormatError(message: "'\(spec.text)' asks for \(precision) digits after the point; at most 100 are supported")
      }
      if x.isNaN || x.isInfinite {
        body = x.isNaN ? "nan" : "inf"
        if conversion == "F" { body = body.uppercased() }
        return pad(body, sign: x.isNaN ? "" : sign, spec: spec, numeric: false)
      }
      body = ExactDecimal.fixed(x.magnitude, precision: precision)
      if grouped {
        let point = body.firstIndex(of: ".") ?? body.endIndex
        body = NumberGrouping.of(locale: locale).group(String(body[..<point])) + body[point...]
      }
      if precision == 0 && spec.flags.contains("#") { body += "." }
      // A value that rounds to zero keeps its minus sign, as printf prints "-0.0".
      return pad(body, sign: sign, spec: spec, numeric: true)
    default:
      throw StringFormatError(message: "'\(spec.text)' is not supported by darkroom's formatter; use %@, %d or %f")
    }
    if let precision = spec.precision, body.count < precision {
      body = String(repeating: "0", count: precision - body.count) + body
    }
    // A precision on an integer turns off zero padding, as in C.
    return pad(body, sign: sign, spec: spec, numeric: spec.precision == nil)
  }

  /// Widens `body` to the specifier's width: spaces before (or after, with `-`), or
  /// zeros between the sign and the digits with `0`.
  private static func pad(_ body: String, sign: String, spec: FormatSpecifier, numeric: Bool) -> String {
    let length = sign.count + body.count
    guard let width = spec.width, width > length else { return sign + body }
    let fill = width - length
    if spec.flags.contains("-") { return sign + body + String(repeating: " ", count: fill) }
    if numeric && spec.flags.contains("0") { return sign + String(repeating: "0", count: fill) + body }
    return String(repeating: " ", count: fill) + sign + body
  }

  private static func wholeNumber(_ argument: FormatArgument, _ spec: FormatSpecifier) throws(StringFormatError) -> Int {
    switch argument {
    case .integer(let n): return n
    case .number(let x):
      if x.rounded() == x, let n = Int(exactly: x) { return n }
    case .text(let text):
      if let n = Int(text.trimmingCharacters(in: .whitespaces)) { return n }
    }
    throw StringFormatError(message: "'\(spec.text)' needs a whole number; '\(Quoted.text(argument.description))' given")
  }

  private static func number(_ argument: FormatArgument, _ spec: FormatSpecifier) throws(StringFormatError) -> Double {
    switch argument {
    case .integer(let n): return Double(n)
    case .number(let x): return x
    case .text(let text):
      if let x = Double(text.trimmingCharacters(in: .whitespaces)) { return x }
    }
    throw StringFormatError(message: "'\(spec.text)' needs a number; '\(Quoted.text(argument.description))' given")
  }
}

/// The exact decimal value of a `Double`, for `%f` output that does not depend on
/// the platform's C library.
enum ExactDecimal {
  /// A finite, non-negative `x` with `precision` digits after the point, rounded
  /// half to even on its exact binary value.
  static func fixed(_ x: Double, precision: Int) -> String {
    // x = m × 2^e exactly; for e < 0 that is m × 5^-e / 10^-e, a whole number of
    // known decimal digits with the point -e places from the right.
    let m: UInt64, e: Int
    if x == 0 {
      m = 0
      e = 0
    } else if x.exponentBitPattern == 0 {
      m = x.significandBitPattern
      e = -1074
    } else {
      m = x.significandBitPattern | (1 << 52)
      e = Int(x.exponentBitPattern) - 1075
    }
    var digits = decimalDigits(of: m)  // least significant first
    var fractionDigits = 0
    if e >= 0 {
      var remaining = e
      while remaining > 0 {
        let step = min(remaining, 30)
        multiply(&digits, by: 1 << UInt64(step))
        remaining -= step
      }
    } else {
      var remaining = -e
      fractionDigits = -e
      while remaining > 0 {
        let step = min(remaining, 13)
        var factor: UInt64 = 1
        for _ in 0..<step { factor *= 5 }
        multiply(&digits, by: factor)
        remaining -= step
      }
    }
    // Most significant first, with at least one digit before the point.
    var all = Array(digits.reversed())
    if all.count < fractionDigits + 1 {
      all.insert(contentsOf: [UInt8](repeating: 0, count: fractionDigits + 1 - all.count), at: 0)
    }
    let integerCount = all.count - fractionDigits
    var kept = Array(all[0..<(integerCount + min(precision, fractionDigits))])
    if precision < fractionDigits {
      let rest = all[(integerCount + precision)...]
      let first = rest.first ?? 0
      let tail = rest.dropFirst().contains { $0 != 0 }
      let lastOdd = (kept.last ?? 0) % 2 == 1
      if first > 5 || (first == 5 && (tail || lastOdd)) {
        var i = kept.count - 1
        while i >= 0 {
          if kept[i] == 9 {
            kept[i] = 0
            i -= 1
          } else {
            kept[i] += 1
            break
          }
        }
        if i < 0 { kept.insert(1, at: 0) }
      }
    } else if precision > fractionDigits {
      kept += [UInt8](repeating: 0, count: precision - fractionDigits)
    }
    let pointAt = kept.count - precision
    var integerPart = kept[0..<pointAt].drop { $0 == 0 }.map { Character(String($0)) }
    if integerPart.isEmpty { integerPart = ["0"] }
    let fraction = kept[pointAt...].map { Character(String($0)) }
    return String(integerPart) + (precision > 0 ? "." + String(fraction) : "")
  }

  private static func decimalDigits(of n: UInt64) -> [UInt8] {
    var n = n
    var result: [UInt8] = []
    repeat {
      result.append(UInt8(n % 10))
      n /= 10
    } while n > 0
    return result
  }

  /// Multiplies a little-endian decimal number by `factor` (below 2^31, so a digit
  /// times it plus the carry stays within 64 bits).
  private static func multiply(_ digits: inout [UInt8], by factor: UInt64) {
    var carry: UInt64 = 0
    for i in digits.indices {
      let product = UInt64(digits[i]) * factor + carry
      digits[i] = UInt8(product % 10)
      carry = product / 10
    }
    while carry > 0 {
      digits.append(UInt8(carry % 10))
      carry /= 10
    }
  }
}
