import DarkroomFoundation
import Foundation

/// A report being built: the lock on the folder it lives in, and the staging folder
/// beside it that becomes the report in one step when the run finishes.
///
/// A folder that exists already is replaced only if Darkroom made it (it holds a
/// `.darkroom-report` marker) or it is empty, so a mistyped `--report` cannot delete
/// someone's files. While it holds the lock, the run removes what killed runs left
/// beside the report (their staging and set-aside folders).
final class ReportStaging {
  /// The report folder, as given.
  let report: String
  /// The folder the command runs in, where a relative ``report`` starts.
  let working: WorkingFolder
  /// Where the report is built, resolved (absolute for a command: a signal's
  /// clean-up removes it too).
  let path: String
  private let lock: FolderLock
  /// The run the staging folder is removed with, if it is stopped.
  let interruption: Interruption
  private var finished = false

  /// Locks the report's folder and creates an empty staging folder.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when another run holds the lock, `report` is not
  ///   a Darkroom report folder, or the staging folder cannot be made.
  init(for report: String, from working: WorkingFolder, interruption: Interruption) throws(DarkroomError) {
    self.report = report
    self.working = working
    self.interruption = interruption
    let parent = FileStore.parent(of: report)
    lock = try FolderLock(parent.isEmpty ? "." : parent, from: working, exclusive: true, interruption: interruption)
    switch FileStore.kind(of: report, from: working) {
    case .missing: break
    case .folder:
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: working.resolve(report))) ?? ["?"]
      guard contents.isEmpty || contents.contains(ReportFolder.marker) else {
        throw DarkroomError(
          "refusing to replace '\(report)': it is not a Darkroom report folder (no \(ReportFolder.marker) file); choose another --report",
          file: report)
      }
    case .file, .other:
      throw DarkroomError("refusing to replace '\(report)': it is not a folder; choose another --report", file: report)
    }
    Self.removeLeftovers(of: working.resolve(report))
    path = "\(working.resolve(report)).staging-\(getpid())"
    interruption.track(path)
    do {
      try interruption.writing { [path] in
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      }
    } catch {
      throw DarkroomError(
        "cannot create the report folder: \(error.localizedDescription)", file: "\(report).staging-\(getpid())")
    }
    try FileStore.writeAtomically([], to: "\(path)/\(ReportFolder.marker)", from: working, interruption: interruption)
  }

  deinit { discard() }

  /// Swaps the finished folder into place, unless the run was stopped.
  func publish() throws {
    try interruption.checkpoint()
    try FileStore.replaceFolder(report, with: path, what: "report", from: working)
    finished = true
    interruption.untrack(path)
  }

  /// Removes the staging folder of a run that did not finish.
  func discard() {
    guard !finished else { return }
    finished = true
    interruption.discard(path)
  }

  /// Removes `<report>.staging-<pid>` and `<report>.old-<pid>` folders that killed
  /// runs left beside `report` (an absolute path); the caller holds the lock, so no
  /// live run owns them.
  private static func removeLeftovers(of report: String) {
    let parent = FileStore.parent(of: report)
    let name = (report as NSString).lastPathComponent
    let folder = parent.isEmpty ? "." : parent
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      guard entry.hasPrefix(name + ".staging-") || entry.hasPrefix(name + ".old-"),
        Int(entry.split(separator: "-").last ?? "") != nil
      else { continue }
      try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(entry))
    }
  }
}
