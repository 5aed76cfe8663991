import CDarkroomVector
import Synchronization

/// An SVG file, parsed by librsvg: its size, the box each element draws, and any
/// element drawn into pixels at a scale — how a project's symbols and vector image
/// sets are read. Files the document names (images, stylesheets) are never read.
///
/// librsvg's handle is not to be used by two threads at once; every call takes the
/// document's lock, so one document may be shared by a run's threads.
public final class SVGDocument: Sendable {
  /// The largest file read (4 MiB): an icon is a few kilobytes.
  public static let maximumBytes = VectorHandle.maximumBytes

  private let handle: Mutex<VectorHandle>
  /// The document's width in its user units (0 when it states none).
  public let width: Double
  /// Its height.
  public let height: Double

  /// Parses `bytes`.
  ///
  /// - Throws: ``VectorFailure`` when the bytes are too many or not an SVG document.
  public init(_ bytes: [UInt8]) throws(VectorFailure) {
    if let refused = Self.refusedElement(in: bytes) { throw VectorFailure(description: refused) }
    let opened = try VectorHandle(bytes, kind: "an SVG file", open: CDarkroomSVG_open, close: CDarkroomSVG_close)
    var width = 0.0, height = 0.0
    CDarkroomSVG_size(opened.pointer, &width, &height)
    self.width = width
    self.height = height
    handle = Mutex(opened)
  }

  /// Why Darkroom does not draw `bytes`, when an element in them could take it
  /// out of bounded time and memory or make it draw differently elsewhere: an
  /// `<image>` (a bitmap librsvg would decode outside Darkroom's image limits), a
  /// filter (a blur of any radius), or an entity declaration (markup entities
  /// could write either). Symbols and icons have none of them.
  static func refusedElement(in bytes: [UInt8]) -> String? {
    let refused: [String: String] = [
      "image": "an SVG file with an embedded image (<image>) is not drawn",
      "filter": "an SVG file with a filter (<filter>) is not drawn",
      "feImage": "an SVG file with a filter (<feImage>) is not drawn",
    ]
    // An element's name: ASCII letters, digits and `:-._` (XML allows more, but no
    // name refused here has other characters).
    func isNameByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
        true
      default: false
      }
    }
    let entity = Array("<!ENTITY".utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "<") {
      if bytes[index...].starts(with: entity) { return "an SVG file that declares entities (<!ENTITY>) is not read" }
      let name = bytes[(index + 1)...].prefix(while: isNameByte)
      // Without a namespace prefix: `svg:image` is an image.
      let local = name.split(separator: UInt8(ascii: ":")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
      if let reason = refused[local] { return reason }
    }
    return nil
  }

  /// Whether the document has an element with the id `id`.
  public func has(_ id: String) -> Bool {
    handle.withLock { CDarkroomSVG_has($0.pointer, id) != 0 }
  }

  /// The boxes of element `id` (nil: the whole document), in the document's user
  /// units after every transform around it: what it inks, strokes included, and
  /// its geometry (a line's own points; librsvg's ink box of a line also holds the
  /// origin). Nil when there is no such element.
  ///
  /// - Throws: ``VectorFailure`` when librsvg cannot measure it.
  public func bounds(of id: String?) throws(VectorFailure) -> (ink: Rect, geometry: Rect)? {
    var box = [Double](repeating: 0, count: 8)
    var message = [CChar](repeating: 0, count: 512)
    let status = handle.withLock { handle in
      CDarkroomSVG_bounds(handle.pointer, id, &box, &message, message.count)
    }
    if status == Int32(CDarkroomVector_missing) { return nil }
    guard status == Int32(CDarkroomVector_ok) else {
      throw VectorFailure(status == Int32(CDarkroomVector_noMemory) ? nil : message, fallback: "its geometry cannot be measured")
    }
    return (Rect(x: box[0], y: box[1], width: box[2], height: box[3]), Rect(x: box[4], y: box[5], width: box[6], height: box[7]))
  }

  /// Element `id` (nil: the whole document) drawn into a `width` × `height` buffer,
  /// a user-unit point p landing on the pixel `p × scale + offset`.
  ///
  /// - Throws: ``VectorFailure`` when there is no such element, the size is refused, or
  ///   librsvg cannot draw it.
  public func draw(_ id: String?, scale: Double, offset: Point, width: Int, height: Int) throws(VectorFailure) -> PixelBuffer {
    if let id, !has(id) { throw VectorFailure(description: "no element '\(id)'") }
    return try handle.withLock { handle throws(VectorFailure) -> PixelBuffer in
      try VectorFailure.drawn(
        width: width, height: height, ok: Int32(CDarkroomVector_ok), noMemory: Int32(CDarkroomVector_noMemory), fallback: "it cannot be drawn"
      ) { pixels, message in
        CDarkroomSVG_draw(handle.pointer, id, scale, offset.x, offset.y, pixels, Int32(width), Int32(height), message, 512)
      }
    }
  }
}
