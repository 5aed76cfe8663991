import Foundation
import Testing

@testable import Darkroom

@Suite("Snapshots", .serialized)
struct SnapshotTests {
  /// The tool tests itself the way its users use it: the bundled layouts match the
  /// bundled goldens, pixel for pixel, in every mode.
  @Test func theProjectsOwnLayoutsMatchItsOwnGoldens() throws {
    let project = try Project.load(layoutsDirectory: Paths.layouts)
    #expect(project.layouts.map(\.name) == ["buttons", "cells", "dashboard", "feed", "markets", "surfaces", "typography", "palette"])
    let report = try TemporaryFolder()
    let before = snapshotOfFiles(Paths.golden)
    let summary = try SnapshotSession(project: project, modes: project.theme.modes)
      .verify(golden: Paths.golden, report: report.path + "/report")
    #expect(summary.outcomes.count == project.layouts.count * project.theme.modes.count)
    for outcome in summary.outcomes {
      #expect(outcome.status == .passed, "\(outcome.name): \(outcome.status)")
    }
    #expect(snapshotOfFiles(Paths.golden) == before, "verify never writes to the golden folder")
  }

  @Test func renderingIsByteIdenticalAcrossRunsAndThreadCounts() throws {
    let project = try Project.load(layoutsDirectory: Paths.layouts)
    let folder = try TemporaryFolder()
    for (name, threads) in [("one", 1), ("again", 1), ("many", 4)] {
      _ = try SnapshotSession(project: project, modes: project.theme.modes, threads: threads)
        .render(to: "\(folder.path)/\(name)")
    }
    let one = snapshotOfFiles("\(folder.path)/one")
    #expect(one.count == 40, "8 layouts (with the palette sheet) in 5 modes")
    #expect(snapshotOfFiles("\(folder.path)/again") == one)
    #expect(snapshotOfFiles("\(folder.path)/many") == one)
  }

  @Test func modesGiveDifferentPixelsWhereColoursDiffer() throws {
    let project = try Project.load(layoutsDirectory: Paths.layouts)
    let buttons = try #require(project.layouts.first { $0.name == "buttons" })
    let modes = project.theme.modes
    let images = try modes.map { try Snapshot(layout: buttons, mode: $0).render(theme: project.theme) }
    #expect(images[0] != images[1])
    #expect(images[1] != images[2], "elevated differs from dark: its background is the elevated colour")
    // The light background is white, the dark one black, the elevated one #20222a.
    #expect(images[0][0, 0] == RGBA8(r: 255, g: 255, b: 255).premultiplied)
    #expect(images[1][0, 0] == RGBA8(r: 0, g: 0, b: 0).premultiplied)
    #expect(images[2][0, 0] == RGBA8(r: 0x20, g: 0x22, b: 0x2a).premultiplied)
  }

  /// A copy of the bundled project with its goldens, to change and re-record.
  func copyOfProject() throws -> (folder: TemporaryFolder, layouts: String, golden: String) {
    let folder = try TemporaryFolder()
    let layouts = try folder.copy(Paths.layouts, as: "Layouts")
    let golden = try folder.copy(Paths.golden, as: "Golden")
    return (folder, layouts, golden)
  }

  func session(_ layouts: String) throws -> SnapshotSession {
    let project = try Project.load(layoutsDirectory: layouts)
    return SnapshotSession(project: project, modes: project.theme.modes)
  }

  @Test func aChangedColourFailsVerifyWithADiffAndRecordRewritesOnlyWhatChanged() throws {
    let (folder, layouts, golden) = try copyOfProject()
    let themeFile = layouts + "/theme.yml"
    let original = try String(contentsOfFile: themeFile, encoding: .utf8)
    // cardShade is used by the dashboard only, and shown on the palette sheet.
    try original.replacingOccurrences(of: "cardShade: mix(backgroundElevated, key, 0.08)", with: "cardShade: mix(backgroundElevated, key, 0.12)")
      .write(toFile: themeFile, atomically: true, encoding: .utf8)

    let before = snapshotOfFiles(golden)
    let report = folder.path + "/report"
    let failed = try session(layouts).verify(golden: golden, report: report)
    #expect(!failed.succeeded)
    let failures = failed.outcomes.filter { if case .failed = $0.status { true } else { false } }.map(\.name)
    #expect(failures == [
      "dashboard/light", "dashboard/dark", "dashboard/elevated", "dashboard/dark-ax", "dashboard/dark-hc",
      "palette/light", "palette/dark", "palette/elevated", "palette/dark-ax", "palette/dark-hc",
    ])
    let diff = try PixelBuffer(pngData: try Paths.read(report + "/dashboard/dark.diff.png"))
    let actual = try PixelBuffer(pngData: try Paths.read(report + "/dashboard/dark.png"))
    let expected = try PixelBuffer(pngData: try Paths.read(golden + "/dashboard/dark.png"))
    // The diff marks exactly the pixels that changed, in red.
    var red = 0
    for y in 0..<diff.height {
      for x in 0..<diff.width where diff[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) { red += 1 }
    }
    #expect(red == PixelDifference(expected: expected, actual: actual).differingPixels)
    #expect(red > 0)
    #expect(try String(contentsOfFile: report + "/index.html", encoding: .utf8).contains("dashboard/dark.diff.png"))
    #expect(snapshotOfFiles(golden) == before, "verify never writes to the golden folder")

    let recorded = try session(layouts).record(golden: golden)
    #expect(recorded.outcomes.filter { $0.status == .recorded }.map(\.name) == failures)
    let after = snapshotOfFiles(golden)
    for (file, bytes) in before {
      #expect((after[file] == bytes) == !(file.hasPrefix("dashboard/") || file.hasPrefix("palette/")), "\(file)")
    }
    #expect(try session(layouts).verify(golden: golden, report: report).succeeded)

    // Undo the change: verify fails again until record restores the originals.
    try original.write(toFile: themeFile, atomically: true, encoding: .utf8)
    _ = try session(layouts).record(golden: golden)
    #expect(snapshotOfFiles(golden) == before, "recording the original colours restores the original files")
  }

  @Test func aMissingGoldenFailsVerifyAndIsNeverWrittenByIt() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try FileManager.default.removeItem(atPath: golden + "/buttons/dark.png")
    let summary = try session(layouts).verify(golden: golden, report: folder.path + "/report")
    #expect(summary.outcomes.first { $0.name == "buttons/dark" }?.status == .missing)
    #expect(!summary.succeeded)
    #expect(!FileManager.default.fileExists(atPath: golden + "/buttons/dark.png"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/report/buttons/dark.png"))
  }

  @Test func aCorruptGoldenIsBadInputAndLeavesNoReport() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden + "/dashboard/light.png"))
    let error = #expect(throws: DarkroomError.self) {
      try session(layouts).verify(golden: golden, report: folder.path + "/report")
    }
    #expect(error?.description.hasSuffix("dashboard/light.png: the golden is not a usable PNG: corrupt PNG: not a PNG file (bad signature)") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/report"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("staging") }
    #expect(leftovers.isEmpty)
  }

  @Test func theReportRefusesToReplaceAFolderItDidNotMake() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try folder.write("precious/notes.txt", "mine")
    #expect(throws: DarkroomError.self) {
      try session(layouts).verify(golden: golden, report: folder.path + "/precious")
    }
    #expect(try String(contentsOfFile: folder.path + "/precious/notes.txt", encoding: .utf8) == "mine")
  }
}

extension Paths {
  static func read(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
