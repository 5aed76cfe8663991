/// A vector image file — an SVG drawing or a PDF's first page — drawn at the size it
/// is shown at, never scaled up from pixels.
public enum VectorDrawing: Sendable {
  /// An SVG drawing (librsvg).
  case svg(SVGDocument)
  /// A PDF's first page (poppler).
  case pdf(PDFDocument)

  /// The file name extensions of vector images, lowercased.
  public static let formats = ["svg", "pdf"]

  /// Reads `bytes` as the format its file name extension `format` names.
  ///
  /// - Throws: ``VectorFailure`` when the bytes are not a drawing of that format.
  public init(_ bytes: [UInt8], format: String) throws(VectorFailure) {
    self = format.lowercased() == "pdf" ? .pdf(try PDFDocument(bytes)) : .svg(try SVGDocument(bytes))
  }

  /// Its own size: the SVG's in its user units, the page's in points.
  public var size: (width: Double, height: Double) {
    switch self {
    case .svg(let document): (document.width, document.height)
    case .pdf(let document): (document.width, document.height)
    }
  }

  /// Draws a PDF's page once, small, to learn before anything is written whether
  /// poppler draws it in time (``PDFDocument/checkDrawable(side:within:)``); an SVG
  /// needs no trial, its costly elements being refused when it is read.
  ///
  /// - Throws: ``VectorFailure`` when the page cannot be drawn in time.
  public func checkDrawable() throws(VectorFailure) {
    switch self {
    case .svg: return
    // At up to three pixels a point (a 3x screen), at most 1024 a side: poppler's
    // time grows with the pixels it fills.
    case .pdf(let document): try document.checkDrawable(side: min(1024, Int((max(document.width, document.height) * 3).rounded(.up))))
    }
  }

  /// The drawing scaled to cover `width` × `height` pixels, centred — as a bitmap is
  /// aspect-filled — and only `columns` × `rows` of that drawn.
  ///
  /// - Throws: ``VectorFailure`` when it has no size or its library cannot draw it.
  public func covering(width: Int, height: Int, columns: Range<Int>, rows: Range<Int>) throws(VectorFailure) -> PixelBuffer {
    let own = size
    guard own.width > 0, own.height > 0 else { throw VectorFailure(description: "the drawing has no size") }
    let factor = max(Double(width) / own.width, Double(height) / own.height)
    let offset = Point(
      x: (Double(width) - own.width * factor) / 2 - Double(columns.lowerBound),
      y: (Double(height) - own.height * factor) / 2 - Double(rows.lowerBound))
    switch self {
    case .svg(let document):
      return try document.draw(nil, scale: factor, offset: offset, width: columns.count, height: rows.count)
    case .pdf(let document):
      return try document.draw(scale: factor, offset: offset, width: columns.count, height: rows.count)
    }
  }
}
