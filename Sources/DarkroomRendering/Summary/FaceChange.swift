/// A face that draws other glyphs than the one a golden was drawn with: the same
/// family and style, another identity (``FaceIdentity``).
public struct FaceChange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The face the golden was drawn with.
  public let before: DrawingSummary.Face
  /// The face drawn with now.
  public let after: DrawingSummary.Face

  /// `font Inter Regular: 3.019 (1146e49…) → 4.001 (d4f2b9e…)`, or, when the
  /// versions read the same, `… → 3.019 (a89403a…), other glyph tables`.
  public var description: String {
    let same = before.version == after.version ? ", other glyph tables under the same version" : ""
    let style = FontLibrary.key(before.style) == FontLibrary.key(after.style) ? "" : after.style + " "
    return "font \(before.family) \(before.style): \(Self.version(before)) → \(style)\(Self.version(after))\(same)"
  }

  /// `3.019 (1146e49…)`: the name table's version without its `Version ` and what
  /// follows a `;` (a build's commit), then the identity's start.
  package static func version(_ face: DrawingSummary.Face) -> String {
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
    // By family and style as compared (case, spaces and punctuation ignored: Inter 4
    // writes "SemiBold" where Inter 3 wrote "Semi Bold"); of two files with the same
    // face, the first by file name, so every run compares the same pair.
    func byName(_ faces: [String: DrawingSummary.Face]) -> [String: DrawingSummary.Face] {
      Dictionary(
        faces.sorted { $0.key < $1.key }.map { (FontLibrary.key($0.value.family) + "\u{0}" + FontLibrary.key($0.value.style), $0.value) },
        uniquingKeysWith: { first, _ in first })
    }
    let old = byName(before), new = byName(after)
    return old.keys.sorted().compactMap { key in
      guard let was = old[key] else { return nil }
      // A style this machine does not have is drawn with another of the family.
      let family = FontLibrary.key(was.family) + "\u{0}"
      guard let now = new[key] ?? new.keys.sorted().first(where: { $0.hasPrefix(family) }).flatMap({ new[$0] }),
        was.identity != now.identity
      else { return nil }
      return FaceChange(before: was, after: now)
    }
  }
}
