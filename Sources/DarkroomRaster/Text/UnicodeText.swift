// The one Swift file that calls ICU (through the CDarkroomText shim).
import CDarkroomText

/// Unicode's rules for text that Darkroom does not write itself: where a line may
/// break (UAX #14) and the bidirectional embedding levels (UAX #9), from ICU.
public enum UnicodeText {
  /// The UTF-16 offsets before which a line may break, the text's end last.
  public static func lineBreaks(_ text: [UInt16]) -> [Int] {
    guard !text.isEmpty else { return [] }
    var capacity = text.count + 1
    for _ in 0..<2 {
      var breaks = [Int32](repeating: 0, count: capacity)
      let count = text.withUnsafeBufferPointer { t in
        breaks.withUnsafeMutableBufferPointer { b in
          CDarkroomText_line_breaks(t.baseAddress, Int32(t.count), b.baseAddress, Int32(b.count))
        }
      }
      if count < 0 { return [text.count] }
      if Int(count) > capacity {
        capacity = Int(count)
        continue
      }
      return breaks.prefix(Int(count)).map(Int.init)
    }
    return [text.count]
  }

  /// The embedding level of every UTF-16 unit and the paragraph's direction.
  /// `rightToLeft` nil takes the direction from the first strong character.
  public static func bidiLevels(_ text: [UInt16], rightToLeft: Bool?) -> (levels: [UInt8], rightToLeft: Bool) {
    guard !text.isEmpty else { return ([], rightToLeft ?? false) }
    // Without right-to-left letters or directional controls, a left-to-right
    // paragraph is all level 0: no need to ask ICU.
    if rightToLeft != true && !text.contains(where: mayBeRightToLeft) {
      return ([UInt8](repeating: 0, count: text.count), false)
    }
    var levels = [UInt8](repeating: 0, count: text.count)
    let base: Int32 = rightToLeft.map { $0 ? 1 : 0 } ?? -1
    let paragraph = text.withUnsafeBufferPointer { t in
      levels.withUnsafeMutableBufferPointer { l in
        CDarkroomText_bidi_levels(t.baseAddress, Int32(t.count), base, l.baseAddress)
      }
    }
    if paragraph < 0 { return ([UInt8](repeating: 0, count: text.count), false) }
    return (levels, paragraph == 1)
  }

  /// Whether a UTF-16 unit may belong to right-to-left text or change direction:
  /// Hebrew through NKo and the Arabic extensions, their presentation forms, the
  /// directional marks, embeddings and isolates, and every surrogate (the
  /// supplementary planes hold more right-to-left scripts).
  static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
      0xD800...0xDFFF:
      true
    default:
      false
    }
  }
}
