import DarkroomFoundation

/// The most snapshots one run draws: layouts × modes × locales, and the store pages.
///
/// A theme of a few kilobytes can name thousands of modes, and each mode multiplies
/// every layout and locale; a pull request could spend a shared runner's hours. So
/// the product is counted when the project is loaded, before anything is drawn, and
/// a run past the cap is refused with the product and the flag that raises it.
public struct SnapshotCap: Sendable, Equatable {
  /// The cap when neither `--max-snapshots` nor `maxSnapshots:` in darkroom.yml says:
  /// twenty times the showcase with its store pages, and about forty seconds of
  /// drawing on two cores.
  public static let defaultLimit = 20_000
  /// The caps a run may be given.
  public static let range = 1...10_000_000

  /// The most snapshots a run may draw.
  public var limit: Int

  /// A cap of `limit` snapshots.
  public init(_ limit: Int = SnapshotCap.defaultLimit) { self.limit = limit }

  /// Checks a run of `count` snapshots, which `product` spells out
  /// (`"12 layouts × 2000 modes × 3 locales"`).
  ///
  /// - Parameter location: what made the count large (the theme's `modes:`).
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` at `location` when `count` passes the cap.
  public func check(_ count: Int, product: String, at location: SourceLocation?, file: String? = nil)
    throws(DarkroomError)
  {
    guard count > limit else { return }
    throw DarkroomError(
      "this run would draw \(count) snapshots (\(product)); a run draws at most \(limit) — narrow it with --modes, --locales or --only, or raise the cap with --max-snapshots (maxSnapshots in darkroom.yml)",
      at: location, file: location == nil ? file : nil)
  }
}
