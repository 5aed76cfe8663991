import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// What a pull request written by a stranger can put in front of Darkroom in shared
/// CI: text that would forge output lines or a job summary, links that lead out of
/// the checkout, partial sets of shards, oversized files, and the small mistakes
/// whose messages must say what is wrong.
@Suite("Pull request safety")
struct PullRequestSafetyTests {
  /// A workflow command a runner would obey: a line starting with `::` once leading
  /// spaces are trimmed.
  func forgedLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.drop(while: \.isWhitespace).hasPrefix("::") || $0.contains("##[") }
  }

  @Test func aLabelsTextCannotForgeALineOrAWorkflowCommand() throws {
    let project = try GitFixture.repository(goldens: true)
    let hostile = "Orders\\n::error file=README.md,line=1::pwned\\n::add-mask::x ##[set-output name=a;]b"
    try GitFixture.edit(project.layouts + "/card.yml") { $0.replacingOccurrences(of: "\"Orders\"", with: "\"\(hostile)\"") }
    let review = darkroom(["review", "--base", "main"], in: project.path, environment: ["GITHUB_ACTIONS": "true"])
    #expect(review.status == 1, "\(review.stderr)")
    #expect(review.stdout.contains("CHANGED card/light"), "\(review.stdout)")
    #expect(forgedLines(review.stdout + review.stderr).isEmpty, "\(review.stdout)")
    // The text is still there to read, its line breaks shown as escapes.
    #expect(review.stdout.contains("Orders\\n\\u{3A}:error") || review.stdout.contains("Orders\\n::error"), "\(review.stdout)")
    let verify = darkroom(["verify"], in: project.path)
    #expect(verify.status == 1)
    #expect(forgedLines(verify.stdout + verify.stderr).isEmpty, "\(verify.stdout)")
  }

  @Test func aDiagnosticIsOneLineWhateverItQuotes() throws {
    let project = try TestProject()
    try project.edit("Layouts/card.yml", "padding: 10", "padding: 10\n    \"pad\\nding\\n::error::x\": 3")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(forgedLines(run.stderr).isEmpty)
  }

  @Test func anAnnotationCarriesNoRawControlCharacterFromAFileNameOrAKey() throws {
    let project = try TestProject()
    let name = "bad\u{1B}]0;x\u{7}\u{0B}\u{202E}\u{2028}"
    _ = try project.folder.write("Layouts/\(name).yml", "size: [10, 10]\nroot: { box: { \"k\u{1B}[2J\u{202E}\": 1 } }\n")
    let run = darkroom(["render", "--out", "out"], in: project.path, environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 2)
    let annotation = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
    let raw = annotation.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2028].contains($0.value) }
    #expect(raw.isEmpty, "raw control characters in \(annotation.debugDescription)")
    #expect(annotation.contains("\\u{1B}"), "the escape is shown: \(annotation)")
    #expect(run.stdout.split(separator: "\n").count == 1, "one line: \(run.stdout.debugDescription)")
  }

  @Test func theJobSummaryShowsTextFromThePullRequestAsText() throws {
    let project = try GitFixture.repository(goldens: true)
    let hostile = "# Heading [link](http://evil.example) <img src=x onerror=alert(1)> **bold** `code` www.evil.example"
    try GitFixture.edit(project.layouts + "/card.yml") { $0.replacingOccurrences(of: "\"Orders\"", with: "\"\(hostile)\"") }
    #expect(darkroom(["review", "--base", "main"], in: project.path).status == 1)
    let summary = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(summary.contains("evil"), "the text is in the summary")
    // Code spans show their text literally; everything else must be inert.
    let outsideCode = summary.replacing(/(`+)[^`]*?(?:`(?!\1)[^`]*?)*?\1/, with: "")
    #expect(!outsideCode.contains("<img"), "no tag from the pull request: \(outsideCode)")
    #expect(outsideCode.firstMatch(of: /(?:^|[^\\])\]\(/) == nil, "no link: an escaped bracket closes none")
    #expect(!outsideCode.contains("www.evil"), "no autolink")
    #expect(!outsideCode.contains("**bold"), "no emphasis")
    #expect(!summary.split(separator: "\n").contains { $0.hasPrefix("# ") }, "no heading")
    let page = try String(contentsOfFile: project.path + "/.darkroom/report/index.html", encoding: .utf8)
    #expect(!page.contains("<img src=x"), "the page escapes it too")
  }

  @Test func aLayoutLinkedOutsideTheProjectIsRefusedAndNotQuoted() throws {
    let project = try TestProject()
    let outside = try TemporaryFolder()
    let secret = try outside.write("secret.yml", "size: [10, 10]\nroot: { label: { text: \"TOPSECRET-1234\" } }\n")
    try FileManager.default.createSymbolicLink(atPath: project.layouts + "/leak.yml", withDestinationPath: secret)
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("Layouts/leak.yml: error: refusing to read a file outside the project"), "\(run.stderr)")
    #expect(!run.stderr.contains("TOPSECRET"))
    // An image, a string catalog or a font behind a link out is refused the same way.
    try FileManager.default.removeItem(atPath: project.layouts + "/leak.yml")
    let image = try outside.write("logo.png", "not even a png")
    try FileManager.default.removeItem(atPath: project.layouts + "/images/logo.png")
    try FileManager.default.createSymbolicLink(atPath: project.layouts + "/images/logo.png", withDestinationPath: image)
    let linkedImage = darkroom(["verify"], in: project.path)
    #expect(linkedImage.status == 2 && linkedImage.stderr.contains("refusing to read a file outside the project"), "\(linkedImage.stderr)")
  }

  @Test(arguments: ["golden", "report", "layouts"])
  func aFolderDarkroomYmlNamesOutsideTheProjectIsRefusedBeforeAnythingIsWritten(_ key: String) throws {
    let project = try TestProject()
    let outside = try TemporaryFolder()
    // An outside folder laid out as the project's own would be: goldens, layouts.
    _ = try outside.copy(key == "layouts" ? project.layouts : project.golden, as: "copy")
    let before = snapshotOfFiles(outside.path)
    try project.folder.write("darkroom.yml", "record: failed\n\(key): \(outside.path)/copy\n")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("darkroom.yml:2:") && run.stderr.contains("outside the project")
        && run.stderr.contains("(--\(key), where the command takes it)"), "\(run.stderr)")
    #expect(snapshotOfFiles(outside.path) == before, "nothing written outside")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom"), "nothing written inside")
    // A relative path that climbs out is the same.
    try project.folder.write("darkroom.yml", "\(key): ../\((outside.path as NSString).lastPathComponent)/copy\n")
    #expect(darkroom(["verify"], in: project.path).status == 2)
  }

  @Test func linksInTheCheckoutCannotLeadTheRunsFoldersOut() throws {
    let outside = try TemporaryFolder()
    // The golden folder, a layout's folder in it (with verify told to record over
    // it), the folder of the report and cache, the same as a link to nowhere yet,
    // and the config: each a link in the checkout that leads out of it.
    var cases: [(name: String, arrange: (TestProject) throws -> Void, expected: String)] = []
    cases.append(("Golden", { project in
      let moved = try outside.copy(project.golden, as: "golden-\(UUID().uuidString)")
      try FileManager.default.removeItem(atPath: project.golden)
      try FileManager.default.createSymbolicLink(atPath: project.golden, withDestinationPath: moved)
    }, "Golden: error: refusing the golden folder 'Golden'"))
    cases.append(("Golden/card", { project in
      let moved = try outside.copy(project.golden + "/card", as: "card-\(UUID().uuidString)")
      try FileManager.default.removeItem(atPath: project.golden + "/card")
      try FileManager.default.createSymbolicLink(atPath: project.golden + "/card", withDestinationPath: moved)
      try project.edit("Layouts/card.yml", "size:", "# changed\nsize:")
      try project.folder.write("darkroom.yml", "record: all\n")
    }, "Golden/card: error: refusing the goldens' folder 'Golden/card'"))
    cases.append((".darkroom", { project in
      let target = outside.path + "/dot-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: project.path + "/.darkroom", withDestinationPath: target)
    }, ".darkroom/report: error: refusing the report folder"))
    cases.append((".darkroom to nowhere", { project in
      try FileManager.default.createSymbolicLink(
        atPath: project.path + "/.darkroom", withDestinationPath: outside.path + "/not-yet-\(UUID().uuidString)")
    }, ".darkroom/report: error: refusing the report folder"))
    cases.append(("darkroom.yml", { project in
      let secret = try outside.write("secret-\(UUID().uuidString).yml", "TOPSECRET-5678: [\n")
      try FileManager.default.createSymbolicLink(atPath: project.path + "/darkroom.yml", withDestinationPath: secret)
    }, "darkroom.yml: error: refusing the config 'darkroom.yml'"))
    for (name, arrange, expected) in cases {
      let project = try TestProject()
      try arrange(project)
      let before = snapshotOfFiles(outside.path)
      let run = darkroom(["verify"], in: project.path)
      #expect(run.status == 2, "\(name)")
      #expect(run.stderr.contains(expected) && run.stderr.contains("outside"), "\(name): \(run.stderr)")
      #expect(!run.stderr.contains("TOPSECRET"), "\(name)")
      #expect(snapshotOfFiles(outside.path) == before, "\(name): nothing written outside")
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).allSatisfy { !$0.hasPrefix("not-yet") })
    }
  }

  @Test func aFolderGivenOnTheCommandLineIsUsedWhereverItIs() throws {
    let project = try TestProject()
    let outside = try TemporaryFolder()
    let golden = try outside.copy(project.golden, as: "Golden")
    try FileManager.default.removeItem(atPath: project.golden)
    let run = darkroom(["verify", "--golden", golden, "--report", outside.path + "/report"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: outside.path + "/report/index.html"))
    // So are the folders of a config named on the command line from outside the
    // checkout (the CI's own); the same file inside the checkout is the checkout's.
    let config = try outside.write("ci.yml", "golden: \(golden)\nreport: \(outside.path)/report2\n")
    #expect(darkroom(["verify", "--config", config], in: project.path).status == 0)
    #expect(FileManager.default.fileExists(atPath: outside.path + "/report2/index.html"))
    try project.folder.write("ci.yml", "golden: \(golden)\n")
    #expect(darkroom(["verify", "--config", "ci.yml"], in: project.path).status == 2)
  }

  @Test func aReviewBaseWhoseThemeLeadsOutPrintsNothingOfIt() throws {
    let project = try GitFixture.repository()
    let outside = try TemporaryFolder()
    let secret = try outside.write("passwd", "root:x:0:0:root:/root:/bin/bash\n" + String(repeating: "user:x:1000:1000::/home/u:/bin/sh\n", count: 50))
    try FileManager.default.removeItem(atPath: project.layouts + "/theme.yml")
    try FileManager.default.createSymbolicLink(atPath: project.layouts + "/theme.yml", withDestinationPath: secret)
    try GitFixture.commit("theme is a link", in: project.path)
    try GitFixture.git(["checkout", "-q", "-b", "later"], in: project.path)
    try FileManager.default.removeItem(atPath: project.layouts + "/theme.yml")
    try FileManager.default.copyItem(
      atPath: Paths.fixtures.appendingPathComponent("project/Layouts/theme.yml").path, toPath: project.layouts + "/theme.yml")
    let run = darkroom(["review", "--base", "main"], in: project.path)
    #expect(run.status == 2, "\(run.stdout)")
    #expect(!run.stderr.contains("root:x:0") && !run.stdout.contains("root:x:0"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  /// The base's theme is read once before its load, for the files it names outside
  /// its layouts folder: through the checkout's boundary, so a theme that is a link
  /// out of it names nothing to export (what it says never reaches git).
  @Test func theFilesABaseThemeNamesAreReadOnlyFromItsCheckout() throws {
    let folder = try TemporaryFolder()
    let outside = try folder.write("outside/theme.yml", "strings: [../SECRET]\n")
    let checkout = folder.path + "/checkout"
    try FileManager.default.createDirectory(atPath: checkout + "/Layouts", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: checkout + "/Layouts/theme.yml", withDestinationPath: outside)
    let theme = checkout + "/Layouts/theme.yml"
    #expect(BaseCheckout.namedPaths(themeFile: theme, reader: .unbounded) == ["../SECRET"], "the link is followed when unchecked")
    #expect(BaseCheckout.namedPaths(themeFile: theme, reader: InputReader(boundary: InputBoundary(root: checkout), working: .root)).isEmpty)
  }

  @Test func mergeReportsRefusesAPartialOrMixedSetOfShards() throws {
    let project = try TestProject()
    for k in 1...3 { _ = darkroom(["verify", "--shard", "\(k)/3", "--report", "r\(k)"], in: project.path) }
    let partial = darkroom(["merge-reports", "r1", "r2", "--out", "all"], in: project.path)
    #expect(partial.status == 2)
    #expect(partial.stderr.contains("the set of shards is incomplete: 3/3 missing"), "\(partial.stderr)")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/all"))
    _ = darkroom(["verify", "--shard", "3/3", "--modes", "light", "--report", "other"], in: project.path)
    let mixed = darkroom(["merge-reports", "r1", "r2", "other", "--out", "all"], in: project.path)
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("other: error: this report is of another run than r1: modes light, not"), "\(mixed.stderr)")
    let twice = darkroom(["merge-reports", "r1", "r2", "r2", "--out", "all"], in: project.path)
    #expect(twice.status == 2 && twice.stderr.contains("is given twice"))
    let whole = darkroom(["merge-reports", "r1", "r2", "r3", "--out", "all"], in: project.path)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.hasPrefix("merged 3 reports: 9 snapshots"))
  }

  @Test func aManifestOverTheJSONLimitIsRefusedBeforeItIsRead() throws {
    let project = try TestProject(goldens: false)
    try project.folder.write("darkroom.yml", "goldenFormat: manifest\n")
    let handle = try #require(FileHandle(forWritingAtPath: try project.folder.write("Golden/snapshots.json", "{")))
    try handle.truncate(atOffset: UInt64(FileStore.maximumTextBytes + 1))
    try handle.close()
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("Golden/snapshots.json: error: the file is 16 MB, over the limit of 16 MB") || run.stderr.contains("over the limit"), "\(run.stderr)")
  }

  @Test func longListsAreCappedWithACount() throws {
    let project = try TestProject()
    for index in 0..<(150) { try project.folder.write("Golden/gone\(index)/light.png", "x") }
    let run = darkroom(["verify"], in: project.path)
    let orphans = run.stdout.split(separator: "\n").filter { $0.hasPrefix("orphan ") }
    #expect(orphans.count == 100)
    #expect(run.stdout.contains("… and 50 more orphans (darkroom prune lists them all)"))
    let summary = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(summary.contains("and 140 more"), "the summary names ten")
  }

  @Test func initWritesNothingWhenItFails() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/.gitignore", withDestinationPath: try elsewhere.write("ignore", "x\n"))
    let run = darkroom(["init"], in: folder.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains(".gitignore: error: not a regular file"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".gitignore"], "nothing written")
  }

  @Test func theScratchFoldersOfRunsThatDiedAreRemoved() throws {
    let temporary = FileManager.default.temporaryDirectory.path
    // A pid no process has (the highest a pid can be, plus one), and a live one.
    let dead = "\(temporary)/darkroom-review-4194305-0badf00d", alive = "\(temporary)/darkroom-review-1-0badf00d"
    let unrelated = "\(temporary)/darkroom-review-notes"
    for folder in [dead, alive, unrelated] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    defer { for folder in [dead, alive, unrelated] { try? FileManager.default.removeItem(atPath: folder) } }
    ScratchFolder.removeAbandoned(in: temporary)
    #expect(!FileManager.default.fileExists(atPath: dead), "its run is gone")
    #expect(FileManager.default.fileExists(atPath: alive), "pid 1 lives")
    #expect(FileManager.default.fileExists(atPath: unrelated), "not a scratch folder's name")
  }

  @Test func messagesSayWhatIsActuallyWrong() throws {
    let project = try TestProject()
    try FileManager.default.copyItem(atPath: project.layouts + "/badge.yml", toPath: project.layouts + "/bad name.yml")
    let name = darkroom(["verify"], in: project.path)
    #expect(name.stderr.contains("the layout's file name 'bad name' must be letters, digits"), "\(name.stderr)")
    try FileManager.default.removeItem(atPath: project.layouts + "/bad name.yml")
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%2147483648$@", with: [.text("a")]) }
    let format = expectThrows(StringFormatError.self) { try StringFormatter.format("%2147483648$@", with: []) }
    #expect(format?.message.contains("past the 1000th") == true, "\(format?.message ?? "")")
    let huge = expectThrows(DarkroomError.self) {
      try LayoutParser().parse(
        "size: [100, 40]\nroot:\n  label: { text: { key: k, count: 1000000000 } }\n", file: "a.yml", name: "a")
    }
    #expect(huge?.description == "a.yml:3:35: error: count must be less than a billion, found 1000000000", "\(huge?.description ?? "")")
    // git is found through PATH by the process itself: the built executable, run
    // without it, says so instead of "not a git repository".
    let run = try spawnDarkroom(["review"], in: project.path, environment: ["PATH": "/nonexistent", "HOME": project.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("error: git was not found on PATH; install git, or put it on PATH"), "\(run.stderr)")
  }
}
