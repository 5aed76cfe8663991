/// Why a JPEG file could not be read.
public enum JPEGError: Error, Sendable, Equatable {
  /// The data is not a JPEG, or a damaged or unsupported one; the text is libjpeg's
  /// reason.
  case corrupt(String)
  /// The image's dimensions (or its number of scans) are above the decoding limits.
  case tooLarge(String)
  /// Memory could not be allocated, or decoding would need more working memory than
  /// the limits allow.
  case outOfMemory(String)
}

extension JPEGError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .corrupt(let reason): "corrupt JPEG: \(reason)"
    case .tooLarge(let reason): "JPEG too large: \(reason)"
    case .outOfMemory(let reason): "out of memory while reading a JPEG: \(reason)"
    }
  }
}

/// Limits checked while decoding a JPEG, after its header and before pixel memory
/// is allocated, so a hostile file cannot ask for gigabytes or hours.
public struct JPEGDecodingLimits: Sendable {
  /// The widest image accepted. Default: ``PixelBuffer/maximumSide``.
  public var maximumWidth: Int
  /// The tallest image accepted. Default: ``PixelBuffer/maximumSide``.
  public var maximumHeight: Int
  /// The most pixels accepted. Default: ``PixelBuffer/maximumPixelCount``.
  public var maximumPixels: Int
  /// The most scans a progressive file may have. Default: 100 — encoders write
  /// about ten, and each scan is a pass over the whole image: a valid 100 KB file of
  /// 2,647 scans of 2048×2048 pixels takes libjpeg 17 seconds.
  public var maximumScans: Int

  /// Creates limits; every default is the largest buffer Darkroom can hold.
  public init(
    maximumWidth: Int = PixelBuffer.maximumSide, maximumHeight: Int = PixelBuffer.maximumSide,
    maximumPixels: Int = PixelBuffer.maximumPixelCount, maximumScans: Int = 100
  ) {
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
    self.maximumPixels = maximumPixels
    self.maximumScans = maximumScans
  }

  /// libjpeg's working memory besides the output: a progressive file keeps every
  /// DCT coefficient of the image (2 bytes each, up to 3 channels at full
  /// resolution) until its last scan, plus a margin for tables and row buffers.
  var workingBytes: Int { maximumPixels.multipliedReportingOverflow(by: 6).partialValue + (64 << 20) }
}
