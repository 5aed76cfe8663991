// The one Swift file that calls libjpeg (through the CDarkroomJPEG shim). Pointers
// from C stay inside this file's closures.
import CDarkroomJPEG

extension StraightImage {
  /// Decodes a baseline or progressive JPEG (greyscale, YCbCr, RGB, CMYK) to opaque
  /// straight RGBA8, with libjpeg's accurate integer IDCT: the same bytes on every
  /// machine with the same libjpeg-turbo. No colour profile and no EXIF orientation
  /// are applied (the pixels are drawn as stored, like the PNG decoder's).
  ///
  /// - Throws: ``JPEGError`` for a file that is not a JPEG, is damaged (truncated
  ///   data is an error, not grey rows), or is over `limits`; never crashes on bad
  ///   data.
  public static func decodeJPEG(_ data: [UInt8], limits: JPEGDecodingLimits = JPEGDecodingLimits()) throws(JPEGError) -> StraightImage {
    var message = [CChar](repeating: 0, count: 256)
    let cLimits = CDarkroomJPEG_limits(
      max_width: UInt32(clamping: limits.maximumWidth), max_height: UInt32(clamping: limits.maximumHeight),
      max_pixels: UInt64(clamping: limits.maximumPixels), max_working_bytes: UInt64(clamping: limits.workingBytes),
      max_scans: UInt32(clamping: limits.maximumScans))
    var output: UnsafeMutablePointer<UInt8>? = nil
    var width: UInt32 = 0, height: UInt32 = 0
    let status = data.withUnsafeBufferPointer { input in
      message.withUnsafeMutableBufferPointer { text in
        CDarkroomJPEG_decode(input.baseAddress, input.count, cLimits, &output, &width, &height, text.baseAddress, text.count)
      }
    }
    defer { CDarkroomJPEG_free(output) }
    let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard status == Int32(CDarkroomJPEG_ok), let output else {
      switch status {
      case Int32(CDarkroomJPEG_tooLarge): throw .tooLarge(reason)
      case Int32(CDarkroomJPEG_noMemory): throw .outOfMemory(reason.isEmpty ? "allocation failed" : reason)
      default: throw .corrupt(reason.isEmpty ? "unreadable data" : reason)
      }
    }
    let bytes = Array(UnsafeBufferPointer(start: output, count: Int(width) * Int(height) * 4))
    do {
      return try StraightImage(width: Int(width), height: Int(height), bytes: bytes)
    } catch {
      throw .tooLarge("\(error)")
    }
  }
}
