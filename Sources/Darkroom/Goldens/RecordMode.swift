import DarkroomFoundation
import Foundation

/// When a verify run may write goldens, as swift-snapshot-testing's record modes.
public enum RecordMode: String, Sendable, CaseIterable, Codable {
  /// Never write a golden (the default for verify).
  case never
  /// Write goldens that do not exist yet.
  case missing
  /// Write goldens that are missing or that the render fails against.
  case failed
  /// Write every golden whose file would change.
  case all

  /// The environment variable that sets the mode when no flag does.
  public static let environmentVariable = "DARKROOM_RECORD"

  /// Parses a mode name, suggesting the closest one on a typo.
  public static func parse(_ text: String, source: String) throws(DarkroomError) -> RecordMode {
    guard let mode = RecordMode(rawValue: text) else {
      throw DarkroomError(
        "unknown record mode '\(text)' in \(source) (expected never, missing, failed, all)",
        suggestion: Suggestion.closest(to: text, in: allCases.map(\.rawValue)))
    }
    return mode
  }

  /// The mode `DARKROOM_RECORD` sets in `environment` (default: the process's), if
  /// it is set.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DarkroomError) -> RecordMode? {
    guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
    return try parse(value, source: environmentVariable)
  }
}

/// One part of a run split across CI jobs: snapshot number i (from 0, in run order)
/// belongs to shard `i % count + 1`. The split depends only on the list of snapshots,
/// so every job computes the same one.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which part, from 1.
  public let index: Int
  /// How many parts.
  public let count: Int

  /// The most parts a run may be split into: far more than any CI matrix, and small
  /// enough that positions computed from it cannot overflow.
  public static let maximumCount = 100_000

  /// Parses `K/N` with 1 ≤ K ≤ N.
  public init(_ text: String) throws(DarkroomError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n, n <= Self.maximumCount
    else {
      throw DarkroomError(
        "a shard is K/N with 1 ≤ K ≤ N ≤ \(Self.maximumCount) (for example 2/4), found '\(text)'")
    }
    index = k
    count = n
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// Whether the snapshot at `position` in the full run belongs to this shard.
  public func contains(_ position: Int) -> Bool { position % count == index - 1 }
}
