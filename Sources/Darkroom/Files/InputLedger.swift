import DarkroomRaster
import Synchronization

/// The files read while something loads, each with the hash of its bytes: what a
/// theme or a layout was made from, so a later run can tell, without loading it
/// again, that nothing it came from has changed (``InputKey``).
///
/// ``FileStore`` notes every file it reads — and every file it looked for and did
/// not find — in the ledger bound to the task, when there is one.
final class InputLedger: Sendable {
  private let files = Mutex<[String: ContentHash?]>([:])

  /// The ledger files are noted in while a load runs; nil: none.
  @TaskLocal static var current: InputLedger?

  /// Notes that `path` held `bytes` (nil: there was no file).
  func note(_ path: String, _ bytes: [UInt8]?) {
    let hash = bytes.map { ContentHash($0) }
    files.withLock { $0[path] = hash }
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

  /// `body`'s result, with every file it reads noted in a new ledger.
  static func recording<T>(_ body: () throws(DarkroomError) -> T) throws(DarkroomError) -> (T, ContentHash) {
    let ledger = InputLedger()
    let result = $current.withValue(ledger) { Result { () throws(DarkroomError) -> T in try body() } }
    return (try result.get(), ledger.digest)
  }
}
