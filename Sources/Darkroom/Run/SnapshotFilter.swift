import Foundation

/// The snapshots a run is limited to (`--only`): names such as `orders/dark.de`, or
/// patterns with `*` (`orders/*`, `*/dark`), as the report's accept commands write
/// them.
public struct SnapshotFilter: Sendable, Equatable, CustomStringConvertible {
  /// The names and patterns, in the order given.
  public let patterns: [String]

  /// A filter of `patterns`.
  public init(_ patterns: [String]) { self.patterns = patterns }

  /// Whether a snapshot named `name` is one the filter keeps.
  public func matches(_ name: String) -> Bool {
    patterns.contains { pattern in
      pattern.contains("*") ? fnmatch(pattern, name, 0) == 0 : pattern == name
    }
  }

  /// The patterns joined with commas, as `--only` takes them.
  public var description: String { patterns.joined(separator: ",") }
}
