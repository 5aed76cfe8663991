extension PixelBuffer {
  /// The buffer as palette indices, when it is opaque and has at most 256 colours
  /// (a difference image: faded greys and red): one byte a pixel instead of three
  /// is a third of the bytes to filter and deflate, and decodes to the same pixels.
  /// Colours are numbered in the order they first appear, so equal pixels give
  /// equal palettes.
  func palettized() -> (palette: [UInt8], indices: [UInt8])? {
    guard isOpaque else { return nil }
    var palette: [UInt32] = []
    var last: UInt32? = nil
    var lastIndex: UInt8 = 0
    let count = width * height
    var indices = [UInt8](repeating: 0, count: count)
    let fits: Bool = bytes.withUnsafeBytes { raw in
      indices.withUnsafeMutableBufferPointer { out in
        for i in 0..<count {
          let word = raw.load(fromByteOffset: i * 4, as: UInt32.self)
          if word != last {
            // UI images are flat: most pixels repeat their left neighbour, so the
            // search below runs rarely.
            if let known = palette.firstIndex(of: word) {
              lastIndex = UInt8(known)
            } else {
              guard palette.count < 256 else { return false }
              lastIndex = UInt8(palette.count)
              palette.append(word)
            }
            last = word
          }
          out[i] = lastIndex
        }
        return true
      }
    }
    guard fits else { return nil }
    // Each word's bytes are R, G, B, A in memory; the palette keeps R, G, B.
    var rgb: [UInt8] = []
    rgb.reserveCapacity(palette.count * 3)
    for word in palette {
      withUnsafeBytes(of: word) { rgb.append(contentsOf: $0.prefix(3)) }
    }
    return (rgb, indices)
  }

  /// Encodes palette indices (see `palettized()`) at a libdeflate level.
  static func indexedPNG(palette: [UInt8], indices: [UInt8], width: Int, height: Int, level: Int32) throws(PNGError)
    -> [UInt8]
  {
    // Each row a filter byte (0, None) and its indices.
    var rows = [UInt8](repeating: 0, count: height * (width + 1))
    rows.withUnsafeMutableBufferPointer { rows in
      indices.withUnsafeBufferPointer { indices in
        for y in 0..<height {
          _ = UnsafeMutableBufferPointer(rebasing: rows[(y * (width + 1) + 1)...])
            .initialize(from: indices[(y * width)..<((y + 1) * width)])
        }
      }
    }
    let outcome: Result<[UInt8], PNGError> = rows.withUnsafeBytes { rows in
      do throws(PNGError) {
        return .success(
          try PNGWriter.file(width: width, height: height, colorType: .palette, rows: rows, level: level, palette: palette))
      } catch { return .failure(error) }
    }
    return try outcome.get()
  }
}
