/// The formats Darkroom decodes images from, told apart by their first bytes — not
/// by the file's name, so a JPEG saved as `.png` still draws.
public enum ImageFormat: String, Sendable {
  /// PNG (`89 50 4E 47 0D 0A 1A 0A`).
  case png = "PNG"
  /// JPEG (`FF D8 FF`).
  case jpeg = "JPEG"

  /// The format of `data`, or nil when it is neither.
  public static func of(_ data: [UInt8]) -> ImageFormat? {
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    return nil
  }
}

/// Why an image file could not be decoded.
public enum ImageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The PNG decoder's error.
  case png(PNGError)
  /// The JPEG decoder's error.
  case jpeg(JPEGError)
  /// The bytes are neither a PNG nor a JPEG.
  case unknownFormat

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .png(let error): error.description
    case .jpeg(let error): error.description
    case .unknownFormat: "not a PNG or JPEG file"
    }
  }
}

extension StraightImage {
  /// Decodes a PNG or a JPEG, whichever `data` is, to straight RGBA8 within the
  /// buffer limits (``PNGDecodingLimits``, ``JPEGDecodingLimits``). Bytes that are
  /// neither are decoded as `assumed` says (the format a file's name claims), so
  /// the error is that decoder's own; nil throws ``ImageDecodingError/unknownFormat``.
  public static func decodeImage(_ data: [UInt8], assuming assumed: ImageFormat? = nil) throws(ImageDecodingError) -> StraightImage {
    switch ImageFormat.of(data) ?? assumed {
    case .png?:
      do { return try decodePNG(data).image } catch { throw .png(error) }
    case .jpeg?:
      do { return try decodeJPEG(data) } catch { throw .jpeg(error) }
    case nil:
      throw .unknownFormat
    }
  }

  /// The format a file name's extension claims: `.jpg` and `.jpeg` are JPEG, any
  /// other PNG.
  public static func format(claimedBy name: String) -> ImageFormat {
    let lowered = name.lowercased()
    return lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") ? .jpeg : .png
  }
}

extension PixelBuffer {
  /// Decodes a PNG or a JPEG to premultiplied RGBA8 (``StraightImage/decodeImage(_:)``).
  public init(imageData: [UInt8]) throws(ImageDecodingError) {
    self = try StraightImage.decodeImage(imageData).premultiplied()
  }
}
