import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// `goldenFormat: manifest`: goldens as one file of digests, their images drawn
/// again from git when a snapshot fails.
@Suite("Golden manifest")
struct ManifestTests {
  /// The fixture project grown to 42 snapshots (13 layouts and the palette, in
  /// three modes), with `goldenFormat: manifest` in its config, in a repository.
  private func project() throws -> TestProject {
    let project = try GitFixture.repository()
    for index in 1...6 {
      try FileManager.default.copyItem(atPath: project.layouts + "/card.yml", toPath: project.layouts + "/card\(index).yml")
      if index < 6 {
        try FileManager.default.copyItem(atPath: project.layouts + "/badge.yml", toPath: project.layouts + "/badge\(index).yml")
      }
    }
    try "goldenFormat: manifest\n".write(toFile: project.path + "/darkroom.yml", atomically: true, encoding: .utf8)
    return project
  }

  @Test func aFortySnapshotManifestIsSmallStableAndVerifies() throws {
    let project = try project()
    let record = darkroom(["record"], in: project.path)
    #expect(record.status == 0, "\(record.stderr)")
    let file = project.golden + "/snapshots.json"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("{\"drawing\"") }
    #expect(lines.count == 42)
    let names = lines.compactMap { line in line.firstRange(of: "\"name\":\"").map { line[$0.upperBound...].prefix { $0 != "\"" } } }
    #expect(names.count == 42 && names == names.sorted(), "one line per snapshot, sorted by name")
    #expect(text.utf8.count < 10_000, "\(text.utf8.count) bytes")
    // No image is written; a second record writes nothing.
    #expect(try FileManager.default.contentsOfDirectory(atPath: project.golden) == ["snapshots.json"])
    let again = darkroom(["record"], in: project.path)
    #expect(again.stdout.contains("record: 0 written, 42 unchanged"), "\(again.stdout)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    try GitFixture.commit("goldens", in: project.path)

    let verify = darkroom(["verify"], in: project.path)
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.contains("42 passed"))
  }

  @Test func aChangedColourFailsWithTheGoldenImagesDrawnFromGit() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    try GitFixture.commit("goldens", in: project.path)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let verify = darkroom(["verify"], in: project.path)
    #expect(verify.status == 1)
    let failures = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(!failures.isEmpty)
    for line in failures { #expect(line.contains("`blue40` #3c64f4 → #e0642a"), "\(line)") }
    let report = project.path + "/.darkroom/report"
    // The golden image is the one the manifest recorded, bit for bit.
    let images = try #require(try reportImages(report, "card/light"))
    let golden = try FileStore.read(report + "/" + (images.golden ?? ""), what: "the golden", from: .root)
    let manifest = try #require(try GoldenManifest.load(from: project.golden))
    #expect(PixelDigest.stored(in: golden) == manifest.entries["card/light"]?.pixels)
    #expect(FileManager.default.fileExists(atPath: report + "/" + (images.differenceThumbnail ?? "")))
    // verify never writes goldens.
    #expect(try FileManager.default.contentsOfDirectory(atPath: project.golden) == ["snapshots.json"])
  }

  @Test func goldensThatCannotBeDrawnExactlyAreSaidAndTheRunShownAlone() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    // As if another build had recorded it: the committed digest is not what this
    // build draws from the committed layouts.
    try GitFixture.edit(project.golden + "/snapshots.json") { text in
      text.replacingOccurrences(
        of: #""name":"card/light","pixels":"v2 xxh3:"#, with: #""name":"card/light","pixels":"v2 xxh3:0"#)
    }
    let manifest = try #require(try GoldenManifest.load(from: project.golden))
    let damaged = try #require(manifest.entries["card/light"]?.pixels)
    try GitFixture.edit(project.golden + "/snapshots.json") { $0.replacingOccurrences(of: damaged, with: String(damaged.dropLast())) }
    try GitFixture.commit("goldens", in: project.path)
    let verify = darkroom(["verify", "--modes", "light"], in: project.path)
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("do not match the manifest's digests"), "\(verify.stderr)")
    #expect(verify.stdout.contains("FAIL card/light"))
    let images = try #require(try reportImages(project.path + "/.darkroom/report", "card/light"))
    #expect(images.golden == nil && images.goldenThumbnail == nil)
    #expect(FileManager.default.fileExists(atPath: project.path + "/.darkroom/report/" + (images.render ?? "")))
  }

  @Test func aDamagedManifestIsBadInputAndRecordRepairsIt() throws {
    let project = try project()
    try FileManager.default.createDirectory(atPath: project.golden, withIntermediateDirectories: true)
    try "{\"format\": 1, \"snapshots\": [\n{\"name\": 3}\n]}\n".write(
      toFile: project.golden + "/snapshots.json", atomically: true, encoding: .utf8)
    let verify = darkroom(["verify"], in: project.path)
    #expect(verify.status == 2)
    #expect(verify.stderr.contains("Golden/snapshots.json: error: the golden manifest is damaged"), "\(verify.stderr)")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom"))
    let record = darkroom(["record"], in: project.path)
    #expect(record.status == 0)
    #expect(record.stdout.contains("repairs a damaged manifest"))
  }

  @Test func verifyRecordsIntoTheManifestAsIntoAFolder() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    let before = try String(contentsOfFile: project.golden + "/snapshots.json", encoding: .utf8)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let recording = darkroom(["verify", "--record", "failed"], in: project.path)
    #expect(recording.status == 1, "a run that records is never a pass")
    #expect(recording.stdout.contains("RECORDED card/light: recorded (failed: "), "\(recording.stdout)")
    let after = try String(contentsOfFile: project.golden + "/snapshots.json", encoding: .utf8)
    #expect(after != before)
    #expect(darkroom(["verify"], in: project.path).status == 0, "the manifest now holds the new digests")
  }

  @Test func pruneRemovesTheEntriesOfADeletedLayout() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    try FileManager.default.removeItem(atPath: project.layouts + "/card6.yml")
    let list = darkroom(["prune"], in: project.path)
    #expect(list.stdout.contains("prune: 3 entries to delete"), "\(list.stdout)")
    #expect(darkroom(["prune", "--yes"], in: project.path).status == 0)
    let manifest = try #require(try GoldenManifest.load(from: project.golden))
    #expect(manifest.entries.count == 39)
    #expect(manifest.entries["card6/light"] == nil)
  }

  @Test func entriesPointToTheFacesTheyWereDrawnWithKeptOnce() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    let manifest = try #require(try GoldenManifest.load(from: project.golden))
    // Every entry points to one line of the table; the 42 share few of them.
    #expect(manifest.entries.values.allSatisfy { $0.drawnWith.flatMap { manifest.drawnWith[$0] } != nil })
    #expect((1...3).contains(manifest.drawnWith.count), "\(manifest.drawnWith.keys)")
    // Which line comes first is the dictionary's choice: the table as a whole holds
    // Inter Regular, and every line the libraries.
    let lines = Array(manifest.drawnWith.values)
    #expect(lines.contains { $0.faces.values.contains { $0.family == "Inter" && $0.style == "Regular" && !$0.identity.isEmpty } })
    #expect(!lines.isEmpty && lines.allSatisfy { $0.libraries?["HarfBuzz"] != nil })
  }

  @Test func anotherMachinesFacesAreNamedInOneLineAndNoReportIsWritten() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    try GitFixture.commit("goldens", in: project.path)
    // This machine now draws with an Inter whose advances differ from the one the
    // manifest was recorded with (the base is drawn again with it too).
    try FaceIdentityTests.useOwnFonts(
      ["Inter-Regular.otf": try FaceIdentityTests.widened(try FaceIdentityTests.interRegular())], in: project)
    let verify = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(verify.status == 2, "\(verify.stdout)\n\(verify.stderr)")
    let lines = verify.stderr.split(separator: "\n").filter { $0.contains("Golden/snapshots.json was drawn with Inter Regular") }
    #expect(lines.count == 1, "\(verify.stderr)")
    #expect(!verify.stdout.contains("FAIL"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom/report"))
  }

  @Test func recordAddsTheFacesToAManifestWrittenBeforeThem() throws {
    let project = try project()
    #expect(darkroom(["record"], in: project.path).status == 0)
    // The manifest as a Darkroom before faces wrote it.
    var old = try #require(try GoldenManifest.load(from: project.golden))
    for name in old.entries.keys { old.entries[name]?.drawnWith = nil }
    old.drawnWith = [:]
    try FileStore.writeAtomically(Array(old.text.utf8), to: project.golden + "/snapshots.json", from: .root, interruption: Interruption())
    #expect(!old.text.contains("drawnWith"))
    #expect(darkroom(["verify"], in: project.path).status == 0, "an old manifest still verifies")
    let record = darkroom(["record"], in: project.path)
    #expect(record.stdout.contains("(adds the faces it was drawn with)"), "\(record.stdout)")
    let upgraded = try #require(try GoldenManifest.load(from: project.golden))
    #expect(upgraded.entries.values.allSatisfy { $0.drawnWith != nil })
    #expect(darkroom(["record"], in: project.path).stdout.contains("0 written, 42 unchanged"))
  }

  @Test func anEntryPointingOutsideTheTableIsADamagedManifest() throws {
    let text = """
      {"format": 1,
      "drawnWith": {
      "aaaa": {"faces": {}}
      },
      "snapshots": [
      {"drawnWith":"bbbb","name":"card/light","pixels":"v2 xxh3:0","size":[1,1]}
      ]}
      """
    #expect(throws: DarkroomError.self) { try GoldenManifest.parse(text, file: "Golden/snapshots.json") }
    do {
      _ = try GoldenManifest.parse(text, file: "Golden/snapshots.json")
    } catch {
      #expect(error.description.contains("was drawn with 'bbbb', which its table does not list"), "\(error)")
    }
    let fine = text.replacingOccurrences(of: "bbbb", with: "aaaa")
    #expect(try GoldenManifest.parse(fine, file: "Golden/snapshots.json").entries["card/light"]?.drawnWith == "aaaa")
  }
}
