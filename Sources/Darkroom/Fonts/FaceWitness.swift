import Synchronization

/// Faces whose files differ from the ones goldens were drawn with although the
/// snapshots' pixels match: a face repackaged by another distribution, or one whose
/// changed glyphs no snapshot draws. Such snapshots pass; the run says so in one
/// line. Passing snapshots are compared by digest alone, so the first passing
/// snapshot of each layout and locale (the faces a layout sets text in are the same
/// in every mode) stands witness: its golden's recorded faces are read and compared
/// with this machine's.
final class FaceWitness: Sendable {
  /// At most this many snapshots are witnesses in a run.
  static let maximumWitnesses = 64

  private struct State {
    var heard: Set<String> = []
    var faces: Set<String> = []
  }

  private let state = Mutex(State())

  /// Whether `snapshot` should be a witness: the first of its layout and locale asked.
  func wants(_ snapshot: Snapshot) -> Bool {
    let key = snapshot.layout.name + "\u{0}" + (snapshot.locale.map { "\($0)" } ?? "")
    return state.withLock { state in
      guard state.heard.count < Self.maximumWitnesses, !state.heard.contains(key) else { return false }
      state.heard.insert(key)
      return true
    }
  }

  /// Notes the faces of `now` whose files are not the ones of `golden`.
  func hear(golden: DrawingSummary, now: DrawingSummary) {
    let faces = Self.otherFiles(golden, now)
    guard !faces.isEmpty else { return }
    state.withLock { $0.faces.formUnion(faces) }
  }

  /// The faces of `after` (by family and style) drawn from a file whose bytes are not
  /// those of the one `before` recorded for the same family and style, by name.
  static func otherFiles(_ before: DrawingSummary, _ after: DrawingSummary) -> [String] {
    guard let old = before.faces, let new = after.faces else { return [] }
    func key(_ face: DrawingSummary.Face) -> String { FontLibrary.key(face.family) + "\u{0}" + FontLibrary.key(face.style) }
    let nowByKey = Dictionary(new.sorted { $0.key < $1.key }.map { (key($0.value), $0) }, uniquingKeysWith: { first, _ in first })
    return old.keys.sorted().compactMap { file in
      guard let face = old[file], let (nowFile, nowFace) = nowByKey[key(face)],
        let recorded = before.fonts[file], let current = after.fonts[nowFile], recorded != current
      else { return nil }
      return nowFace.name
    }
  }

  /// The warning for the run, or nil when every witness's faces are the recorded ones.
  func warning(golden: String) -> Diagnostic? {
    let faces = state.withLock { $0.faces }.sorted()
    guard !faces.isEmpty else { return nil }
    return Diagnostic(
      .warning,
      "\(faces.joined(separator: ", ")) \(faces.count == 1 ? "is" : "are") not the file\(faces.count == 1 ? "" : "s") \(golden) was drawn with, but the snapshots' pixels match, so they pass (a face repackaged, or changed only in glyphs no snapshot draws)")
  }
}
