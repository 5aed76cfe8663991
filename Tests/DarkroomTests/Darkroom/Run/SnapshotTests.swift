import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

@Suite("Snapshots")
struct SnapshotTests {
  /// The tool tests itself the way its users use it: a project's layouts match
  /// their goldens, pixel for pixel, in every mode, and verify writes nothing to
  /// the goldens. (The whole showcase is verified by the release build in
  /// `.ci/run`, with `--full` as well.)
  @Test func aProjectsLayoutsMatchItsGoldens() throws {
    let project = try TestProject()
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    #expect(loaded.layouts.map(\.name) == ["badge", "card", "palette"])
    let before = snapshotOfFiles(project.golden)
    let summary = try project.session().verify(golden: project.golden, report: project.path + "/report")
    #expect(summary.outcomes.count == loaded.layouts.count * loaded.theme.modes.count)
    for outcome in summary.outcomes {
      #expect(outcome.status == .passed, "\(outcome.name): \(outcome.status)")
    }
    #expect(snapshotOfFiles(project.golden) == before, "verify never writes to the golden folder")
  }

  @Test func renderingIsByteIdenticalAcrossRunsAndThreadCounts() throws {
    let project = try TestProject(goldens: false)
    for (name, threads) in [("one", 1), ("again", 1), ("many", 4)] {
      _ = try project.session(threads: threads).render(to: "\(project.path)/\(name)")
    }
    let one = snapshotOfFiles("\(project.path)/one")
    #expect(one.count == 9, "2 layouts (with the palette sheet) in 3 modes")
    #expect(snapshotOfFiles("\(project.path)/again") == one)
    #expect(snapshotOfFiles("\(project.path)/many") == one)
  }

  @Test func modesGiveDifferentPixelsWhereColoursDiffer() throws {
    let copy = try TestProject(goldens: false)
    let project = try Project.load(layoutsDirectory: copy.layouts)
    let card = try #require(project.layouts.first { $0.name == "card" })
    let images = try project.theme.modes.map { try Snapshot(layout: card, mode: $0).render(theme: project.theme) }
    #expect(images[0] != images[1])
    #expect(images[1] != images[2], "elevated differs from dark: its background is the elevated colour")
    // The light background is white, the dark one black, the elevated one #20222a.
    #expect(images[0][0, 0] == RGBA8(r: 255, g: 255, b: 255).premultiplied)
    #expect(images[1][0, 0] == RGBA8(r: 0, g: 0, b: 0).premultiplied)
    #expect(images[2][0, 0] == RGBA8(r: 0x20, g: 0x22, b: 0x2a).premultiplied)
  }

  @Test func aChangedColourFailsVerifyWithADiffAndRecordRewritesOnlyWhatChanged() throws {
    let project = try TestProject()
    let themeFile = project.layouts + "/theme.yml"
    let original = try String(contentsOfFile: themeFile, encoding: .utf8)
    // cardShade is used by the card only, and shown on the palette sheet.
    try project.edit("Layouts/theme.yml", "mix(background, key, 0.08)", "mix(background, key, 0.12)")

    let before = snapshotOfFiles(project.golden)
    let report = project.path + "/report"
    let failed = try project.session().verify(golden: project.golden, report: report)
    #expect(!failed.succeeded)
    let failures = failed.outcomes.filter { if case .failed = $0.status { true } else { false } }.map(\.name)
    #expect(failures == ["card/light", "palette/light"], "the change is to the light variant only")
    let images = try #require(try reportImages(report, "card/light"))
    let diff = try PixelBuffer(pngData: try Paths.read(report + "/" + (images.differenceThumbnail ?? "")))
    let actual = try PixelBuffer(pngData: try Paths.read(report + "/" + (images.render ?? "")))
    let expected = try PixelBuffer(pngData: try Paths.read(project.golden + "/card/light.png"))
    let golden = try Paths.read(project.golden + "/card/light.png")
    #expect(try Paths.read(report + "/" + (images.golden ?? "")) == golden)
    // The card's changed region is narrower than a thumbnail: its changed pixels are
    // stored unscaled, and mark exactly the pixels that changed, in red.
    let region = try #require(images.region)
    #expect(region.width <= actual.width && region.width <= Thumbnail.maximumWidth)
    #expect(diff.width == region.width && diff.height == region.height)
    var red = 0
    for y in 0..<diff.height {
      for x in 0..<diff.width where diff[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) { red += 1 }
    }
    #expect(red == PixelDifference(expected: expected, actual: actual).differingPixels)
    #expect(red > 0)
    #expect(try reportData(report).contains(images.differenceThumbnail ?? "?"))
    #expect(snapshotOfFiles(project.golden) == before, "verify never writes to the golden folder")

    let recorded = try project.session().record(golden: project.golden)
    #expect(recorded.outcomes.filter { $0.status == .recorded }.map(\.name) == failures)
    let after = snapshotOfFiles(project.golden)
    for (file, bytes) in before {
      #expect((after[file] == bytes) == !["card/light.png", "palette/light.png"].contains(file), "\(file)")
    }
    #expect(try project.session().verify(golden: project.golden, report: report).succeeded)

    // Undo the change: verify fails again until record restores the originals.
    try original.write(toFile: themeFile, atomically: true, encoding: .utf8)
    _ = try project.session().record(golden: project.golden)
    #expect(snapshotOfFiles(project.golden) == before, "recording the original colours restores the original files")
  }

  @Test func aMissingGoldenFailsVerifyAndIsNeverWrittenByIt() throws {
    let project = try TestProject()
    try FileManager.default.removeItem(atPath: project.golden + "/card/dark.png")
    let summary = try project.session().verify(golden: project.golden, report: project.path + "/report")
    #expect(summary.outcomes.first { $0.name == "card/dark" }?.status == .missing)
    #expect(!summary.succeeded)
    #expect(!FileManager.default.fileExists(atPath: project.golden + "/card/dark.png"))
    // The report shows it in full: its render, and no golden.
    let images = try #require(try reportImages(project.path + "/report", "card/dark"))
    #expect(images.golden == nil && images.goldenThumbnail == nil && images.renderThumbnail != nil)
    #expect(FileManager.default.fileExists(atPath: project.path + "/report/" + (images.render ?? "none")))
  }

  @Test func aCorruptGoldenIsBadInputAndLeavesNoReport() throws {
    let project = try TestProject()
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: project.golden + "/card/light.png"))
    let error = expectThrows(DarkroomError.self) {
      try project.session().verify(golden: project.golden, report: project.path + "/report")
    }
    #expect(
      error?.description.hasSuffix(
        "card/light.png: error: the golden is damaged: not a PNG file (bad signature); darkroom record rewrites it") == true)
    #expect(!FileManager.default.fileExists(atPath: project.path + "/report"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.contains("staging") }
    #expect(leftovers.isEmpty)
  }

  @Test func theReportRefusesToReplaceAFolderItDidNotMake() throws {
    let project = try TestProject()
    try project.folder.write("precious/notes.txt", "mine")
    #expect(throws: DarkroomError.self) {
      try project.session().verify(golden: project.golden, report: project.path + "/precious")
    }
    #expect(try String(contentsOfFile: project.path + "/precious/notes.txt", encoding: .utf8) == "mine")
  }
}

extension Paths {
  static func read(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
