import DarkroomRaster
import Synchronization

/// The files read while something loads, each with the hash of its bytes: what a
/// theme or a layout was made from, so a later run can tell, without loading it
/// again, that nothing it came from has changed (`InputKey`, in `Darkroom`).
///
/// An ``InputReader`` notes every file it reads — and every file it looked for and
/// did not find — in its ledger, when it has one.
package final class InputLedger: Sendable {
  private let files = Mutex<[String: ContentHash?]>([:])
  /// The folder paths are noted relative to, so the same project checked out
  /// elsewhere (a review's base, in a new scratch folder each run) notes the same.
  private let root: String

  /// A ledger noting paths under `root` relative to it.
  init(root: String) {
    self.root = root.hasSuffix("/") ? root : root + "/"
  }

  /// Notes that `path` held `bytes` (nil: there was no file).
  package func note(_ path: String, _ bytes: [UInt8]?) {
    let hash = bytes.map { ContentHash($0) }
    let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    files.withLock { $0[relative] = hash }
  }

  /// One hash of every file noted, by path and content: equal when the same files
  /// held the same bytes.
  var digest: ContentHash {
    let noted = files.withLock { $0 }
    var text = "darkroom-inputs-1\n"
    for path in noted.keys.sorted() {
      text += path.utf8.count.description + ":" + path + "=" + (noted[path].flatMap { $0?.description } ?? "none") + "\n"
    }
    return ContentHash(Array(text.utf8))
  }
}
