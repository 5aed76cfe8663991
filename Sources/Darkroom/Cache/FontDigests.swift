import DarkroomRaster
import Foundation

/// The digests of font files, each hashed once while the file stays the same: a file
/// replaced or edited (other size, time or inode) is hashed again.
struct FontDigests: Sendable {
  private struct Entry: Sendable {
    let stamp: [Int]
    let digest: ContentHash
  }
  private let digests: BoundedCache<String, Entry>

  init(budget: Int) { digests = BoundedCache(budget: budget) }

  /// The hash of the font file's bytes, or nil when it cannot be read.
  func digest(of path: String) -> ContentHash? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let stamp = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
    if let known = digests.value(for: path), known.stamp == stamp { return known.digest }
    guard let bytes = try? FileStore.read(path, what: "a font") else { return nil }
    let digest = ContentHash(bytes)
    digests.insert(Entry(stamp: stamp, digest: digest), for: path, cost: 1)
    return digest
  }
}
