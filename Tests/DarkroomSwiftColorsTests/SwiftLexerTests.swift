import DarkroomSwiftColors
import Testing

/// Swift's lexical grammar as the reader cuts it: what is one token, what is
/// whitespace, and where a file that is not Swift is refused. (The same cuts are
/// checked against swift-syntax over whole apps by Scripts/swift-colors-oracle.)
@Suite("Swift lexer")
struct SwiftLexerTests {
  /// `kind text` for each token.
  func tokens(_ text: String) throws -> [String] {
    let file = try SwiftFile(path: "t.swift", text: text)
    return file.tokens.map { "\($0.kind) \(file.text($0))" }
  }

  func refusal(_ text: String) -> String {
    do {
      _ = try SwiftFile(path: "t.swift", text: text)
      return "read"
    } catch {
      return error.description
    }
  }

  @Test func commentsNestAndAreNotTokens() throws {
    #expect(try tokens("a /* one /* two */ still */ b // c \"d\"\ne") == ["identifier a", "identifier b", "identifier e"])
  }

  @Test func stringsAreOneTokenWithWhatTheyInterpolate() throws {
    let text = ##"x = "a \("b \(")") c") d" + #"raw "\(not)" here"#"##
    #expect(
      try tokens(text) == [
        "identifier x", "operator =", #"string "a \("b \(")") c") d""#, "operator +", ##"string #"raw "\(not)" here"#"##,
      ])
  }

  @Test func multiLineStringsEndAtTheirOwnQuotes() throws {
    let text = "let s = \"\"\"\n  one \\\"\"\" two \"\" three\n  \"\"\"\nlet t = 1"
    let found = try tokens(text)
    #expect(found.count == 8)
    #expect(found[3].hasPrefix("string \"\"\""))
    #expect(found[4...] == ["identifier let", "identifier t", "operator =", "integer 1"])
  }

  @Test func numbersInEveryRadixWithUnderscoresFractionsAndExponents() throws {
    #expect(
      try tokens("1_000 0xFF_FF 0o17 0b1010 1.5e-3 0x1p-2 2_0.5_0 t.0.1 1...5") == [
        "integer 1_000", "integer 0xFF_FF", "integer 0o17", "integer 0b1010", "float 1.5e-3", "float 0x1p-2",
        "float 2_0.5_0", "identifier t", "operator .", "integer 0", "operator .", "integer 1", "integer 1",
        "operator ...", "integer 5",
      ])
  }

  @Test func identifiersEscapedUnicodeAndDollar() throws {
    #expect(
      try tokens("`default` café 🎨 $0 $value") == [
        "identifier `default`", "identifier café", "identifier 🎨", "identifier $0", "identifier $value",
      ])
  }

  @Test func aSlashIsARegexWhereAnOperandIsExpectedAndDivisionAfterOne() throws {
    #expect(try tokens("let r = /a+\\/b/") == ["identifier let", "identifier r", "operator =", "regex /a+\\/b/"])
    #expect(try tokens("x = a / b / c") == ["identifier x", "operator =", "identifier a", "operator /", "identifier b", "operator /", "identifier c"])
    #expect(try tokens("#/a/#") == ["regex #/a/#"])
  }

  @Test func directivesAndMacrosPound() throws {
    #expect(
      try tokens("#if os(iOS)\n#colorLiteral(red: 1)\n#endif") == [
        "directive #if", "identifier os", "punctuation (", "identifier iOS", "punctuation )", "punctuation #",
        "identifier colorLiteral", "punctuation (", "identifier red", "punctuation :", "integer 1", "punctuation )",
        "directive #endif",
      ])
  }

  @Test func columnsCountUnicodeScalarsAndLinesEveryBreak() throws {
    let file = try SwiftFile(path: "t.swift", text: "let é = \"🎨\"; let x = 1\r\nlet y = 2\rlet z")
    let places = file.tokens.map { "\($0.line):\($0.column)" }
    #expect(places == ["1:1", "1:5", "1:7", "1:9", "1:12", "1:14", "1:18", "1:20", "1:22", "2:1", "2:5", "2:7", "2:9", "3:1", "3:5"])
  }

  @Test func textThatIsNotSwiftIsRefusedWhereItGoesWrong() {
    #expect(refusal("let a = 1\n/* open /* nested */ never closed") == "t.swift:2:1: unterminated '/*' comment")
    #expect(refusal("let s = \"no end\nlet t = 1") == "t.swift:1:9: unterminated string literal")
    #expect(refusal("let s = #\"raw \"quote\" ok\"#") == "read")
    #expect(refusal("let s = #\"raw \"# ends there\"#") == "t.swift:1:28: unterminated string literal")
    #expect(refusal("let s = #\"raw never closed\"") == "t.swift:1:9: unterminated string literal")
    #expect(refusal("let s = \"a \\(b\"") == "t.swift:1:15: unterminated string literal")
    #expect(refusal("let s = \"bad \\q escape\"") == "t.swift:1:15: invalid escape sequence in a string")
    #expect(refusal("let n = 0x") == "t.swift:1:9: expected a digit after '0x'")
    #expect(refusal("let n = 12abc") == "t.swift:1:9: '12a' is not a valid number literal")
    #expect(refusal("let n = 1e") == "t.swift:1:9: expected a digit in the number's exponent")
    #expect(refusal("let `a = 1") == "t.swift:1:5: unterminated '`' in an identifier")
    #expect(refusal("let s = \"\"\"text\"\"\"") == "t.swift:1:9: a multi-line string's content must start on a new line after \"\"\"")
    #expect(refusal("let a = 1 ' 2") == "t.swift:1:11: ''' is not a character Swift takes here")
    #expect(refusal("let a = \u{7}") == "t.swift:1:9: U+7 is not a character Swift takes here")
  }

  @Test func unbalancedBracketsAreRefusedByTheReader() {
    func read(_ text: String) -> String {
      do {
        _ = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
        return "read"
      } catch {
        return error.description
      }
    }
    #expect(read("struct A {\n  let a = (1\n}") == "t.swift:3:1: '}' where the '(' at 2:11 should be closed")
    #expect(read("struct A {\n  let a = 1") == "t.swift:1:10: '{' is never closed")
    #expect(read("let a = 1)") == "t.swift:1:10: ')' closes nothing")
  }
}
