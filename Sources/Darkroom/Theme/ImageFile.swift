import DarkroomRaster
import Foundation
import Synchronization

/// A PNG file of the theme: checked when the theme loads — read and decoded once,
/// so a missing, corrupt or hostile image stops the run before anything is drawn —
/// then its pixels are let go. They are decoded again the first time a snapshot
/// draws the image, once however many names and modes use the file, and kept while
/// the store's budget allows (``ImageStore``).
public struct ImageFile: Sendable, Hashable {
  /// Where the file is read from.
  public let path: String
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  /// A hash of the file's bytes: the image's identity for caches, and a check that
  /// the file did not change during the run.
  public let digest: ContentHash

  /// The decoded size in bytes.
  public var byteCount: Int { width * height * 4 }

  /// Reads and decodes the file at `path`; errors name it as `name` at `location`.
  static func check(path: String, named name: String, at location: SourceLocation) throws(DarkroomError) -> ImageFile {
    let bytes: [UInt8]
    do {
      bytes = try FileStore.read(path, what: "image '\(name)'")
    } catch {
      throw DarkroomError("cannot read image '\(name)'", at: location)
    }
    do {
      // Straight, not premultiplied: the check needs the decode, not a second copy.
      let image = try StraightImage.decodePNG(bytes).image
      return ImageFile(path: path, width: image.width, height: image.height, digest: ContentHash(bytes))
    } catch {
      throw DarkroomError("image '\(name)': \(error)", at: location)
    }
  }

  /// The decoded pixels, from the store when they are there.
  func pixels() throws(DarkroomError) -> PixelBuffer { try ImageStore.shared.pixels(of: self) }

  /// What identifies the pixels: the path and the bytes' hash.
  var key: String { path + "#" + digest.description }
}

/// Decoded theme images and the scaled copies snapshots draw, shared by every
/// snapshot and thread of a run, each within a budget of memory: past it, what was
/// used longest ago is let go (and made again if it is needed again).
///
/// One file is decoded by one thread at a time, so jobs that need the same large
/// image wait for one decode instead of each holding one; and an image drawn at
/// the same size in several snapshots or modes (a logo in every mode) is resampled
/// once.
final class ImageStore: Sendable {
  /// The store every run uses.
  static let shared = ImageStore(budget: 256 << 20)

  private let decoded: Mutex<LeastRecentlyUsed<String, PixelBuffer>>
  private let scaled: Mutex<LeastRecentlyUsed<ScaledKey, PixelBuffer>>
  /// Held while an image is decoded or resampled.
  private let making = Mutex(())

  private struct ScaledKey: Hashable {
    let image: String
    let width: Int, height: Int
    let columns: Range<Int>, rows: Range<Int>
  }

  /// A store keeping up to `budget` bytes of decoded images and a quarter of that
  /// of scaled ones.
  init(budget: Int) {
    decoded = Mutex(LeastRecentlyUsed(budget: budget))
    scaled = Mutex(LeastRecentlyUsed(budget: budget / 4))
  }

  /// The file's pixels, premultiplied.
  func pixels(of file: ImageFile) throws(DarkroomError) -> PixelBuffer {
    let key = file.key
    if let hit = decoded.withLock({ $0[key] }) { return hit }
    return try making.withLock { _ throws(DarkroomError) -> PixelBuffer in
      if let hit = decoded.withLock({ $0[key] }) { return hit }
      let buffer = try Self.decode(file)
      decoded.withLock { $0.insert(buffer, for: key, cost: file.byteCount) }
      return buffer
    }
  }

  /// The file scaled to cover `width` × `height` pixels (``PixelBuffer/aspectFilled(width:height:columns:rows:)``),
  /// only `columns` × `rows` of it.
  func aspectFilled(
    _ file: ImageFile, width: Int, height: Int, columns: Range<Int>, rows: Range<Int>
  ) throws(DarkroomError) -> PixelBuffer {
    let key = ScaledKey(image: file.key, width: width, height: height, columns: columns, rows: rows)
    if let hit = scaled.withLock({ $0[key] }) { return hit }
    let source = try pixels(of: file)
    return try making.withLock { _ throws(DarkroomError) -> PixelBuffer in
      if let hit = scaled.withLock({ $0[key] }) { return hit }
      let buffer: PixelBuffer
      do {
        buffer = try source.aspectFilled(width: width, height: height, columns: columns, rows: rows)
      } catch {
        throw DarkroomError("cannot scale the image to \(width)×\(height) pixels: \(error)", file: file.path)
      }
      scaled.withLock { $0.insert(buffer, for: key, cost: buffer.width * buffer.height * 4) }
      return buffer
    }
  }

  private static func decode(_ file: ImageFile) throws(DarkroomError) -> PixelBuffer {
    let bytes = try FileStore.read(file.path, what: "the image")
    guard ContentHash(bytes) == file.digest else {
      throw DarkroomError("the image changed on disk while the run was drawing it", file: file.path)
    }
    do { return try PixelBuffer(pngData: bytes) } catch { throw DarkroomError("\(error)", file: file.path) }
  }
}
