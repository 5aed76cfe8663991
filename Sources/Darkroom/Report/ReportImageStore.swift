import DarkroomFoundation
import DarkroomRaster
import Foundation
import Synchronization

/// Writes the images of the snapshots that need review into a report being built,
/// while the run is under way, keeping to what the page shows.
///
/// Every such snapshot gets thumbnails of its changed region. Full-size images are
/// written, in the job that drew the snapshot, for those that may be shown in full:
/// all of them with ``ReportImageChoice/all``; every change whose cause is unknown;
/// the first ``ChangeGroups/fullGroupLimit`` of each cause (the group may stay that
/// small); and, for each cause, style and direction, the largest change so far (the
/// representatives are among these). When the run is over, ``finish(_:)`` keeps
/// what the groups show, names what is still missing (members of a mixed cause,
/// known only then), and the files no outcome names are removed.
///
/// Files are named by the digest of their bytes, so the same picture is one file.
final class ReportImageStore: Sendable {
  /// The report folder being built (its staging folder).
  let root: String
  /// The folder a relative ``root`` starts from.
  let working: WorkingFolder
  /// Which full-size images to write.
  let choice: ReportImageChoice
  /// The run's: what the images being written are removed with.
  let interruption: Interruption

  private struct Best {
    var area: Int
    var index: Int
  }

  private struct Tally {
    var count = 0
    var best: [String: Best] = [:]
  }

  private let tallies = Mutex<[String: Tally]>([:])
  /// The files written or being written: one job writes each (they share a
  /// temporary file name).
  private let claimed = Mutex<Set<String>>([])

  /// A store writing into `root`/images.
  init(root: String, working: WorkingFolder, choice: ReportImageChoice, interruption: Interruption) {
    self.interruption = interruption
    self.root = root
    self.working = working
    self.choice = choice
  }

  /// Writes the images of the run's `index`th snapshot, whose outcome needs review.
  func write(_ evidence: SnapshotCheck.Evidence, of outcome: SnapshotOutcome, index: Int) throws(DarkroomError) -> ReportImages {
    var images = try thumbnails(evidence, outcome)
    if needsFullSize(outcome, index: index, area: outcome.changedArea(in: images)) {
      try addFullSize(evidence, to: &images)
    }
    return images
  }

  /// The thumbnails of a change: the render's, and the golden's and their
  /// difference when there is a golden image.
  func thumbnails(_ evidence: SnapshotCheck.Evidence, _ outcome: SnapshotOutcome) throws(DarkroomError) -> ReportImages {
    let render = evidence.renderPixels
    let size = PixelSize(width: render.width, height: render.height)
    var images = ReportImages()
    images.size = size
    let bounds = outcome.comparison.flatMap { $0.sizeChanged ? nil : $0.bounds }
    let region = Thumbnail.region(changed: bounds, in: size)
    let shown = Thumbnail.size(of: region)
    images.region = region
    images.renderThumbnail = try store(try Thumbnail.webP(render, region, shown), as: "webp")
    if let golden = evidence.goldenPixels {
      images.goldenThumbnail = try store(try Thumbnail.webP(golden.premultipliedBuffer, region, shown), as: "webp")
      images.differenceThumbnail = try store(
        try Thumbnail.difference(golden, render.straightImage, region, shown), as: "png")
    }
    return images
  }

  /// Adds the full-size render and golden.
  func addFullSize(_ evidence: SnapshotCheck.Evidence, to images: inout ReportImages) throws(DarkroomError) {
    images.render = try store(try evidence.render(), as: "png")
    if let golden = evidence.golden, evidence.goldenPixels != nil {
      images.golden = try store(try golden(), as: "png")
    }
  }

  /// Whether the snapshot's full-size images are written now (see the type's
  /// description). The decision is made under a lock; the images are written
  /// outside it.
  private func needsFullSize(_ outcome: SnapshotOutcome, index: Int, area: Int) -> Bool {
    guard choice != .all, let key = ChangeGroups.streamingKey(of: outcome), key != "unknown" else { return true }
    let kind = "\(outcome.dark ?? false) \(outcome.rightToLeft ?? false)"
    return tallies.withLock { tallies in
      var tally = tallies[key] ?? Tally()
      tally.count += 1
      var wanted = tally.count <= ChangeGroups.fullGroupLimit
      // Larger first; of equals, the first in run order, whatever the threads did.
      if let best = tally.best[kind], best.area > area || (best.area == area && best.index < index) {
      } else {
        tally.best[kind] = Best(area: area, index: index)
        wanted = true
      }
      tallies[key] = tally
      return wanted
    }
  }

  /// After the run: drops the full-size images of members shown as thumbnails,
  /// and returns the indices of outcomes shown in full that have none yet.
  func finish(_ outcomes: inout [SnapshotOutcome]) -> [Int] {
    let shown = Set(ChangeGroups.make(outcomes).flatMap(\.shownInFull))
    var missing: [Int] = []
    for index in outcomes.indices where outcomes[index].isFailure {
      guard var images = outcomes[index].images else { continue }
      if shown.contains(outcomes[index].name) || choice == .all {
        if !images.hasFullSize { missing.append(index) }
      } else {
        images.render = nil
        images.golden = nil
      }
      outcomes[index].images = images
    }
    return missing
  }

  /// Removes the files in `images/` that no outcome names.
  func removeUnnamed(_ outcomes: [SnapshotOutcome]) {
    let named = Set(outcomes.flatMap { $0.images?.files ?? [] })
    let folder = "\(root)/\(ReportImages.folder)"
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where !named.contains("\(ReportImages.folder)/\(file)") {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(file)")
    }
  }

  /// Writes `bytes` as `images/<digest>.<kind>`, once; returns that path.
  private func store(_ bytes: [UInt8], as kind: String) throws(DarkroomError) -> String {
    let relative = "\(ReportImages.folder)/\(ContentHash(bytes)).\(kind)"
    guard claimed.withLock({ $0.insert(relative).inserted }) else { return relative }
    try FileStore.writeAtomically(bytes, to: "\(root)/\(relative)", from: working, interruption: interruption)
    return relative
  }
}

extension SnapshotOutcome {
  /// The changed area before ``images`` is set.
  func changedArea(in images: ReportImages) -> Int {
    var copy = self
    copy.images = images
    return copy.changedArea
  }
}
