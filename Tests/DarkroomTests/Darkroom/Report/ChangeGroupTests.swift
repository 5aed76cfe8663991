import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The report groups changes by their cause, proven from the two drawings: one
/// section per cause, representatives in full and thumbnails for the rest, images
/// stored once by digest, summary.md short whatever the project's size.
@Suite("Change groups")
struct ChangeGroupTests {
  /// The fixture project with `copies` more copies of the card (card-1, card-2…).
  private func project(copies: Int) throws -> TestProject {
    let project = try TestProject()
    let card = try String(contentsOfFile: project.layouts + "/card.yml", encoding: .utf8)
    for n in 0..<copies { try card.write(toFile: project.layouts + "/card-\(n + 1).yml", atomically: true, encoding: .utf8) }
    _ = try project.session().record(golden: project.golden)
    return project
  }

  private func results(_ report: String) throws -> RunSummary {
    try JSONDecoder().decode(RunSummary.self, from: Data(contentsOf: URL(fileURLWithPath: report + "/results.json")))
  }

  @Test func aPaletteChangeInEveryModeIsOneCauseAndItsFollowersAreNoPartOfIt() throws {
    let project = try self.project(copies: 2)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let summary = try project.session().verify(golden: project.golden, report: project.path + "/r")
    let cards = summary.outcomes.filter { $0.layout.hasPrefix("card") }
    #expect(cards.count == 9 && cards.allSatisfy { $0.status == .failed })
    // Light, dark and elevated follow blue40 through other colours; the cause is one.
    #expect(Set(cards.map(\.cause)).count == 1)
    #expect(cards.first?.cause?.contains("+") == false, "one difference: the palette entry's definition")
    // The colours that followed it are said, but are no part of the cause.
    #expect(cards.allSatisfy { $0.explanation?.contains { $0.hasPrefix("followed by `") } == true })
    let groups = ChangeGroups.make(summary.outcomes)
    let group = try #require(groups.first { $0.members.contains { $0.layout == "card" } })
    // The card's three copies and the palette sheet, in three modes each: the sheet's
    // printed values follow the colour, so it is no other cause.
    #expect(group.kind == .cause && group.members.count == 12)
    #expect(group.cause == ["`blue40` #3c64f4 → #e0642a (theme.yml:6:3)"])
    #expect(group.changed == "`blue40` changed")
    // Nine is more than six: representatives, the largest change and the other style.
    #expect(group.shownInFull.count == 2)
    let shown = cards.filter { group.shownInFull.contains($0.name) }
    #expect(Set(shown.map(\.dark)) == [false, true])
    let largest = cards.map(\.changedArea).max()
    #expect(shown.contains { $0.changedArea == largest })
  }

  @Test func thePageHoldsTheFirstGroupsHeadingBeforeItsDataIsRead() throws {
    let project = try self.project(copies: 0)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let summary = try project.session().verify(golden: project.golden, report: project.path + "/r")
    let groups = ChangeGroups.make(summary.outcomes)
    let first = try #require(groups.first)
    let page = try String(contentsOfFile: project.path + "/r/index.html", encoding: .utf8)
    // The heading is in the page's HTML, before any script: the largest text of the
    // first screen paints without waiting for report-data.js.
    let head = try #require(page.range(of: "<main id=\"app\">"))
    let script = try #require(page.range(of: "<script"))
    #expect(head.upperBound < script.lowerBound)
    let failures = summary.outcomes.filter(\.isFailure).count
    #expect(
      page[head.upperBound...].hasPrefix(
        "<section id=\"failures\"><h2>Needs review (\(failures))</h2><section class=\"card group \(first.kind.rawValue)\" id=\"g1\" data-kind=\"\(first.kind.rawValue)\" data-count=\"\(first.members.count)\"><h3>"
      ), "\(page[head.upperBound...].prefix(400))")
    // The script draws the same heading from the data: names as code, text escaped.
    let card = try #require(groups.first { $0.kind == .cause })
    #expect(ReportPage.heading(card) == ["", "blue40", " changed: 6 snapshots — ", "blue40", " #3c64f4 → #e0642a (theme.yml:6:3)"])
    #expect(groups.allSatisfy { $0.kind != .mixed }, "the palette sheet's printed values are the colour's own change")
    let html = ReportPage.firstScreen(summary, groups: [card])
    #expect(html.contains("<h3><code>blue40</code> changed: 6 snapshots — <code>blue40</code> #3c64f4 → #e0642a"), "\(html)")
    #expect(
      try reportData(project.path + "/r").contains(
        #""heading":["","blue40"," changed: 6 snapshots — ","blue40"," #3c64f4 → #e0642a (theme.yml:6:3)"]"#))
  }

  @Test func theSameTextChangeIsOneCauseAndAnotherTextAnother() throws {
    let before = summary(texts: ["Orders"], frames: [[10, 10, 80, 20]])
    let one = ChangeExplainer.compare(before: before, after: summary(texts: ["Returns"], frames: [[10, 10, 80, 20]]))
    let same = ChangeExplainer.compare(before: before, after: summary(texts: ["Returns"], frames: [[10, 10, 80, 20]]))
    let other = ChangeExplainer.compare(before: before, after: summary(texts: ["Refunds"], frames: [[10, 10, 80, 20]]))
    #expect(one.cause != nil && one.cause == same.cause)
    #expect(one.cause != other.cause)
    // A node that moves by the same amount from another place is the same change;
    // by another amount it is another.
    let moved = { (x: Double, dx: Double) in
      ChangeExplainer.compare(
        before: summary(texts: ["Orders"], frames: [[x, 10, 80, 20]]),
        after: summary(texts: ["Orders"], frames: [[x + dx, 10, 80, 20]])
      ).cause
    }
    #expect(moved(10, 4) != nil && moved(10, 4) == moved(30, 4))
    #expect(moved(10, 4) != moved(10, 6))
  }

  @Test func nodesDrawnFromOnePlaceArePairedInOrderNotTakenForChangedColours() throws {
    // A segmented control draws its segments from one line: the same colours before
    // and after are no change, whatever order a dictionary would keep.
    var before = summary(texts: [], frames: [])
    before.nodes = [
      DrawingSummary.Node(kind: "box", text: "", frame: [0, 0, 10, 10], source: "a.yml:3:5", colours: ["fill": "key"]),
      DrawingSummary.Node(kind: "box", text: "", frame: [10, 0, 10, 10], source: "a.yml:3:5", colours: nil),
    ]
    let explanation = ChangeExplainer.compare(before: before, after: before)
    #expect(explanation.lines.isEmpty && explanation.cause == nil)
  }

  @Test func mixedAndUnknownCausesComeFirstEachInFull() throws {
    func outcome(_ name: String, _ cause: String?, dark: Bool = false, area: Int = 10) -> SnapshotOutcome {
      var outcome = SnapshotOutcome(name: name, layout: String(name.split(separator: "/")[0]), mode: "light", status: .failed)
      outcome.cause = cause
      outcome.dark = dark
      outcome.rightToLeft = name.hasSuffix(".ar")
      outcome.explanation = cause == nil ? [] : ["`\(cause ?? "")`"]
      outcome.comparison = Comparison(
        options: CompareOptions(), differingPixels: area, comparedPixels: 100, expectedSize: PixelSize(width: 10, height: 10),
        actualSize: PixelSize(width: 10, height: 10), bounds: nil)
      return outcome
    }
    var outcomes = (0..<10).map { outcome("a\($0)/light", "aaaaaaaaaaaa", dark: $0 % 2 == 1, area: $0 == 4 ? 50 : 10) }
    outcomes.append(outcome("b/light.ar", "aaaaaaaaaaaa"))
    outcomes += (0..<8).map { outcome("m\($0)/light", "aaaaaaaaaaaa+bbbbbbbbbbbb") }
    outcomes.append(outcome("u/light", nil))
    outcomes += (0..<3).map { outcome("c\($0)/light", "cccccccccccc") }
    let groups = ChangeGroups.make(outcomes)
    #expect(groups.map(\.kind) == [.unknown, .mixed, .cause, .cause])
    #expect(groups.map(\.members.count) == [1, 8, 11, 3])
    #expect(groups[1].isFull, "a mixed cause is shown in full, however many")
    #expect(groups[3].isFull, "a group of at most six is shown in full")
    // The largest change, the other style, the other direction.
    #expect(groups[2].shownInFull == ["a1/light", "a4/light", "b/light.ar"])
    #expect(groups.map(\.id) == ["g1", "g2", "g3", "g4"])
  }

  @Test func aGroupIsAcceptedByOneCommandOfExactlyItsNames() throws {
    func outcome(_ name: String, _ accept: Acceptance?) -> SnapshotOutcome {
      var outcome = SnapshotOutcome(name: name, layout: "x", mode: "light", status: .failed)
      outcome.accept = accept
      return outcome
    }
    func record(_ golden: String, _ name: String) -> Acceptance {
      .running(ShellCommand(["darkroom", "record"]).adding("--golden", golden).adding("--only", name))
    }
    #expect(
      ChangeGroups.acceptance([outcome("a/light", record("G", "a/light")), outcome("b/dark.de", record("G", "b/dark.de"))])?
        .description == "darkroom record --golden G --only a/light,b/dark.de")
    // A name the shell would read otherwise is quoted.
    #expect(
      ChangeGroups.acceptance([outcome("it's/light", record("G", "it's/light"))])?.description
        == "darkroom record --golden G --only 'it'\\''s/light'")
    // Commands that differ but for the name do not combine, nor does a comma.
    #expect(ChangeGroups.acceptance([outcome("a/light", record("G", "a/light")), outcome("b/light", record("H", "b/light"))]) == nil)
    #expect(ChangeGroups.acceptance([outcome("a,b/light", record("G", "a,b/light"))]) == nil)
    let merge = Acceptance.instruction("merging accepts it")
    #expect(ChangeGroups.acceptance([outcome("a/light", merge), outcome("b/light", merge)]) == merge)
  }

  @Test func summaryMarkdownIsOneLinePerGroupAndAtMost100KB() throws {
    var outcomes: [SnapshotOutcome] = []
    // 600 causes (each a long colour name) of three snapshots with long names: over
    // 250 KB written in full.
    for n in 0..<600 {
      for mode in ["light", "dark", "dark-ax"] {
        let layout = "screen-\(n)-" + String(repeating: "x", count: 100)
        var outcome = SnapshotOutcome(name: "\(layout)/\(mode)", layout: layout, mode: mode, status: .failed)
        outcome.cause = String(format: "%012x", n)
        outcome.explanation = ["`colour\(n)" + String(repeating: "y", count: 100) + "` #000000 → #ffffff"]
        outcomes.append(outcome)
      }
    }
    for n in 0..<25 {
      var outcome = SnapshotOutcome(name: "big/m\(n)", layout: "big", mode: "m\(n)", status: .failed)
      outcome.cause = "ffffffffffff"
      outcome.causeSubjects = ["`blue40`"]
      outcome.explanation = ["`blue40` #3c64f4 → #3a5ef0", "followed by `key`"]
      outcomes.append(outcome)
    }
    let summary = RunSummary(outcomes: outcomes, seconds: 1)
    let markdown = ReportFolder.markdown(summary, groups: ChangeGroups.make(outcomes))
    #expect(markdown.utf8.count <= ReportFolder.maximumSummaryBytes)
    let lines = markdown.split(separator: "\n")
    let big = try #require(lines.first { $0.contains("`big/m0`") })
    #expect(big.hasPrefix("- `blue40` changed: 25 — `blue40` #3c64f4 → #3a5ef0; nothing else differs in their drawings — "))
    #expect(big.hasSuffix("`big/m9` and 15 more"))
    #expect(!big.contains("followed by"))
    #expect(lines.contains { $0.hasPrefix("- … and ") && $0.hasSuffix(" more group(s) (the report lists them all)") })
  }

  @Test func imagesAreNamedByTheirDigestsStoredOnceAndFullSizeOnlyWhereShownInFull() throws {
    let project = try self.project(copies: 3)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let report = project.path + "/r"
    let summary = try project.session().verify(golden: project.golden, report: report)
    let cards = summary.outcomes.filter { $0.layout.hasPrefix("card") }
    #expect(cards.count == 12)
    #expect(try results(report).outcomes == summary.outcomes)
    let files = Set(snapshotOfFiles(report).keys)
    // The four cards are the same picture in each mode: one file per mode and kind.
    for mode in ["light", "dark", "elevated"] {
      let same = cards.filter { $0.mode == mode }.compactMap(\.images)
      #expect(same.count == 4 && Set(same.map(\.renderThumbnail)).count == 1 && Set(same.map(\.goldenThumbnail)).count == 1)
    }
    for images in cards.compactMap(\.images) {
      for file in images.files {
        #expect(ReportImages.isImagePath(file) && files.contains(file), "\(file)")
        let bytes = try FileStore.read(report + "/" + file, what: "an image", from: .root)
        #expect(ContentHash(bytes).description == file.dropFirst(7).split(separator: ".")[0].description, "\(file)")
      }
      let thumbnail = try FileStore.read(report + "/" + (images.renderThumbnail ?? ""), what: "a thumbnail", from: .root)
      #expect(Array(thumbnail[8..<12]) == Array("WEBP".utf8))
      #expect(Thumbnail.size(of: try #require(images.region)).width <= Thumbnail.maximumWidth)
    }
    // No file is kept that no outcome names; no difference image at full size.
    let named = Set(summary.outcomes.flatMap { $0.images?.files ?? [] })
    #expect(Set(files.filter { $0.hasPrefix("images/") }) == named)
    // Twelve is more than six: only the representatives have full-size images.
    let group = try #require(ChangeGroups.make(summary.outcomes).first { $0.members.contains { $0.layout == "card" } })
    #expect(!group.isFull)
    #expect(Set(cards.filter { $0.images?.hasFullSize == true }.map(\.name)) == Set(group.shownInFull))
    #expect(cards.filter { $0.images?.golden != nil }.count == group.shownInFull.count)

    // --images all: every member's.
    var options = RunOptions()
    options.images = .all
    let all = try project.session(options).verify(golden: project.golden, report: report)
    #expect(all.outcomes.filter(\.isFailure).allSatisfy { $0.images?.hasFullSize == true })
  }

  @Test func mergeReportsCopiesTheImagesItsShardsNameAndRefusesAnyOther() throws {
    let project = try self.project(copies: 3)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    var reports: [String] = []
    for k in 1...2 {
      var options = RunOptions()
      options.shard = try Shard("\(k)/2")
      _ = try project.session(options).verify(golden: project.golden, report: project.path + "/s\(k)")
      reports.append(project.path + "/s\(k)")
    }
    let merged = try ReportFolder.merge(reports, into: project.path + "/m", from: .root, interruption: Interruption())
    for file in merged.outcomes.flatMap({ $0.images?.files ?? [] }) {
      #expect(FileManager.default.fileExists(atPath: project.path + "/m/" + file), "\(file)")
    }
    let data = try String(contentsOfFile: project.path + "/m/" + ReportPage.dataFile, encoding: .utf8)
    #expect(data.hasPrefix("window.darkroomReport = {"))

    // A shard's results.json that names a file outside images/ is refused.
    var shard = try results(project.path + "/s1")
    let index = try #require(shard.outcomes.firstIndex { $0.images?.renderThumbnail != nil })
    shard.outcomes[index].images?.renderThumbnail = "../../secret.webp"
    try JSONEncoder().encode(shard).write(to: URL(fileURLWithPath: project.path + "/s1/results.json"))
    let error = expectThrows(DarkroomError.self) { try ReportFolder.merge(reports, into: project.path + "/m2", from: .root, interruption: Interruption()) }
    #expect(error?.message.contains("which is not images/<digest>.png or .webp") == true, "\(String(describing: error))")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/m2"))
  }

  @Test func aThumbnailIsLossyWebPOfItsSizeTheSameBytesEveryTime() throws {
    // A picture with edges and a gradient, so the encoder has work to do.
    var bytes: [UInt8] = []
    for y in 0..<23 {
      for x in 0..<37 { bytes += [UInt8(x * 6), UInt8(y * 11), x < 18 ? 40 : 220, 255] }
    }
    let picture = try PixelBuffer(width: 37, height: 23, premultipliedBytes: bytes)
    let webP = try picture.webPData()
    #expect(Array(webP[0..<4]) == Array("RIFF".utf8) && Array(webP[8..<12]) == Array("WEBP".utf8))
    #expect(Array(webP[12..<16]) == Array("VP8 ".utf8), "lossy, no alpha chunk for an opaque picture")
    // The lossy bitstream's frame header: 14 bits of width, then of height.
    #expect((Int(webP[26]) | Int(webP[27]) << 8) & 0x3fff == 37 && (Int(webP[28]) | Int(webP[29]) << 8) & 0x3fff == 23)
    #expect(try picture.webPData() == webP, "the same pixels give the same bytes")
    #expect(try picture.webPData(quality: 100) != webP)
    let wide = try PixelBuffer(width: 16_384, height: 1, fill: RGBA8(r: 0, g: 0, b: 0))
    #expect(throws: WebPError.tooLarge(width: 16_384, height: 1)) { try wide.webPData() }
  }

  @Test func aDifferenceThumbnailNeverLosesAChangedPixel() throws {
    let white = try PixelBuffer(width: 800, height: 600, fill: RGBA8(r: 255, g: 255, b: 255))
    var bytes = white.bytes
    bytes[(317 * 800 + 411) * 4] = 254  // one pixel, barely
    let changed = try PixelBuffer(width: 800, height: 600, premultipliedBytes: bytes)
    let difference = DifferenceImage(expected: white.straightImage, actual: changed.straightImage)
    let small = difference.thumbnail(of: PixelRect(x: 0, y: 0, width: 800, height: 600), width: 100, height: 75).pixels
    #expect(small.width == 100 && small.height == 75)
    var red: [[Int]] = []
    for y in 0..<small.height {
      for x in 0..<small.width where small[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) { red.append([x, y]) }
    }
    #expect(red == [[411 / 8, 317 / 8]], "the one changed pixel is the one red pixel, in its place")
    // A region is cut before it is shrunk: outside it, nothing is red.
    let corner = difference.thumbnail(of: PixelRect(x: 0, y: 0, width: 400, height: 300), width: 50, height: 38).pixels
    var none = true
    for y in 0..<corner.height {
      for x in 0..<corner.width where corner[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) { none = false }
    }
    #expect(none)
  }

  private func summary(texts: [String], frames: [[Double]]) -> DrawingSummary {
    DrawingSummary(
      width: 100, height: 100, colours: [:], drawn: [],
      nodes: zip(texts, frames).map { DrawingSummary.Node(kind: "label", text: $0, frame: $1, source: "a.yml:4:7", colours: nil) }
        + frames.map { DrawingSummary.Node(kind: "box", text: "", frame: $0, source: "a.yml:2:3", colours: nil) },
      images: [:], fonts: [:])
  }
}
