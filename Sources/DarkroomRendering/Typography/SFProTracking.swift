/// The tracking UIKit gives SF Pro at each point size: Apple's "iOS, iPadOS, visionOS
/// tracking values" table for SF Pro (Human Interface Guidelines, Typography ›
/// Specifications › Tracking values), in points. docs/fidelity.md has the table.
///
/// The system font carries its tracking with it (its `trak` table), so every label
/// set in it — every text style at every Dynamic Type size, and any explicit size —
/// is tracked by its point size alone. A size between two of the table's rows is
/// tracked in proportion between them, as a `trak` table is read; sizes outside
/// the table take its first or last row.
public enum SFProTracking {
  /// The table's rows: point size, tracking in points. Apple also gives each row in
  /// thousandths of an em, rounded to whole ones (17 pt: −26, which is −0.442 pt);
  /// the points column is the finer one at text sizes, and the one used here.
  static let rows: [(size: Double, points: Double)] = [
    (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
    (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
    (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40), (31, 0.39),
    (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37), (39, 0.38), (40, 0.37),
    (41, 0.36), (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36), (47, 0.37), (48, 0.35), (49, 0.33),
    (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32), (56, 0.30), (58, 0.28), (60, 0.26), (62, 0.24),
    (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14), (72, 0.14), (76, 0.07), (80, 0), (84, 0), (88, 0), (92, 0),
    (96, 0),
  ]

  /// The tracking, in points, added after each character of SF Pro text of `size`
  /// points.
  public static func points(at size: Double) -> Double {
    guard let first = rows.first, let last = rows.last else { return 0 }
    if !(size > first.size) { return first.points }
    if size >= last.size { return last.points }
    // The first row at or above the size; the one before it is below.
    let upper = rows.firstIndex { $0.size >= size } ?? rows.count - 1
    let above = rows[upper], below = rows[upper - 1]
    if above.size == size { return above.points }
    let fraction = (size - below.size) / (above.size - below.size)
    return below.points + (above.points - below.points) * fraction
  }
}
