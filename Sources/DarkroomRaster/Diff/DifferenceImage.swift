/// Where two images differ, as an image: the expected image faded to a light grey,
/// differing pixels in solid red, and red wherever only one image has pixels (when
/// their sizes differ). The idea is pixelmatch's output image.
///
/// Fading leaves 27 greys, so with red the image has 28 colours: it is kept as one
/// palette index a pixel, a quarter of the memory of RGBA, and written as a palette
/// PNG, a third of the bytes to deflate — a diff is read by a reviewer, and made
/// on every failure.
public struct DifferenceImage: Sendable {
  /// Width in pixels: the larger of the two images'.
  public let width: Int
  /// Height in pixels: the larger of the two images'.
  public let height: Int
  /// One index into ``palette`` a pixel, rows top to bottom.
  let indices: [UInt8]

  /// How far fading lowers a grey at most: the greys are 255 down to 229.
  private static let fadeSteps = 26
  /// The index of red, after the greys.
  private static let red = UInt8(fadeSteps + 1)

  /// The colours as RGB triples: index i < 27 is the grey 255 - i, the last is red.
  static let palette: [UInt8] = (0...fadeSteps).flatMap { step -> [UInt8] in
    let grey = UInt8(255 - step)
    return [grey, grey, grey]
  } + [255, 0, 0]

  /// The difference of two images in straight alpha. When the larger of two valid
  /// sizes exceeds the pixel limit (a tall image against a wide one), the
  /// difference has the actual image's size and is all red.
  public init(expected: StraightImage, actual: StraightImage) {
    guard (try? PixelBuffer.validate(width: max(expected.width, actual.width), height: max(expected.height, actual.height))) != nil else {
      width = actual.width
      height = actual.height
      indices = [UInt8](repeating: Self.red, count: actual.width * actual.height)
      return
    }
    width = max(expected.width, actual.width)
    height = max(expected.height, actual.height)
    let (width, height) = (self.width, self.height)
    let common = (width: min(expected.width, actual.width), height: min(expected.height, actual.height))
    var indices = [UInt8](repeating: Self.red, count: width * height)
    indices.withUnsafeMutableBufferPointer { out in
      expected.bytes.withUnsafeBytes { e in
        actual.bytes.withUnsafeBytes { a in
          var lastWord: UInt32? = nil
          var lastIndex = Self.red
          for y in 0..<common.height {
            let rowE = y * expected.width, rowA = y * actual.width, rowOut = y * width
            for x in 0..<common.width {
              let word = e.load(fromByteOffset: (rowE + x) * 4, as: UInt32.self)
              guard word == a.load(fromByteOffset: (rowA + x) * 4, as: UInt32.self) else { continue }
              // UI images are flat: most pixels repeat their left neighbour.
              if word != lastWord {
                lastWord = word
                let i = (rowE + x) * 4
                lastIndex = Self.fadeIndex(e[i], e[i + 1], e[i + 2], e[i + 3])
              }
              out[rowOut + x] = lastIndex
            }
          }
        }
      }
    }
    self.indices = indices
  }

  /// The palette index of an unchanged pixel: the pixel over white, its luma,
  /// pulled nine tenths of the way to white.
  private static func fadeIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
    let alpha = UInt32(a), inverse = 255 - alpha
    let red = Blend.divide255(UInt32(r) * alpha) + inverse
    let green = Blend.divide255(UInt32(g) * alpha) + inverse
    let blue = Blend.divide255(UInt32(b) * alpha) + inverse
    let luma = (77 * red + 150 * green + 29 * blue + 128) >> 8
    // At most (255 × 26 + 128) / 255 = 26: always a grey of the palette.
    return UInt8(((255 - luma) * UInt32(fadeSteps) + 128) / 255)
  }

  private init(width: Int, height: Int, indices: [UInt8]) {
    self.width = width
    self.height = height
    self.indices = indices
  }

  /// The part `region` (clamped to the image) shrunk to `width` × `height`: each
  /// pixel is red when any pixel it covers is, so a change of one pixel still
  /// shows, else the lightest grey it covers.
  public func thumbnail(of region: PixelRect, width newWidth: Int, height newHeight: Int) -> DifferenceImage {
    let left = min(max(0, region.x), width - 1), top = min(max(0, region.y), height - 1)
    let w = min(max(1, region.width), width - left), h = min(max(1, region.height), height - top)
    let (outWidth, outHeight) = (max(1, min(newWidth, w)), max(1, min(newHeight, h)))
    var out = [UInt8](repeating: 0, count: outWidth * outHeight)
    for y in 0..<outHeight {
      let rows = (top + y * h / outHeight)..<(top + max(y * h / outHeight + 1, (y + 1) * h / outHeight))
      for x in 0..<outWidth {
        let columns = (left + x * w / outWidth)..<(left + max(x * w / outWidth + 1, (x + 1) * w / outWidth))
        var index = UInt8(Self.fadeSteps)
        scan: for row in rows {
          for column in columns {
            let value = indices[row * width + column]
            if value == Self.red {
              index = value
              break scan
            }
            index = min(index, value)
          }
        }
        out[y * outWidth + x] = index
      }
    }
    return DifferenceImage(width: outWidth, height: outHeight, indices: out)
  }

  /// The ``changedPixels`` of the thumbnail of `region` (see
  /// ``thumbnail(of:width:height:)``) of the difference of two images, made
  /// without the full-size difference: each pixel red when any pixel it covers
  /// differs, white elsewhere. Each pixel of the region is compared once; the
  /// report makes one per change.
  public static func changedThumbnail(
    expected: StraightImage, actual: StraightImage, of region: PixelRect, width newWidth: Int, height newHeight: Int
  ) -> DifferenceImage {
    guard expected.width == actual.width, expected.height == actual.height else {
      // Sizes differ: the red where only one has pixels needs the whole picture.
      return DifferenceImage(expected: expected, actual: actual)
        .thumbnail(of: region, width: newWidth, height: newHeight).changedPixels
    }
    let (width, height) = (actual.width, actual.height)
    let left = min(max(0, region.x), width - 1), top = min(max(0, region.y), height - 1)
    let w = min(max(1, region.width), width - left), h = min(max(1, region.height), height - top)
    let (outWidth, outHeight) = (max(1, min(newWidth, w)), max(1, min(newHeight, h)))
    var out = [UInt8](repeating: 0, count: outWidth * outHeight)
    // Which of the region's columns changed in the rows of one output row.
    var changed = [Bool](repeating: false, count: w)
    expected.bytes.withUnsafeBytes { e in
      actual.bytes.withUnsafeBytes { a in
        for y in 0..<outHeight {
          let rows = (top + y * h / outHeight)..<(top + max(y * h / outHeight + 1, (y + 1) * h / outHeight))
          var any = false
          for row in rows {
            let start = (row * width + left) * 4
            var x = 0
            // Two pixels a step; only a step that differs is looked at closer.
            while x + 2 <= w {
              let offset = start + x * 4
              if e.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              {
                for i in x..<(x + 2)
                where e.loadUnaligned(fromByteOffset: start + i * 4, as: UInt32.self)
                  != a.loadUnaligned(fromByteOffset: start + i * 4, as: UInt32.self)
                {
                  changed[i] = true
                  any = true
                }
              }
              x += 2
            }
            if x < w,
              e.loadUnaligned(fromByteOffset: start + x * 4, as: UInt32.self)
                != a.loadUnaligned(fromByteOffset: start + x * 4, as: UInt32.self)
            {
              changed[x] = true
              any = true
            }
          }
          guard any else { continue }
          for x in 0..<outWidth {
            let columns = (x * w / outWidth)..<max(x * w / outWidth + 1, (x + 1) * w / outWidth)
            if changed[columns].contains(true) { out[y * outWidth + x] = Self.red }
          }
          for i in 0..<w { changed[i] = false }
        }
      }
    }
    return DifferenceImage(width: outWidth, height: outHeight, indices: out)
  }

  /// The changed pixels alone: red where a pixel changed, white elsewhere. Two
  /// colours deflate to a fraction of the faded greys' bytes; the report's page lays
  /// this over a faded thumbnail of the golden (multiplied, so white lets it show).
  public var changedPixels: DifferenceImage {
    DifferenceImage(width: width, height: height, indices: indices.map { $0 == Self.red ? Self.red : 0 })
  }

  /// The image as pixels, every pixel opaque.
  public var pixels: PixelBuffer {
    let palette = Self.palette
    var bytes = [UInt8](repeating: 255, count: indices.count * 4)
    bytes.withUnsafeMutableBufferPointer { out in
      for (i, index) in indices.enumerated() {
        let colour = Int(index) * 3
        out[i * 4] = palette[colour]
        out[i * 4 + 1] = palette[colour + 1]
        out[i * 4 + 2] = palette[colour + 2]
      }
    }
    return PixelBuffer(validatedWidth: width, height: height, premultipliedBytes: bytes)
  }

  /// The image as a palette PNG, at the fast compression of review images.
  public func pngData() throws(PNGError) -> [UInt8] {
    try PixelBuffer.indexedPNG(
      palette: Self.palette, indices: indices, width: width, height: height, level: PixelBuffer.Compression.fast.level)
  }
}
