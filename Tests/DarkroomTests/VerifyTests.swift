import Foundation
import Testing

@testable import Darkroom

/// Comparison options, fast verify, record modes, shards and the report's files.
@Suite("Verify and review", .serialized)
struct VerifyTests {
  func copyOfProject() throws -> (folder: TemporaryFolder, layouts: String, golden: String) {
    let folder = try TemporaryFolder()
    return (folder, try folder.copy(Paths.layouts, as: "Layouts"), try folder.copy(Paths.golden, as: "Golden"))
  }

  func session(_ layouts: String, _ options: RunOptions = RunOptions(), modes: [String]? = nil) throws -> SnapshotSession {
    let project = try Project.load(layoutsDirectory: layouts)
    return SnapshotSession(project: project, modes: try project.modes(named: modes), options: options)
  }

  func edit(_ file: String, _ from: String, _ to: String) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(from), "\(from) in \(file)")
    try text.replacingOccurrences(of: from, with: to).write(toFile: file, atomically: true, encoding: .utf8)
  }

  // MARK: Tolerances

  @Test func allowancesAreOptInAndBothMustHold() {
    var options = CompareOptions()
    #expect(options.accepts(differing: 0, of: 100))
    #expect(!options.accepts(differing: 1, of: 100))
    options.maxPixels = 5
    #expect(options.accepts(differing: 5, of: 100) && !options.accepts(differing: 6, of: 100))
    options.maxRatio = 0.01
    #expect(!options.accepts(differing: 5, of: 100), "5% is over the 1% ratio")
    #expect(options.accepts(differing: 5, of: 1000))
    #expect(options.description == "exact, allowing up to 5 pixels and 1%")
  }

  @Test func aFailureStatesTheOptionsAndTheMeasuredValues() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try edit(layouts + "/theme.yml", "keyLipLight: lighten(key, 0.25)", "keyLipLight: darken(key, 0.05)")
    var options = RunOptions()
    options.compare.maxPixels = 10
    let summary = try session(layouts, options, modes: ["light"]).verify(golden: golden, report: folder.path + "/r")
    let failure = try #require(summary.outcomes.first { $0.status == .failed })
    let comparison = try #require(failure.comparison)
    #expect(comparison.differingPixels > 10)
    #expect(comparison.summary.hasPrefix("\(comparison.differingPixels) of 1170000 pixels differ ("))
    #expect(comparison.summary.hasSuffix("; compared exact, allowing up to 10 pixels"))
  }

  @Test func aLayoutCanAllowASmallDifferencePerceptually() throws {
    let (folder, layouts, golden) = try copyOfProject()
    // A one-step change of a blue is invisible to the perceptual metric.
    try edit(layouts + "/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let exact = try session(layouts, modes: ["light"]).verify(golden: golden, report: folder.path + "/r")
    // Every layout but markets, which uses only UIKit's system colours, and cells,
    // which uses JD's own colour pairs.
    #expect(exact.outcomes.allSatisfy { ($0.status == .failed) == !["markets", "cells"].contains($0.layout) })
    try edit(layouts + "/buttons.yml", "scale: 2\n", "scale: 2\ncompare: { method: perceptual, threshold: 0.05 }\n")
    let perceptual = try session(layouts, modes: ["light"]).verify(golden: golden, report: folder.path + "/r")
    #expect(perceptual.outcomes.first { $0.layout == "buttons" }?.status == .passed)
    #expect(perceptual.outcomes.first { $0.layout == "dashboard" }?.status == .failed, "the other layout stays exact")
  }

  @Test func aChangedSizeFailsWithBothSizesAndBothImagesInTheReport() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try edit(layouts + "/buttons.yml", "size: [390, 750]", "size: [390, 770]")
    var options = RunOptions()
    options.compare.maxRatio = 1  // even "anything goes" cannot pass a size change
    let report = folder.path + "/r"
    let summary = try session(layouts, options, modes: ["dark"]).verify(golden: golden, report: report)
    let outcome = try #require(summary.outcomes.first { $0.layout == "buttons" })
    #expect(outcome.status == .failed)
    #expect(outcome.comparison?.summary.hasPrefix("size changed from 780×1500 to 780×1540; ") == true)
    for suffix in [".golden.png", ".png", ".diff.png"] {
      #expect(FileManager.default.fileExists(atPath: "\(report)/buttons/dark\(suffix)"), "\(suffix)")
    }
  }

  // MARK: Fast verify

  @Test func matchingGoldensAreNotDecodedUnlessFullIsAsked() throws {
    let (folder, layouts, golden) = try copyOfProject()
    let fast = try session(layouts).verify(golden: golden, report: folder.path + "/r")
    #expect(fast.succeeded && fast.decodedGoldens == 0)
    var options = RunOptions()
    options.full = true
    let full = try session(layouts, options).verify(golden: golden, report: folder.path + "/r")
    #expect(full.succeeded && full.decodedGoldens == 40)
  }

  @Test func aGoldenWithoutADigestIsDecodedAndStillPasses() throws {
    let (folder, layouts, golden) = try copyOfProject()
    let file = golden + "/buttons/light.png"
    let pixels = try PixelBuffer(pngData: try Paths.read(file))
    try Data(try pixels.pngData()).write(to: URL(fileURLWithPath: file))
    #expect(PixelDigest.stored(in: try Paths.read(file)) == nil)
    let summary = try session(layouts, modes: ["light"]).verify(golden: golden, report: folder.path + "/r")
    #expect(summary.succeeded)
    #expect(summary.outcomes.filter(\.decodedGolden).map(\.name) == ["buttons/light"])

    // Record mode `all` upgrades it: same pixels, now with the digest.
    var options = RunOptions()
    options.record = .all
    let upgraded = try session(layouts, options, modes: ["light"]).verify(golden: golden, report: folder.path + "/r")
    #expect(upgraded.outcomes.first { $0.name == "buttons/light" }?.reason == "adds the pixel digest")
    #expect(PixelDigest.stored(in: try Paths.read(file)) == PixelDigest(pixels).description)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/r/buttons/light.png"), "the report shows it")
    #expect(try session(layouts, modes: ["light"]).verify(golden: golden, report: folder.path + "/r").decodedGoldens == 0)
  }

  @Test func theStoredDigestIsReadWithoutDecodingAndSurvivesDamage() throws {
    let png = try Paths.read(Paths.golden + "/buttons/light.png")
    let stored = try #require(PixelDigest.stored(in: png))
    #expect(stored == PixelDigest(try PixelBuffer(pngData: png)).description)
    #expect(stored.hasPrefix("v1 sha256:") && stored.count == 74)
    for length in stride(from: 0, to: min(png.count, 400), by: 7) {
      _ = PixelDigest.stored(in: Array(png.prefix(length)))
    }
    var damaged = png
    damaged[11] = 0xFF  // the IHDR length becomes huge
    #expect(PixelDigest.stored(in: damaged) == nil)
  }

  // MARK: Record modes

  @Test func recordModesDecideWhatVerifyMayWrite() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try FileManager.default.removeItem(atPath: golden + "/buttons/light.png")
    try edit(layouts + "/theme.yml", "groupedBackground: { any: grey10,", "groupedBackground: { any: blue10,")
    let report = folder.path + "/r"
    func run(_ mode: RecordMode) throws -> RunSummary {
      var options = RunOptions()
      options.record = mode
      return try session(layouts, options, modes: ["light"]).verify(golden: golden, report: report)
    }
    let never = try run(.never)
    #expect(never.outcomes.map(\.status) == [.missing, .passed, .failed, .failed, .passed, .failed, .failed, .failed])
    #expect(!FileManager.default.fileExists(atPath: golden + "/buttons/light.png"))

    let missing = try run(.missing)
    #expect(missing.outcomes.map(\.status) == [.recorded, .passed, .failed, .failed, .passed, .failed, .failed, .failed])
    #expect(!missing.succeeded, "a run that records is not a pass")
    #expect(FileManager.default.fileExists(atPath: golden + "/buttons/light.png"))

    let failed = try run(.failed)
    #expect(failed.outcomes.map(\.status) == [.passed, .passed, .recorded, .recorded, .passed, .recorded, .recorded, .recorded])
    #expect(try run(.never).succeeded)
  }

  // MARK: Orphans, shards, merging

  @Test func orphansAreFoundAndPruned() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try FileManager.default.createDirectory(atPath: golden + "/gone", withIntermediateDirectories: true)
    try folder.write("Golden/gone/light.png", "x")
    try folder.write("Golden/buttons/sepia.png", "x")
    let project = try Project.load(layoutsDirectory: layouts)
    let store = GoldenStore(root: golden)
    #expect(store.orphans(of: project) == ["buttons/sepia.png", "gone/light.png"])
    try store.delete(store.orphans(of: project))
    #expect(store.orphans(of: project).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: golden + "/gone"))
    #expect(FileManager.default.fileExists(atPath: golden + "/buttons/light.png"))
  }

  @Test func shardsSplitTheRunAndMergeBackInOrder() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try edit(layouts + "/theme.yml", "cardShade: mix(backgroundElevated, key, 0.08)", "cardShade: mix(backgroundElevated, key, 0.2)")
    let whole = try session(layouts).verify(golden: golden, report: folder.path + "/whole")
    var reports: [String] = []
    var covered: [String] = []
    for k in 1...3 {
      var options = RunOptions()
      options.shard = try Shard("\(k)/3")
      let part = try session(layouts, options).verify(golden: golden, report: folder.path + "/shard\(k)")
      covered += part.outcomes.map(\.name)
      reports.append(folder.path + "/shard\(k)")
    }
    #expect(covered.sorted() == whole.outcomes.map(\.name).sorted(), "every snapshot in exactly one shard")
    let merged = try ReportFolder.merge(reports, into: folder.path + "/merged")
    #expect(merged.outcomes.map(\.name) == whole.outcomes.map(\.name))
    #expect(merged.outcomes.map(\.status) == whole.outcomes.map(\.status))
    let files = Set(snapshotOfFiles(folder.path + "/merged").keys)
    for expected in ["index.html", "summary.md", "junit.xml", "results.json", "sheets/dashboard.png", "dashboard/dark.diff.png", "buttons/light.png"] {
      #expect(files.contains(expected), "\(expected)")
    }
    #expect(throws: DarkroomError.self) { try Shard("4/3") }
    #expect(throws: DarkroomError.self) { try Shard("x") }
  }

  @Test func theReportHasJUnitJSONAndMarkdown() throws {
    let (folder, layouts, golden) = try copyOfProject()
    try edit(layouts + "/theme.yml", "cardShade: mix(backgroundElevated, key, 0.08)", "cardShade: mix(backgroundElevated, key, 0.2)")
    let report = folder.path + "/r"
    let summary = try session(layouts).verify(golden: golden, report: report)
    let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"40\" failures=\"10\""), "the dashboard and the palette sheet")
    #expect(junit.contains("<testcase classname=\"dashboard\" name=\"dark\"><failure message=\""))
    let json = try JSONDecoder().decode(RunSummary.self, from: try Data(contentsOf: URL(fileURLWithPath: report + "/results.json")))
    #expect(json.outcomes == summary.outcomes)
    let markdown = try String(contentsOfFile: report + "/summary.md", encoding: .utf8)
    #expect(markdown.contains("| `dashboard/light` | "))
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(html.contains("darkroom record --layouts \(layouts) --golden \(golden) --modes dark"))
    #expect(!html.contains("http://") && !html.contains("https://"), "no network")
  }

  // MARK: Config

  @Test func theConfigFileIsCheckedLikeAnyInput() throws {
    let config = try ProjectConfig.parse(
      "golden: G\nmodes: [light]\ncompare: { method: perceptual, maxPixels: 3 }\nrecord: missing\n", file: "darkroom.yml")
    #expect(config.golden == "G" && config.modes == ["light"] && config.record == .missing)
    #expect(config.compare.applied(to: CompareOptions()).maxPixels == 3)
    let error = #expect(throws: DarkroomError.self) { try ProjectConfig.parse("golden: G\nreprot: r\n", file: "darkroom.yml") }
    #expect(error?.description == "darkroom.yml:2:1: unknown key 'reprot' in darkroom.yml; did you mean 'report'?")
    let threshold = #expect(throws: DarkroomError.self) {
      try ProjectConfig.parse("compare:\n  threshold: 3\n", file: "darkroom.yml")
    }
    #expect(threshold?.description == "darkroom.yml:2:14: threshold must be between 0 and 1, found 3")
  }
}
