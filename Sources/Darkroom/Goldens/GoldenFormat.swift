/// How goldens are kept: a PNG per snapshot (the default), or one manifest of
/// digests (``GoldenManifest``) whose images are drawn again from git when a
/// reviewer needs them.
public enum GoldenFormat: String, Sendable, CaseIterable, Codable {
  /// `<golden>/<layout>/<mode>.png`.
  case png
  /// `<golden>/snapshots.json`.
  case manifest
}
