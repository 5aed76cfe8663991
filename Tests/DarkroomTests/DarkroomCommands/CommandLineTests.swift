import DarkroomCommands
import Foundation
import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The `darkroom` commands as a user or CI runs them — output, exit status and side
/// effects — called in-process on the small test project. The runs of the release
/// executable over the whole showcase are in `.ci/run`.
@Suite("Command line")
struct CommandLineTests {
  @Test func verifyWithTheDefaultsPassesAndItsReportAgreesWithAudit() throws {
    let project = try TestProject()
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verify: 9 snapshots, 9 passed, 0 failed, 0 missing"))
    #expect(run.stderr.isEmpty, "no progress drawing under CI")
    #expect(FileManager.default.fileExists(atPath: project.path + "/.darkroom/report/index.html"))
    // A label below AA contrast in light mode only: #8b8b8b is 3.5:1 on white and
    // 6:1 on black.
    try project.edit("Layouts/badge.yml", "color: secondaryText", "color: \"#8b8b8b\"")
    _ = darkroom(["verify", "--record", "failed"], in: project.path)
    // A pass is not audited unless asked: the report of a plain verify has no audit.
    #expect(darkroom(["verify"], in: project.path).status == 0)
    let plain = try reportData(project.path + "/.darkroom/report")
    #expect(!plain.contains("Labels below WCAG AA contrast"))
    let recorded = darkroom(["verify", "--audit"], in: project.path)
    #expect(recorded.status == 0, "\(recorded.stdout)")
    let audit = darkroom(["audit", "--all"], in: project.path)
    let failing = audit.stdout.split(separator: "\n").filter { $0.contains(":1 < ") }
    #expect(
      failing.count == 1 && failing.first?.hasPrefix("Layouts/badge.yml:10:9: badge/light: \"Darkroom\"") == true,
      "\(audit.stdout)")
    let data = try reportData(project.path + "/.darkroom/report")
    #expect(data.contains("\"title\":\"Labels below WCAG AA contrast (\(failing.count))\""))
    let markdown = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(markdown.contains("\(failing.count) label(s) below WCAG AA contrast"))
    #expect(!audit.stdout.contains("palette/"), "the palette sheet shows pairs as they are and is not audited")
  }

  @Test func aChangedColourExitsOneAndNamesTheReport() throws {
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let report = project.path + "/report"
    // Run from the project, not the package: the render cache's folder is relative,
    // and a cache signed with the tests' key left in the package made the Quick
    // start's verify warn that its cache was not signed with the user's key.
    let run = darkroom(
      ["verify", "--layouts", project.layouts, "--golden", project.golden, "--report", report], in: project.path)
    #expect(run.status == 1)
    #expect(run.stdout.contains("FAIL card/light: "))
    #expect(run.stdout.contains("report: \(report)/index.html"))
    #expect(!run.stdout.contains("badge/"), "the badge does not use the key colour")
    #expect(try reportImages(report, "card/light")?.differenceThumbnail != nil)
    #expect(FileManager.default.fileExists(atPath: report + "/summary.md"))
  }

  @Test func badInputExitsTwoWithOneLocatedLineAndWritesNothing() throws {
    let project = try TestProject()
    try project.edit("Layouts/badge.yml", "color: secondaryText", "color: secondaryTxt")
    let text = try String(contentsOfFile: project.layouts + "/badge.yml", encoding: .utf8)
    // Where the misspelling is, counted here from the text itself.
    let lines = text.components(separatedBy: "\n")
    let line = try #require(lines.firstIndex { $0.contains("secondaryTxt") })
    let column = try #require(lines[line].range(of: "secondaryTxt")).lowerBound.utf16Offset(in: lines[line]) + 1
    let before = snapshotOfFiles(project.golden)
    for arguments in [
      ["render", "--out", project.path + "/out"], ["record", "--golden", project.golden],
      ["verify", "--golden", project.golden, "--report", project.path + "/report"],
    ] {
      let run = darkroom(arguments + ["--layouts", project.layouts])
      #expect(run.status == 2, "\(arguments[0])")
      #expect(
        run.stderr
          == "\(project.layouts)/badge.yml:\(line + 1):\(column): error: unknown colour 'secondaryTxt'; did you mean 'secondaryText'?\n"
      )
      #expect(run.stdout.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: project.path + "/out"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/report"))
    #expect(snapshotOfFiles(project.golden) == before)
  }

  @Test func underGitHubActionsEveryDiagnosticIsAlsoAnAnnotation() throws {
    let project = try TestProject()
    try project.edit("Layouts/badge.yml", "color: secondaryText", "color: secondaryTxt")
    let run = darkroom(["render"], in: project.path, environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("Layouts/badge.yml:10:53: error: "))
    #expect(run.stdout.hasPrefix("::error file=Layouts/badge.yml,line=10,col=53::"))
    #expect(run.stdout.hasSuffix("::unknown colour 'secondaryTxt'; did you mean 'secondaryText'?\n"))
    // Warnings too: a character no font has.
    try project.edit("Layouts/badge.yml", "color: secondaryTxt", "color: secondaryText")
    try project.edit("Layouts/badge.yml", "\"Darkroom\"", "\"Dark \u{1F9A9}\"")
    let warned = darkroom(["render", "--modes", "light"], in: project.path, environment: ["GITHUB_ACTIONS": "true"])
    #expect(warned.status == 0)
    #expect(warned.stdout.contains("::warning file=Layouts/badge.yml,line=10,col=9::no installed font has"))
  }

  @Test func auditNamesThePlantedLabelInTheModeWhereItFails() throws {
    let project = try TestProject()
    // #777777 is 4.478:1 on white (light) and 4.69:1 on black (dark).
    try project.folder.write(
      "Layouts/plant.yml",
      "size: [200, 60]\nroot:\n  vstack:\n    padding: 10\n    children:\n      - label: { text: \"Planted\", size: 13, color: \"#777777\" }\n")
    let before = snapshotOfFiles(project.path)
    let run = darkroom(["audit", "--modes", "light,dark"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "Layouts/plant.yml:6:9: #777777 on `background`: 4.478:1 < 4.5:1 in 1 label of 1 snapshot (#777777 on #ffffff): "
          + "\"Planted\" in plant/light\n"), "\(run.stdout)")
    #expect(!run.stdout.contains("plant/dark"))
    #expect(run.stdout.hasSuffix("1 below the WCAG AA threshold, 0 truncated or cut, 0 untranslated\n"))
    let strict = darkroom(["audit", "--modes", "light,dark", "--strict"], in: project.path)
    #expect(strict.status == 1)
    let all = darkroom(["audit", "--modes", "dark", "--all", "--strict"], in: project.path)
    #expect(all.stdout.contains("Layouts/plant.yml:6:9: plant/dark: \"Planted\" at 10,"))
    #expect(all.stdout.contains(" ≥ 4.5:1, #777777 on `background` #000000\n"))
    #expect(snapshotOfFiles(project.path) == before, "audit writes nothing")
  }

  @Test func paletteWritesTheSheetInEveryModeAndVerifyCoversIt() throws {
    let project = try TestProject()
    let run = darkroom(["palette", "--out", "sheets"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == "palette sheets/palette/light.png\npalette sheets/palette/dark.png\npalette sheets/palette/elevated.png\n")
    let written = try PixelBuffer(pngData: try Paths.read(project.path + "/sheets/palette/dark.png"))
    let recorded = try PixelBuffer(pngData: try Paths.read(project.golden + "/palette/dark.png"))
    #expect(written == recorded, "the same sheet as the golden that verify checks")
    let only = darkroom(["palette", "--theme", "Layouts/theme.yml", "--modes", "dark", "--out", "one"], in: project.path)
    #expect(only.stdout == "palette one/palette/dark.png\n")
    let bad = darkroom(["palette", "--theme", "nowhere.yml"], in: project.path)
    #expect(bad.status == 2 && bad.stderr.hasPrefix("nowhere.yml: error: "))
  }

  @Test func aCorruptThemeImageExitsTwoAndWritesNothing() throws {
    let project = try TestProject()
    try project.folder.write("Layouts/images/logo-dark.png", "\u{89}PNG but the rest is missing")
    let theme = try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8).components(separatedBy: "\n")
    let line = try #require(theme.firstIndex { $0.contains("images/logo-dark.png") })
    let column = try #require(theme[line].range(of: "images/logo-dark.png")).lowerBound.utf16Offset(in: theme[line]) + 1
    let before = snapshotOfFiles(project.golden)
    for arguments in [["render", "--out", "out"], ["record"], ["verify", "--report", "report"]] {
      let run = darkroom(arguments, in: project.path)
      #expect(run.status == 2, "\(arguments[0])")
      #expect(
        run.stderr.hasPrefix("Layouts/theme.yml:\(line + 1):\(column): error: image 'images/logo-dark.png': corrupt PNG"),
        "\(run.stderr)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }
    #expect(!FileManager.default.fileExists(atPath: project.path + "/out"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/report"))
    #expect(snapshotOfFiles(project.golden) == before)
  }

  @Test func aBrokenColourSourceExitsTwoAndWritesNothing() throws {
    let project = try TestProject()
    try project.folder.write(
      "Layouts/Brand.xcassets/Ink.colorset/Contents.json",
      "{ \"colors\" : [ { \"idiom\" : \"universal\", \"color\" : { \"color-space\" : \"display-p4\", \"components\" : { } } } ] }")
    try project.edit("Layouts/theme.yml", "palette:\n", "sources:\n  - Brand.xcassets\npalette:\n")
    let before = snapshotOfFiles(project.golden)
    for arguments in [
      ["render", "--out", "out"], ["record"], ["verify", "--report", "report"], ["palette", "--out", "out"],
      ["export", "xcassets", "--out", "out.xcassets"],
    ] {
      let run = darkroom(arguments, in: project.path)
      #expect(run.status == 2, "\(arguments[0])")
      #expect(
        run.stderr
          == "Layouts/Brand.xcassets/Ink.colorset/Contents.json:1:70: error: unknown colour space 'display-p4' (expected srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22, extended-gray); did you mean 'display-p3'?\n",
        "\(run.stderr)")
    }
    for name in ["out", "report", "out.xcassets"] { #expect(!FileManager.default.fileExists(atPath: project.path + "/" + name)) }
    #expect(snapshotOfFiles(project.golden) == before)
  }

  @Test func exportWritesTheThemeAsAnAssetCatalog() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Paths.layouts, as: "Layouts")
    let run = darkroom(["export", "xcassets", "--out", "App/Colors.xcassets"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "Layouts/theme.yml: warning: 'background' differs at the elevated level, which asset catalogs cannot hold"))
    #expect(run.stdout.hasSuffix("export: 37 colour sets written to App/Colors.xcassets\n"))
    let sets = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/App/Colors.xcassets")
    #expect(sets.filter { $0.hasSuffix(".colorset") }.count == 37)
    let unknown = darkroom(["export", "sketch"], in: folder.path)
    #expect(unknown.status == 2 && unknown.stderr.contains("sketch"))
  }

  @Test func dumpPrintsDisplayListsAndMissingGlyphsAreWarnings() throws {
    let project = try TestProject()
    // No installed font has the flamingo emoji.
    try project.folder.write("Layouts/glyph.yml", "size: [200, 40]\nroot:\n  label: { text: \"Mark \u{1F9A9}\" }\n")
    let dump = darkroom(["render", "--dump", "--modes", "light"], in: project.path)
    #expect(dump.status == 0, "\(dump.stderr)")
    #expect(dump.stdout.contains("# glyph/light\ncanvas 200×40 @1x #ffffff\ntext \"Mark \u{1F9A9}\" 17pt at 0,"))
    #expect(dump.stdout.contains("# Layouts/glyph.yml:3:3: warning: no installed font has '\u{1F9A9}' (U+1F9A9) in label"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom/render"), "a dump writes no images")
    let render = darkroom(["render", "--modes", "light,dark"], in: project.path)
    #expect(render.status == 0)
    #expect(
      render.stderr
        == "Layouts/glyph.yml:3:3: warning: no installed font has '\u{1F9A9}' (U+1F9A9) in label \"Mark \u{1F9A9}\"; it is drawn as a box\n",
      "once, though two modes drew it")
  }

  @Test func unknownModesAndBadOptionsAreOneLineOfBadInput() throws {
    let project = try TestProject()
    let mode = darkroom(["render", "--modes", "light,drak"], in: project.path)
    #expect(mode.status == 2)
    #expect(mode.stderr == "error: unknown mode 'drak' (the theme has light, dark, elevated); did you mean 'dark'?\n")
    for arguments in [
      ["render", "--jobs", "0"], ["verify", "--gloden", "x"], ["verify", "--modes", ""], ["verify", "--modes", ",,"],
      ["record", "--modes", ""], ["verify", "--shard", "3/2"], ["verify", "--shard", "2/9223372036854775807"],
      ["verify", "--record", "mising"], ["diff", "a.png"], ["verify", "--threshold", "3"],
    ] {
      let run = darkroom(arguments, in: project.path)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    #expect(darkroom(["verify", "--gloden", "x"], in: project.path).stderr.contains("Did you mean '--golden'?"))
    #expect(darkroom(["verify", "--modes", ""], in: project.path).stderr.contains("--modes names no mode"))
    let missing = darkroom(["verify", "--layouts", "nowhere"], in: project.path)
    #expect(missing.status == 2)
    #expect(missing.stderr == "nowhere: error: no layouts folder at 'nowhere'\n")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom"), "bad input writes nothing")
  }

  @Test func versionAndHelpPrintAndSucceed() throws {
    let version = darkroom(["--version"])
    #expect(version.status == 0 && version.stdout == DarkroomVersion.current + "\n")
    let help = darkroom(["verify", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--record <record>"))
    // Help is read by people: one option a line, not one line of escapes.
    #expect(help.stdout.split(separator: "\n").contains { $0.hasPrefix("USAGE: darkroom verify") })
    #expect(!help.stdout.contains("\\n"))
  }

  @Test func renderWritesOnlyTheRequestedModes() throws {
    let project = try TestProject()
    let run = darkroom(["render", "--modes", "dark", "--out", "shots"], in: project.path)
    #expect(run.status == 0)
    #expect(Set(snapshotOfFiles(project.path + "/shots").keys) == ["badge/dark.png", "card/dark.png", "palette/dark.png"])
  }

  @Test func diffComparesTwoFiles() throws {
    let project = try TestProject()
    let golden = project.golden
    let same = darkroom(["diff", golden + "/card/dark.png", golden + "/card/dark.png"])
    #expect(same.status == 0)
    #expect(same.stdout == "identical: 160×110 pixels\n", "the card, at one pixel a point")

    let out = project.path + "/d.png"
    let different = darkroom(["diff", golden + "/card/dark.png", golden + "/card/elevated.png", "--out", out])
    #expect(different.status == 1)
    #expect(different.stdout.contains("pixels differ"))
    #expect(FileManager.default.fileExists(atPath: out))

    let allowed = darkroom(["diff", golden + "/card/dark.png", golden + "/card/elevated.png", "--max-ratio", "1"])
    #expect(allowed.status == 0, "within the allowed ratio")
    #expect(allowed.stdout.hasSuffix("; compared exact, allowing up to 100%\n"))

    let pixelmatch = Paths.rasterFixtures.appendingPathComponent("pixelmatch").path
    let perceptual = darkroom(["diff", pixelmatch + "/1a.png", pixelmatch + "/1b.png", "--perceptual", "--threshold", "0.05"])
    #expect(perceptual.status == 1)
    #expect(perceptual.stdout.hasPrefix("143 of 131072 pixels differ"), "pixelmatch's count for this case")
    // A threshold alone means the perceptual method: the same count, not an exact one.
    let implied = darkroom(["diff", pixelmatch + "/1a.png", pixelmatch + "/1b.png", "--threshold", "0.05"])
    #expect(implied.stdout == perceptual.stdout)
    let exact = darkroom(["diff", pixelmatch + "/1a.png", pixelmatch + "/1b.png"])
    #expect(exact.stdout != perceptual.stdout && exact.stdout.contains("compared exact"))

    let corrupt = try project.folder.write("bad.png", "definitely not a png")
    let bad = darkroom(["diff", corrupt, golden + "/card/dark.png"])
    #expect(bad.status == 2)
    #expect(bad.stderr == "\(corrupt): error: corrupt PNG: not a PNG file (bad signature)\n")

    let hostile = Paths.rasterFixtures.appendingPathComponent("png/huge-dimensions.png").path
    let huge = darkroom(["diff", hostile, hostile])
    #expect(huge.status == 2)
    #expect(huge.stderr.contains("PNG too large"))
  }

  @Test func theRecordEnvironmentVariableAndFlag() throws {
    let project = try TestProject()
    try FileManager.default.removeItem(atPath: project.golden + "/card/elevated.png")
    let plain = darkroom(["verify"], in: project.path)
    #expect(plain.status == 1)
    #expect(plain.stdout.contains("MISSING card/elevated: no golden yet"))
    let bad = darkroom(["verify"], in: project.path, environment: ["DARKROOM_RECORD": "mising"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr
        == "error: unknown record mode 'mising' in DARKROOM_RECORD (expected never, missing, failed, all); did you mean 'missing'?\n"
    )
    let recorded = darkroom(["verify"], in: project.path, environment: ["DARKROOM_RECORD": "missing"])
    #expect(recorded.status == 1, "a recording run fails so that it is re-run")
    #expect(recorded.stdout.contains("RECORDED card/elevated: recorded (was missing)"))
    #expect(FileManager.default.fileExists(atPath: project.golden + "/card/elevated.png"))
    // The flag wins over the variable.
    try FileManager.default.removeItem(atPath: project.golden + "/card/elevated.png")
    let never = darkroom(["verify", "--record", "never"], in: project.path, environment: ["DARKROOM_RECORD": "all"])
    #expect(never.status == 1)
    #expect(!FileManager.default.fileExists(atPath: project.golden + "/card/elevated.png"))
  }

  @Test func pruneListsThenDeletes() throws {
    let project = try TestProject()
    try project.folder.write("Golden/old/light.png", "x")
    let dry = darkroom(["prune"], in: project.path)
    #expect(dry.status == 0)
    #expect(dry.stdout == "would delete Golden/old/light.png\nprune: 1 file(s) to delete; run again with --yes\n")
    #expect(FileManager.default.fileExists(atPath: project.golden + "/old/light.png"))
    let verify = darkroom(["verify"], in: project.path)
    #expect(verify.stdout.contains("orphan Golden/old/light.png: no such layout, mode, locale or theme"))
    let wet = darkroom(["prune", "--yes"], in: project.path)
    #expect(wet.stdout.hasPrefix("deleted Golden/old/light.png\n"))
    #expect(!FileManager.default.fileExists(atPath: project.golden + "/old"))
  }

  @Test func pruneDeletesNothingBehindALink() throws {
    let project = try TestProject()
    let outside = try TemporaryFolder()
    let photo = try outside.write("photo.png", "not darkroom's")
    let loose = try outside.write("loose.png", "not darkroom's either")
    // A folder of photos linked into the golden folder, and a link to a file in a
    // layout's folder of goldens.
    try FileManager.default.createSymbolicLink(atPath: project.golden + "/photos", withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(atPath: project.golden + "/card/extra.png", withDestinationPath: loose)
    let run = darkroom(["prune", "--yes"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("photo") && !run.stdout.contains("extra"), "\(run.stdout)")
    #expect(FileManager.default.fileExists(atPath: photo) && FileManager.default.fileExists(atPath: loose))
  }

  @Test func shardsAndMergeReportsFromTheCommandLine() throws {
    let project = try TestProject()
    for k in 1...2 {
      let run = darkroom(["verify", "--shard", "\(k)/2", "--report", "r\(k)"], in: project.path)
      #expect(run.status == 0)
      #expect(run.stdout.contains("verify: \(k == 1 ? 5 : 4) snapshots"), "9 snapshots in two shards")
    }
    let merged = darkroom(["merge-reports", "r1", "r2", "--out", "all"], in: project.path)
    #expect(merged.status == 0)
    #expect(merged.stdout.hasPrefix("merged 2 reports: 9 snapshots, 0 need review"))
  }

  @Test func theConfigFileSetsDefaultsAndFlagsOverrideIt() throws {
    let project = try TestProject()
    try FileManager.default.moveItem(atPath: project.golden, toPath: project.path + "/Goldens")
    try project.folder.write("darkroom.yml", "golden: Goldens\nreport: out/report\nmodes: [dark]\n")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verify: 3 snapshots, 3 passed"))
    #expect(FileManager.default.fileExists(atPath: project.path + "/out/report/index.html"))
    let flags = darkroom(["verify", "--modes", "light,dark"], in: project.path)
    #expect(flags.stdout.contains("verify: 6 snapshots, 6 passed"))
    try project.folder.write("darkroom.yml", "golden: Goldens\nmode: [dark]\n")
    let bad = darkroom(["verify"], in: project.path)
    #expect(bad.status == 2)
    #expect(bad.stderr == "darkroom.yml:2:1: error: unknown key 'mode' in darkroom.yml; did you mean 'modes'?\n")
  }

  @Test func theStepSummaryIsAppendedForGitHubActions() throws {
    let project = try TestProject()
    let summary = try project.folder.write("step-summary.md", "# earlier step\n")
    let run = darkroom(["verify"], in: project.path, environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(run.status == 0)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("# earlier step\n## Darkroom: all snapshots match"))
  }

  @Test func aPassWithinAToleranceIsNotCalledAMatch() throws {
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    try project.folder.write("darkroom.yml", "compare: { maxRatio: 1 }\n")
    let run = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("within the tolerance allowed, their pixels differing)"), "\(run.stdout)")
    let summary = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(summary.hasPrefix("## Darkroom: all snapshots pass, "), "\(summary)")
    #expect(summary.contains("Passed within the tolerance the comparison allows") && summary.contains("card/light"), "\(summary)")
    // A perceptual comparison that counts no pixel of the cards as differing says
    // so alike (the palette sheet prints the changed values, and fails).
    try project.folder.write("darkroom.yml", "compare: { method: perceptual, threshold: 0.2 }\n")
    let perceptual = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(perceptual.stdout.contains("6 passed (3 within the tolerance allowed, their pixels differing)"), "\(perceptual.stdout)")
  }

  @Test func sheetWritesOneImagePerLayout() throws {
    let project = try TestProject()
    let run = darkroom(["sheet", "--out", "sheets"], in: project.path)
    #expect(run.status == 0)
    let sheet = try PixelBuffer(pngData: try Paths.read(project.path + "/sheets/card.png"))
    // Three modes at one pixel per point (160 wide), with 24-pixel gaps around them.
    #expect(sheet.width == 24 + 3 * (160 + 24))
  }

  @Test func benchReportsEveryPhaseOfEachSnapshot() throws {
    let project = try TestProject()
    let run = darkroom(["bench", "--iterations", "1", "--modes", "dark"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("snapshot") == true)
    let row = lines.last?.split(separator: " ").map(String.init) ?? []
    #expect(row.first == "card/dark")
    let numbers = row.dropFirst().compactMap(Double.init)
    #expect(numbers.count == 6, "layout, raster, encode, total, text and shapes in ms")
    #expect(numbers.allSatisfy { $0 > 0 })
    // Each phase is its own loop, so the total is the sum of the three medians; each of the four
    // figures is rounded to 0.01 ms as printed, so they may differ by up to four half-hundredths.
    if numbers.count == 6 { #expect(abs(numbers[3] - (numbers[0] + numbers[1] + numbers[2])) <= 0.0201) }
  }
}

/// `darkroom init` and a newcomer's first commands.
@Suite("Starting a project")
struct StarterProjectTests {
  @Test func initLeavesTheFontsInstalledWhenAsked() throws {
    let folder = try TemporaryFolder()
    let created = darkroom(["init", "--no-vendor-fonts"], in: folder.path)
    #expect(created.status == 0, "\(created.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Layouts/fonts"))
    #expect(!(try String(contentsOfFile: folder.path + "/Layouts/theme.yml", encoding: .utf8)).contains("fonts:"))
  }

  @Test func initThenRecordThenVerifyWorkInAnEmptyFolder() throws {
    let folder = try TemporaryFolder()
    let created = darkroom(["init"], in: folder.path)
    #expect(created.status == 0, "\(created.stderr)")
    #expect(
      created.stdout.hasPrefix(
        "created Layouts/theme.yml\ncreated Layouts/welcome.yml\ncreated darkroom.yml\nadded .darkroom/ to .gitignore\ncopied the "
      ), "\(created.stdout)")
    // The faces the example draws with travel with it: Inter, no CJK collection.
    let fonts = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Layouts/fonts")
    #expect(fonts.contains("Inter-Regular.otf") && !fonts.contains { $0.hasSuffix(".ttc") }, "\(fonts)")
    #expect(try String(contentsOfFile: folder.path + "/Layouts/theme.yml", encoding: .utf8).hasSuffix("files: ['fonts']\n"))
    #expect(try String(contentsOfFile: folder.path + "/.gitignore", encoding: .utf8) == ".darkroom/\n")
    let theme = try Theme.load(file: folder.path + "/Layouts/theme.yml")
    #expect(theme.modes.map(\.name) == ["light", "dark", "elevated"])
    let welcome = try String(contentsOfFile: folder.path + "/Layouts/welcome.yml", encoding: .utf8)
    for kind in ["button:", "lip:", "cell:", "label:"] { #expect(welcome.contains(kind)) }
    let record = darkroom(["record"], in: folder.path)
    #expect(record.status == 0 && record.stdout.contains("record: 6 written, 0 unchanged"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/Golden/welcome/elevated.png"))
    let verify = darkroom(["verify"], in: folder.path)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    #expect(verify.stdout.contains("verify: 6 snapshots, 6 passed"))
    #expect(darkroom(["lint", "--strict"], in: folder.path).status == 0, "the starter follows its own advice")
  }

  @Test func initRefusesToOverwriteAnythingAndNamesTheFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("darkroom.yml", "golden: Mine\n")
    try folder.write(".gitignore", "build/")
    let before = snapshotOfFiles(folder.path)
    let run = darkroom(["init"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr == "darkroom.yml: error: exists already; darkroom init never overwrites a file\n")
    #expect(snapshotOfFiles(folder.path) == before, "nothing written")
    try FileManager.default.removeItem(atPath: folder.path + "/darkroom.yml")
    try folder.write("Layouts/notes.txt", "mine")
    let busy = darkroom(["init"], in: folder.path)
    #expect(busy.status == 2 && busy.stderr.hasPrefix("Layouts: error: the layouts folder exists and is not empty"))
    let elsewhere = darkroom(["init", "--layouts", "Snapshots"], in: folder.path)
    #expect(elsewhere.status == 0)
    #expect(try String(contentsOfFile: folder.path + "/.gitignore", encoding: .utf8) == "build/\n.darkroom/\n")
  }

  @Test func initFromAnAssetCatalogReadsItsColours() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Paths.fixtures.appendingPathComponent("sources/Colors.xcassets").path, as: "App/Colors.xcassets")
    let run = darkroom(["init", "--from", "xcassets", "App/Colors.xcassets"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: folder.path + "/Layouts/theme.yml", encoding: .utf8)
    #expect(text.contains("sources:\n  - ../App/Colors.xcassets\n"))
    #expect(text.contains("accent: Brand/Accent\n"), "the colour named like an accent")
    #expect(darkroom(["record"], in: folder.path).status == 0)
    let verify = darkroom(["verify"], in: folder.path)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let bad = darkroom(["init", "--from", "xcassets", "Nowhere.xcassets", "--layouts", "Other"], in: folder.path)
    #expect(bad.status == 2 && bad.stderr.contains("Nowhere.xcassets"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Other"))
    #expect(darkroom(["init", "--from", "sketch", "x"], in: folder.path).status == 2)
  }

  /// A colour set's `Contents.json`: `light` (and `dark`, when given) as sRGB hex,
  /// at `alpha`.
  func colourSet(_ light: String, dark: String? = nil, alpha: String = "1.000") -> String {
    func colour(_ hex: String) -> String {
      let channels = stride(from: 0, to: 6, by: 2).map { i -> String in
        let start = hex.index(hex.startIndex, offsetBy: i)
        return "\"0x" + hex[start..<hex.index(start, offsetBy: 2)] + "\""
      }
      return "{ \"color-space\": \"srgb\", \"components\": { \"red\": \(channels[0]), \"green\": \(channels[1]), \"blue\": \(channels[2]), \"alpha\": \"\(alpha)\" } }"
    }
    let darkEntry = dark.map {
      ", { \"idiom\": \"universal\", \"appearances\": [{ \"appearance\": \"luminosity\", \"value\": \"dark\" }], \"color\": \(colour($0)) }"
    }
    return "{ \"colors\": [ { \"idiom\": \"universal\", \"color\": \(colour(light)) }\(darkEntry ?? "") ], \"info\": { \"author\": \"xcode\", \"version\": 1 } }"
  }

  /// The starter over a catalog passes its own contrast audit, whatever the catalog
  /// holds: an accent that turns light in dark mode (as Element X's does) gets a
  /// black title there; a translucent accent is judged over the screen, as drawn;
  /// a catalog that has colours named as the starter's own keeps them, and the
  /// starter's take other names.
  @Test(arguments: [
    (["AccentColor": ("1f3a93", "ebeef2", "1.000")], "  onAccent: { any: white, dark: black }\n", "text: onAccent"),
    (["AccentColor": ("1f3a93", nil, "0.300")], "  onAccent: { any: black, dark: white }\n", "text: onAccent"),
    (
      ["AccentColor": ("1f3a93", nil, "1.000"), "onAccent": ("ff0000", nil, "1.000"), "secondaryText": ("00ff00", nil, "1.000")],
      "  starterOnAccent: white\n", "text: starterOnAccent"
    ),
  ])
  func theStarterOverACatalogPassesItsOwnAudit(
    sets: [String: (light: String, dark: String?, alpha: String)], themeLine: String, buttonText: String
  ) throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("App/Colors.xcassets/Contents.json", #"{ "info": { "author": "xcode", "version": 1 } }"#)
    for (name, set) in sets {
      _ = try folder.write(
        "App/Colors.xcassets/\(name).colorset/Contents.json", colourSet(set.light, dark: set.dark, alpha: set.alpha))
    }
    let run = darkroom(["init", "--from", "xcassets", "App/Colors.xcassets"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let theme = try String(contentsOfFile: folder.path + "/Layouts/theme.yml", encoding: .utf8)
    #expect(theme.contains(themeLine), "\(theme)")
    let welcome = try String(contentsOfFile: folder.path + "/Layouts/welcome.yml", encoding: .utf8)
    #expect(welcome.contains(buttonText))
    expectRecordedStarterPassesItsAudit(in: folder)
  }

  /// A catalog with no accent (Xcode's empty AccentColor, or only a text colour such
  /// as `label`) gets UIKit's blue with UIKit's white title, and init says so.
  @Test(arguments: [
    ["AccentColor": nil, "label": ("000000", "ffffff", "1.000")], ["label": ("000000", "ffffff", "1.000")],
  ] as [[String: (String, String?, String)?]])
  func aCatalogWithNoUsableAccentGetsUIKitsTintAndSaysSo(_ sets: [String: (String, String?, String)?]) throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("App/Colors.xcassets/Contents.json", #"{ "info": { "author": "xcode", "version": 1 } }"#)
    for (name, set) in sets {
      let contents = set.map { colourSet($0.0, dark: $0.1, alpha: $0.2) } ?? #"{ "colors": [ { "idiom": "universal" } ], "info": { "author": "xcode", "version": 1 } }"#
      _ = try folder.write("App/Colors.xcassets/\(name).colorset/Contents.json", contents)
    }
    let run = darkroom(["init", "--from", "xcassets", "App/Colors.xcassets", "--no-vendor-fonts"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let notice = run.stdout.split(separator: "\n").filter { $0.hasPrefix("init: the catalog has no usable accent") }
    #expect(notice.count == 1, "\(run.stdout)")
    #expect(notice.first?.contains("UIKit's system.blue, with a white title") == true)
    if sets.keys.contains("AccentColor") { #expect(notice.first?.contains("'AccentColor' has no colour") == true) }
    let theme = try String(contentsOfFile: folder.path + "/Layouts/theme.yml", encoding: .utf8)
    #expect(theme.contains("  accent: system.blue\n") && theme.contains("  onAccent: white\n"), "\(theme)")
    expectRecordedStarterPassesItsAudit(in: folder)
  }

  /// Records the starter in `folder` and audits it strictly: its three snapshots'
  /// labels all reach WCAG AA.
  func expectRecordedStarterPassesItsAudit(in folder: TemporaryFolder) {
    #expect(darkroom(["record"], in: folder.path).status == 0)
    let audit = darkroom(["audit", "--strict"], in: folder.path)
    #expect(audit.status == 0 && !audit.stdout.contains("FAIL"), "\(audit.stdout)\(audit.stderr)")
    #expect(audit.stdout.contains(" in 3 snapshots, 0 below the WCAG AA threshold"))
  }

  /// The starter without a catalog passes its own contrast audit too: a newcomer's
  /// first audit has nothing to fix.
  @Test func theStarterPassesItsOwnAudit() throws {
    let folder = try TemporaryFolder()
    #expect(darkroom(["init", "--no-vendor-fonts"], in: folder.path).status == 0)
    expectRecordedStarterPassesItsAudit(in: folder)
  }

  /// A catalog outside the project is refused by init, as every run would refuse to
  /// read it, before anything is written.
  @Test func initWritesNothingThroughALinkOutOfItsFolder() throws {
    let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/Layouts", withDestinationPath: elsewhere.path)
    let run = darkroom(["init"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("Layouts/theme.yml: error: refusing to write") && run.stderr.contains("outside the project"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Layouts"])
    // A layouts folder named as text, outside the folder, is the caller's choice.
    let here = try TemporaryFolder()
    let relative = "../" + (elsewhere.path as NSString).lastPathComponent + "/Design"
    let named = darkroom(["init", "--layouts", relative, "--no-vendor-fonts"], in: here.path)
    #expect(named.status == 0, "\(named.stderr)")
    #expect(FileManager.default.fileExists(atPath: elsewhere.path + "/Design/theme.yml"))
    // An absolute one is written where it says (it went under the folder).
    let other = try TemporaryFolder(), there = try TemporaryFolder()
    let absolute = darkroom(["init", "--layouts", there.path + "/Design", "--no-vendor-fonts"], in: other.path)
    #expect(absolute.status == 0, "\(absolute.stderr)")
    #expect(FileManager.default.fileExists(atPath: there.path + "/Design/theme.yml"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: other.path).sorted() == [".gitignore", "darkroom.yml"])
  }

  @Test func initRefusesAnAssetCatalogOutsideTheProject() throws {
    let outside = try TemporaryFolder()
    _ = try outside.copy(Paths.fixtures.appendingPathComponent("sources/Colors.xcassets").path, as: "Colors.xcassets")
    let folder = try TemporaryFolder()
    try folder.write(".git/HEAD", "ref: refs/heads/main\n")
    let catalog = outside.path + "/Colors.xcassets"
    let run = darkroom(["init", "--from", "xcassets", catalog], in: folder.path)
    #expect(run.status == 2)
    let real = InputBoundary(root: catalog).root
    let root = InputBoundary(root: folder.path).root
    #expect(
      run.stderr
        == "\(catalog): error: refusing to read a file outside the project: it leads to \(Excerpt.quoted(real)), outside \(Excerpt.quoted(root)); the theme reads the catalog on every run, so it must be inside the project: run darkroom init in a folder that holds it\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".git"])
    // A link inside the project that leads out is refused alike: links are followed.
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/Colors.xcassets", withDestinationPath: catalog)
    let linked = darkroom(["init", "--from", "xcassets", "Colors.xcassets"], in: folder.path)
    #expect(linked.status == 2 && linked.stderr.hasPrefix("Colors.xcassets: error: refusing to read a file outside the project"))
    // So is a catalog inside whose colour set is a link that leads out: init reads
    // the catalog as every run will.
    try FileManager.default.removeItem(atPath: folder.path + "/Colors.xcassets")
    _ = try folder.write("Inside.xcassets/Contents.json", #"{ "info": { "author": "xcode", "version": 1 } }"#)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/Inside.xcassets/Brand", withDestinationPath: catalog + "/Brand")
    let deep = darkroom(["init", "--from", "xcassets", "Inside.xcassets"], in: folder.path)
    #expect(deep.status == 2 && deep.stderr.contains("error: refusing to read a file outside the project"), "\(deep.stderr)")
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [".git", "Inside.xcassets"])
  }

  @Test func theExecutableMapsErrorsToOneLineAndStatusTwo() throws {
    // The built executable itself: main's own mapping.
    let folder = try TemporaryFolder()
    let run = try spawnDarkroom(["verify", "--layouts", "nowhere"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr == "nowhere: error: no layouts folder at 'nowhere'\n")
  }
}
