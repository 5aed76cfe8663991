import Foundation
import Testing

@testable import Darkroom

/// Runs the built `darkroom` executable, as a user or CI does, and checks its
/// output, exit status and side effects.
@Suite("Command line", .serialized)
struct CommandLineTests {
  struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static var executable: URL {
    // swift test runs the tests from the build products folder, beside `darkroom`.
    Bundle.main.bundleURL.appendingPathComponent("darkroom")
  }

  func darkroom(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = "true"
    environment["DARKROOM_RECORD"] = nil
    environment["GITHUB_STEP_SUMMARY"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  func project() throws -> (TemporaryFolder, String, String) {
    let folder = try TemporaryFolder()
    return (folder, try folder.copy(Paths.layouts, as: "Layouts"), try folder.copy(Paths.golden, as: "Golden"))
  }

  @Test func verifyWithTheDefaultsPassesOnTheBundledProject() throws {
    let (folder, _, _) = try project()
    let run = try darkroom(["verify"], in: folder.path)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verify: 40 snapshots, 40 passed, 0 failed, 0 missing"))
    #expect(run.stderr.isEmpty, "no progress drawing under CI")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/.darkroom/report/index.html"))
    // The contrast audit's findings are in the report, and agree with darkroom audit.
    let audit = try darkroom(["audit"], in: folder.path)
    let failing = audit.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(!failing.isEmpty)
    let html = try String(contentsOfFile: folder.path + "/.darkroom/report/index.html", encoding: .utf8)
    #expect(html.contains("<h2>Labels below WCAG AA contrast (\(failing.count))</h2>"))
    let markdown = try String(contentsOfFile: folder.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(markdown.contains("\(failing.count) label(s) below WCAG AA contrast"))
    #expect(!audit.stdout.contains("palette/"), "the palette sheet shows pairs as they are and is not audited")
  }

  @Test func aChangedColourExitsOneAndNamesTheDiffImage() throws {
    let (folder, layouts, golden) = try project()
    let theme = layouts + "/theme.yml"
    let text = try String(contentsOfFile: theme, encoding: .utf8)
    try text.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#3c64f5\"")
      .write(toFile: theme, atomically: true, encoding: .utf8)
    let report = folder.path + "/report"
    let run = try darkroom(["verify", "--layouts", layouts, "--golden", golden, "--report", report])
    #expect(run.status == 1)
    #expect(run.stdout.contains("FAIL buttons/light: "))
    #expect(run.stdout.contains("diff: \(report)/buttons/light.diff.png"))
    #expect(FileManager.default.fileExists(atPath: report + "/buttons/light.diff.png"))
    #expect(FileManager.default.fileExists(atPath: report + "/summary.md"))
  }

  @Test func badInputExitsTwoWithOneLineAndWritesNothing() throws {
    let (folder, layouts, golden) = try project()
    let dashboard = layouts + "/dashboard.yml"
    let text = try String(contentsOfFile: dashboard, encoding: .utf8)
    let broken = text.replacingOccurrences(of: "color: secondaryText }", with: "color: secondaryTxt }")
    try broken.write(toFile: dashboard, atomically: true, encoding: .utf8)
    // Where the first misspelling is, counted here from the text itself.
    let lines = broken.components(separatedBy: "\n")
    let line = try #require(lines.firstIndex { $0.contains("secondaryTxt") })
    let column = try #require(lines[line].range(of: "secondaryTxt")).lowerBound.utf16Offset(in: lines[line]) + 1
    let before = snapshotOfFiles(golden)
    for arguments in [
      ["render", "--out", folder.path + "/out"], ["record", "--golden", golden],
      ["verify", "--golden", golden, "--report", folder.path + "/report"],
    ] {
      let run = try darkroom(arguments + ["--layouts", layouts])
      #expect(run.status == 2, "\(arguments[0])")
      #expect(run.stderr == "error: \(dashboard):\(line + 1):\(column): unknown colour 'secondaryTxt'; did you mean 'secondaryText'?\n")
      #expect(run.stdout.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/report"))
    #expect(snapshotOfFiles(golden) == before)
  }

  @Test func auditNamesThePlantedLabelInTheModeWhereItFails() throws {
    let (folder, _, _) = try project()
    // #777777 is 4.478:1 on white (light) and 4.69:1 on black (dark).
    try folder.write(
      "Layouts/plant.yml",
      "size: [200, 60]\nroot:\n  vstack:\n    padding: 10\n    children:\n      - label: { text: \"Planted\", size: 13, color: \"#777777\" }\n")
    let before = snapshotOfFiles(folder.path)
    let run = try darkroom(["audit", "--modes", "light,dark"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("FAIL plant/light: \"Planted\" at 10,"))
    #expect(run.stdout.contains("4.478:1 < 4.5:1, #777777 on #ffffff"))
    #expect(!run.stdout.contains("plant/dark"))
    #expect(run.stdout.hasSuffix("below the WCAG AA threshold\n"))
    let strict = try darkroom(["audit", "--modes", "light,dark", "--strict"], in: folder.path)
    #expect(strict.status == 1)
    let all = try darkroom(["audit", "--modes", "dark", "--all", "--strict"], in: folder.path)
    #expect(all.stdout.contains("ok plant/dark: \"Planted\""))
    #expect(snapshotOfFiles(folder.path) == before, "audit writes nothing")
  }

  @Test func paletteWritesTheSheetInEveryModeAndVerifyCoversIt() throws {
    let (folder, _, golden) = try project()
    let run = try darkroom(["palette", "--out", "sheets"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout
        == "palette sheets/palette/light.png\npalette sheets/palette/dark.png\npalette sheets/palette/elevated.png\npalette sheets/palette/dark-ax.png\npalette sheets/palette/dark-hc.png\n")
    let written = try PixelBuffer(pngData: try Paths.read(folder.path + "/sheets/palette/dark.png"))
    let recorded = try PixelBuffer(pngData: try Paths.read(golden + "/palette/dark.png"))
    #expect(written == recorded, "the same sheet as the golden that verify checks")
    let only = try darkroom(["palette", "--theme", "Layouts/theme.yml", "--modes", "dark", "--out", "one"], in: folder.path)
    #expect(only.stdout == "palette one/palette/dark.png\n")
    let bad = try darkroom(["palette", "--theme", "nowhere.yml"], in: folder.path)
    #expect(bad.status == 2 && bad.stderr.hasPrefix("error: nowhere.yml: "))
  }

  @Test func aCorruptThemeImageExitsTwoAndWritesNothing() throws {
    let (folder, layouts, golden) = try project()
    try folder.write("Layouts/images/logo-dark.png", "\u{89}PNG but the rest is missing")
    let theme = try String(contentsOfFile: layouts + "/theme.yml", encoding: .utf8).components(separatedBy: "\n")
    let line = try #require(theme.firstIndex { $0.contains("images/logo-dark.png") })
    let column = try #require(theme[line].range(of: "images/logo-dark.png")).lowerBound.utf16Offset(in: theme[line]) + 1
    let before = snapshotOfFiles(golden)
    for arguments in [["render", "--out", "out"], ["record"], ["verify", "--report", "report"]] {
      let run = try darkroom(arguments, in: folder.path)
      #expect(run.status == 2, "\(arguments[0])")
      #expect(run.stderr.hasPrefix("error: Layouts/theme.yml:\(line + 1):\(column): image 'images/logo-dark.png': corrupt PNG"), "\(run.stderr)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/report"))
    #expect(snapshotOfFiles(golden) == before)
  }

  @Test func aBrokenColourSourceExitsTwoAndWritesNothing() throws {
    let (folder, layouts, golden) = try project()
    try folder.write(
      "Layouts/Brand.xcassets/Ink.colorset/Contents.json",
      "{ \"colors\" : [ { \"idiom\" : \"universal\", \"color\" : { \"color-space\" : \"display-p4\", \"components\" : { } } } ] }")
    let theme = layouts + "/theme.yml"
    let text = try String(contentsOfFile: theme, encoding: .utf8)
    try ("sources:\n  - Brand.xcassets\n" + text).write(toFile: theme, atomically: true, encoding: .utf8)
    let before = snapshotOfFiles(golden)
    for arguments in [
      ["render", "--out", "out"], ["record"], ["verify", "--report", "report"], ["palette", "--out", "out"],
      ["export", "xcassets", "--out", "out.xcassets"],
    ] {
      let run = try darkroom(arguments, in: folder.path)
      #expect(run.status == 2, "\(arguments[0])")
      #expect(
        run.stderr == "error: Layouts/Brand.xcassets/Ink.colorset/Contents.json:1:70: unknown colour space 'display-p4' (expected srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22, extended-gray); did you mean 'display-p3'?\n",
        "\(run.stderr)")
    }
    for name in ["out", "report", "out.xcassets"] { #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + name)) }
    #expect(snapshotOfFiles(golden) == before)
  }

  @Test func exportWritesTheThemeAsAnAssetCatalog() throws {
    let (folder, _, _) = try project()
    let run = try darkroom(["export", "xcassets", "--out", "App/Colors.xcassets"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("export: warning: 'background' differs at the elevated level"))
    #expect(run.stdout.hasSuffix("export: 37 colour sets written to App/Colors.xcassets\n"))
    let sets = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/App/Colors.xcassets")
    #expect(sets.filter { $0.hasSuffix(".colorset") }.count == 37)
    let unknown = try darkroom(["export", "sketch"], in: folder.path)
    #expect(unknown.status == 2 && unknown.stderr.contains("sketch"))
  }

  @Test func dumpPrintsDisplayListsAndMissingGlyphsAreWarnings() throws {
    let (folder, _, _) = try project()
    // U+E000 is a private-use character: no installed font has it.
    try folder.write("Layouts/glyph.yml", "size: [200, 40]\nroot:\n  label: { text: \"Mark \u{1F9A9}\" }\n")
    let dump = try darkroom(["render", "--dump", "--modes", "light"], in: folder.path)
    #expect(dump.status == 0, "\(dump.stderr)")
    #expect(dump.stdout.contains("# glyph/light\ncanvas 200×40 @2x #ffffff\ntext \"Mark \u{1F9A9}\" 17pt at 0,"))
    #expect(dump.stdout.contains("# Layouts/glyph.yml:3:3: warning: no installed font has '\u{1F9A9}' (U+1F9A9) in label"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/.darkroom/render"), "a dump writes no images")
    let render = try darkroom(["render", "--modes", "light,dark"], in: folder.path)
    #expect(render.status == 0)
    #expect(
      render.stderr == "Layouts/glyph.yml:3:3: warning: no installed font has '\u{1F9A9}' (U+1F9A9) in label \"Mark \u{1F9A9}\"; it is drawn as a box\n",
      "once, though two modes drew it")
  }

  @Test func unknownModesAndBadOptionsAreBadInput() throws {
    let (folder, _, _) = try project()
    let mode = try darkroom(["render", "--modes", "light,drak"], in: folder.path)
    #expect(mode.status == 2)
    #expect(mode.stderr == "error: unknown mode 'drak' (the theme has light, dark, elevated, dark-ax, dark-hc); did you mean 'dark'?\n")
    let jobs = try darkroom(["render", "--jobs", "0"], in: folder.path)
    #expect(jobs.status == 2)
    let flag = try darkroom(["verify", "--gloden", "x"], in: folder.path)
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("--gloden"))
    let missing = try darkroom(["verify", "--layouts", "nowhere"], in: folder.path)
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: nowhere: no layouts folder at 'nowhere'\n")
  }

  @Test func renderWritesOnlyTheRequestedModes() throws {
    let (folder, _, _) = try project()
    let run = try darkroom(["render", "--modes", "dark", "--out", "shots"], in: folder.path)
    #expect(run.status == 0)
    #expect(Set(snapshotOfFiles(folder.path + "/shots").keys) == ["buttons/dark.png", "cells/dark.png", "dashboard/dark.png", "feed/dark.png", "markets/dark.png", "surfaces/dark.png", "typography/dark.png", "palette/dark.png"])
  }

  @Test func diffComparesTwoFiles() throws {
    let folder = try TemporaryFolder()
    let same = try darkroom(["diff", Paths.golden + "/buttons/dark.png", Paths.golden + "/buttons/dark.png"])
    #expect(same.status == 0)
    #expect(same.stdout == "identical: 780×1500 pixels\n")

    let out = folder.path + "/d.png"
    let different = try darkroom(
      ["diff", Paths.golden + "/buttons/dark.png", Paths.golden + "/buttons/elevated.png", "--out", out])
    #expect(different.status == 1)
    #expect(different.stdout.contains("pixels differ"))
    #expect(FileManager.default.fileExists(atPath: out))

    let allowed = try darkroom(
      ["diff", Paths.golden + "/buttons/dark.png", Paths.golden + "/buttons/elevated.png", "--max-ratio", "1"])
    #expect(allowed.status == 0, "within the allowed ratio")
    #expect(allowed.stdout.hasSuffix("; compared exact, allowing up to 100%\n"))

    let pixelmatch = Paths.fixtures.appendingPathComponent("pixelmatch").path
    let perceptual = try darkroom(
      ["diff", pixelmatch + "/1a.png", pixelmatch + "/1b.png", "--perceptual", "--threshold", "0.05"])
    #expect(perceptual.status == 1)
    #expect(perceptual.stdout.hasPrefix("143 of 131072 pixels differ"), "pixelmatch's count for this case")

    let corrupt = try folder.write("bad.png", "definitely not a png")
    let bad = try darkroom(["diff", corrupt, Paths.golden + "/buttons/dark.png"])
    #expect(bad.status == 2)
    #expect(bad.stderr == "error: \(corrupt): corrupt PNG: not a PNG file (bad signature)\n")

    let hostile = Paths.fixtures.appendingPathComponent("png/huge-dimensions.png").path
    let huge = try darkroom(["diff", hostile, hostile])
    #expect(huge.status == 2)
    #expect(huge.stderr.contains("PNG too large"))
  }

  @Test func theRecordEnvironmentVariableAndFlag() throws {
    let (folder, _, golden) = try project()
    try FileManager.default.removeItem(atPath: golden + "/dashboard/elevated.png")
    let plain = try darkroom(["verify"], in: folder.path)
    #expect(plain.status == 1)
    #expect(plain.stdout.contains("MISSING dashboard/elevated: no golden yet"))
    let bad = try darkroom(["verify"], in: folder.path, environment: ["DARKROOM_RECORD": "mising"])
    #expect(bad.status == 2)
    #expect(bad.stderr == "error: unknown record mode 'mising' in DARKROOM_RECORD (expected never, missing, failed, all); did you mean 'missing'?\n")
    let recorded = try darkroom(["verify"], in: folder.path, environment: ["DARKROOM_RECORD": "missing"])
    #expect(recorded.status == 1, "a recording run fails so that it is re-run")
    #expect(recorded.stdout.contains("RECORDED dashboard/elevated: recorded (was missing)"))
    #expect(FileManager.default.fileExists(atPath: golden + "/dashboard/elevated.png"))
    // The flag wins over the variable.
    try FileManager.default.removeItem(atPath: golden + "/dashboard/elevated.png")
    let never = try darkroom(["verify", "--record", "never"], in: folder.path, environment: ["DARKROOM_RECORD": "all"])
    #expect(never.status == 1)
    #expect(!FileManager.default.fileExists(atPath: golden + "/dashboard/elevated.png"))
  }

  @Test func pruneListsThenDeletes() throws {
    let (folder, _, golden) = try project()
    try folder.write("Golden/old/light.png", "x")
    let dry = try darkroom(["prune"], in: folder.path)
    #expect(dry.status == 0)
    #expect(dry.stdout == "would delete Golden/old/light.png\nprune: 1 file(s) to delete; run again with --yes\n")
    #expect(FileManager.default.fileExists(atPath: golden + "/old/light.png"))
    let verify = try darkroom(["verify"], in: folder.path)
    #expect(verify.stdout.contains("orphan Golden/old/light.png: no such layout or mode"))
    let wet = try darkroom(["prune", "--yes"], in: folder.path)
    #expect(wet.stdout.hasPrefix("deleted Golden/old/light.png\n"))
    #expect(!FileManager.default.fileExists(atPath: golden + "/old"))
  }

  @Test func shardsAndMergeReportsFromTheCommandLine() throws {
    let (folder, _, _) = try project()
    for k in 1...2 {
      let run = try darkroom(["verify", "--shard", "\(k)/2", "--report", "r\(k)"], in: folder.path)
      #expect(run.status == 0)
      #expect(run.stdout.contains("verify: 20 snapshots"), "40 snapshots in two shards")
    }
    let merged = try darkroom(["merge-reports", "r1", "r2", "--out", "all"], in: folder.path)
    #expect(merged.status == 0)
    #expect(merged.stdout.hasPrefix("merged 2 reports: 40 snapshots, 0 need review"))
    let bad = try darkroom(["verify", "--shard", "3/2"], in: folder.path)
    #expect(bad.status == 2)
  }

  @Test func theConfigFileSetsDefaultsAndFlagsOverrideIt() throws {
    let (folder, _, _) = try project()
    try FileManager.default.moveItem(atPath: folder.path + "/Golden", toPath: folder.path + "/Goldens")
    try folder.write("darkroom.yml", "golden: Goldens\nreport: out/report\nmodes: [dark]\n")
    let run = try darkroom(["verify"], in: folder.path)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verify: 8 snapshots, 8 passed"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/out/report/index.html"))
    let flags = try darkroom(["verify", "--modes", "light,dark"], in: folder.path)
    #expect(flags.stdout.contains("verify: 16 snapshots, 16 passed"))
    try folder.write("darkroom.yml", "golden: Goldens\nmode: [dark]\n")
    let bad = try darkroom(["verify"], in: folder.path)
    #expect(bad.status == 2)
    #expect(bad.stderr == "error: darkroom.yml:2:1: unknown key 'mode' in darkroom.yml; did you mean 'modes'?\n")
  }

  @Test func theStepSummaryIsAppendedForGitHubActions() throws {
    let (folder, _, _) = try project()
    let summary = try folder.write("step-summary.md", "# earlier step\n")
    let run = try darkroom(["verify"], in: folder.path, environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(run.status == 0)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("# earlier step\n## Darkroom: all snapshots match"))
  }

  @Test func sheetWritesOneImagePerLayout() throws {
    let (folder, _, _) = try project()
    let run = try darkroom(["sheet", "--out", "sheets"], in: folder.path)
    #expect(run.status == 0)
    let sheet = try PixelBuffer(pngData: try Paths.read(folder.path + "/sheets/buttons.png"))
    // Five modes at one pixel per point (390 wide), with 24-pixel gaps around them.
    #expect(sheet.width == 24 + 5 * (390 + 24))
  }

  @Test func benchReportsEveryPhaseForTheReferenceScene() throws {
    let scene = Paths.repository.appendingPathComponent("Benchmarks/orders").path
    let run = try darkroom(["bench", "--layouts", scene, "--iterations", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("snapshot") == true)
    let row = lines.last?.split(separator: " ").map(String.init) ?? []
    #expect(row.first == "orders/dark")
    let numbers = row.dropFirst().compactMap(Double.init)
    #expect(numbers.count == 6, "layout, raster, encode, total, text and shapes in ms")
    #expect(numbers.allSatisfy { $0 > 0 })
  }
}
