import DarkroomFoundation
import DarkroomRaster
import Foundation

/// The digests of font files and what their faces say about themselves, each read
/// once while the file stays the same: a file replaced or edited (other size, time
/// or inode) is read again. The files are named by the paths their faces were
/// opened from (``FontBook`` resolves a project's font against the run's folder).
package struct FontDigests: Sendable {
  private struct Entry: Sendable {
    let stamp: [Int]
    let digest: ContentHash
  }
  private struct FaceEntry: Sendable {
    let stamp: [Int]
    let face: RecordedFace
  }
  private let digests: BoundedCache<String, Entry>
  private let faces: BoundedCache<String, FaceEntry>

  init(budget: Int) {
    digests = BoundedCache(budget: budget)
    faces = BoundedCache(budget: budget)
  }

  /// Face `index` of a font file: its family, style, version and identity
  /// (``FaceIdentity``), or nil when the file cannot be read.
  func face(of path: String, index: UInt32) -> RecordedFace? {
    guard let stamp = Platform.stamp(of: path) else { return nil }
    let key = "\(index)#" + path
    if let known = faces.value(for: key), known.stamp == stamp { return known.face }
    guard let bytes = try? FileStore.read(path, what: "a font", from: .process) else { return nil }
    // The file is read once for both: its digest is known from now on too.
    if digests.value(for: path)?.stamp != stamp {
      digests.insert(Entry(stamp: stamp, digest: ContentHash(bytes)), for: path, cost: 1)
    }
    let identity = FaceIdentity.recorded(bytes, index: index)
    let descriptions = (try? FontFace.descriptions(ofFileAt: path)) ?? []
    let description = Int(index) < descriptions.count ? descriptions[Int(index)] : nil
    let face = RecordedFace(
      family: description?.family ?? "", style: description?.style ?? "", version: description?.version ?? "",
      identity: identity)
    faces.insert(FaceEntry(stamp: stamp, face: face), for: key, cost: 1)
    return face
  }

  /// The hash of the font file's bytes, or nil when it cannot be read.
  package func digest(of path: String) -> ContentHash? {
    guard let stamp = Platform.stamp(of: path) else { return nil }
    if let known = digests.value(for: path), known.stamp == stamp { return known.digest }
    guard let bytes = try? FileStore.read(path, what: "a font", from: .process) else { return nil }
    let digest = ContentHash(bytes)
    digests.insert(Entry(stamp: stamp, digest: digest), for: path, cost: 1)
    return digest
  }
}
