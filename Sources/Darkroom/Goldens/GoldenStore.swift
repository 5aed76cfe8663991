import Foundation

/// Where goldens live (`<root>/<layout>/<mode>.png`) and which ones are orphans.
public struct GoldenStore: Sendable {
  /// The golden folder.
  public let root: String

  /// Creates a store over a folder.
  public init(root: String) { self.root = root }

  /// The file of one snapshot.
  public func path(layout: String, mode: String) -> String { "\(root)/\(layout)/\(mode).png" }

  /// Locks the folder for this run, and removes what killed runs left in it.
  func lock(exclusive: Bool) throws(DarkroomError) -> FolderLock {
    let lock = try FolderLock(root, exclusive: exclusive)
    if exclusive { FileStore.removeStaleTemporaries(in: root) }
    return lock
  }

  /// Refuses a folder that is not empty and holds nothing of this project (no
  /// folder named after one of its layouts) unless `force`: `--golden /` or a
  /// mistyped path must not fill someone's folder with `<layout>/<mode>.png` files.
  /// `what` names the files in the message ("goldens", "renders").
  func checkFolder(of project: Project, force: Bool, what: String) throws(DarkroomError) {
    switch FileStore.kind(of: root) {
    case .missing: return
    case .folder: break
    case .file, .other: throw DarkroomError("expected a folder for the \(what), found a file", file: root)
    }
    guard !force else { return }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }
    let layouts = Set(project.layouts.map(\.name))
    guard !entries.isEmpty, !entries.contains(where: layouts.contains) else { return }
    throw DarkroomError(
      "refusing to write \(what) into '\(root)': it is not empty and holds none of this project's; choose another folder, or add --force",
      file: root)
  }

  /// Golden PNGs that match no layout × mode of the project (every mode of its theme,
  /// whatever a run selects), as paths relative to the root, sorted.
  public func orphans(of project: Project) -> [String] {
    let expected = Set(project.snapshots(modes: project.theme.modes).map { "\($0.name).png" })
    let manager = FileManager.default
    guard let folders = try? manager.contentsOfDirectory(atPath: root) else { return [] }
    var orphans: [String] = []
    for folder in folders.sorted() where !folder.hasPrefix(".") {
      guard let files = try? manager.contentsOfDirectory(atPath: "\(root)/\(folder)") else { continue }
      for file in files.sorted() where file.hasSuffix(".png") && !expected.contains("\(folder)/\(file)") {
        orphans.append("\(folder)/\(file)")
      }
    }
    return orphans
  }

  /// Deletes orphans, then any layout folder left empty.
  public func delete(_ orphans: [String]) throws(DarkroomError) {
    let manager = FileManager.default
    for orphan in orphans {
      do {
        try manager.removeItem(atPath: "\(root)/\(orphan)")
      } catch {
        throw DarkroomError("cannot delete: \(error.localizedDescription)", file: "\(root)/\(orphan)")
      }
      let folder = "\(root)/\(FileStore.parent(of: orphan))"
      if (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true {
        try? manager.removeItem(atPath: folder)
      }
    }
  }
}
