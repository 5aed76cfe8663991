/// Darkroom's version, written once: `darkroom --version` prints it, and it is part
/// of what a render's cache key and a report's provenance record.
public enum DarkroomVersion {
  /// The release this source tree builds, in semantic-versioning form.
  public static let current = "0.2.0"
}
