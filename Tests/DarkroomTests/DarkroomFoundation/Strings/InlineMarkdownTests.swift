import Dispatch
import Synchronization
import Testing

@testable import DarkroomFoundation

/// Strings' inline Markdown as SwiftUI's `Text` renders a `LocalizedStringKey`:
/// inline styles, block syntax kept as text, whitespace kept as written.
@Suite("Inline Markdown in strings")
struct InlineMarkdownTests {
  /// The spans as `text|styles` lines, styles as letters: s strong, e emphasis,
  /// c code, x struck, l link.
  static func described(_ text: String) -> [String] {
    InlineMarkdown.spans(text).map { span in
      var styles = ""
      if span.strong { styles += "s" }
      if span.emphasis { styles += "e" }
      if span.code { styles += "c" }
      if span.strikethrough { styles += "x" }
      if span.link { styles += "l" }
      return span.text + "|" + styles
    }
  }

  @Test func textWithoutMarkdownIsOnePlainSpan() {
    #expect(Self.described("Orders: 3 (today)") == ["Orders: 3 (today)|"])
    #expect(Self.described("") == ["|"])
  }

  @Test func eachInlineStyleIsASpanOfItsOwn() {
    #expect(
      Self.described("Tap **Save**, *then* `git push` or ~~wait~~ [read more](https://example.com).")
        == ["Tap |", "Save|s", ", |", "then|e", " |", "git push|c", " or |", "wait|x", " |", "read more|l", ".|"])
  }

  @Test func nestedStylesCombine() {
    #expect(Self.described("***both*** and **bold *inside***") == ["both|se", " and |", "bold |s", "inside|se"])
    #expect(Self.described("[**bold link**](x)") == ["bold link|sl"])
  }

  @Test func underscoresInsideWordsAreNotEmphasis() {
    #expect(Self.described("snake_case_name and __strong__") == ["snake_case_name and |", "strong|s"])
  }

  @Test func blockSyntaxStaysText() {
    #expect(Self.described("# Not a heading *but* emphasis") == ["# Not a heading |", "but|e", " emphasis|"])
    #expect(Self.described("- item with `code`") == ["- item with |", "code|c"])
    #expect(Self.described("> quoted **words**") == ["> quoted |", "words|s"])
    #expect(Self.described("1. first **one**") == ["1. first |", "one|s"])
    #expect(Self.described("[ref]: https://example.com *x*") == ["[ref]: https://example.com |", "x|e"])
    #expect(Self.described("***") == ["***|"])
    #expect(Self.described("```swift") == ["```swift|"])
    // A definition the first `]` does not give away is still shown, as written.
    #expect(Self.described(#"[a\]]: /u"#) == [#"[a\]]: /u|"#])
  }

  @Test func whitespaceAndLineBreaksAreKeptAsWritten() {
    #expect(Self.described("  **a**  \nb  *c*") == ["  |", "a|s", "  \nb  |", "c|e"])
    #expect(Self.described("    `indented` is not code") == ["    |", "indented|c", " is not code|"])
    // Lines end where a label's paragraphs do, and their breaks are kept as written:
    // a vertical tab is no line break, in Markdown or out.
    #expect(Self.described("x\r\n**y**\u{2028}z") == ["x\r\n|", "y|s", "\u{2028}z|"])
    #expect(Self.described("a **b**\u{0B}c") == ["a |", "b|s", "\u{0B}c|"])
  }

  @Test func escapesAndEntitiesShowTheirCharacters() {
    #expect(Self.described(#"\*not emphasis\* &amp; &lt;tag&gt;"#) == ["*not emphasis* & <tag>|"])
    #expect(Self.described("<b>raw</b> *x*") == ["<b>raw</b> |", "x|e"])
    // A line that starts with a link in angle brackets keeps it a link.
    #expect(Self.described("<https://example.com> is *ours*") == ["https://example.com|l", " is |", "ours|e"])
  }

  @Test func unclosedMarkersAreText() {
    #expect(Self.described("**open and [bracket](") == ["**open and [bracket](|"])
  }

  @Test func linesParsedOnManyThreadsAtOnceAreStyledAlike() {
    // cmark-gfm's parsers share a table of the characters extensions use: parses on
    // several threads at once once lost `~~` now and then.
    let expected = Self.described("a ~~struck~~ and **bold** b")
    let differing = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 400) { _ in
      if Self.described("a ~~struck~~ and **bold** b") != expected { differing.withLock { $0 += 1 } }
    }
    #expect(expected == ["a |", "struck|x", " and |", "bold|s", " b|"])
    #expect(differing.withLock { $0 } == 0)
  }

  @Test func hostileInputIsBoundedAndKeepsItsText() {
    // Nesting far past any real string, and a run of delimiters: parsed quickly,
    // every character shown exactly once.
    // Five thousand links nested: each one's text, the `x`, shown once, and the
    // brackets of the links that are none, as text.
    let nested = String(repeating: "[", count: 5000) + "x" + String(repeating: "](u)", count: 5000)
    let shown = InlineMarkdown.spans(nested).map(\.text).joined()
    #expect(shown.filter { $0 == "x" }.count == 1)
    #expect(!shown.contains("(u)") || shown.filter { $0 == "[" }.count == shown.filter { $0 == "]" }.count)
    let stars = String(repeating: "*a", count: 5000)
    #expect(InlineMarkdown.spans(stars).map(\.text).joined().filter { $0 == "a" }.count == 5000)
    // Shapes known to make Markdown parsers slow, each a string's longest (10,000
    // characters): every one keeps its letters.
    for unit in ["**a_", "[a](", "`a``", "~~a~", "<a ", "![a]", "*a**", "a\\*"] {
      let text = String(repeating: unit, count: 10_000 / unit.count)
      let letters = InlineMarkdown.spans(text).map(\.text).joined().filter { $0 == "a" }.count
      #expect(letters == 10_000 / unit.count, "\(unit)")
    }
  }
}
