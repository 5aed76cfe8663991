import Foundation

/// A folder of the system's temporary space that one run owns — a review's base
/// checkout, a manifest's golden images — removed when the value goes away, when the
/// run is stopped by a signal, or, for a run killed outright, by the next run that
/// makes one.
///
/// Its name holds the owner's pid (`darkroom-review-<pid>-<random>`): a folder whose
/// pid is no longer a live process belongs to no one and is removed.
package final class ScratchFolder: Sendable {
  /// The folder's path.
  package let path: String
  /// The run the folder is removed with, if it is stopped.
  private let interruption: Interruption

  /// What a scratch folder is for: part of its name.
  package enum Purpose: String, CaseIterable {
    /// A review's base checkout.
    case review
    /// The commit a golden manifest's images are drawn from.
    case manifest
  }

  /// Makes `$TMPDIR/darkroom-<purpose>-<pid>-<8 hex digits>`, after removing the
  /// scratch folders of runs that died.
  ///
  /// - Throws: ``DarkroomError`` when the folder cannot be made.
  package init(purpose: Purpose, interruption: Interruption) throws(DarkroomError) {
    self.interruption = interruption
    let temporary = FileManager.default.temporaryDirectory.path
    Self.removeAbandoned(in: temporary)
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    path = "\(temporary)/darkroom-\(purpose.rawValue)-\(getpid())-\(String(repeating: "0", count: 8 - random.count) + random)"
    // Tracking and making the folder are one write for a second signal: its clean-up
    // never runs between them and exits while the folder is being made.
    do {
      try interruption.writing { [path] in
        interruption.track(path)
        do {
          try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
          interruption.untrack(path)
          throw error
        }
      }
    } catch {
      throw DarkroomError("cannot make a scratch folder: \(error.localizedDescription)", file: path)
    }
  }

  deinit { interruption.discard(path) }

  /// The pid in a scratch folder's name, when `name` is exactly one's.
  static func owner(of name: String) -> Int32? {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "darkroom", Purpose(rawValue: String(parts[1])) != nil,
      parts[2].allSatisfy(\.isASCII), let pid = Int32(parts[2]), pid > 0,
      parts[3].count == 8, parts[3].allSatisfy(\.isHexDigit)
    else { return nil }
    return pid
  }

  /// Removes scratch folders (and only those: the name must be exactly one's) whose
  /// pid is not a live process.
  static func removeAbandoned(in temporary: String) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for entry in entries where entry.hasPrefix("darkroom-") {
      guard let pid = owner(of: entry), RunOwner.isGone(pid) else { continue }
      try? FileManager.default.removeItem(atPath: "\(temporary)/\(entry)")
    }
  }
}
