import DarkroomRaster
/// Text already set during one layout pass: a label is measured when its stack
/// sizes its children, again when it is placed, and for baselines, always with the
/// same text, style and width — so it is shaped and broken once.
final class TextMemo {
  struct Key: Hashable {
    let text: String
    let style: ParagraphStyle
    let width: UInt64?
    let weight: FontWeight
    let font: String?
  }

  private var layouts: [Key: TextLayout] = [:]

  /// The memorised layout for `key`, or the one `make` sets, remembered.
  func layout(_ key: Key, make: () -> TextLayout) -> TextLayout {
    if let known = layouts[key] { return known }
    let made = make()
    layouts[key] = made
    return made
  }
}
