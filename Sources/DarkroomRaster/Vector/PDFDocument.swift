import CDarkroomVector
import Synchronization

/// The first page of a PDF, read by poppler: its size in points, and the page drawn
/// into pixels at a scale — how a vector image set's PDF is drawn.
///
/// poppler's page is not to be drawn by two threads at once; every call takes the
/// document's lock, so one document may be shared by a run's threads.
public final class PDFDocument: Sendable {
  /// The largest file read: a vector icon is a few kilobytes; anything far larger
  /// is not an icon.
  public static let maximumBytes = 4 * 1024 * 1024

  private let handle: Mutex<Handle>
  /// The first page's width in points.
  public let width: Double
  /// Its height.
  public let height: Double

  private struct Handle: ~Copyable {
    let pointer: OpaquePointer
    deinit { CDarkroomPDF_close(pointer) }
  }

  /// Parses `bytes` and opens the first page.
  ///
  /// - Throws: ``VectorFailure`` when the bytes are too many, not a PDF, or have no
  ///   page.
  public init(_ bytes: [UInt8]) throws(VectorFailure) {
    guard bytes.count <= Self.maximumBytes else {
      throw VectorFailure(description: "a PDF file of \(bytes.count) bytes is larger than the \(Self.maximumBytes) Darkroom reads")
    }
    var pointer: OpaquePointer? = nil
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer { data in
      CDarkroomPDF_open(data.baseAddress, data.count, &pointer, &message, message.count)
    }
    guard status == Int32(CDarkroomPDF_ok), let pointer else {
      throw VectorFailure(status == Int32(CDarkroomPDF_noMemory) ? nil : message, fallback: "not a PDF document")
    }
    var width = 0.0, height = 0.0
    CDarkroomPDF_size(pointer, &width, &height)
    self.width = width
    self.height = height
    handle = Mutex(Handle(pointer: pointer))
  }

  /// The page drawn into a `width` × `height` buffer, a point p of the page landing
  /// on the pixel `p × scale + offset`.
  ///
  /// - Throws: ``VectorFailure`` when the size is refused or poppler cannot draw it.
  public func draw(scale: Double, offset: Point, width: Int, height: Int) throws(VectorFailure) -> PixelBuffer {
    try handle.withLock { handle throws(VectorFailure) -> PixelBuffer in
      try VectorFailure.drawn(
        width: width, height: height, ok: Int32(CDarkroomPDF_ok), noMemory: Int32(CDarkroomPDF_noMemory), fallback: "the page cannot be drawn"
      ) { pixels, message in
        CDarkroomPDF_draw(handle.pointer, scale, offset.x, offset.y, pixels, Int32(width), Int32(height), message, 512)
      }
    }
  }

  /// poppler's version.
  public static var libraryVersion: String { String(cString: CDarkroomPDF_version()) }
}
