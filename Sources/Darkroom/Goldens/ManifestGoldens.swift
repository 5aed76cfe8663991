import Foundation

/// The images of a golden manifest's snapshots, drawn again: the layouts as they
/// were at the commit that last changed the manifest, rendered into a scratch
/// folder as PNG goldens — kept only where their digest is the manifest's, so the
/// golden a reviewer sees is exactly the one recorded.
public enum ManifestGoldens {
  /// Draws the goldens of `names` (`layout/mode`) into `scratch/golden` and says
  /// what could not be drawn exactly, as notices for the report; the folder then
  /// holds a PNG for each snapshot whose image is exact.
  ///
  /// - Parameters:
  ///   - manifest: the manifest verified against, as it is in the work tree.
  ///   - golden: the golden folder holding it.
  ///   - layouts: the layouts folder of the work tree.
  public static func draw(
    _ names: Set<String>, of manifest: GoldenManifest, golden: String, layouts: String, into scratch: String,
    threads: Int
  ) -> [Diagnostic] {
    let file = GoldenManifest.path(in: golden)
    func notice(_ text: String) -> [Diagnostic] {
      [Diagnostic(.warning, "no golden images: \(text); the report shows this run's images alone", file: file)]
    }
    guard let repository = try? GitRepository(containing: FileManager.default.currentDirectoryPath) else {
      return notice("not in a git repository, so the manifest's commit cannot be drawn")
    }
    let commit: String
    do {
      guard let last = try repository.lastCommit(changing: file) else { return notice("the manifest is not committed") }
      commit = last
    } catch {
      return notice(error.message)
    }
    let label = String(commit.prefix(12))
    let base: Project
    do {
      guard let project = try BaseCheckout(repository: repository, commit: commit, label: label)
        .project(layouts: layouts, into: scratch + "/base")
      else { return notice("\(label) has no layouts folder") }
      base = project
    } catch {
      return notice(error.description)
    }
    var options = RunOptions()
    options.only = names
    let images = scratch + "/golden"
    do {
      _ = try SnapshotSession(project: base, modes: base.theme.modes, threads: threads, options: options).record(golden: images)
    } catch let error as Interrupted {
      return notice(error.description)
    } catch {
      return notice("the layouts at \(label) do not draw: \(error)")
    }
    // Exact or not shown: an image another build drew is not the golden.
    var inexact: [String] = []
    for name in names.sorted() {
      let path = "\(images)/\(name).png"
      let stored = (try? FileStore.readIfPresent(path)).flatMap { $0.flatMap(PixelDigest.stored(in:)) }
      if stored == nil || stored != manifest.entries[name]?.pixels {
        inexact.append(name)
        unlink(path)
      }
    }
    guard !inexact.isEmpty else { return [] }
    return [
      Diagnostic(
        .warning,
        "\(inexact.count) golden image(s) drawn from \(label) do not match the manifest's digests (another Darkroom build, or an uncommitted manifest, recorded them): \(inexact.prefix(5).joined(separator: ", "))\(inexact.count > 5 ? ", …" : ""); those are shown without a golden",
        file: file)
    ]
  }
}
