import DarkroomRaster
import Foundation
import Synchronization

/// A PNG file of the theme: checked when the theme loads — read and decoded once,
/// so a missing, corrupt or hostile image stops the run before anything is drawn —
/// then its pixels are let go. They are decoded again the first time a snapshot
/// draws the image, once for every name and mode that uses the file, and kept while
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
      let buffer = try PixelBuffer(pngData: bytes)
      return ImageFile(path: path, width: buffer.width, height: buffer.height, digest: ContentHash(bytes))
    } catch {
      throw DarkroomError("image '\(name)': \(error)", at: location)
    }
  }

  /// The decoded pixels, from the store when they are there.
  func pixels() throws(DarkroomError) -> PixelBuffer { try ImageStore.shared.pixels(of: self) }
}

/// Decoded theme images, shared by every snapshot and thread of a run, within a
/// budget of memory: past it, the image used longest ago is let go (and decoded
/// again if it is needed again).
final class ImageStore: Sendable {
  /// The store every run uses.
  static let shared = ImageStore(budget: 256 << 20)

  private struct Entry {
    let buffer: PixelBuffer
    var lastUse: Int
  }
  private struct State {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock = 0
  }
  private let state = Mutex(State())
  private let budget: Int

  init(budget: Int) { self.budget = budget }

  func pixels(of file: ImageFile) throws(DarkroomError) -> PixelBuffer {
    let key = file.path + "#" + file.digest.description
    if let hit = state.withLock({ state -> PixelBuffer? in
      state.clock += 1
      state.entries[key]?.lastUse = state.clock
      return state.entries[key]?.buffer
    }) {
      return hit
    }
    let bytes = try FileStore.read(file.path, what: "the image")
    guard ContentHash(bytes) == file.digest else {
      throw DarkroomError("the image changed on disk while the run was drawing it", file: file.path)
    }
    let buffer: PixelBuffer
    do { buffer = try PixelBuffer(pngData: bytes) } catch { throw DarkroomError("\(error)", file: file.path) }
    state.withLock { state in
      state.clock += 1
      guard state.entries[key] == nil else { return }
      state.entries[key] = Entry(buffer: buffer, lastUse: state.clock)
      state.bytes += file.byteCount
      while state.bytes > budget, state.entries.count > 1,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.bytes -= oldest.value.buffer.width * oldest.value.buffer.height * 4
        state.entries[oldest.key] = nil
      }
    }
    return buffer
  }
}
