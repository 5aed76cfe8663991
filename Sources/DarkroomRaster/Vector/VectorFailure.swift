/// Why a vector drawing (an SVG file, a PDF page) cannot be read or drawn: its
/// library's words, or Darkroom's.
public struct VectorFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reason, in one line.
  public let description: String

  /// A failure saying `description`.
  public init(description: String) { self.description = description }

  /// The library's message (a C string in `message`), else `fallback`; nil
  /// `message`: memory ran out.
  init(_ message: [CChar]?, fallback: String) {
    guard let message else {
      description = "out of memory"
      return
    }
    // librsvg's and poppler's messages may end in a newline; a diagnostic is one line.
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(" ") }.joined(separator: " ")
    description = text.isEmpty ? fallback : text
  }

  /// A `width` × `height` buffer of premultiplied RGBA8 pixels, zeroed, that `draw`
  /// fills through a C shim, with a 512-character buffer for its message; `draw`
  /// gives the shim's status, `ok` when it drew and `noMemory` when memory ran out.
  static func drawn(
    width: Int, height: Int, ok: Int32, noMemory: Int32, fallback: String,
    _ draw: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<CChar>?) -> Int32
  ) throws(VectorFailure) -> PixelBuffer {
    guard width > 0, height > 0, width <= PixelBuffer.maximumSide, height <= PixelBuffer.maximumSide,
      width * height <= PixelBuffer.maximumPixelCount
    else {
      throw VectorFailure(description: "a vector image cannot be drawn into \(width) × \(height) pixels")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var message = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeMutableBufferPointer { buffer in
      message.withUnsafeMutableBufferPointer { text in draw(buffer.baseAddress, text.baseAddress) }
    }
    guard status == ok else { throw VectorFailure(status == noMemory ? nil : message, fallback: fallback) }
    do {
      return try PixelBuffer(width: width, height: height, premultipliedBytes: pixels)
    } catch {
      throw VectorFailure(description: error.description)
    }
  }
}
