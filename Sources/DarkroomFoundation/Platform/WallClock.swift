import Foundation

/// The time of day a run reads, as seconds since 1970: the system's, or one a test
/// sets.
///
/// Only one decision reads it — whether a golden file changed too recently for its
/// stamp to be trusted (`GoldenFolder.goldenStamp(of:)`, in `Darkroom`) — and it comes from the
/// command line with the run's settings, so a test moves time forward instead of
/// sleeping, and commands in one process never share it.
public struct WallClock: Sendable {
  /// The current time, in seconds since 1970.
  public var now: @Sendable () -> Double

  /// A clock that reads `now`.
  public init(now: @escaping @Sendable () -> Double) { self.now = now }

  /// The system's clock.
  public static let system = WallClock { Date().timeIntervalSince1970 }
}
