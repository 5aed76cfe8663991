// The one Swift file that calls HarfBuzz (through the CDarkroomText shim).
import CDarkroomText

/// A font face opened in HarfBuzz, which turns text into positioned glyphs:
/// kerning, ligatures, mark placement and the joining forms of Arabic.
///
/// A HarfBuzz font is immutable once made, and HarfBuzz shapes with one font from
/// many threads at once, so no lock is needed here.
final class ShapingFont: @unchecked Sendable {
  // The pointer is only read, by HarfBuzz calls that are thread-safe on an
  // immutable font; it is freed when the last reference goes.
  private let handle: OpaquePointer

  init?(path: String, index: UInt32) {
    guard let handle = CDarkroomText_font_open(path, index) else { return nil }
    self.handle = handle
  }

  deinit { CDarkroomText_font_close(handle) }

  /// Shapes `range` of `text` (UTF-16 offsets), the rest of the text serving as
  /// context; glyphs come back in visual order (right to left runs reversed), with
  /// clusters as UTF-16 offsets into `text` and positions in font units.
  func shape(_ text: [UInt16], range: Range<Int>, rightToLeft: Bool) -> [ShapedGlyph] {
    var capacity = range.count * 2 + 8
    for _ in 0..<3 {
      var raw = [CDarkroomText_glyph](repeating: CDarkroomText_glyph(), count: capacity)
      let count = text.withUnsafeBufferPointer { t in
        raw.withUnsafeMutableBufferPointer { g in
          CDarkroomText_shape(
            handle, t.baseAddress, Int32(t.count), Int32(range.lowerBound), Int32(range.count), rightToLeft ? 1 : 0,
            g.baseAddress, Int32(g.count))
        }
      }
      if count < 0 { return [] }
      if Int(count) > capacity {
        capacity = Int(count)
        continue
      }
      return raw.prefix(Int(count)).map {
        ShapedGlyph(
          index: $0.glyph, cluster: Int($0.cluster), advance: Int($0.x_advance), xOffset: Int($0.x_offset),
          yOffset: Int($0.y_offset))
      }
    }
    return []
  }
}

/// One glyph as shaping placed it, in font units.
public struct ShapedGlyph: Sendable, Equatable {
  /// The glyph's index in its font.
  public let index: UInt32
  /// The UTF-16 offset of the first character the glyph stands for.
  public let cluster: Int
  /// How far the pen moves after it.
  public let advance: Int
  /// How far right of the pen it is drawn.
  public let xOffset: Int
  /// How far above the pen it is drawn.
  public let yOffset: Int
}
