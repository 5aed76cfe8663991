import CDarkroomVector
import Synchronization

/// The first page of a PDF, read by poppler: its size in points, and the page drawn
/// into pixels at a scale — how a vector image set's PDF is drawn.
///
/// poppler's page is not to be drawn by two threads at once; every call takes the
/// document's lock, so one document may be shared by a run's threads.
public final class PDFDocument: Sendable {
  /// The largest file read (4 MiB): an icon is a few kilobytes.
  public static let maximumBytes = VectorHandle.maximumBytes

  private let handle: Mutex<VectorHandle>
  /// The first page's width in points.
  public let width: Double
  /// Its height.
  public let height: Double

  /// Parses `bytes` and opens the first page.
  ///
  /// - Throws: ``VectorFailure`` when the bytes are too many, not a PDF, or have no
  ///   page.
  public init(_ bytes: [UInt8]) throws(VectorFailure) {
    let opened = try VectorHandle(bytes, kind: "a PDF file", open: CDarkroomPDF_open, close: CDarkroomPDF_close)
    // After the size check (VectorHandle's), before poppler draws anything.
    if let refusal = PDFImageSizes.refusal(bytes) { throw VectorFailure(description: refusal) }
    var width = 0.0, height = 0.0
    CDarkroomPDF_size(opened.pointer, &width, &height)
    self.width = width
    self.height = height
    handle = Mutex(opened)
  }

  /// How long poppler may take to draw a page, in seconds: an icon takes
  /// milliseconds; a page built to draw a billion times (nested forms) would never
  /// end, and poppler cannot be stopped.
  public static let drawingTimeLimit = 10.0

  /// The page drawn into a `width` × `height` buffer, a point p of the page landing
  /// on the pixel `p × scale + offset`, in at most `seconds`.
  ///
  /// - Throws: ``VectorFailure`` when the size is refused, poppler cannot draw it, or
  ///   it did not finish in time (the document then draws no more).
  public func draw(
    scale: Double, offset: Point, width: Int, height: Int, within seconds: Double = drawingTimeLimit
  ) throws(VectorFailure) -> PixelBuffer {
    try handle.withLock { handle throws(VectorFailure) -> PixelBuffer in
      try VectorFailure.drawn(
        width: width, height: height, ok: Int32(CDarkroomVector_ok), noMemory: Int32(CDarkroomVector_noMemory), fallback: "the page cannot be drawn"
      ) { pixels, message in
        CDarkroomPDF_draw(handle.pointer, scale, offset.x, offset.y, pixels, Int32(width), Int32(height), seconds, message, 512)
      }
    }
  }

  /// Draws the page once, `side` pixels on its longer side, to learn before anything
  /// is written whether poppler draws it in time.
  ///
  /// - Throws: ``VectorFailure`` as ``draw(scale:offset:width:height:within:)``.
  public func checkDrawable(side: Int, within seconds: Double = drawingTimeLimit) throws(VectorFailure) {
    guard width > 0, height > 0, width.isFinite, height.isFinite else {
      throw VectorFailure(description: "the page has no size")
    }
    let scale = Double(side) / max(width, height)
    _ = try draw(
      scale: scale, offset: Point(x: 0, y: 0), width: max(1, Int((width * scale).rounded(.up))),
      height: max(1, Int((height * scale).rounded(.up))), within: seconds)
  }
}
