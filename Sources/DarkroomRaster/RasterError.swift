/// Why a raster operation was refused.
public enum RasterError: Error, Sendable, Equatable {
  /// A buffer size outside 1…``PixelBuffer/maximumSide`` per side or above
  /// ``PixelBuffer/maximumPixelCount`` pixels.
  case invalidSize(width: Int, height: Int)
  /// Raw bytes whose count does not match the size they were given with.
  case byteCountMismatch(expected: Int, actual: Int)
}

extension RasterError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .invalidSize(let w, let h):
      "an image of \(w)×\(h) pixels is outside the limits (1…\(PixelBuffer.maximumSide) per side, at most \(PixelBuffer.maximumPixelCount) pixels)"
    case .byteCountMismatch(let expected, let actual):
      "expected \(expected) bytes of pixels, got \(actual)"
    }
  }
}
