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
    guard let stamp = Platform.stamp(of: path) else { return nil }
    if let known = digests.value(for: path), known.stamp == stamp { return known.digest }
    guard let bytes = try? FileStore.read(path, what: "a font") else { return nil }
    let digest = ContentHash(bytes)
    digests.insert(Entry(stamp: stamp, digest: digest), for: path, cost: 1)
    return digest
  }
}
