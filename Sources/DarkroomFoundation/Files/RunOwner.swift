import Foundation

/// Whether the run that left a file or folder is gone, from the pid in its name:
/// what a killed run leaves belongs to no one once its process is no longer alive.
enum RunOwner {
  /// True when no process `pid` exists. A live process of another user (EPERM)
  /// counts as alive, and so does a pid reused since: only its leftovers stay.
  static func isGone(_ pid: Int32) -> Bool {
    guard pid > 0, pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}
