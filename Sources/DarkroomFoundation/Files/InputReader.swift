import DarkroomRaster
import Foundation

/// How a project's files are read while it loads: each must resolve inside the
/// project's boundary (``InputBoundary``), and each is noted, with its bytes' hash,
/// in the ledger of what the theme or a layout was made from (``InputLedger``).
///
/// A value handed to every loader that reads a file, down to the string catalogs,
/// colour sources, images, symbols and fonts; nothing looks it up. A loader given
/// ``unbounded`` (a theme or layout a test writes) reads anywhere and notes nothing;
/// one that read through ``FileStore`` instead of its reader would read unchecked,
/// which `ThemeFileBoundaryTests` catches for each kind of file a theme names.
public struct InputReader: Sendable {
  /// The folder every file read must resolve inside; nil: any.
  public let boundary: InputBoundary?
  /// The folder the command runs in, where the relative paths read start.
  public let working: WorkingFolder
  /// Where each file read, or looked for and not found, is noted; nil: nowhere.
  let ledger: InputLedger?

  /// A reader held to `boundary` (nil: none), reading relative paths from
  /// `working`, noting nothing.
  public init(boundary: InputBoundary?, working: WorkingFolder) {
    self.init(boundary: boundary, working: working, ledger: nil)
  }

  init(boundary: InputBoundary?, working: WorkingFolder, ledger: InputLedger?) {
    self.boundary = boundary
    self.working = working
    self.ledger = ledger
  }

  /// Files read anywhere and noted nowhere, relative ones from the process's working
  /// directory (``WorkingFolder/process``): a theme or layout a package's own code
  /// loads, in its tests.
  public static let unbounded = InputReader(boundary: nil, working: .process)

  /// This reader, noting every file it reads in `ledger` as well.
  package func noting(in ledger: InputLedger) -> InputReader {
    InputReader(boundary: boundary, working: working, ledger: ledger)
  }

  /// `body`'s result, with every file it reads through the reader it is given noted
  /// in a new ledger, relative to `root`: the result and the hash of those files.
  package func recording<T>(
    root: String, _ body: (InputReader) throws(DarkroomError) -> T
  ) throws(DarkroomError) -> (T, ContentHash) {
    let ledger = InputLedger(root: root)
    return (try body(noting(in: ledger)), ledger.digest)
  }

  /// Checks that `path` resolves inside the boundary, for a file another library
  /// opens itself (FreeType a font).
  ///
  /// - Throws: ``DarkroomError`` naming the file and where it leads.
  package func check(_ path: String) throws(DarkroomError) { try boundary?.check(path, from: working) }

  /// `path` as the file system is to be asked for it (another library opens it
  /// itself: FreeType a font, HarfBuzz its tables).
  package func resolve(_ path: String) -> String { working.resolve(path) }

  /// What is at `path`, without following a final link.
  package func kind(of path: String) -> FileStore.Kind { FileStore.kind(of: path, from: working) }

  /// Whether `path` is a folder, following links (a folder the project names may be
  /// a link to one inside it; what is read from it is checked file by file).
  package func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: working.resolve(path), isDirectory: &isFolder) && isFolder.boolValue
  }

  /// Whether anything is at `path`, following links.
  package func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: working.resolve(path)) }

  /// The names in the folder `path`, unsorted.
  ///
  /// - Throws: what the file system says when it cannot be listed.
  package func names(in path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: working.resolve(path))
  }

  /// Notes what the loader made of a file or folder it read another way (a folder's
  /// listing), so a change to it changes the key.
  package func note(_ path: String, _ bytes: [UInt8]?) { ledger?.note(path, bytes) }

  /// The bytes of the regular file at `path`, or nil when there is nothing there
  /// (``FileStore/readIfPresent(_:limit:followingLinks:)``), inside the boundary.
  package func readIfPresent(
    _ path: String, limit: Int = FileStore.maximumFileBytes, followingLinks: Bool = true
  ) throws(DarkroomError) -> [UInt8]? {
    try check(path)
    let bytes = try FileStore.readIfPresent(path, from: working, limit: limit, followingLinks: followingLinks)
    ledger?.note(path, bytes)
    return bytes
  }

  /// The bytes of the file at `path`, which must exist; `what` names it in the error.
  package func read(_ path: String, what: String, limit: Int = FileStore.maximumFileBytes) throws(DarkroomError) -> [UInt8] {
    try FileStore.found(try readIfPresent(path, limit: limit), at: path, what: what)
  }

  /// The UTF-8 text of the file at `path`, at most ``FileStore/maximumTextBytes``.
  package func readText(_ path: String, what: String) throws(DarkroomError) -> String {
    try FileStore.text(try read(path, what: what, limit: FileStore.maximumTextBytes), of: path, what: what)
  }
}
