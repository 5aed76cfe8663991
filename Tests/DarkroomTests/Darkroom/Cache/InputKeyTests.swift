import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Snapshots whose inputs are unchanged pass without being laid out: the files of
/// their layout and theme, the fonts and the build are those of an earlier run that
/// drew the pixels their golden holds. Any change to what the drawing is made from
/// lays the snapshot out again, and a changed golden is never passed from memory.
@Suite("Unchanged inputs")
struct InputKeyTests {
  /// The time every command and golden folder of a test reads: moved forward a
  /// second where a golden must settle.
  let time = MovableClock()

  /// The outcomes of a verify of `project`, as its report's `results.json` has them.
  func verify(_ project: TestProject, _ extra: [String] = []) throws -> (CommandRun, [String: SnapshotOutcome]) {
    let run = darkroom(["verify"] + extra, in: project.path, clock: time.clock)
    let data = try Data(contentsOf: URL(fileURLWithPath: project.path + "/.darkroom/report/results.json"))
    let outcomes = try JSONDecoder().decode(RunSummary.self, from: data).outcomes
    return (run, Dictionary(outcomes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
  }

  /// The names of the snapshots that passed without being laid out.
  func unchanged(_ outcomes: [String: SnapshotOutcome]) -> Set<String> {
    Set(outcomes.values.filter { $0.unchangedInputs == true }.map(\.name))
  }

  /// A recorded project whose goldens are settled (``GoldenFolder/goldenStamp(of:)``),
  /// verified once, so that the cache knows every snapshot's inputs and what each
  /// layout's witness of its faces heard.
  func warmProject() throws -> TestProject {
    let project = try TestProject()
    #expect(darkroom(["record"], in: project.path, clock: time.clock).status == 0)
    time.advance(by: 1.1)
    #expect(darkroom(["verify"], in: project.path, clock: time.clock).status == 0)
    return project
  }

  @Test func nothingChangedLaysNothingOutAndEachInputLaysItsSnapshotsOutAgain() throws {
    let project = try warmProject()
    let (first, firstOutcomes) = try verify(project)
    #expect(first.status == 0, "\(first.stdout)")
    let all = Set(firstOutcomes.keys)
    #expect(all.count == 9)
    #expect(unchanged(firstOutcomes) == all)
    // A layout's file edited without changing its drawing: its snapshots are laid
    // out again (and pass through the render cache), the others are not.
    try project.edit("Layouts/badge.yml", "# An image", "# Edited: an image")
    let (edited, editedOutcomes) = try verify(project)
    #expect(edited.status == 0, "\(edited.stdout)")
    #expect(unchanged(editedOutcomes) == all.filter { !$0.hasPrefix("badge/") })
    #expect(editedOutcomes.values.allSatisfy { $0.fromCache == true }, "drawn by nobody")
    #expect(unchanged(try verify(project).1) == all, "and the next run knows the edited file")
    // The theme's file, or an image it reads: every snapshot is laid out again.
    try project.edit("Layouts/theme.yml", "images:", "# Edited.\nimages:")
    #expect(unchanged(try verify(project).1).isEmpty)
    var logo = try Paths.read(project.layouts + "/images/logo.png")
    logo += Array("trailing".utf8)
    try Data(logo).write(to: URL(fileURLWithPath: project.layouts + "/images/logo.png"))
    #expect(unchanged(try verify(project).1).isEmpty)
    // A changed colour is laid out, drawn and fails.
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let (changed, changedOutcomes) = try verify(project)
    #expect(changed.status == 1)
    #expect(changedOutcomes["card/light"]?.status == .failed)
    #expect(changedOutcomes["card/light"]?.unchangedInputs == nil)
  }

  @Test func aGoldenReplacedWithOtherPixelsFailsThoughTheInputsAreKnown() throws {
    let project = try warmProject()
    // Another snapshot's golden copied over card/light: the cache knows card/light's
    // inputs, but not this file.
    try FileManager.default.removeItem(atPath: project.golden + "/card/light.png")
    try FileManager.default.copyItem(atPath: project.golden + "/card/dark.png", toPath: project.golden + "/card/light.png")
    let (run, outcomes) = try verify(project)
    #expect(run.status == 1, "\(run.stdout)")
    #expect(outcomes["card/light"]?.status == .failed)
    #expect(outcomes["badge/dark"]?.unchangedInputs == true)
  }

  @Test func aPassFromUnchangedInputsReportsWhatLayingOutFound() throws {
    let project = try TestProject()
    // A truncation and a warning that every run lists, laid out or not.
    try project.addCutLabelLayout()
    #expect(darkroom(["record"], in: project.path, clock: time.clock).status == 0)
    let (cold, coldOutcomes) = try verify(project, ["--no-cache"])
    #expect(cold.status == 0, "\(cold.stdout)")
    let laidOut = try #require(coldOutcomes["cut/dark"])
    #expect(laidOut.unchangedInputs == nil)
    #expect(!(laidOut.truncations ?? []).isEmpty && !(laidOut.warnings ?? []).isEmpty, "\(laidOut)")
    let (warm, warmOutcomes) = try verify(project)
    // Not its layout's witness of faces, which is laid out until its golden settles.
    let remembered = try #require(warmOutcomes["cut/dark"])
    #expect(remembered.unchangedInputs == true, "\(warm.stdout)")
    #expect(remembered.truncations == laidOut.truncations)
    #expect(remembered.warnings == laidOut.warnings)
    #expect(warm.stderr == cold.stderr, "the same warnings on the terminal")
  }

  @Test func optionsThatShowAPassLayItOut() throws {
    let project = try warmProject()
    for options in [["--full"], ["--sheets"], ["--audit"], ["--record", "all"]] {
      let (run, outcomes) = try verify(project, options)
      #expect(run.status == 0, "\(options): \(run.stdout)")
      #expect(unchanged(outcomes).isEmpty, "\(options)")
    }
    #expect(unchanged(try verify(project).1).count == 9)
  }

  @Test func aSettledGoldenIsKnownByItsStampAndAChangedOneIsReadAgain() throws {
    let project = try TestProject()
    #expect(darkroom(["record"], in: project.path, clock: time.clock).status == 0)
    let folder = GoldenFolder(root: project.golden, clock: time.clock)
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let snapshot = try #require(loaded.snapshots(modes: loaded.theme.modes).first { $0.name == "card/light" })
    let file = project.golden + "/card/light.png"
    let digest = try #require(PixelDigest.stored(in: try Paths.read(file)))
    // A settled file has a stamp, and verify remembers the digest it stores by it.
    time.advance(by: 1.1)
    #expect(folder.goldenStamp(of: snapshot) != nil)
    #expect(try verify(project).0.status == 0)
    func remembered() throws -> Int {
      let text = try String(contentsOfFile: project.path + "/.darkroom/cache/renders", encoding: .utf8)
      return text.split(separator: "\n").filter { $0.hasPrefix("g ") && $0.hasSuffix("\t" + digest) }.count
    }
    #expect(try remembered() == 1)
    // The same bytes written again: a file just changed has no stamp yet, so it is
    // read again (and still passes without being laid out); once settled, its new
    // stamp is remembered beside the old.
    let bytes = try Paths.read(file)
    time.reset()
    try FileManager.default.removeItem(atPath: file)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(folder.goldenStamp(of: snapshot) == nil, "just written: it could change again within the clock's tick")
    let (run, outcomes) = try verify(project)
    #expect(run.status == 0)
    #expect(outcomes["card/dark"]?.unchangedInputs == true, "\(run.stdout)")
    time.advance(by: 1.1)
    #expect(try verify(project).0.status == 0)
    #expect(try remembered() == 2)
  }

  /// "Less than a second ago" is measured to the nanosecond: a golden written just
  /// before the clock's second ticks over is still too new a moment after it.
  @Test func aGoldenWrittenJustBeforeTheSecondTicksIsStillTooNewAfterIt() throws {
    let project = try TestProject()
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let snapshot = try #require(loaded.snapshots(modes: loaded.theme.modes).first)
    let file = GoldenFolder(root: project.golden).path(of: snapshot)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data("not yet settled".utf8).write(to: URL(fileURLWithPath: file))
    let stamp = try #require(Platform.stamp(of: file))
    try #require(stamp.count > 5)
    let written = Double(stamp[4]) + Double(stamp[5]) / 1e9
    func folder(at time: Double) -> GoldenFolder {
      GoldenFolder(root: project.golden, clock: WallClock { time })
    }
    // In the next whole second, less than a second after the write (half its
    // fraction before the second anniversary): whole seconds alone would call it
    // settled.
    let afterTheTick = written.rounded(.down) + 1 + (written - written.rounded(.down)) / 2
    #expect(afterTheTick.rounded(.down) > written.rounded(.down))
    #expect(folder(at: afterTheTick).goldenStamp(of: snapshot) == nil)
    #expect(folder(at: written + 0.999).goldenStamp(of: snapshot) == nil)
    #expect(folder(at: written + 1.001).goldenStamp(of: snapshot) != nil)
  }

  /// A layout's witness of faces that heard its golden while the file was too new
  /// for a stamp (known by its bytes' hash) still passes once the file is settled
  /// and known by its stamp: the first snapshot of each layout is its witness.
  @Test func aWitnessThatHeardAGoldenBeforeItSettledPassesAfter() throws {
    let project = try TestProject()
    #expect(darkroom(["record"], in: project.path, clock: time.clock).status == 0)
    // Every golden written again with the same bytes, just before the verify: too
    // new for a stamp, whatever time the record took.
    let folder = GoldenFolder(root: project.golden, clock: time.clock)
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let snapshots = loaded.snapshots(modes: loaded.theme.modes)
    for snapshot in snapshots {
      let file = folder.path(of: snapshot)
      let bytes = try Paths.read(file)
      try FileManager.default.removeItem(atPath: file)
      try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
    #expect(snapshots.allSatisfy { folder.goldenStamp(of: $0) == nil })
    let (fresh, freshOutcomes) = try verify(project)
    #expect(fresh.status == 0, "\(fresh.stdout)")
    // Record drew every snapshot, so only the witnesses, which heard nothing yet, are
    // laid out: they hear each golden under its bytes' hash.
    #expect(unchanged(freshOutcomes).count < freshOutcomes.count)
    time.advance(by: 1.1)
    #expect(snapshots.allSatisfy { folder.goldenStamp(of: $0) != nil })
    let (settled, settledOutcomes) = try verify(project)
    #expect(settled.status == 0, "\(settled.stdout)")
    #expect(unchanged(settledOutcomes) == Set(settledOutcomes.keys), "witnesses included")
  }
}
