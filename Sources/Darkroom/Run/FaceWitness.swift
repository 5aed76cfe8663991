import DarkroomFoundation
import DarkroomRendering
import Synchronization

/// Faces whose files differ from the ones goldens were drawn with although the
/// snapshots' pixels match: a face repackaged by another distribution, or one whose
/// changed glyphs no snapshot draws. Such snapshots pass; the run says so in one
/// line. Passing snapshots are compared by digest alone, so the first snapshot of
/// each layout and locale in the run (the faces a layout sets text in are the same
/// in every mode) stands witness when it passes: its golden's recorded faces are
/// read and compared with this machine's. The witnesses are chosen before the run,
/// so each run asks the same snapshots, and what they heard can be remembered with
/// their inputs (``InputRecord``).
final class FaceWitness: Sendable {
  /// At most this many snapshots are witnesses in a run.
  static let maximumWitnesses = 64

  /// The witnesses' names.
  private let chosen: Set<String>
  private let faces = Mutex(Set<String>())

  /// Witnesses among `snapshots`, in run order: the first of each layout and locale.
  init(snapshots: [Snapshot]) {
    var seen: Set<String> = []
    var chosen: Set<String> = []
    for snapshot in snapshots where chosen.count < Self.maximumWitnesses {
      let key = snapshot.layout.name + "\u{0}" + (snapshot.locale.map { "\($0)" } ?? "")
      if seen.insert(key).inserted { chosen.insert(snapshot.name) }
    }
    self.chosen = chosen
  }

  /// Whether `snapshot` is a witness.
  func wants(_ snapshot: Snapshot) -> Bool { chosen.contains(snapshot.name) }

  /// Notes the faces the snapshot sets text in now (`fonts` and `faces`, by file
  /// name, ``/DarkroomRendering/DrawingSummary/faces(of:context:)``) whose files are not the ones of
  /// `golden`, and returns them (a run that does not lay the snapshot out hears them
  /// again from the cache).
  @discardableResult
  func hear(golden: DrawingSummary, fonts: [String: String], faces: [String: DrawingSummary.Face]) -> [String] {
    let heard = Self.otherFiles(golden, fonts: fonts, faces: faces)
    hear(heard)
    return heard
  }

  /// Notes faces an earlier run's witness found drawn from other files.
  func hear(_ faces: [String]) {
    guard !faces.isEmpty else { return }
    self.faces.withLock { $0.formUnion(faces) }
  }

  /// The faces now set from `fonts` and `faces` (by family and style) drawn from a
  /// file whose bytes are not those of the one `before` recorded for the same family
  /// and style, by name.
  static func otherFiles(
    _ before: DrawingSummary, fonts: [String: String], faces new: [String: DrawingSummary.Face]
  ) -> [String] {
    guard let old = before.faces else { return [] }
    func key(_ face: DrawingSummary.Face) -> String { FontLibrary.key(face.family) + "\u{0}" + FontLibrary.key(face.style) }
    let nowByKey = Dictionary(new.sorted { $0.key < $1.key }.map { (key($0.value), $0) }, uniquingKeysWith: { first, _ in first })
    return old.keys.sorted().compactMap { file in
      guard let face = old[file], let (nowFile, nowFace) = nowByKey[key(face)],
        let recorded = before.fonts[file], let current = fonts[nowFile], recorded != current
      else { return nil }
      return nowFace.name
    }
  }

  /// The warning for the run, or nil when every witness's faces are the recorded ones.
  func warning(golden: String) -> Diagnostic? {
    let faces = self.faces.withLock { $0 }.sorted()
    guard !faces.isEmpty else { return nil }
    return Diagnostic(
      .warning,
      "\(faces.joined(separator: ", ")) \(faces.count == 1 ? "is" : "are") not the file\(faces.count == 1 ? "" : "s") \(golden) was drawn with, but the snapshots' pixels match, so they pass (a face repackaged, or changed only in glyphs no snapshot draws)")
  }
}
