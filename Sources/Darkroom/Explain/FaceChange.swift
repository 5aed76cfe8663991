/// A face that draws other glyphs than the one a golden was drawn with: the same
/// family and style, another identity (``FaceIdentity``).
public struct FaceChange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The face the golden was drawn with.
  public let before: DrawingSummary.Face
  /// The face drawn with now.
  public let after: DrawingSummary.Face

  /// `font Inter Regular: 3.019 (1146e49…) → 4.001 (d4f2b9e…)`.
  public var description: String {
    "font \(before.family) \(before.style): \(Self.version(before)) → \(Self.version(after))"
  }

  /// `3.019 (1146e49…)`: the name table's version without its `Version ` and what
  /// follows a `;` (a build's commit), then the identity's start.
  static func version(_ face: DrawingSummary.Face) -> String {
    var version = Substring(face.version)
    if version.hasPrefix("Version ") { version = version.dropFirst("Version ".count) }
    version = version.prefix { $0 != ";" }
    return (version.isEmpty ? "" : version + " ") + "(\(face.identity.prefix(7))…)"
  }

  /// The faces of `before` whose family and style `after` draws with another
  /// identity, sorted by family and style.
  public static func between(_ before: [String: DrawingSummary.Face], _ after: [String: DrawingSummary.Face])
    -> [FaceChange]
  {
    func byName(_ faces: [String: DrawingSummary.Face]) -> [String: DrawingSummary.Face] {
      Dictionary(faces.values.map { ("\($0.family)\u{0}\($0.style)", $0) }, uniquingKeysWith: { first, _ in first })
    }
    let old = byName(before), new = byName(after)
    return old.keys.sorted().compactMap { key in
      guard let was = old[key], let now = new[key], was.identity != now.identity else { return nil }
      return FaceChange(before: was, after: now)
    }
  }
}
