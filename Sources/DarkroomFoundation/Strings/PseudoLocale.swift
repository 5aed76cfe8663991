/// A built-in pseudo-locale: the source language's text transformed so that layout
/// problems show without a translation, as Android's `en-XA` and `ar-XB` do.
///
/// Format specifiers (`%d`, `%1$@`, `%lld`, `%.2f`, `%%`, `%@`, `%s`, and string
/// catalog substitutions `%#@name@`) are never changed, so the transformed text can
/// still be formatted with the same arguments.
public enum PseudoLocale: String, Sendable, CaseIterable {
  /// Accented and longer: finds truncation, clipping and hard-coded text.
  ///
  /// Every ASCII letter is replaced by an accented look-alike (`Hello` → `Ĥéļļö`; a
  /// fixed table, one letter for one letter); other characters stay. Then a space
  /// and padding words are appended — `one two three … twenty`, repeated if need
  /// be — taking whole words until the padding (its words joined by single spaces)
  /// is at least ceil(0.4 × n) characters long, where n is the number of characters
  /// of the original text, specifiers included. The result is wrapped in `[` and
  /// `]`, so it is at least 1.4 × n + 3 characters long. Empty text stays empty.
  case accented = "en-XA"

  /// Right to left: finds layouts that do not mirror.
  ///
  /// Every word — each run of characters that are not whitespace, outside format
  /// specifiers — is wrapped in U+200F RIGHT-TO-LEFT MARK, U+202E RIGHT-TO-LEFT
  /// OVERRIDE, the word, U+202C POP DIRECTIONAL FORMATTING and U+200F again, so it
  /// reads right to left. Whitespace and specifiers are left outside the overrides;
  /// the text is not made longer otherwise.
  case bidi = "ar-XB"

  /// `text` transformed as this pseudo-locale describes.
  public func apply(to text: String) -> String {
    guard !text.isEmpty else { return "" }
    switch self {
    case .accented: return Self.accent(text)
    case .bidi: return Self.reverse(text)
    }
  }

  private static let accents: [Character: Character] = {
    let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let accented = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
    return Dictionary(uniqueKeysWithValues: zip(plain, accented))
  }()

  /// Android's padding words: short, readable, and plainly not a translation.
  private static let paddingWords = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
  ]

  /// The stretches of one text (a label's runs), transformed as the text they make
  /// up: accented stretch by stretch, with one `[` before the first and the padding
  /// for the whole text and `]` after the last; or reversed word by word, a word that
  /// runs on into the next stretch opened in the one it starts in and closed in the
  /// one it ends in (the paragraph is one text, so one override spans both).
  public func apply(toRuns texts: [String]) -> [String] {
    guard !texts.allSatisfy(\.isEmpty) else { return texts }
    switch self {
    case .bidi:
      // Resolved text: a `%` in it is a character, not a specifier.
      return Self.reversed(texts.map { [.text($0)] })
    case .accented:
      var result = texts.map(Self.accentLetters)
      result[0] = "[" + result[0]
      result[result.count - 1] += " " + Self.padding(forLength: texts.reduce(0) { $0 + $1.count }) + "]"
      return result
    }
  }

  private static func accent(_ text: String) -> String {
    "[" + accentLetters(text) + " " + padding(forLength: text.count) + "]"
  }

  /// Every ASCII letter outside format specifiers accented.
  private static func accentLetters(_ text: String) -> String {
    var body = ""
    for segment in FormatSpecifier.segments(of: text) {
      switch segment {
      case .specifier(let spec): body += spec.text
      case .text(let literal): body += String(literal.map { accents[$0] ?? $0 })
      }
    }
    return body
  }

  /// Padding words for a text of `length` characters: at least ceil(0.4 × length).
  private static func padding(forLength length: Int) -> String {
    let wanted = (length * 4 + 9) / 10  // ceil(0.4 × n) in whole numbers
    var padding = ""
    var index = 0
    while padding.count < wanted {
      if !padding.isEmpty { padding += " " }
      padding += paddingWords[index % paddingWords.count]
      index += 1
    }
    return padding
  }

  private static func reverse(_ text: String) -> String {
    reversed([FormatSpecifier.segments(of: text)])[0]
  }

  /// Each word — a run of characters that are not whitespace, between specifiers —
  /// wrapped in RLM RLO … PDF RLM, across stretches: a word that runs on into the
  /// next stretch is opened in the one it starts in and closed in the one it ends
  /// in. Whitespace and specifiers stay outside.
  private static func reversed(_ stretches: [[FormatSpecifier.Segment]]) -> [String] {
    var result = stretches.map { _ in "" }
    var open: Int? = nil  // the stretch holding the open word's last character
    func close() {
      if let last = open { result[last] += "\u{202C}\u{200F}" }
      open = nil
    }
    for (index, segments) in stretches.enumerated() {
      for segment in segments {
        switch segment {
        case .specifier(let spec):
          close()
          result[index] += spec.text
        case .text(let literal):
          for character in literal {
            if character.isWhitespace {
              close()
            } else {
              if open == nil { result[index] += "\u{200F}\u{202E}" }
              open = index
            }
            result[index].append(character)
          }
        }
      }
    }
    close()
    return result
  }
}
