import Foundation

/// Reads an Apple `.strings` file (`de.lproj/Localizable.strings`): entries
/// `"key" = "value";`, with `/* … */` and `//` comments, as Foundation's old-style
/// property list parser reads them.
///
/// Keys and values are in double or single quotes, or unquoted when they are
/// letters, digits and `_ . - $ : /` only; `"key";` alone gives the key as its own
/// value. Escapes in quoted text: `\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`,
/// `\f`, `\v`, a backslash before a line break (the line break), octal `\101` (up
/// to three digits), and `\U0041` — `\U` and up to four hex digits, two such escapes
/// for a UTF-16 surrogate pair; any other escaped character stands for itself (so
/// `\u0041` is `u0041`, as on iOS). Files are UTF-8 or UTF-16 (a byte order mark
/// says which; without one, UTF-16 is recognised by its zero bytes). A key given
/// twice keeps its last value, as Foundation's dictionary does. An empty file is a
/// table with no keys: its language exists, and every key falls back.
struct DotStringsReader {
  /// The file.
  let file: String
  /// The language its entries are in.
  let language: String
  /// How the file is read.
  let reader: InputReader

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
    let bytes = try reader.read(file, what: "the strings file", limit: FileStore.maximumTextBytes)
    let text = try decode(bytes)
    var parser = Parser(scalars: Array(text.unicodeScalars), file: file)
    let entries = try parser.entries()
    var table = StringTable()
    table.fileLanguages.insert(language)
    var last: [String: String] = [:]
    for (key, value) in entries { last[key] = value }
    for (key, _) in entries {
      guard let value = last.removeValue(forKey: key) else { continue }
      table.add(key, language: language, .text(value), origin: file)
    }
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
        guard result.count < StringTable.maximumKeys else { throw StringTable.tooManyKeys(at: here, file: file) }
        let key = try string(what: "a key")
        try skipSpaceAndComments()
        if current == ";" {
          advance()
          result.append((key, key))
          continue
        }
        guard current == "=" else { throw DarkroomError("expected '=' after the key '\(Quoted.text(key))'", at: here) }
        advance()
        try skipSpaceAndComments()
        let value = try string(what: "a value")
        try skipSpaceAndComments()
        guard current == ";" else { throw DarkroomError("expected ';' after the value of '\(Quoted.text(key))'", at: here) }
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
      var result: [UInt16] = []
      if c != "\"" && c != "'" {
        guard Self.isBare(c) else {
          throw DarkroomError("expected \(what) in quotes, found '\(Quoted.text(String(c)))'", at: here)
        }
        var bare = String.UnicodeScalarView()
        while let d = current, Self.isBare(d) {
          bare.append(d)
          advance()
        }
        return String(bare)
      }
      let quote = c
      let start = here
      advance()
      while true {
        guard let d = current else { throw DarkroomError("a string is never closed (missing \(quote))", at: start) }
        advance()
        if d == quote { break }
        if d != "\\" {
          result.append(contentsOf: d.utf16)
          continue
        }
        guard let e = current else { throw DarkroomError("a string is never closed (missing \(quote))", at: start) }
        advance()
        switch e {
        case "n", "\n": result.append(0x0A)
        case "t": result.append(0x09)
        case "r": result.append(0x0D)
        case "a": result.append(0x07)
        case "b": result.append(0x08)
        case "f": result.append(0x0C)
        case "v": result.append(0x0B)
        case "0"..."7":
          // Up to three octal digits: a byte of NeXTSTEP's Latin encoding, whose
          // lower half is ASCII.
          var value = e.value - 48
          for _ in 0..<2 {
            guard let digit = current, ("0"..."7").contains(digit) else { break }
            value = value * 8 + digit.value - 48
            advance()
          }
          result.append(UInt16(value & 0xFF))
        case "U": result.append(UInt16(hex4()))
        default: result.append(contentsOf: e.utf16)  // \" \' \\ and any other character
        }
      }
      // `\U` escapes give UTF-16 units one at a time: a pair makes one character.
      guard let text = String(validating: result, as: UTF16.self) else {
        throw DarkroomError("'\\U' escape of a lone surrogate (a character beyond U+FFFF needs a pair: \\UD83D\\UDE00)", at: start)
      }
      return text
    }

    /// Up to four hex digits, as Foundation reads them after `\U`.
    mutating func hex4() -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let c = current, c.isASCII, let digit = Character(c).hexDigitValue else { break }
        value = value << 4 | UInt32(digit)
        advance()
      }
      return value
    }
  }
}
