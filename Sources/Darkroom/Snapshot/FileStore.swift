import Foundation

/// The file operations of the snapshot pipeline: reads that tell "missing" from
/// "unreadable", and writes that never leave a half-written file.
enum FileStore {
  /// The file's bytes, or nil when there is no file.
  static func readIfPresent(_ path: String) throws(DarkroomError) -> [UInt8]? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DarkroomError("cannot read the file", file: path)
    }
    return [UInt8](data)
  }

  /// A UTF-8 text file's contents; `what` names it in the error ("the theme").
  static func readText(_ path: String, what: String) throws(DarkroomError) -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw DarkroomError("cannot read \(what): \(error.localizedDescription)", file: path)
    }
  }

  /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so
  /// a reader (or a crash) sees the old file or the new one, never a mixture.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DarkroomError) {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw DarkroomError("cannot create the folder: \(error.localizedDescription)", file: directory)
    }
    let name = (path as NSString).lastPathComponent
    let temporary = (directory as NSString).appendingPathComponent(".\(name).\(getpid()).tmp")
    guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
      throw DarkroomError("cannot write the file", file: temporary)
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw DarkroomError("cannot move the new file into place: \(reason)", file: path)
    }
  }

  /// Moves the finished folder `staging` to `path`, replacing what was there: the
  /// old folder is renamed aside first, so `path` is always the old folder or the
  /// new one, never half of each.
  static func replaceFolder(_ path: String, with staging: String, what: String) throws(DarkroomError) {
    let manager = FileManager.default
    let old = "\(path).old-\(getpid())"
    if manager.fileExists(atPath: path) {
      guard rename(path, old) == 0 else {
        throw DarkroomError("cannot move the previous \(what) aside: \(String(cString: strerror(errno)))", file: path)
      }
    }
    guard rename(staging, path) == 0 else {
      throw DarkroomError("cannot move the \(what) into place: \(String(cString: strerror(errno)))", file: path)
    }
    try? manager.removeItem(atPath: old)
  }
}
