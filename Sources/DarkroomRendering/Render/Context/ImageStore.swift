import DarkroomFoundation
import DarkroomRaster
import Synchronization

/// Decoded theme images and the scaled copies snapshots draw, shared by every
/// snapshot and thread of a run, each within a budget of memory: past it, what was
/// used longest ago is let go (and made again if it is needed again).
///
/// One file is decoded by one thread at a time, so jobs that need the same large
/// image wait for one decode instead of each holding one; and an image drawn at
/// the same size in several snapshots or modes (a logo in every mode) is resampled
/// once.
final class ImageStore: Sendable {
  private let decoded: BoundedCache<String, PixelBuffer>
  private let scaled: BoundedCache<ScaledKey, PixelBuffer>
  /// Held while an image is decoded or resampled.
  private let making = Mutex(())
  /// Vector files parsed once for the run: a PDF page poppler did not finish
  /// drawing in time refuses every later drawing at once, instead of each snapshot
  /// waiting out the limit again.
  private let drawings = Mutex<[String: VectorDrawing]>([:])

  private struct ScaledKey: Hashable, Sendable {
    let image: String
    let width: Int, height: Int
    let columns: Range<Int>, rows: Range<Int>
  }

  /// A store keeping up to `decodedBudget` bytes of decoded images and
  /// `scaledBudget` of scaled ones.
  init(decodedBudget: Int, scaledBudget: Int) {
    decoded = BoundedCache(budget: decodedBudget)
    scaled = BoundedCache(budget: scaledBudget)
  }

  /// The file's pixels, premultiplied.
  func pixels(of file: ImageFile) throws(DarkroomError) -> PixelBuffer {
    let key = file.key
    if let hit = decoded.value(for: key) { return hit }
    return try making.withLock { _ throws(DarkroomError) -> PixelBuffer in
      if let hit = decoded.value(for: key) { return hit }
      let buffer = try decode(file)
      decoded.insert(buffer, for: key, cost: file.byteCount)
      return buffer
    }
  }

  /// The file scaled to cover `width` × `height` pixels (``PixelBuffer/aspectFilled(width:height:columns:rows:)``),
  /// only `columns` × `rows` of it.
  func aspectFilled(
    _ file: ImageFile, width: Int, height: Int, columns: Range<Int>, rows: Range<Int>
  ) throws(DarkroomError) -> PixelBuffer {
    let key = ScaledKey(image: file.key, width: width, height: height, columns: columns, rows: rows)
    if let hit = scaled.value(for: key) { return hit }
    if file.isVector {
      let buffer = try drawVector(file, width: width, height: height, columns: columns, rows: rows)
      scaled.insert(buffer, for: key, cost: buffer.width * buffer.height * 4)
      return buffer
    }
    let source = try pixels(of: file)
    return try making.withLock { _ throws(DarkroomError) -> PixelBuffer in
      if let hit = scaled.value(for: key) { return hit }
      let buffer: PixelBuffer
      do {
        buffer = try source.aspectFilled(width: width, height: height, columns: columns, rows: rows)
      } catch {
        throw DarkroomError("cannot scale the image to \(width)×\(height) pixels: \(error)", file: file.path)
      }
      scaled.insert(buffer, for: key, cost: buffer.width * buffer.height * 4)
      return buffer
    }
  }

  private func decode(_ file: ImageFile) throws(DarkroomError) -> PixelBuffer {
    if file.isVector {
      return try drawVector(file, width: file.width, height: file.height, columns: 0..<file.width, rows: 0..<file.height)
    }
    do { return try PixelBuffer(imageData: try Self.read(file)) } catch { throw DarkroomError("\(error)", file: file.path) }
  }

  /// The file's bytes, as they were when the theme checked them.
  private static func read(_ file: ImageFile) throws(DarkroomError) -> [UInt8] {
    let bytes = try FileStore.read(file.path, what: "the image", from: file.working)
    guard ContentHash(bytes) == file.digest else {
      throw DarkroomError("the image changed on disk while the run was drawing it", file: file.path)
    }
    return bytes
  }

  /// A vector drawing drawn to cover `width` × `height` pixels, centred (as a
  /// bitmap is aspect-filled), at that size rather than scaled from pixels; only
  /// `columns` × `rows` of it.
  private func drawVector(
    _ file: ImageFile, width: Int, height: Int, columns: Range<Int>, rows: Range<Int>
  ) throws(DarkroomError) -> PixelBuffer {
    let drawing: VectorDrawing
    if let known = drawings.withLock({ $0[file.key] }) {
      drawing = known
    } else {
      let bytes = try Self.read(file)
      do {
        drawing = try VectorDrawing(bytes, format: file.format)
      } catch {
        throw DarkroomError("cannot draw the image: \(error.description)", file: file.path)
      }
      drawings.withLock { $0[file.key] = drawing }
    }
    do {
      return try drawing.covering(width: width, height: height, columns: columns, rows: rows)
    } catch {
      throw DarkroomError("cannot draw the image: \(error.description)", file: file.path)
    }
  }
}
