/// The family iOS's system font is drawn in: SF Pro when the project brings Apple's
/// files (Darkroom ships none), in its two optical sizes as UIKit chooses them —
/// SF Pro Text below 20 points, SF Pro Display from 20 — and tracked by
/// ``SFProTracking``; else Inter, untracked.
///
/// Only the project's own files count (the theme's `fonts: { files: … }`), never a
/// copy installed on the machine: whether a snapshot is drawn in SF Pro is the
/// project's to say, so it draws the same everywhere.
public enum SystemFont {
  /// SF Pro's optical size for text, below ``displaySize``.
  public static let textFamily = "SF Pro Text"
  /// SF Pro's optical size for display, from ``displaySize`` up.
  public static let displayFamily = "SF Pro Display"
  /// The size from which UIKit sets the system font in its display cut (Apple: the
  /// Text cut below 20 points, Display from 20).
  public static let displaySize = 20.0

  /// The family a label of `size` points is set in: SF Pro's cut for that size
  /// when `project` has it (the other cut when it has only that one), else Inter.
  public static func family(size: Double, project: [FontFile]) -> String {
    let text = has(textFamily, project), display = has(displayFamily, project)
    switch (text, display) {
    case (false, false): return FontLibrary.textFamily
    case (true, false): return textFamily
    case (false, true): return displayFamily
    case (true, true): return size >= displaySize ? displayFamily : textFamily
    }
  }

  /// The monospaced system font's family (SwiftUI's `.monospaced()`, Markdown's
  /// code): the project's SF Mono when it has it, else DejaVu Sans Mono.
  public static func monospacedFamily(project: [FontFile]) -> String {
    has(monospacedSFFamily, project) ? monospacedSFFamily : monospacedFallbackFamily
  }

  /// Apple's monospaced family, drawn when the project brings it.
  public static let monospacedSFFamily = "SF Mono"
  /// The monospaced family drawn otherwise (Debian's fonts-dejavu-core).
  public static let monospacedFallbackFamily = "DejaVu Sans Mono"

  /// Whether `family` is one of SF Pro's cuts: text set in it is tracked.
  public static func isSFPro(_ family: String) -> Bool {
    let key = FontLibrary.key(family)
    return key == FontLibrary.key(textFamily) || key == FontLibrary.key(displayFamily)
  }

  /// The tracking, in points, of system-font text of `size` points in `family`:
  /// SF Pro's table; for Inter, the same table below ``displaySize``, where it
  /// brings Inter's widths to SF Pro Text's (measured: `docs/fidelity.md`), and none
  /// from it, where Inter is wider than SF Pro Display whatever the tracking.
  public static func tracking(size: Double, family: String) -> Double {
    if isSFPro(family) { return SFProTracking.points(at: size) }
    guard FontLibrary.key(family) == FontLibrary.key(FontLibrary.textFamily), size < displaySize else { return 0 }
    return SFProTracking.points(at: size)
  }

  private static func has(_ family: String, _ project: [FontFile]) -> Bool {
    let key = FontLibrary.key(family)
    return project.contains { FontLibrary.key($0.face.family) == key }
  }
}
