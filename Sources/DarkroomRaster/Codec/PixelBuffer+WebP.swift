// The one Swift file that calls libwebp (through the CDarkroomWebP shim). Pointers
// from C stay inside this function's closure.
import CDarkroomWebP

/// Why an image could not be written as WebP.
public enum WebPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The image is larger than WebP holds (16,383 pixels a side).
  case tooLarge(width: Int, height: Int)
  /// libwebp failed.
  case failed
  /// Memory could not be allocated.
  case outOfMemory

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .tooLarge(let width, let height): "\(width)×\(height) is larger than a WebP image holds"
    case .failed: "libwebp could not encode the image"
    case .outOfMemory: "out of memory while encoding a WebP image"
    }
  }
}

extension PixelBuffer {
  /// The quality of the report's thumbnails: libwebp's scale, 0…100.
  ///
  /// Chosen by measurement on seven of the showcase's screens scaled to at most
  /// 400 pixels wide: at 75 (libwebp's drawing preset, method 4) a thumbnail is
  /// 11.6 KB on average, against 23.2 KB for a 256-colour PNG (pngquant at its
  /// slowest) and 67 KB for a full-colour one; text stays legible. Encoded with
  /// method 2, it is 3–5% larger for two fifths of the time.
  public static let thumbnailQuality: Float = 75

  /// Encodes the buffer as lossy WebP with fixed settings (one thread, libwebp's
  /// drawing preset, method 2): the same pixels give the same bytes.
  ///
  /// - Parameter quality: 0…100; default ``thumbnailQuality``.
  /// - Throws: ``WebPError``.
  public func webPData(quality: Float = thumbnailQuality) throws(WebPError) -> [UInt8] {
    let straight = isOpaque ? bytes : straightBytes
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    let status = straight.withUnsafeBufferPointer { pixels in
      CDarkroomWebP_encode(pixels.baseAddress, Int32(width), Int32(height), quality, &output, &size)
    }
    defer { CDarkroomWebP_free(output) }
    switch Int(status) {
    case Int(CDarkroomWebP_ok):
      guard let output else { throw .failed }
      return Array(UnsafeBufferPointer(start: output, count: size))
    case Int(CDarkroomWebP_badSize): throw .tooLarge(width: width, height: height)
    case Int(CDarkroomWebP_noMemory): throw .outOfMemory
    default: throw .failed
    }
  }
}
