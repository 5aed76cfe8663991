/// A face text was set in, as it names itself, and what it draws (``FaceIdentity``):
/// what a drawing summary records of each face, and what a run's font digests keep.
public struct RecordedFace: Sendable, Hashable, Codable {
  /// `Inter`.
  public var family: String
  /// `Regular`.
  public var style: String
  /// The name table's version string: `Version 3.019`.
  public var version: String
  /// The face's identity: equal for a face repackaged, other for other glyphs.
  public var identity: String

  /// `Inter Regular Version 3.019 (1146e49…)`.
  public var name: String {
    let version = version.isEmpty ? "" : " " + version
    return "\(family) \(style)\(version) (\(identity.prefix(7))…)"
  }
}
