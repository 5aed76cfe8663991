/// Why a PNG file could not be read or written.
public enum PNGError: Error, Sendable, Equatable {
  /// The data is not a valid PNG (bad signature, bad CRC, truncated, bad zlib…);
  /// the text is libpng's reason.
  case corrupt(String)
  /// The image's dimensions are above the decoding limits.
  case tooLarge(String)
  /// Memory could not be allocated.
  case outOfMemory
}

extension PNGError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .corrupt(let reason): "corrupt PNG: \(reason)"
    case .tooLarge(let reason): "PNG too large: \(reason)"
    case .outOfMemory: "out of memory while reading or writing a PNG"
    }
  }
}

/// Limits checked while decoding, before pixel memory is allocated, so a hostile
/// file cannot ask for gigabytes.
public struct PNGDecodingLimits: Sendable {
  /// The widest image accepted. Default: ``PixelBuffer/maximumSide``.
  public var maximumWidth: Int
  /// The tallest image accepted. Default: ``PixelBuffer/maximumSide``.
  public var maximumHeight: Int
  /// The most pixels accepted. Default: ``PixelBuffer/maximumPixelCount``.
  public var maximumPixels: Int
  /// The largest ancillary chunk libpng may buffer. Default: 8 MiB.
  public var maximumChunkBytes: Int

  /// Creates limits; every default is the largest buffer Darkroom can hold.
  public init(
    maximumWidth: Int = PixelBuffer.maximumSide, maximumHeight: Int = PixelBuffer.maximumSide,
    maximumPixels: Int = PixelBuffer.maximumPixelCount, maximumChunkBytes: Int = 8 << 20
  ) {
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
    self.maximumPixels = maximumPixels
    self.maximumChunkBytes = maximumChunkBytes
  }
}
