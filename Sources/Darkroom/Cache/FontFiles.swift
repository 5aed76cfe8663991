import DarkroomRaster
import Foundation
import Synchronization

/// The digests of font files, each hashed once per process while the file stays
/// the same: a file replaced or edited (other size, time or inode) is hashed again.
enum FontFiles {
  private struct Entry {
    let stamp: [Int]
    let digest: ContentHash
  }
  private static let digests = Mutex<[String: Entry]>([:])

  /// The hash of the font file's bytes, or nil when it cannot be read.
  static func digest(of path: String) -> ContentHash? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let stamp = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
    if let known = digests.withLock({ $0[path] }), known.stamp == stamp { return known.digest }
    guard let bytes = try? FileStore.read(path, what: "a font") else { return nil }
    let digest = ContentHash(bytes)
    digests.withLock { $0[path] = Entry(stamp: stamp, digest: digest) }
    return digest
  }
}
