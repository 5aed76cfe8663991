/// A perceptual comparison compatible with pixelmatch (v7): colour distance in YIQ
/// space against a threshold, with anti-aliased pixels detected and not counted.
///
/// Written from the algorithm's description: the YIQ distance is from Kotsarenko
/// and Ramos, "Measuring perceived color difference using YIQ NTSC transmission color
/// space in mobile applications" (2010); the anti-aliasing test from Vyšniauskas,
/// "Anti-aliased pixel and intensity slope detector" (2009). pixelmatch's own test
/// cases (shared/fixtures/pixelmatch) are the ground truth: the counts and the diff
/// images must match them exactly, so the arithmetic below keeps pixelmatch's
/// operation order in IEEE doubles.
public struct PerceptualDiff: Sendable {
  /// Options, with pixelmatch's names and defaults.
  public struct Options: Sendable, Equatable {
    /// Matching threshold, 0…1; smaller is more sensitive. Default: 0.1.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences. Default: false.
    public var includeAA = false
    /// Opacity of the faded original in the diff image. Default: 0.1.
    public var alpha: Double = 0.1
    /// Colour of anti-aliased pixels in the diff image. Default: yellow.
    public var aaColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
    /// Colour of differing pixels. Default: red.
    public var diffColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
    /// Colour of differing pixels that got darker; `nil` uses ``diffColor``.
    public var diffColorAlt: (UInt8, UInt8, UInt8)? = nil
    /// Draw only the differences, on a transparent image. Default: false.
    public var diffMask = false

    /// The defaults.
    public init() {}

    /// Equal when every option is equal.
    public static func == (a: Options, b: Options) -> Bool {
      a.threshold == b.threshold && a.includeAA == b.includeAA && a.alpha == b.alpha
        && a.aaColor == b.aaColor && a.diffColor == b.diffColor && a.diffMask == b.diffMask
        && a.diffColorAlt.map { [$0.0, $0.1, $0.2] } == b.diffColorAlt.map { [$0.0, $0.1, $0.2] }
    }
  }

  /// Pixels that differ beyond the threshold and are not anti-aliasing.
  public let differingPixels: Int
  /// The diff image, straight RGBA8, the size of the inputs.
  public let image: StraightImage

  /// Compares two images of the same size.
  ///
  /// - Precondition: the images have the same width and height (callers report a
  ///   size mismatch before comparing).
  public init(_ a: StraightImage, _ b: StraightImage, options: Options = Options()) {
    precondition(a.width == b.width && a.height == b.height, "sizes must match")
    let width = a.width, height = a.height
    var output = [UInt8](repeating: 0, count: width * height * 4)
    var count = 0
    a.bytes.withUnsafeBufferPointer { img1 in
      b.bytes.withUnsafeBufferPointer { img2 in
        output.withUnsafeMutableBufferPointer { out in
          count = Self.compare(img1, img2, out, width: width, height: height, options: options)
        }
      }
    }
    differingPixels = count
    image = StraightImage(validatedWidth: width, height: height, bytes: output)
  }

  // The largest possible YIQ distance (35215) scaled by the squared threshold.
  private static let maximumDelta = 35215.0

  private static func compare(
    _ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>,
    _ output: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, options: Options
  ) -> Int {
    let pixels = width * height
    let identical = img1.elementsEqual(img2)
    if identical {
      if !options.diffMask {
        for i in 0..<pixels { drawGrayPixel(img1, i * 4, options.alpha, output) }
      }
      return 0
    }
    let maxDelta = maximumDelta * options.threshold * options.threshold
    let alt = options.diffColorAlt ?? options.diffColor
    var diff = 0
    for y in 0..<height {
      for x in 0..<width {
        let pos = (y * width + x) * 4
        let delta = samePixel(img1, img2, pos, pos) ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false)
        if abs(delta) > maxDelta {
          let isExcludedAA =
            !options.includeAA
            && (antialiased(img1, x, y, width, height, img1, img2)
              || antialiased(img2, x, y, width, height, img2, img1))
          if isExcludedAA {
            if !options.diffMask { drawPixel(output, pos, options.aaColor) }
          } else {
            drawPixel(output, pos, delta < 0 ? alt : options.diffColor)
            diff += 1
          }
        } else if !options.diffMask {
          drawGrayPixel(img1, pos, options.alpha, output)
        }
      }
    }
    return diff
  }

  @inline(__always)
  private static func samePixel(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int) -> Bool {
    a[i] == b[j] && a[i + 1] == b[j + 1] && a[i + 2] == b[j + 2] && a[i + 3] == b[j + 3]
  }

  /// Squared YIQ distance between two pixels, negative when the second is lighter
  /// (pixelmatch's sign convention); with `yOnly`, the signed brightness difference.
  /// Translucent pixels are blended over a background that alternates by position.
  private static func colorDelta(
    _ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
    yOnly: Bool
  ) -> Double {
    let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
    let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
    var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
    let da = a1 - a2
    if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
    if a1 < 255 || a2 < 255 {
      let rb = 48 + 159 * Double(k % 2)
      let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
      let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
      dr = (r1 * a1 - r2 * a2 - rb * da) / 255
      dg = (g1 * a1 - g2 * a2 - gb * da) / 255
      db = (b1 * a1 - b2 * a2 - bb * da) / 255
    }
    let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    if yOnly { return y }
    let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
    let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  /// Whether the pixel at (x1, y1) of `img` looks like anti-aliasing: it has both a
  /// darker and a brighter neighbour, at most two equal ones, and the darkest or
  /// brightest neighbour sits in a flat area in both images.
  private static func antialiased(
    _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let pos = (y1 * width + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var minDelta = 0.0, maxDelta = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0
    for x in x0...x2 {
      for y in y0...y2 where !(x == x1 && y == y1) {
        let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minDelta {
          minDelta = delta
          minX = x
          minY = y
        } else if delta > maxDelta {
          maxDelta = delta
          maxX = x
          maxY = y
        }
      }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return (hasManySiblings(a, minX, minY, width, height) && hasManySiblings(b, minX, minY, width, height))
      || (hasManySiblings(a, maxX, maxY, width, height) && hasManySiblings(b, maxX, maxY, width, height))
  }

  /// Whether a pixel has three or more identical neighbours (edges count as one).
  private static func hasManySiblings(
    _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int
  ) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let center = (y1 * width + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for x in x0...x2 {
      for y in y0...y2 where !(x == x1 && y == y1) {
        if samePixel(img, img, center, (y * width + x) * 4) { zeroes += 1 }
        if zeroes > 2 { return true }
      }
    }
    return false
  }

  @inline(__always)
  private static func drawPixel(_ output: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, _ c: (UInt8, UInt8, UInt8)) {
    output[pos] = c.0
    output[pos + 1] = c.1
    output[pos + 2] = c.2
    output[pos + 3] = 255
  }

  /// The original's brightness, faded towards white; stored truncated, as
  /// pixelmatch's typed-array output does.
  @inline(__always)
  private static func drawGrayPixel(
    _ img: UnsafeBufferPointer<UInt8>, _ i: Int, _ alpha: Double, _ output: UnsafeMutableBufferPointer<UInt8>
  ) {
    let luma = Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223
    let value = 255 + (luma - 255) * alpha * Double(img[i + 3]) / 255
    let byte = UInt8(max(0, min(255, value.rounded(.towardZero))))
    drawPixel(output, i, (byte, byte, byte))
  }
}
