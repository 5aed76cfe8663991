import DarkroomFoundation
import DarkroomRaster
import Foundation

/// A PNG, JPEG, SVG or PDF file of the theme: checked when the theme loads — read and decoded once,
/// so a missing, corrupt or hostile image stops the run before anything is drawn —
/// then its pixels are let go. They are decoded again the first time a snapshot
/// draws the image, once however many names and modes use the file, and kept while
/// the store's budget allows (``ImageStore``).
public struct ImageFile: Sendable, Hashable {
  /// Where the file is read from, as the theme named it.
  public let path: String
  /// The folder a relative ``path`` starts from: the image is read again when a
  /// snapshot first draws it.
  package let working: WorkingFolder
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  /// A hash of the file's bytes: the image's identity for caches, and a check that
  /// the file did not change during the run.
  public let digest: ContentHash

  /// Whether the file is a vector drawing (SVG, PDF): drawn at the size it is shown at,
  /// never scaled from pixels. Its width and height are its own size, in points.
  public var isVector = false
  /// The file name extensions (lowercased) of the images Darkroom draws: PNG and
  /// JPEG bitmaps, SVG and PDF drawings. A theme's `images:` and a catalog's image
  /// sets take these.
  static let drawableFormats = ["png", "jpg", "jpeg"] + VectorDrawing.formats
  /// The formats, in words, for messages.
  static let drawableFormatsInWords = "PNG, JPEG, SVG and PDF images"

  /// The file name's extension, lowercased: the format a vector file is read as.
  var format: String { Self.format(of: path) }

  /// The extension of the file name at the end of `path`, lowercased (`svg`).
  static func format(of path: String) -> String { (path as NSString).pathExtension.lowercased() }
  /// The decoded size in bytes: none for a vector file, which is drawn at the size
  /// it is shown at, never decoded at its own.
  public var byteCount: Int { isVector ? 0 : width * height * 4 }


  /// Reads and decodes the file at `path`; errors name it as `name` at `location`.
  static func check(
    path: String, named name: String, at location: SourceLocation, reader: InputReader
  ) throws(DarkroomError) -> ImageFile {
    // The file store's own messages say what went wrong with the file; the image's
    // name is said once, here.
    let found: [UInt8]?
    do {
      found = try reader.readIfPresent(path)
    } catch {
      throw DarkroomError("cannot read image \(Excerpt.quoted(name)): \(error.message)", at: location)
    }
    guard let bytes = found else {
      throw DarkroomError("cannot read image \(Excerpt.quoted(name)): no such file", at: location)
    }
    if VectorDrawing.formats.contains(format(of: path)) {
      return try checkVector(bytes, path: path, working: reader.working, named: name, at: location)
    }
    do {
      // Straight, not premultiplied: the check needs the decode, not a second copy.
      let image = try StraightImage.decodeImage(bytes, assuming: StraightImage.format(claimedBy: name))
      return ImageFile(
        path: path, working: reader.working, width: image.width, height: image.height, digest: ContentHash(bytes))
    } catch {
      throw DarkroomError("image '\(name)': \(error)", at: location)
    }
  }

  /// A vector file parsed, and its size read: it must have one.
  private static func checkVector(
    _ bytes: [UInt8], path: String, working: WorkingFolder, named name: String, at location: SourceLocation
  ) throws(DarkroomError) -> ImageFile {
    let drawing: VectorDrawing
    do {
      drawing = try VectorDrawing(bytes, format: (path as NSString).pathExtension)
    } catch {
      throw DarkroomError("image '\(name)': \(error.description)", at: location)
    }
    let size = drawing.size
    // Checked as numbers before they are made whole: a size may be 1e38 or infinite.
    let sides = 1...Double(PixelBuffer.maximumSide)
    guard sides.contains(size.width.rounded(.up)), sides.contains(size.height.rounded(.up)) else {
      throw DarkroomError(
        "image '\(name)': a vector image must have a size (an SVG's width and height, or its viewBox) of at most \(PixelBuffer.maximumSide) points",
        at: location)
    }
    do {
      try drawing.checkDrawable()
    } catch {
      throw DarkroomError("image '\(name)': \(error.description)", at: location)
    }
    var file = ImageFile(
      path: path, working: working, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)),
      digest: ContentHash(bytes))
    file.isVector = true
    return file
  }

  /// What identifies the pixels: the path and the bytes' hash.
  var key: String { path + "#" + digest.description }
}
