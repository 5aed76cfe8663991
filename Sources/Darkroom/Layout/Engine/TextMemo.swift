import DarkroomRaster
import Synchronization

/// Text already set, shared by every layout pass of the process: a label is measured
/// when its stack sizes its children, again when it is placed, and for baselines,
/// and the same label is set again in every mode and every copy of a screen —
/// always with the same text, style, width and faces, so it is shaped and broken
/// once. A layout depends on nothing else, so a shared one is exactly the one that
/// would have been made.
final class TextMemo: Sendable {
  /// The one memo of the process.
  static let shared = TextMemo(budget: 16 << 20)

  struct Key: Hashable {
    let text: String
    let style: ParagraphStyle
    let width: UInt64?
    /// The font chain's faces (`FontChain.identity`).
    let faces: [Int]
  }

  private let layouts: Mutex<LeastRecentlyUsed<Key, TextLayout>>

  init(budget: Int) { layouts = Mutex(LeastRecentlyUsed(budget: budget)) }

  /// The memorised layout for `key`, or the one `make` sets, remembered.
  func layout(_ key: Key, make: () -> TextLayout) -> TextLayout {
    if let known = layouts.withLock({ $0[key] }) { return known }
    let made = make()
    // A rough cost: the glyphs a layout holds grow with its text.
    let cost = 256 + 64 * key.text.utf8.count
    layouts.withLock { $0.insert(made, for: key, cost: cost) }
    return made
  }
}
