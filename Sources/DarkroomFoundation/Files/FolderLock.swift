import Foundation
import Synchronization

/// An advisory lock on a folder Darkroom writes (the golden folder, the report's
/// parent), so two runs never mix their results: a second `record` or `verify` on
/// the same folders stops at once with "another darkroom is writing Golden/ (pid
/// N)" instead of interleaving files.
///
/// It is `flock(2)` on `.darkroom.lock` in the folder, which the kernel releases when
/// the process ends however it ends; the lock file holds the owner's pid for the
/// message and is removed when the lock is released, with the folders the lock
/// made if they are still empty (a run that fails leaves no trace). Readers (a
/// verify that records nothing) take it shared, writers exclusively. While holding
/// it, a run removes what killed runs left in the folder.
package final class FolderLock: Sendable {
  /// The lock file's name.
  static let fileName = ".darkroom.lock"

  /// The folder locked.
  let folder: String
  private let path: String
  /// The run whose temporaries include the lock file.
  private let interruption: Interruption
  /// The lock file while held; -1 once released (by `release()` or deinit, from
  /// whichever thread finishes the run).
  private let descriptor: Mutex<Int32>
  /// The folders made for the lock, deepest first.
  private let made: [String]
  /// Whether no other process may hold the lock at the same time.
  private let exclusive: Bool

  /// Locks `folder` (creating it when it does not exist), shared or exclusively;
  /// a relative `folder` is inside `working`.
  ///
  /// - Throws: ``DarkroomError`` naming the other process when the lock is held in
  ///   a way that conflicts, or when the folder cannot be made.
  package init(
    _ folder: String, from working: WorkingFolder, exclusive: Bool, interruption: Interruption
  ) throws(DarkroomError) {
    self.interruption = interruption
    self.folder = folder
    var missing: [String] = []
    var ancestor = folder
    while !ancestor.isEmpty, ancestor != "/", ancestor != ".", FileStore.kind(of: ancestor, from: working) == .missing {
      missing.append(working.resolve(ancestor))
      ancestor = FileStore.parent(of: ancestor)
    }
    made = missing
    try FileStore.makeFolder(folder, from: working)
    // Resolved (absolute for a command): the lock file is removed by a signal's
    // clean-up too.
    path = (working.resolve(folder) as NSString).appendingPathComponent(Self.fileName)
    // A run stopped at once by a second signal exits without releasing: an exclusive
    // lock's file goes with its other temporaries (a shared one may be held by other
    // runs, so it stays). Creating the file and tracking it are one write for that
    // clean-up: between the two, it would find a lock file that no one removes.
    let locked = try interruption.writing { [path, interruption] () throws(DarkroomError) -> Int32 in
      let locked = try Self.open(path, folder: folder, exclusive: exclusive)
      if exclusive { interruption.track(path) }
      return locked
    }
    descriptor = Mutex(locked)
    self.exclusive = exclusive
  }

  /// Opens and locks the lock file, creating it when needed; the pid goes in when
  /// the lock is exclusive.
  private static func open(_ path: String, folder: String, exclusive: Bool) throws(DarkroomError) -> Int32 {
    var locked: Int32
    while true {
      let opened = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard opened >= 0 else {
        throw DarkroomError("cannot lock the folder: \(String(cString: strerror(errno)))", file: folder)
      }
      guard flock(opened, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
        let owner = Self.owner(opened)
        close(opened)
        let who = owner.map { " (pid \($0))" } ?? ""
        throw DarkroomError("another darkroom is writing \(folder)/\(who); wait for it, or stop it", file: folder)
      }
      // The file may have been removed by the previous holder between our open and
      // our lock: then this lock guards nothing, and we start again.
      var held = stat(), current = stat()
      if fstat(opened, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
        locked = opened
        break
      }
      close(opened)
    }
    if exclusive {
      ftruncate(locked, 0)
      let pid = Array("\(getpid())\n".utf8)
      _ = pid.withUnsafeBytes { write(locked, $0.baseAddress, $0.count) }
    }
    return locked
  }

  deinit { release() }

  /// Unlocks the folder (and removes the lock file when this was the only holder).
  package func release() {
    let descriptor = self.descriptor.withLock { descriptor -> Int32 in
      defer { descriptor = -1 }
      return descriptor
    }
    guard descriptor >= 0 else { return }
    // Untracking and removing are one write for a second signal, so its clean-up
    // sees the file either tracked or gone. Removing it is safe only while no one
    // else holds it.
    let alone = interruption.writing { [path, exclusive, interruption] in
      if exclusive { interruption.untrack(path) }
      let alone = flock(descriptor, LOCK_EX | LOCK_NB) == 0
      if alone { unlink(path) }
      return alone
    }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    // rmdir removes only empty folders: one the run filled stays.
    if alone {
      for folder in made {
        guard rmdir(folder) == 0 else { break }
      }
    }
  }

  private static func owner(_ descriptor: Int32) -> Int? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Int(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
