import DarkroomFoundation
import DarkroomRaster
import Foundation

/// What an earlier run learned of a snapshot from its inputs (``InputKey``): the
/// digest of the pixels they draw, and what laying them out said — its warnings,
/// the labels it cut — so a run that passes the snapshot without laying it out
/// reports the same.
struct InputRecord: Sendable, Equatable {
  /// The pixel digest (``/DarkroomRendering/PixelDigest``) the inputs draw.
  var digest: String
  /// The layout's warnings.
  var warnings: [Diagnostic] = []
  /// The labels cut, one line each, as the report lists them.
  var truncations: [String] = []
  /// What the snapshot said as a witness of its golden's faces (``FaceWitness``).
  var witness: Witness? = nil
  /// Whether it holds what laying out said, not only the digest: a review's base
  /// learns only what its inputs draw, so a verify of the same inputs lays them out
  /// once to learn their warnings and cut labels.
  var complete = true

  /// The faces a witness found drawn from other files than its golden's: known for
  /// one state of the golden file only.
  struct Witness: Sendable, Equatable, Codable {
    /// The golden file heard: its stamp (``Baseline/goldenStamp(of:)``), or the hash
    /// of its bytes when it had none.
    var golden: String
    /// The faces whose files differ, by name; empty when none do.
    var faces: [String]
  }

  /// The fields besides the digest, as stored: absent when empty.
  private struct Extras: Codable {
    var warnings: [Diagnostic]?
    var truncations: [String]?
    var witness: Witness?
    var pixelsOnly: Bool?
  }

  /// One line of the cache file's body after the key: the digest, a tab, and the
  /// other fields as JSON when there are any.
  var stored: String {
    guard !warnings.isEmpty || !truncations.isEmpty || witness != nil || !complete else { return digest }
    let extras = Extras(
      warnings: warnings.isEmpty ? nil : warnings, truncations: truncations.isEmpty ? nil : truncations,
      witness: witness, pixelsOnly: complete ? nil : true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let json = try? encoder.encode(extras) else { return digest }
    return digest + "\t" + String(decoding: json, as: UTF8.self)
  }

  /// A record as ``stored`` writes it; nil when it is not one.
  init?(stored: Substring) {
    let parts = stored.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
    guard let digest = parts.first, !digest.isEmpty, !digest.contains("\n") else { return nil }
    self.digest = String(digest)
    guard parts.count == 2 else { return }
    guard let extras = try? JSONDecoder().decode(Extras.self, from: Data(parts[1].utf8)) else { return nil }
    warnings = extras.warnings ?? []
    truncations = extras.truncations ?? []
    witness = extras.witness
    complete = extras.pixelsOnly != true
  }

  /// A record of `digest` with what laying out said.
  init(digest: String, warnings: [Diagnostic], truncations: [String], witness: Witness? = nil) {
    self.digest = digest
    self.warnings = warnings
    self.truncations = truncations
    self.witness = witness
  }

  /// A record of the digest alone, of inputs no verify has laid out.
  init(pixelsOnly digest: String) {
    self.digest = digest
    complete = false
  }
}
