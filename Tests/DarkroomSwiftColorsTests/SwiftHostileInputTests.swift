import DarkroomSwiftColors
import Testing

/// Hostile Swift files: nesting, length and arithmetic meant to exhaust the stack,
/// memory or time. Each gets a located error or a skipped colour; nothing
/// recurses on the file's nesting beyond fixed bounds. (Time and memory are
/// bounded by construction — linear passes, bounded recursion, a token limit —
/// and measured by Scripts/fuzz against the release build, not timed here.)
@Suite("Swift hostile input")
struct SwiftHostileInputTests {
  func read(_ text: String) -> Result<[SwiftColorDeclaration], SwiftSourceError> {
    Result { () throws(SwiftSourceError) in try SwiftColorReader.read([try SwiftFile(path: "h.swift", text: text)]) }
  }

  func outcome(_ text: String, _ name: String) -> SwiftColorDeclaration.Outcome? {
    guard case .success(let colours) = read(text) else { return nil }
    return colours.first { $0.name == name }?.outcome
  }

  @Test func deeplyNestedParenthesesAreSkippedNotRecursedInto() {
    let depth = 200_000
    let text = "import SwiftUI\nenum H {\n  static let deep: Color = " + String(repeating: "(", count: depth) + ".red"
      + String(repeating: ")", count: depth) + "\n}"
    #expect(outcome(text, "H.deep") == .skipped("nests colours more than 16 deep"))
  }

  @Test func longChainsOfOperatorsAndMembersAreBounded() {
    let sum = "import SwiftUI\nenum H {\n  static let sum = Color(red: " + String(repeating: "0 + ", count: 50_000) + "0, green: 0, blue: 0)\n}"
    guard case .skipped(let why)? = outcome(sum, "H.sum") else {
      Issue.record("a sum of 50,000 terms was read")
      return
    }
    #expect(why.hasPrefix("red: ") || why.hasPrefix("nests more than"), "\(why)")
    let chain = "import SwiftUI\nenum H {\n  static let chain = Color.red" + String(repeating: ".opacity(1)", count: 50_000) + "\n}"
    #expect(outcome(chain, "H.chain") == .skipped("not read: nests more than 96 deep (line 3, column 545)"))
    let members = "import SwiftUI\nenum H {\n  static let path: Color = a" + String(repeating: ".b", count: 50_000) + "\n}"
    guard case .skipped? = outcome(members, "H.path") else {
      Issue.record("a path of 50,000 members was read")
      return
    }
  }

  @Test func deepStructuresOfTypesAndBracesAreWalkedWithoutRecursion() {
    let depth = 100_000
    let text = String(repeating: "struct S {\n", count: depth) + "static let c = Color.red\n" + String(repeating: "}\n", count: depth)
    #expect(read(text).failure?.description == "h.swift:65:1: types nest more than 64 deep")
    let shallow = String(repeating: "struct S {\n", count: 64) + "static let c = Color.red\n" + String(repeating: "}\n", count: 64)
    guard case .success(let colours) = read(shallow) else {
      Issue.record("64 nested types were refused")
      return
    }
    #expect(colours.first?.name == Array(repeating: "S", count: 64).joined(separator: ".") + ".c")
    let braces = "func f() " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
    guard case .success = read(braces) else {
      Issue.record("deep braces were refused")
      return
    }
  }

  @Test func unterminatedCommentsStringsAndInterpolationsAreLocatedErrors() {
    #expect(read("/* " + String(repeating: "/* ", count: 10_000)).failure?.description == "h.swift:1:1: unterminated '/*' comment")
    #expect(read("let s = \"" + String(repeating: "a", count: 100_000)).failure?.description == "h.swift:1:9: unterminated string literal")
    let interpolations = "let s = " + String(repeating: "\"\\(", count: 20) + "1" + String(repeating: ")\"", count: 20)
    #expect(read(interpolations).failure?.description == "h.swift:1:59: interpolations nest more than 16 deep")
  }

  @Test func numbersThatAreNotFiniteOrDivideByZeroAreSkipped() {
    let text = """
      import SwiftUI
      enum H {
        static let huge = Color(red: 1e309 - 1e309, green: 0, blue: 0)
        static let nan = Color(white: 0 / 0)
        static let overflow = Color(red: 1e308 * 10, green: 0, blue: 0)
        static let tiny = Color(red: 1e-400, green: 0, blue: 0)
        static let long = Color(hex: 0xFFFFFFFFFFFFFFFFFFFFFFFF)
      }
      """
    #expect(outcome(text, "H.huge") == .skipped("red: `1e309` is not a finite number"))
    #expect(outcome(text, "H.nan") == .skipped("white: `0 / 0` divides by zero"))
    #expect(outcome(text, "H.overflow") == .skipped("red: `1e308 * 10` is not a finite number"))
    #expect(outcome(text, "H.tiny") == .color(.rgb(.sRGB, red: 0, green: 0, blue: 0, alpha: 1)))
    #expect(outcome(text, "H.long") == .skipped("hex: `0xFFFFFFFFFFFFFFFFFFFFFFFF` is not a literal"))
  }

  @Test func aFileOfMoreTokensThanAnyPaletteIsRefused() {
    let text = String(repeating: "a;", count: 1_100_000)
    #expect(read(text).failure?.description == "h.swift:1:2097153: the file has more than 2097152 tokens, far more than a colour file")
  }

  @Test func moreColoursThanAnyPaletteAreRefusedWhereTheLimitIsPassed() {
    let count = SwiftColorReader.maximumColors + 1
    let text = "import SwiftUI\nenum H {\n" + (0..<count).map { "  static let c\($0) = Color.red\n" }.joined() + "}\n"
    #expect(read(text).failure?.description == "h.swift:\(count + 2):14: more than 20000 colour properties: far more than a palette")
  }

  @Test func absurdlyLongNamesAndStringsAreRead() {
    let name = String(repeating: "n", count: 100_000)
    let text = "import SwiftUI\nenum H {\n  static let \(name) = Color(\"\(String(repeating: "x", count: 100_000))\")\n}"
    guard case .success(let colours) = read(text) else {
      Issue.record("refused")
      return
    }
    #expect(colours.first?.name.count == 100_002)
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
