import CDarkroomVector

/// A document the vector shim opened (an SVG's librsvg handle, a PDF's poppler
/// page), closed with it: never copied, so it is closed once.
struct VectorHandle: ~Copyable {
  /// The shim's document.
  let pointer: OpaquePointer
  private let close: @convention(c) (OpaquePointer?) -> Void

  /// The largest file read: a symbol template is about 30 KB and an exported icon
  /// or PDF less; anything far larger is not an icon.
  static let maximumBytes = 4 * 1024 * 1024

  /// `bytes` opened by the shim's `open`, `kind` naming the file in messages (`an
  /// SVG file`), and later closed by `close`.
  ///
  /// - Throws: ``VectorFailure`` when the bytes are too many or `open` refuses them.
  init(
    _ bytes: [UInt8], kind: String,
    open: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<CChar>?, Int) -> Int32,
    close: @escaping @convention(c) (OpaquePointer?) -> Void
  ) throws(VectorFailure) {
    guard bytes.count <= Self.maximumBytes else {
      throw VectorFailure(description: "\(kind) of \(bytes.count) bytes is larger than the \(Self.maximumBytes) Darkroom reads")
    }
    var pointer: OpaquePointer? = nil
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer { data in
      message.withUnsafeMutableBufferPointer { text in open(data.baseAddress, data.count, &pointer, text.baseAddress, text.count) }
    }
    guard status == Int32(CDarkroomVector_ok), let pointer else {
      throw VectorFailure(status == Int32(CDarkroomVector_noMemory) ? nil : message, fallback: "not \(kind)")
    }
    self.pointer = pointer
    self.close = close
  }

  deinit { close(pointer) }
}
