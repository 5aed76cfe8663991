import Foundation

/// Reads an Apple `.strings` file (`de.lproj/Localizable.strings`): entries
/// `"key" = "value";`, with `/* … */` and `//` comments.
///
/// Keys and values may be unquoted when they are letters, digits and `_ . - $ : /`
/// only; `"key";` alone gives the key as its own value, as the old property-list
/// format allows. Escapes in quoted text: `\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\0`,
/// `\U0041` or `\u0041` (four hex digits; two such escapes for a UTF-16 surrogate
/// pair); any other escaped character stands for itself. Files are UTF-8 or UTF-16
/// (a byte order mark says which; without one, UTF-16 is recognised by its zero
/// bytes). A key given twice keeps its first value.
struct DotStringsReader {
  /// The file.
  let file: String
  /// The language its entries are in.
  let language: String

  /// The language of a `.lproj` folder's strings (`de.lproj` → `de`, `pt-BR.lproj`
  /// → `pt-BR`, `zh-Hans.lproj` → `zh-Hans`); nil for another folder, and for
  /// `Base.lproj`, whose strings belong to interface files, not to one language.
  static func language(ofFolder name: String) -> String? {
    guard name.hasSuffix(".lproj") else { return nil }
    let language = String(name.dropLast(".lproj".count))
    guard !language.isEmpty, language != "Base" else { return nil }
    return language.replacingOccurrences(of: "_", with: "-")
  }

  func load() throws(DarkroomError) -> StringTable {
    let bytes = try FileStore.read(file, what: "the strings file", limit: FileStore.maximumTextBytes)
    let text = try decode(bytes)
    var parser = Parser(scalars: Array(text.unicodeScalars), file: file)
    let entries = try parser.entries()
    var table = StringTable()
    for (key, value) in entries { table.add(key, language: language, .text(value), origin: file) }
    return table
  }

  private func decode(_ bytes: [UInt8]) throws(DarkroomError) -> String {
    var body = bytes[...]
    var bigEndian: Bool?
    if body.starts(with: [0xEF, 0xBB, 0xBF]) {
      body = body.dropFirst(3)
    } else if body.starts(with: [0xFF, 0xFE]) {
      bigEndian = false
      body = body.dropFirst(2)
    } else if body.starts(with: [0xFE, 0xFF]) {
      bigEndian = true
      body = body.dropFirst(2)
    } else if body.count >= 2, body.count % 2 == 0, String(validating: body, as: UTF8.self) == nil || body.contains(0) {
      // No mark: ASCII text in UTF-16 has a zero byte beside each character.
      let first = body[body.startIndex], second = body[body.startIndex + 1]
      if first == 0 && second != 0 { bigEndian = true } else if second == 0 && first != 0 { bigEndian = false }
    }
    guard let bigEndian else {
      guard let text = String(validating: body, as: UTF8.self) else {
        throw DarkroomError("cannot read the strings file: it is neither UTF-8 nor UTF-16 text", file: file)
      }
      return text
    }
    guard body.count % 2 == 0 else {
      throw DarkroomError("cannot read the strings file: UTF-16 text with an odd number of bytes", file: file)
    }
    var units: [UInt16] = []
    units.reserveCapacity(body.count / 2)
    var i = body.startIndex
    while i < body.endIndex {
      let a = UInt16(body[i]), b = UInt16(body[i + 1])
      units.append(bigEndian ? a << 8 | b : b << 8 | a)
      i += 2
    }
    guard let text = String(validating: units, as: UTF16.self) else {
      throw DarkroomError("cannot read the strings file: malformed UTF-16 text", file: file)
    }
    return text
  }

  /// A hand-written reader, so every mistake is reported at its line and column.
  private struct Parser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
      self.scalars = scalars
      self.file = file
    }

    var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
      if scalars[index] == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }

    mutating func entries() throws(DarkroomError) -> [(String, String)] {
      var result: [(String, String)] = []
      while true {
        try skipSpaceAndComments()
        guard current != nil else { return result }
        let key = try string(what: "a key")
        try skipSpaceAndComments()
        if current == ";" {
          advance()
          result.append((key, key))
          continue
        }
        guard current == "=" else { throw DarkroomError("expected '=' after the key '\(key)'", at: here) }
        advance()
        try skipSpaceAndComments()
        let value = try string(what: "a value")
        try skipSpaceAndComments()
        guard current == ";" else { throw DarkroomError("expected ';' after the value of '\(key)'", at: here) }
        advance()
        result.append((key, value))
      }
    }

    mutating func skipSpaceAndComments() throws(DarkroomError) {
      while let c = current {
        if c.properties.isWhitespace {
          advance()
        } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          let start = here
          advance()
          advance()
          while true {
            guard let d = current else { throw DarkroomError("a '/*' comment is never closed", at: start) }
            if d == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
              advance()
              advance()
              break
            }
            advance()
          }
        } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while let d = current, d != "\n" { advance() }
        } else {
          return
        }
      }
    }

    static func isBare(_ c: Unicode.Scalar) -> Bool {
      (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) || "_.-$:/".unicodeScalars.contains(c)
    }

    mutating func string(what: String) throws(DarkroomError) -> String {
      guard let c = current else { throw DarkroomError("expected \(what), found the end of the file", at: here) }
      var result = String.UnicodeScalarView()
      if c != "\"" {
        guard Self.isBare(c) else { throw DarkroomError("expected \(what) in double quotes, found '\(c)'", at: here) }
        while let d = current, Self.isBare(d) {
          result.append(d)
          advance()
        }
        return String(result)
      }
      let start = here
      advance()
      while true {
        guard let d = current else { throw DarkroomError("a string is never closed (missing '\"')", at: start) }
        advance()
        if d == "\"" { return String(result) }
        if d != "\\" {
          result.append(d)
          continue
        }
        let escapeAt = here.advanced(by: -1)
        guard let e = current else { throw DarkroomError("a string is never closed (missing '\"')", at: start) }
        advance()
        switch e {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "0": result.append("\0")
        case "U", "u":
          let unit = try hex4(at: escapeAt)
          if (0xD800...0xDBFF).contains(unit) {
            // A character beyond the first plane is written as two escapes.
            guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "U" || scalars[index + 1] == "u" else {
              throw DarkroomError("'\\U' escape of a lone surrogate: a second '\\U' must follow", at: escapeAt)
            }
            advance()
            advance()
            let low = try hex4(at: escapeAt)
            guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { throw DarkroomError("'\\U' escapes of an invalid surrogate pair", at: escapeAt) }
            result.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(unit) else {
              throw DarkroomError("'\\U' escape of a lone surrogate", at: escapeAt)
            }
            result.append(scalar)
          }
        default: result.append(e)
        }
      }
    }

    mutating func hex4(at start: SourceLocation) throws(DarkroomError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let c = current, c.isASCII, let digit = Character(c).hexDigitValue else {
          throw DarkroomError("a '\\U' escape needs four hex digits", at: start)
        }
        value = value << 4 | UInt32(digit)
        advance()
      }
      return value
    }
  }
}
