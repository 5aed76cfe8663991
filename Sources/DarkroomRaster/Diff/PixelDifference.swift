#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `W×H`.
  public var description: String { "\(width)×\(height)" }

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A rectangle in whole pixels.
public struct PixelRect: Sendable, Hashable, Codable {
  /// Left column.
  public let x: Int
  /// Top row.
  public let y: Int
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// How two images differ, pixel for pixel.
public struct PixelDifference: Sendable, Equatable {
  /// Pixels whose premultiplied RGBA bytes differ (where both images have pixels).
  public let differingPixels: Int
  /// Pixels compared: the area the two images share.
  public let comparedPixels: Int
  /// The two sizes, when they are not the same.
  public let sizeMismatch: (expected: PixelSize, actual: PixelSize)?
  /// The smallest rectangle holding every differing pixel, in pixels, if any differ.
  public let bounds: PixelRect?

  /// Whether the images are identical in size and every pixel.
  public var isIdentical: Bool { differingPixels == 0 && sizeMismatch == nil }

  /// Differing pixels as a fraction of the compared ones.
  public var ratio: Double { comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels) }

  /// Compares what was expected (a golden) with what was rendered.
  public init(expected: PixelBuffer, actual: PixelBuffer) {
    self.init(
      expected: expected.bytes, PixelSize(width: expected.width, height: expected.height),
      actual: actual.bytes, PixelSize(width: actual.width, height: actual.height))
  }

  /// Compares two images as stored in files (straight alpha). Straight and
  /// premultiplied bytes differ in the same pixels for images that came from
  /// premultiplied buffers, since that conversion is one-to-one.
  public init(expected: StraightImage, actual: StraightImage) {
    self.init(
      expected: expected.bytes, PixelSize(width: expected.width, height: expected.height),
      actual: actual.bytes, PixelSize(width: actual.width, height: actual.height))
  }

  /// Rows are compared as whole byte ranges first, so identical rows cost a memory
  /// comparison; only rows that differ are walked pixel by pixel.
  init(expected eBytes: [UInt8], _ eSize: PixelSize, actual aBytes: [UInt8], _ aSize: PixelSize) {
    let width = min(eSize.width, aSize.width)
    let height = min(eSize.height, aSize.height)
    var count = 0
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    eBytes.withUnsafeBufferPointer { e in
      aBytes.withUnsafeBufferPointer { a in
        guard let eBase = e.baseAddress, let aBase = a.baseAddress else { return }
        let rowBytes = width * 4
        for y in 0..<height {
          let eRow = y * eSize.width * 4, aRow = y * aSize.width * 4
          if memcmp(eBase + eRow, aBase + aRow, rowBytes) == 0 { continue }
          for x in 0..<width {
            let i = eRow + x * 4, j = aRow + x * 4
            if e[i] != a[j] || e[i + 1] != a[j + 1] || e[i + 2] != a[j + 2] || e[i + 3] != a[j + 3] {
              count += 1
              minX = min(minX, x)
              maxX = max(maxX, x)
              minY = min(minY, y)
              maxY = max(maxY, y)
            }
          }
        }
      }
    }
    differingPixels = count
    comparedPixels = width * height
    sizeMismatch = eSize == aSize ? nil : (eSize, aSize)
    bounds = count > 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
  }

  /// Equal when every measurement is equal.
  public static func == (a: PixelDifference, b: PixelDifference) -> Bool {
    a.differingPixels == b.differingPixels && a.comparedPixels == b.comparedPixels
      && a.sizeMismatch?.expected == b.sizeMismatch?.expected
      && a.sizeMismatch?.actual == b.sizeMismatch?.actual
      && a.bounds == b.bounds
  }
}

extension StraightImage {
  /// An image that shows where two images differ: the expected image faded to a
  /// light grey, with differing pixels in solid red, and red wherever only one image
  /// has pixels (when their sizes differ). The idea is pixelmatch's output image.
  /// (``DifferenceImage`` is the same image before it is expanded to pixels.)
  public static func differenceImage(expected: StraightImage, actual: StraightImage) -> PixelBuffer {
    DifferenceImage(expected: expected, actual: actual).pixels
  }
}

extension PixelBuffer {
  /// The difference image of two buffers; see ``StraightImage/differenceImage(expected:actual:)``.
  public static func differenceImage(expected: PixelBuffer, actual: PixelBuffer) -> PixelBuffer {
    StraightImage.differenceImage(expected: expected.straightImage, actual: actual.straightImage)
  }
}
