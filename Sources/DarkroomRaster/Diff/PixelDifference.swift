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
  ///
  /// Rows are compared as whole byte ranges first, so identical rows cost a memory
  /// comparison; only rows that differ are walked pixel by pixel.
  public init(expected: PixelBuffer, actual: PixelBuffer) {
    let width = min(expected.width, actual.width)
    let height = min(expected.height, actual.height)
    var count = 0
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    expected.bytes.withUnsafeBufferPointer { e in
      actual.bytes.withUnsafeBufferPointer { a in
        for y in 0..<height {
          let eRow = y * expected.width * 4, aRow = y * actual.width * 4
          let rowBytes = width * 4
          if let eBase = e.baseAddress, let aBase = a.baseAddress,
            memcmp(eBase + eRow, aBase + aRow, rowBytes) == 0
          {
            continue
          }
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
    if expected.width != actual.width || expected.height != actual.height {
      sizeMismatch = (
        PixelSize(width: expected.width, height: expected.height),
        PixelSize(width: actual.width, height: actual.height)
      )
    } else {
      sizeMismatch = nil
    }
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

extension PixelBuffer {
  /// An image that shows where two images differ: the expected image faded to a
  /// light grey, with differing pixels in solid red, and red wherever only one image
  /// has pixels (when their sizes differ). The idea is pixelmatch's output image.
  public static func differenceImage(expected: PixelBuffer, actual: PixelBuffer) -> PixelBuffer {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    var out: [UInt8] = []
    out.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let inExpected = x < expected.width && y < expected.height
        let inActual = x < actual.width && y < actual.height
        if inExpected && inActual {
          let e = expected[x, y], a = actual[x, y]
          if e != a {
            out += [255, 0, 0, 255]
            continue
          }
          // Composite over white, take luma, and keep 10% of its distance from white.
          let s = e.straight
          let inverse = 255 - UInt32(s.a)
          let r = Blend.divide255(UInt32(s.r) * UInt32(s.a)) + inverse
          let g = Blend.divide255(UInt32(s.g) * UInt32(s.a)) + inverse
          let b = Blend.divide255(UInt32(s.b) * UInt32(s.a)) + inverse
          let luma = (77 * r + 150 * g + 29 * b + 128) >> 8
          let faded = UInt8(255 - ((255 - luma) * 26 + 128) / 255)
          out += [faded, faded, faded, 255]
        } else {
          out += [255, 0, 0, 255]
        }
      }
    }
    // The larger of two valid sizes can still exceed the pixel limit (a tall image
    // against a wide one); then the actual image stands in.
    return (try? PixelBuffer(width: width, height: height, premultipliedBytes: out)) ?? actual
  }
}
