import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Comparison options, fast verify, record modes, shards and the report's files.
@Suite("Verify and review")
struct VerifyTests {
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
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "keyBorder: darken(key, 0.2)", "keyBorder: darken(key, 0.5)")
    var options = RunOptions()
    options.compare.maxPixels = 10
    let summary = try project.session(options, modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    let failure = try #require(summary.outcomes.first { $0.status == .failed })
    let comparison = try #require(failure.comparison)
    #expect(comparison.differingPixels > 10)
    #expect(comparison.summary.hasPrefix("\(comparison.differingPixels) of \(160 * 110) pixels differ ("))
    #expect(comparison.summary.hasSuffix("; compared exact, allowing up to 10 pixels"))
  }

  @Test func aLayoutCanAllowASmallDifferencePerceptually() throws {
    let project = try TestProject()
    // A one-step change of a blue is invisible to the perceptual metric.
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let exact = try project.session(modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    // Every layout but the badge, which does not use the key colour.
    #expect(exact.outcomes.allSatisfy { ($0.status == .failed) == ($0.layout != "badge") })
    try project.edit("Layouts/card.yml", "size: [160, 110]\n", "size: [160, 110]\ncompare: { method: perceptual, threshold: 0.05 }\n")
    let perceptual = try project.session(modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    #expect(perceptual.outcomes.first { $0.layout == "card" }?.status == .passed)
    #expect(perceptual.outcomes.first { $0.layout == "palette" }?.status == .failed, "the other layout stays exact")
  }

  @Test func aThresholdAloneMeansPerceptualAndContradictsExact() throws {
    var settings = CompareOverrides()
    settings.threshold = 0.2
    #expect(settings.applied(to: CompareOptions()).method == .perceptual)
    settings.method = .exact
    settings.threshold = nil
    #expect(settings.applied(to: CompareOptions()).method == .exact)
    let error = expectThrows(DarkroomError.self) {
      try ProjectConfig.parse("compare: { method: exact, threshold: 0.2 }\n", file: "darkroom.yml")
    }
    #expect(
      error?.description
        == "darkroom.yml:1:38: error: threshold applies to the perceptual method only; remove it or write method: perceptual")
  }

  @Test func aChangedSizeFailsWithBothSizesAndBothImagesInTheReport() throws {
    let project = try TestProject()
    try project.edit("Layouts/card.yml", "size: [160, 110]", "size: [160, 120]")
    var options = RunOptions()
    options.compare.maxRatio = 1  // even "anything goes" cannot pass a size change
    let report = project.path + "/r"
    let summary = try project.session(options, modes: ["dark"]).verify(golden: project.golden, report: report)
    let outcome = try #require(summary.outcomes.first { $0.layout == "card" })
    #expect(outcome.status == .failed)
    #expect(outcome.comparison?.summary.hasPrefix("size changed from 160×110 to 160×120; ") == true)
    // Shown in full (a group of one): both images at full size, and the thumbnails.
    let images = try #require(try reportImages(report, "card/dark"))
    #expect(images.render != nil && images.golden != nil && images.differenceThumbnail != nil)
    for file in images.files { #expect(FileManager.default.fileExists(atPath: "\(report)/\(file)"), "\(file)") }
  }

  // MARK: Fast verify

  @Test func matchingGoldensAreNotDecodedUnlessFullIsAsked() throws {
    let project = try TestProject()
    let fast = try project.session().verify(golden: project.golden, report: project.path + "/r")
    #expect(fast.succeeded && fast.decodedGoldens == 0)
    var options = RunOptions()
    options.full = true
    let full = try project.session(options).verify(golden: project.golden, report: project.path + "/r")
    #expect(full.succeeded && full.decodedGoldens == 9)
  }

  @Test func aGoldenWithoutADigestIsDecodedAndStillPasses() throws {
    let project = try TestProject()
    let file = project.golden + "/card/light.png"
    let pixels = try PixelBuffer(pngData: try Paths.read(file))
    try Data(try pixels.pngData()).write(to: URL(fileURLWithPath: file))
    #expect(PixelDigest.stored(in: try Paths.read(file)) == nil)
    let summary = try project.session(modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    #expect(summary.succeeded)
    #expect(summary.outcomes.filter(\.decodedGolden).map(\.name) == ["card/light"])

    // Record mode `all` upgrades it: same pixels, now with the digest.
    var options = RunOptions()
    options.record = .all
    let upgraded = try project.session(options, modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    #expect(upgraded.outcomes.first { $0.name == "card/light" }?.reason == "adds the pixel digest")
    #expect(PixelDigest.stored(in: try Paths.read(file)) == PixelDigest(pixels).description)
    #expect(try reportImages(project.path + "/r", "card/light")?.render != nil, "the report shows it")
    let again = try project.session(modes: ["light"]).verify(golden: project.golden, report: project.path + "/r")
    #expect(again.decodedGoldens == 0)
  }

  @Test func aGoldenWithAnOldDigestIsComparedAndRecordUpgradesIt() throws {
    let project = try TestProject()
    let file = project.golden + "/card/dark.png"
    let pixels = try PixelBuffer(pngData: try Paths.read(file))
    // A golden of the first format: the same pixels with a SHA-256 digest.
    let old = "v1 sha256:" + String(repeating: "ab", count: 32)
    try Data(try pixels.pngData(text: (key: PixelDigest.textKey, value: old))).write(to: URL(fileURLWithPath: file))
    let verified = try project.session(modes: ["dark"]).verify(golden: project.golden, report: project.path + "/r")
    #expect(verified.succeeded)
    #expect(verified.outcomes.filter(\.decodedGolden).map(\.name) == ["card/dark"], "decoded and compared")
    #expect(PixelDigest.stored(in: try Paths.read(file)) == old, "verify never writes goldens")
    let recorded = try project.session(modes: ["dark"]).record(golden: project.golden)
    #expect(recorded.outcomes.first { $0.name == "card/dark" }?.status == .recorded)
    #expect(recorded.outcomes.first { $0.name == "card/dark" }?.reason == "upgrades the pixel digest")
    #expect(recorded.outcomes.filter { $0.status == .recorded }.count == 1, "the others are untouched")
    #expect(PixelDigest.stored(in: try Paths.read(file)) == PixelDigest(pixels).description)
    #expect(try PixelBuffer(pngData: try Paths.read(file)) == pixels)
  }

  @Test func theStoredDigestIsReadWithoutDecodingAndSurvivesDamage() throws {
    let project = try TestProject()
    let png = try Paths.read(project.golden + "/card/light.png")
    let stored = try #require(PixelDigest.stored(in: png))
    let decoded = try PixelBuffer(pngData: png)
    #expect(stored == PixelDigest(decoded).description)
    #expect(stored.hasPrefix("v2 xxh3:") && stored.count == 40)
    #expect(PixelDigest(stored: stored)?.description == stored)
    for length in stride(from: 0, to: min(png.count, 400), by: 7) {
      _ = PixelDigest.stored(in: Array(png.prefix(length)))
    }
    var damaged = png
    damaged[11] = 0xFF  // the IHDR length becomes huge
    #expect(PixelDigest.stored(in: damaged) == nil)
  }

  @Test func theDigestIsXXH3OfItsInputAndChangesWithEveryPixel() throws {
    // XXH3-128 of the empty input and of "a", as xxHash's own tests and `xxh128sum`
    // give them.
    #expect(ContentHash([]).description == "99aa06d3014798d86001c324468d497f")
    #expect(ContentHash("a").description == "a96faf705af16834e6c632b61e964e1f")
    let buffer = try PixelBuffer(width: 3, height: 2, fill: RGBA8(r: 10, g: 20, b: 30))
    let digest = PixelDigest(buffer)
    var bytes = buffer.bytes
    bytes[22] += 1  // the last pixel's blue
    #expect(PixelDigest(try PixelBuffer(width: 3, height: 2, premultipliedBytes: bytes)) != digest)
    #expect(PixelDigest(try PixelBuffer(width: 2, height: 3, fill: RGBA8(r: 10, g: 20, b: 30))) != digest, "the size counts")
  }

  // MARK: Record modes

  @Test func recordModesDecideWhatVerifyMayWrite() throws {
    let project = try TestProject()
    try FileManager.default.removeItem(atPath: project.golden + "/badge/light.png")
    try project.edit("Layouts/theme.yml", "keyText: grey10", "keyText: grey70")
    let report = project.path + "/r"
    func run(_ mode: RecordMode) throws -> RunSummary {
      var options = RunOptions()
      options.record = mode
      return try project.session(options, modes: ["light"]).verify(golden: project.golden, report: report)
    }
    let never = try run(.never)
    #expect(never.outcomes.map(\.status) == [.missing, .failed, .failed])
    #expect(!FileManager.default.fileExists(atPath: project.golden + "/badge/light.png"))

    let missing = try run(.missing)
    #expect(missing.outcomes.map(\.status) == [.recorded, .failed, .failed])
    #expect(!missing.succeeded, "a run that records is not a pass")
    #expect(FileManager.default.fileExists(atPath: project.golden + "/badge/light.png"))

    let failed = try run(.failed)
    #expect(failed.outcomes.map(\.status) == [.passed, .recorded, .recorded])
    #expect(try run(.never).succeeded)
  }

  // MARK: Orphans, shards, merging

  @Test func orphansAreFoundAndPruned() throws {
    let project = try TestProject()
    try FileManager.default.createDirectory(atPath: project.golden + "/gone", withIntermediateDirectories: true)
    try project.folder.write("Golden/gone/light.png", "x")
    try project.folder.write("Golden/card/sepia.png", "x")
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let store = GoldenFolder(root: project.golden)
    #expect(store.orphans(of: loaded) == ["card/sepia.png", "gone/light.png"])
    try store.delete(store.orphans(of: loaded))
    #expect(store.orphans(of: loaded).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: project.golden + "/gone"))
    #expect(FileManager.default.fileExists(atPath: project.golden + "/card/light.png"))
  }

  @Test func shardsSplitTheRunAndMergeBackInOrder() throws {
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "mix(background, key, 0.2)", "mix(background, key, 0.3)")
    var withSheets = RunOptions()
    withSheets.sheets = true
    let whole = try project.session(withSheets).verify(golden: project.golden, report: project.path + "/whole")
    var reports: [String] = []
    var covered: [String] = []
    for k in 1...3 {
      var options = withSheets
      options.shard = try Shard("\(k)/3")
      let part = try project.session(options).verify(golden: project.golden, report: project.path + "/shard\(k)")
      covered += part.outcomes.map(\.name)
      reports.append(project.path + "/shard\(k)")
    }
    #expect(covered.sorted() == whole.outcomes.map(\.name).sorted(), "every snapshot in exactly one shard")
    let merged = try ReportFolder.merge(reports, into: project.path + "/merged", from: .root, interruption: Interruption())
    #expect(merged.outcomes.map(\.name) == whole.outcomes.map(\.name))
    #expect(merged.outcomes.map(\.status) == whole.outcomes.map(\.status))
    let files = Set(snapshotOfFiles(project.path + "/merged").keys)
    for expected in [
      "index.html", "summary.md", "junit.xml", "results.json", "sheets/card.png", "badge/light.thumb.png",
    ] + (merged.outcomes.first { $0.name == "card/dark" }?.images?.files ?? ["no images"]) {
      #expect(files.contains(expected), "\(expected)")
    }
    #expect(!files.contains("badge/light.png"), "a pass has no full-size copy")
    let sheet = try PixelBuffer(pngData: try Paths.read(project.path + "/merged/sheets/card.png"))
    let wholeSheet = try PixelBuffer(pngData: try Paths.read(project.path + "/whole/sheets/card.png"))
    #expect(sheet == wholeSheet, "the merged sheet is the whole run's")
    // Without --sheets, shards have no thumbnails, and the merge makes no sheets.
    for k in 1...2 {
      var options = RunOptions()
      options.shard = try Shard("\(k)/2")
      _ = try project.session(options).verify(golden: project.golden, report: project.path + "/plain\(k)")
    }
    _ = try ReportFolder.merge([project.path + "/plain1", project.path + "/plain2"], into: project.path + "/plain", from: .root, interruption: Interruption())
    let plain = Set(snapshotOfFiles(project.path + "/plain").keys)
    #expect(plain.contains { $0.hasPrefix("images/") } && !plain.contains { $0.hasPrefix("sheets/") || $0.hasPrefix("badge/") })
    #expect(throws: DarkroomError.self) { try Shard("4/3") }
    #expect(throws: DarkroomError.self) { try Shard("x") }
    #expect(throws: DarkroomError.self) { try Shard("2/9223372036854775807") }
  }

  @Test func theReportHasJUnitJSONAndMarkdown() throws {
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "mix(background, key, 0.2)", "mix(background, key, 0.3)")
    let report = project.path + "/r"
    let summary = try project.session().verify(golden: project.golden, report: report)
    let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"9\" failures=\"4\""), "the card and the palette sheet, dark and elevated")
    #expect(junit.contains("<testcase classname=\"card\" name=\"dark\"><failure message=\""))
    let json = try JSONDecoder().decode(RunSummary.self, from: try Data(contentsOf: URL(fileURLWithPath: report + "/results.json")))
    #expect(json.outcomes == summary.outcomes)
    let markdown = try String(contentsOfFile: report + "/summary.md", encoding: .utf8)
    #expect(markdown.contains("`card/dark`"))
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    let data = try reportData(report)
    // The command records exactly that snapshot, in the folders the run used.
    #expect(data.contains("darkroom record --layouts \(project.layouts) --golden \(project.golden) --only card/dark\""))
    #expect(html.utf8.count < 40_000, "the page's own HTML is small: \(html.utf8.count) bytes")
    #expect(!(html + data).contains("http://") && !(html + data).contains("https://"), "no network")
  }

  // MARK: Config

  @Test func theConfigFileIsCheckedLikeAnyInput() throws {
    let config = try ProjectConfig.parse(
      "golden: G\nmodes: [light]\ncompare: { method: perceptual, maxPixels: 3 }\nrecord: missing\n", file: "darkroom.yml")
    #expect(config.golden == "G" && config.modes == ["light"] && config.record == .missing)
    #expect(config.compare.applied(to: CompareOptions()).maxPixels == 3)
    let error = expectThrows(DarkroomError.self) { try ProjectConfig.parse("golden: G\nreprot: r\n", file: "darkroom.yml") }
    #expect(error?.description == "darkroom.yml:2:1: error: unknown key 'reprot' in darkroom.yml; did you mean 'report'?")
    let threshold = expectThrows(DarkroomError.self) {
      try ProjectConfig.parse("compare:\n  threshold: 3\n", file: "darkroom.yml")
    }
    #expect(threshold?.description == "darkroom.yml:2:14: error: threshold must be between 0 and 1, found 3")
  }
}
extension VerifyTests {
  /// A mode that draws a layout exactly as another does is said once, by record and
  /// by verify, with the layout's `modes:` that leaves it out; once narrowed, it is
  /// no longer drawn and its goldens are orphans.
  @Test func aModeThatDrawsALayoutAsAnotherIsSaidWithTheLineThatNarrowsIt() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "Layouts/theme.yml",
      "colors:\n  surface: { any: \"#ffffff\", dark: \"#1c1c1e\" }\nmodes:\n  light: {}\n  dark: { style: dark }\n  elevated: { style: dark, level: elevated }\n")
    _ = try folder.write("Layouts/plain.yml", "size: [40, 20]\nroot:\n  box: { fill: surface }\n")
    let record = darkroom(["record"], in: folder.path)
    #expect(record.status == 0, "\(record.stderr)")
    let expected =
      "Layouts/plain.yml: warning: mode 'elevated' draws its snapshot of 'plain' exactly as 'dark' does; to draw each picture once, narrow the layout's modes: modes: [light, dark]\n"
    #expect(record.stderr == expected, "\(record.stderr)")
    let verify = darkroom(["verify"], in: folder.path)
    #expect(verify.status == 0)
    #expect(verify.stderr == expected, "\(verify.stderr)")
    try "size: [40, 20]\nmodes: [light, dark]\nroot:\n  box: { fill: surface }\n"
      .write(toFile: folder.path + "/Layouts/plain.yml", atomically: true, encoding: .utf8)
    let narrowed = darkroom(["verify"], in: folder.path)
    #expect(narrowed.status == 0 && narrowed.stderr.isEmpty, "\(narrowed.stderr)")
    #expect(narrowed.stdout.contains("orphan Golden/plain/elevated.png"), "\(narrowed.stdout)")
    // A mode the theme does not have is a located error with a suggestion.
    try "size: [40, 20]\nmodes: [light, drak]\nroot:\n  box: { fill: surface }\n"
      .write(toFile: folder.path + "/Layouts/plain.yml", atomically: true, encoding: .utf8)
    let wrong = darkroom(["verify"], in: folder.path)
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr
        == "Layouts/plain.yml:2:16: error: mode 'drak' is not one of the theme's modes (light, dark, elevated); did you mean 'dark'?\n",
      "\(wrong.stderr)")
  }
}
