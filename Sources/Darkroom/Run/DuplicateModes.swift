import DarkroomFoundation
import DarkroomRendering

/// Modes that draw every snapshot of a layout exactly as an earlier mode does: the
/// same pixels, locale for locale. Such a mode adds goldens and review work and
/// shows nothing new (a trial's `elevated` drew both screens pixel for pixel as
/// `dark`: 15 of 45 goldens), so record and verify say so, once per layout and
/// mode, with the line that narrows the layout's modes.
enum DuplicateModes {
  /// One warning per layout with modes that duplicate an earlier one, for the
  /// snapshots of `snapshots` whose outcomes (in the same order) know their pixels'
  /// digests. A layout is judged only when every one of its snapshots ran and was
  /// digested; the palette sheet and store pages are left out.
  static func warnings(_ snapshots: [Snapshot], _ outcomes: [SnapshotOutcome]) -> [Diagnostic] {
    guard snapshots.count == outcomes.count else { return [] }
    var order: [String] = []
    var byLayout: [String: (layout: Layout, digests: [(mode: String, variant: String, digest: String?)])] = [:]
    for (snapshot, outcome) in zip(snapshots, outcomes) where snapshot.page == nil && !PaletteSheet.isSheet(snapshot.layout) {
      let name = snapshot.layout.name
      if byLayout[name] == nil { order.append(name) }
      // The locale part of the name, the same for every mode of one locale.
      let locale = String(snapshot.variant.dropFirst(snapshot.mode.name.count))
      byLayout[name, default: (snapshot.layout, [])].digests.append((snapshot.mode.name, locale, outcome.pixelDigest))
    }
    var warnings: [Diagnostic] = []
    for name in order {
      guard let (layout, digests) = byLayout[name], digests.allSatisfy({ $0.digest != nil }) else { continue }
      var modes: [String] = []
      var pictures: [String: [String: String]] = [:]
      for entry in digests {
        if pictures[entry.mode] == nil { modes.append(entry.mode) }
        pictures[entry.mode, default: [:]][entry.variant] = entry.digest
      }
      guard modes.count > 1 else { continue }
      var kept: [String] = []
      var duplicates: [(mode: String, sameAs: String)] = []
      for mode in modes {
        if let same = kept.first(where: { pictures[$0] == pictures[mode] }) {
          duplicates.append((mode, same))
        } else {
          kept.append(mode)
        }
      }
      guard !duplicates.isEmpty else { continue }
      let locales = pictures[duplicates[0].mode]?.count ?? 1
      let each = locales > 1 ? "every locale's snapshot" : "its snapshot"
      let said = duplicates.map { "mode '\($0.mode)' draws \(each) of '\(name)' exactly as '\($0.sameAs)' does" }
      warnings.append(
        Diagnostic(
          .warning,
          said.joined(separator: ", and ")
            + "; to draw each picture once, narrow the layout's modes: modes: [\(kept.joined(separator: ", "))]",
          file: layout.file))
    }
    return warnings
  }
}
