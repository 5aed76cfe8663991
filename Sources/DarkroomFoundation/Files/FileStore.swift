import CDarkroomFiles
import Foundation

/// Every read and write of the pipeline's files.
///
/// Reads take regular files only (not a folder, a device or a FIFO, which could
/// block or never end) and no larger than a limit, so a hostile input costs bounded
/// time and memory. Writes never leave a half-written file: bytes go to a temporary
/// file beside the target, which is flushed to disk and renamed over it, and the
/// folder is flushed too, so after a crash the target is the old file or the new
/// one. A write never replaces something that is not a regular file (a device, a
/// folder, a link).
///
/// Every call that touches the file system takes the folder a relative path starts
/// from (`from:`, a ``WorkingFolder``); its messages name the path as it was given.
public enum FileStore {
  /// The largest text input (YAML, JSON, XML, a report's results) read.
  package static let maximumTextBytes = 16 << 20
  /// The largest binary input (a PNG) read.
  public static let maximumFileBytes = 512 << 20

  /// What is at a path, without following a final link.
  package enum Kind { case missing, file, folder, other }

  package static func kind(of path: String, from folder: WorkingFolder) -> Kind {
    var info = stat()
    guard lstat(folder.resolve(path), &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// The bytes of the regular file at `path`, or nil when there is nothing there.
  ///
  /// - Throws: ``DarkroomError`` when the path is not a regular file (a link when
  ///   `followingLinks` is false), is larger than `limit`, or cannot be read.
  package static func readIfPresent(
    _ path: String, from folder: WorkingFolder, limit: Int = maximumFileBytes, followingLinks: Bool = true
  ) throws(DarkroomError) -> [UInt8]? {
    var info = stat()
    let disk = folder.resolve(path)
    let found = followingLinks ? stat(disk, &info) : lstat(disk, &info)
    guard found == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw DarkroomError("cannot read the file: \(String(cString: strerror(errno)))", file: path)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      let what = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : info.st_mode & S_IFMT == S_IFLNK ? "a link" : "not a regular file"
      throw DarkroomError("expected a file, found \(what)", file: path)
    }
    guard Int(info.st_size) <= limit else {
      throw DarkroomError("the file is \(megabytes(Int(info.st_size))), over the limit of \(megabytes(limit))", file: path)
    }
    return try readRegularFile(path, from: folder, expected: Int(info.st_size), limit: limit, followingLinks: followingLinks)
  }

  /// The bytes of the regular file at `path`, read straight into the array from a
  /// descriptor: `expected` bytes (its size when it was looked at) and whatever it
  /// grew by since, up to `limit`. (Through `FileHandle` a golden was read into a
  /// `Data` and copied again into the array: a cold verify spent twice as long
  /// reading its goldens.) Opened without blocking, and checked again to be a
  /// regular file once open, so a FIFO put in its place meanwhile is refused, not
  /// waited on.
  static func readRegularFile(
    _ path: String, from folder: WorkingFolder, expected: Int, limit: Int, followingLinks: Bool
  ) throws(DarkroomError) -> [UInt8] {
    func failure(_ code: Int32) -> DarkroomError {
      DarkroomError("cannot read the file: \(String(cString: strerror(code)))", file: path)
    }
    let descriptor = open(folder.resolve(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(errno) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw DarkroomError("expected a file, found not a regular file", file: path) }
    // A regular file: reads block again, as they did, on file systems that honour
    // the flag (FUSE, network mounts).
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw failure(errno) }
    // One byte more than expected: a file that grew after it was looked at reads on.
    let first = min(expected, limit) + 1
    var problem: Int32? = nil
    var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
      (count, problem) = readUntilFull(descriptor, UnsafeMutableRawBufferPointer(buffer))
    }
    if problem == nil && bytes.count == first {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while problem == nil, bytes.count <= limit {
        let (count, error) = chunk.withUnsafeMutableBytes { readUntilFull(descriptor, $0) }
        problem = error
        guard count > 0 else { break }
        bytes.append(contentsOf: chunk[..<count])
      }
    }
    if let problem { throw failure(problem) }
    // One byte more than allowed: a file that grew after the check still stops.
    guard bytes.count <= limit else { throw DarkroomError("the file grew past the limit of \(megabytes(limit))", file: path) }
    return bytes
  }

  /// Whether the files `a` and `b` hold the same bytes; false when either cannot
  /// be read.
  package static func sameContent(_ a: String, _ b: String, from folder: WorkingFolder) -> Bool {
    guard a != b else { return true }
    guard let first = try? read(a, what: "a file", from: folder), let second = try? read(b, what: "a file", from: folder)
    else { return false }
    return first == second
  }

  /// The bytes of a regular file that must exist; `what` names it ("the golden").
  public static func read(
    _ path: String, what: String, from folder: WorkingFolder, limit: Int = maximumFileBytes
  ) throws(DarkroomError) -> [UInt8] {
    try found(try readIfPresent(path, from: folder, limit: limit), at: path, what: what)
  }

  /// The bytes a read found at `path`.
  ///
  /// - Throws: ``DarkroomError`` when there was no file (`what` names it).
  package static func found(_ bytes: [UInt8]?, at path: String, what: String) throws(DarkroomError) -> [UInt8] {
    guard let bytes else { throw DarkroomError("cannot read \(what): no such file", file: path) }
    return bytes
  }

  /// The folder holding `path`: what comes before its last `/` (trailing slashes
  /// ignored), "" for a bare name, "/" for a name at the root. Foundation's
  /// `deletingLastPathComponent` traps on Linux for a one-character name (`--out o`).
  public static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var head = trimmed[..<slash]
    while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
    return String(head)
  }

  /// The path with `folder/..` and `.` taken out as written (`Layouts/../Design/A.swift`
  /// is `Design/A.swift`), for messages and review lines; links are not followed, and
  /// a path that climbs above where it starts keeps its `..`.
  package static func tidy(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." && !parts.isEmpty { continue }
      if part == "..", let last = parts.last, last != "..", last != "", last != "." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let tidied = parts.joined(separator: "/")
    return tidied.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : tidied
  }

  /// A UTF-8 text file's contents; `what` names it in the error ("the theme").
  package static func readText(_ path: String, what: String, from folder: WorkingFolder) throws(DarkroomError) -> String {
    try text(try read(path, what: what, from: folder, limit: maximumTextBytes), of: path, what: what)
  }

  /// `bytes`, read from `path`, as UTF-8 text.
  ///
  /// - Throws: ``DarkroomError`` when they are not UTF-8.
  package static func text(_ bytes: [UInt8], of path: String, what: String) throws(DarkroomError) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DarkroomError("cannot read \(what): the file is not UTF-8 text", file: path)
    }
    return text
  }

  /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so
  /// a reader (or a crash) sees the old file or the new one, never a mixture.
  ///
  /// The temporary file is the run's to remove (`interruption`) until it is renamed.
  ///
  /// - Throws: ``DarkroomError`` when `path` holds something other than a regular
  ///   file, or the folder cannot be made or written.
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, from folder: WorkingFolder, interruption: Interruption
  ) throws(DarkroomError) {
    try interruption.writing { () throws(DarkroomError) in
      try replace(path, from: folder, with: bytes, interruption: interruption)
    }
  }

  private static func replace(
    _ path: String, from folder: WorkingFolder, with bytes: [UInt8], interruption: Interruption
  ) throws(DarkroomError) {
    try checkReplaceable(path, from: folder)
    let directory = FileStore.parent(of: path)
    try makeFolder(directory, from: folder)
    // The temporary file is tracked by its resolved path (absolute for a command): a
    // signal's clean-up, which removes it, knows no working folder.
    let temporary = folder.resolve(temporaryPath(for: path))
    interruption.track(temporary)
    defer { interruption.untrack(temporary) }
    try writeNew(bytes, to: temporary, shown: temporaryPath(for: path))
    guard rename(temporary, folder.resolve(path)) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw DarkroomError("cannot move the new file into place: \(reason)", file: path)
    }
    syncFolder(directory, from: folder)
  }

  /// Fails unless `path` is missing or a regular file: Darkroom writes only files of
  /// its own, and never over a device, a folder or a link.
  public static func checkReplaceable(_ path: String, from folder: WorkingFolder) throws(DarkroomError) {
    switch kind(of: path, from: folder) {
    case .missing, .file: return
    case .folder: throw DarkroomError("expected a file, found a folder; darkroom will not replace it", file: path)
    case .other: throw DarkroomError("not a regular file; darkroom will not replace it", file: path)
    }
  }

  /// Fails when something other than a folder stands where `path` or a folder above
  /// it must be (a file named like a layout's folder, say); missing folders are fine.
  package static func checkFolderChain(_ path: String, from folder: WorkingFolder) throws(DarkroomError) {
    var current = path
    while !current.isEmpty && current != "/" && current != "." {
      switch kind(of: current, from: folder) {
      case .folder: return
      case .missing: current = FileStore.parent(of: current)
      case .file, .other: throw DarkroomError("expected a folder, found a file; darkroom will not replace it", file: current)
      }
    }
  }

  /// Makes a folder and those above it; a file in the way is an error.
  package static func makeFolder(_ path: String, from folder: WorkingFolder) throws(DarkroomError) {
    guard !path.isEmpty else { return }
    if kind(of: path, from: folder) == .folder { return }
    do {
      try FileManager.default.createDirectory(atPath: folder.resolve(path), withIntermediateDirectories: true)
    } catch {
      throw DarkroomError("cannot create the folder: \(error.localizedDescription)", file: path)
    }
  }

  /// Where a file is written before it is renamed into place. Names of this form
  /// in a folder a run has locked are a killed run's leftovers (see
  /// ``removeStaleTemporaries(in:)``).
  static func temporaryPath(for path: String) -> String {
    let directory = FileStore.parent(of: path)
    let name = ".\((path as NSString).lastPathComponent).darkroom-\(getpid()).tmp"
    return directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
  }

  /// Removes what killed runs left in `folder` and the folders inside it:
  /// temporary files of the form above, and those of earlier Darkroom versions and
  /// of Foundation's atomic writes. Call it only while holding the folder's lock.
  package static func removeStaleTemporaries(in folder: String, from working: WorkingFolder) {
    let folder = working.resolve(folder)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      if isTemporaryName(name) {
        if kind(of: path, from: working) == .file { unlink(path) }
      } else if kind(of: path, from: working) == .folder, !name.hasPrefix(".") {
        for inner in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where isTemporaryName(inner) {
          let file = (path as NSString).appendingPathComponent(inner)
          if kind(of: file, from: working) == .file { unlink(file) }
        }
      }
    }
  }

  /// Removes the temporary files (of the form of ``temporaryPath(for:)``) that runs
  /// no longer alive left in `folder`: for a folder no lock guards, such as the
  /// render cache's, which runs with different reports may share.
  package static func removeTemporariesOfGoneRuns(in folder: String, from working: WorkingFolder) {
    let folder = working.resolve(folder)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      guard let pid = temporaryOwner(of: name), RunOwner.isGone(pid) else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      if kind(of: path, from: working) == .file { unlink(path) }
    }
  }

  /// The pid in a temporary file's name (`.<name>.darkroom-<pid>.tmp`).
  static func temporaryOwner(of name: String) -> Int32? {
    guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.range(of: ".darkroom-", options: .backwards)
    else { return nil }
    let suffix = name.index(name.endIndex, offsetBy: -4)
    guard marker.upperBound <= suffix else { return nil }
    let digits = name[marker.upperBound..<suffix]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int32(digits)
  }

  private static func isTemporaryName(_ name: String) -> Bool {
    guard name.hasPrefix(".") else { return false }
    if name.hasPrefix(".dat.nosync") { return true }
    return name.hasSuffix(".tmp") && (name.contains(".darkroom-") || name.dropLast(4).split(separator: ".").last.map { Int($0) != nil } == true)
  }

  /// Creates `path` (which must not exist), writes `bytes` and flushes them.
  /// `shown` is the path as the messages give it.
  private static func writeNew(_ bytes: [UInt8], to path: String, shown: String) throws(DarkroomError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DarkroomError("cannot write the file: \(String(cString: strerror(errno)))", file: shown)
    }
    var written = 0
    let ok = bytes.withUnsafeBytes { raw -> Bool in
      guard let base = raw.baseAddress else { return fsync(descriptor) == 0 }
      while written < raw.count {
        let n = write(descriptor, base + written, raw.count - written)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += n
      }
      return fsync(descriptor) == 0
    }
    let reason = String(cString: strerror(errno))
    close(descriptor)
    guard ok else {
      unlink(path)
      throw DarkroomError("cannot write the file: \(reason)", file: shown)
    }
  }

  /// Flushes a folder's entries, so a rename in it survives a crash.
  package static func syncFolder(_ path: String, from folder: WorkingFolder) {
    let descriptor = open(folder.resolve(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Moves the finished folder `staging` to `path`, replacing what was there in one
  /// step (the two are exchanged, then the old one removed), so `path` is always the
  /// old folder or the new one — never missing — whenever the process stops.
  package static func replaceFolder(
    _ shownPath: String, with shownStaging: String, what: String, from folder: WorkingFolder
  ) throws(DarkroomError) {
    let path = folder.resolve(shownPath), staging = folder.resolve(shownStaging)
    // Resolved once; resolving again gives the same path.
    defer { syncFolder(FileStore.parent(of: path), from: folder) }
    if kind(of: path, from: folder) == .missing {
      guard rename(staging, path) == 0 else {
        throw DarkroomError("cannot move the \(what) into place: \(String(cString: strerror(errno)))", file: shownPath)
      }
      return
    }
    if CDarkroomFiles_exchange(staging, path) == 0 {
      // `staging` now holds the previous folder.
      try? FileManager.default.removeItem(atPath: staging)
      return
    }
    // A file system that cannot exchange: move the old folder aside first.
    let old = "\(path).old-\(getpid())"
    guard rename(path, old) == 0 else {
      throw DarkroomError("cannot move the previous \(what) aside: \(String(cString: strerror(errno)))", file: shownPath)
    }
    guard rename(staging, path) == 0 else {
      let reason = String(cString: strerror(errno))
      rename(old, path)
      throw DarkroomError("cannot move the \(what) into place: \(reason)", file: shownPath)
    }
    try? FileManager.default.removeItem(atPath: old)
  }

  package static func megabytes(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
  }
}

/// Reads from `descriptor` until its end or until `buffer` is full: the bytes read,
/// and the error number of a read that failed (nil: none did). Outside
/// ``FileStore``, whose own `read` would be called instead of the system's.
private func readUntilFull(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> (count: Int, error: Int32?) {
  guard let base = buffer.baseAddress else { return (0, nil) }
  var count = 0
  while count < buffer.count {
    let done = read(descriptor, base + count, buffer.count - count)
    if done < 0 {
      if errno == EINTR { continue }
      return (count, errno)
    }
    if done == 0 { break }
    count += done
  }
  return (count, nil)
}
