import DarkroomFoundation
import DarkroomRaster
import Foundation

/// Which Darkroom is running, as a hash, for the warm cache: any change to the
/// renderer must miss it.
///
/// It is the hash of the running executable's bytes (a rebuild with any change
/// differs), with the path, size, modification time and inode of every shared
/// library mapped as code (FreeType, HarfBuzz, the Swift runtime…: an upgraded
/// library has a new file). Where that cannot be read (see `Platform`), there is no
/// identity and the cache is not used.
enum BuildIdentity {
  /// This process's identity, computed once: a constant of the process (its
  /// executable and libraries do not change while it runs), so one value serves
  /// every run, and reading and hashing the executable again per run would cost a
  /// warm verify most of its time.
  static let current: ContentHash? = compute()

  private static func compute() -> ContentHash? {
    guard let (executable, libraries) = Platform.executableAndLibraries() else { return nil }
    var hasher = ContentHasher()
    hasher.update("darkroom-build-\(DarkroomVersion.current)")
    guard hashFile(executable, into: &hasher) else { return nil }
    for library in libraries {
      guard let stamp = Platform.stamp(of: library) else { return nil }
      hasher.update(library)
      for part in stamp { hasher.update(part) }
    }
    return hasher.finalize()
  }

  /// Feeds a file's bytes in pieces, so a large executable is never held whole.
  private static func hashFile(_ path: String, into hasher: inout ContentHasher) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    while true {
      let chunk: Data?
      do { chunk = try handle.read(upToCount: 4 << 20) } catch { return false }
      // nil, or no bytes, at the end of the file.
      guard let chunk, !chunk.isEmpty else { return true }
      chunk.withUnsafeBytes { hasher.update($0) }
    }
  }
}
