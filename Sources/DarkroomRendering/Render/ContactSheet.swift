import DarkroomRaster
import Synchronization

/// A contact sheet: one layout in every mode side by side, each labelled with its
/// mode, at one pixel per point — a picture to paste into a pull request.
public enum ContactSheet {
  package static let gap = 24
  package static let labelBand = 36
  package static let backdrop = RGBA8(r: 0xd9, g: 0xdc, b: 0xe9)
  package static let ink = RGBA8(r: 0x31, g: 0x34, b: 0x40)

  /// Shrinks a snapshot by a whole factor, averaging each block of pixels
  /// (premultiplied, rounded to nearest), so sheets stay small and exact.
  public static func downsample(_ buffer: PixelBuffer, by factor: Int) throws -> PixelBuffer {
    guard factor > 1 else { return buffer }
    let width = max(1, buffer.width / factor), height = max(1, buffer.height / factor)
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let area = UInt32(factor * factor)
    for y in 0..<height {
      for x in 0..<width {
        var sums: [UInt32] = [0, 0, 0, 0]
        for dy in 0..<factor {
          let row = (y * factor + dy) * buffer.width
          for dx in 0..<factor {
            let i = (row + x * factor + dx) * 4
            for c in 0..<4 { sums[c] += UInt32(buffer.bytes[i + c]) }
          }
        }
        let o = (y * width + x) * 4
        for c in 0..<4 { out[o + c] = UInt8((sums[c] + area / 2) / area) }
      }
    }
    return try PixelBuffer(width: width, height: height, premultipliedBytes: out)
  }

  /// Lays out labelled images side by side on a neutral backdrop: one row, or one
  /// row per locale when the labels carry one (`light.de`), in the order given; the
  /// labels are set with `context`'s fonts.
  public static func compose(
    _ images: [(label: String, image: PixelBuffer)], context: RenderContext = RenderContext()
  ) throws -> PixelBuffer {
    var rows: [[(label: String, image: PixelBuffer)]] = []
    var rowOfLocale: [Substring: Int] = [:]
    for item in images {
      let locale = item.label.split(separator: ".", maxSplits: 1).dropFirst().first ?? ""
      if let row = rowOfLocale[locale] {
        rows[row].append(item)
      } else {
        rowOfLocale[locale] = rows.count
        rows.append([item])
      }
    }
    let width = rows.map { $0.reduce(gap) { $0 + $1.image.width + gap } }.max() ?? gap
    let heights = rows.map { ($0.map(\.image.height).max() ?? 0) + labelBand }
    let height = heights.reduce(gap, +)
    var sheet = try PixelBuffer(width: width, height: height, fill: backdrop)
    let face = try context.fonts.face(.semibold)
    var y = 0
    for (row, rowHeight) in zip(rows, heights) {
      var x = gap
      for (label, image) in row {
        let line = TextLine(label, face: face, size: 15, caches: context.text)
        sheet.draw(line, baselineOrigin: Point(x: Double(x), y: Double(y + labelBand - 12)), scale: 1, with: .solid(ink), caches: context.text)
        sheet.draw(image, atX: x, y: y + labelBand)
        x += image.width + gap
      }
      y += rowHeight
    }
    return sheet
  }
}

/// Collects a layout's snapshots as they are rendered, in any order and from any
/// thread, and hands each layout's set over as soon as it is complete, so at most
/// the layouts being rendered are held in memory.
package final class SheetAssembler: Sendable {
  private let expected: [String: [String]]
  private let pending = Mutex<[String: [String: PixelBuffer]]>([:])

  /// `modes` lists, per layout, the modes this run renders, in sheet order.
  package init(modes: [String: [String]]) { expected = modes }

  /// Adds one (downsampled) snapshot; returns the layout's images when complete.
  package func add(layout: String, mode: String, image: PixelBuffer) -> [(label: String, image: PixelBuffer)]? {
    pending.withLock { pending in
      pending[layout, default: [:]][mode] = image
      guard let order = expected[layout], let images = pending[layout], images.count == order.count else { return nil }
      pending[layout] = nil
      return order.compactMap { mode in images[mode].map { (mode, $0) } }
    }
  }
}
