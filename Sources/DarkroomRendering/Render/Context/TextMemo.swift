import DarkroomRaster
import Foundation

/// Text already set: a label is measured when its stack sizes its children, again
/// when it is placed, and for baselines, and the same label is set again in every
/// mode and every copy of a screen — always with the same text, style, width and
/// faces, so it is shaped and broken once. A layout depends on nothing else, so a
/// remembered one is exactly the one that would have been made.
struct TextMemo: Sendable {
  struct Key: Hashable, Sendable {
    let text: String
    let style: ParagraphStyle
    let width: UInt64?
    /// Where each run ends, the faces it is set in (`FontChain.identity`) and how it
    /// is decorated: a text of one run decorated by its Markdown (`~~$9~~`) is not
    /// the same as the plain one.
    let runs: [Run]

    /// One run of the text.
    struct Run: Hashable, Sendable {
      let length: Int
      let faces: [Int]
      let underline: Bool
      let strikethrough: Bool

      init(_ run: TextRun) {
        length = run.text.utf16.count
        faces = run.fonts.identity
        underline = run.underline
        strikethrough = run.strikethrough
      }
    }

    /// Equal when the texts are the same bytes: Swift compares strings by canonical
    /// equivalence, and "é" written as one scalar or as e + U+0301 are different
    /// text to shape (other glyphs, other advances). Equal bytes are canonically
    /// equal, so `String`'s hash stays consistent with this.
    static func == (a: Key, b: Key) -> Bool {
      a.width == b.width && a.runs == b.runs && a.style == b.style && sameBytes(a.text, b.text)
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
      var a = a, b = b
      return a.withUTF8 { x in
        b.withUTF8 { y in
          guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
          return memcmp(p, q, x.count) == 0
        }
      }
    }
  }

  private let layouts: BoundedCache<Key, TextLayout>

  init(budget: Int) { layouts = BoundedCache(budget: budget) }

  /// The remembered layout for `key`, or the one `make` sets, remembered.
  func layout(_ key: Key, make: () -> TextLayout) -> TextLayout {
    // A rough cost: the glyphs a layout holds grow with its text.
    layouts.value(for: key, cost: { _ in 256 + 64 * key.text.utf8.count }, make: make)
  }
}
