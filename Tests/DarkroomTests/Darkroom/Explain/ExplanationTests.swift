import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Goldens carry the summary of the drawing they were made from, so `verify`
/// explains a failure as `review` does, without the commit the golden came from.
@Suite("Explanations")
struct ExplanationTests {
  @Test func verifyExplainsAFailureFromTheGoldensSummary() throws {
    let project = try TestProject()
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 1, "\(run.stderr)")
    let failures = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(!failures.isEmpty)
    for line in failures { #expect(line.contains("`blue40` #3c64f4 → #e0642a"), "\(line)") }
    let summary = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    // The card in three modes and the palette sheet, whose printed values are the
    // colour's own consequence: one cause, located where blue40 is defined.
    #expect(
      summary.contains("- `blue40` changed: 6 — `blue40` #3c64f4 → #e0642a (theme\\.yml\\:6\\:3); nothing else differs"),
      "\(summary)")
  }

  /// A colour that changed but that a snapshot does not draw with is no cause of its
  /// change, even when its old value is one the snapshot draws (through another
  /// colour): the trial that found it had UIKit's `label` blamed on a screen that
  /// only shares its black.
  @Test func aColourIsNamedOnlyWhereTheDrawingUsesIt() throws {
    let project = try TestProject()
    // `twin` has primaryText's light value, and no layout names it.
    try project.edit("Layouts/theme.yml", "  key: blue40\n", "  key: blue40\n  twin: \"#313440\"\n")
    let golden = darkroom(["record"], in: project.path)
    #expect(golden.status == 0, "\(golden.stderr)")
    try project.edit("Layouts/theme.yml", "  twin: \"#313440\"\n", "  twin: \"#111111\"\n")
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let run = darkroom(["verify", "--modes", "light"], in: project.path)
    #expect(run.status == 1)
    let card = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL card/light") })
    #expect(card.contains("`blue40` #3c64f4 → #e0642a (theme.yml:6:3)"), "\(card)")
    #expect(!card.contains("`twin`"), "\(card)")
    // The palette sheet draws every colour: there both changed, each at its definition.
    let palette = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL palette/light") })
    #expect(palette.contains("`twin` #313440 → #111111 (theme.yml:"), "\(palette)")
    #expect(!palette.contains("text \""), "the printed values are the colours' own change: \(palette)")
  }

  @Test func aTextAndAMovedNodeAreNamedByTheirPlaceInTheLayoutFile() throws {
    let project = try TestProject()
    // One line more above the card: every source moves down a line.
    try project.edit("Layouts/card.yml", "root:\n", "# a note\nroot:\n")
    try project.edit("Layouts/card.yml", "text: \"Orders\"", "text: \"Returns\"")
    try project.edit("Layouts/card.yml", "padding: 10\n", "padding: 30\n")
    let run = darkroom(["verify", "--modes", "light"], in: project.path)
    #expect(run.status == 1)
    let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL card/light") } ?? ""
    #expect(line.contains("text \"Orders\" → \"Returns\" (card.yml:15:15)"), "\(line)")
    #expect(line.contains("stack (card.yml:8:9) moved from 10,10 to 30,30, resized from"), "\(line)")
  }

  @Test func aGoldenWithoutASummaryVerifiesAndRecordAddsItOnce() throws {
    let project = try TestProject()
    let path = project.golden + "/card/light.png"
    // As goldens were written before summaries: the pixels and their digest only.
    let old = try PixelBuffer(pngData: try FileStore.read(path, what: "the golden", from: .root))
    try FileStore.writeAtomically(try old.goldenPNG(), to: path, from: .root, interruption: Interruption())
    #expect(DrawingSummary.stored(in: try FileStore.read(path, what: "the golden", from: .root)) == nil)
    #expect(darkroom(["verify"], in: project.path).status == 0)

    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let failed = darkroom(["verify"], in: project.path)
    let line = failed.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL card/light") } ?? ""
    #expect(line.hasPrefix("FAIL card/light: ") && !line.contains("`blue40`"), "no explanation without a summary: \(line)")
    try project.edit("Layouts/theme.yml", "blue40: \"#e0642a\"", "blue40: \"#3c64f4\"")

    let record = darkroom(["record"], in: project.path)
    #expect(record.status == 0)
    #expect(record.stdout.contains("recorded Golden/card/light.png (adds the drawing summary)"), "\(record.stdout)")
    #expect(record.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded ") }.count == 1, "\(record.stdout)")
    #expect(DrawingSummary.stored(in: try FileStore.read(path, what: "the golden", from: .root)) != nil)
  }

  @Test func aGoldenWhoseSummaryLacksItsFacesGetsThemOnce() throws {
    let project = try TestProject()
    let path = project.golden + "/card/light.png"
    // As goldens were written before faces were recorded.
    let bytes = try FileStore.read(path, what: "the golden", from: .root)
    var summary = try #require(DrawingSummary.stored(in: bytes))
    summary.faces = nil
    summary.libraries = nil
    let pixels = try PixelBuffer(pngData: bytes)
    try FileStore.writeAtomically(try pixels.goldenPNG(drawing: summary.encoded), to: path, from: .root, interruption: Interruption())

    let record = darkroom(["record"], in: project.path)
    #expect(record.stdout.contains("recorded Golden/card/light.png (adds the faces it was drawn with)"), "\(record.stdout)")
    #expect(record.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded ") }.count == 1, "\(record.stdout)")
    #expect(DrawingSummary.stored(in: try FileStore.read(path, what: "the golden", from: .root))?.faces != nil)
    let again = darkroom(["record"], in: project.path)
    #expect(!again.stdout.contains("recorded "), "\(again.stdout)")
  }

  @Test func aGoldenIsNotRewrittenWhenOnlyItsSummaryWouldChange() throws {
    let project = try TestProject()
    let before = snapshotOfFiles(project.golden)
    try project.edit("Layouts/card.yml", "root:\n", "# lines move, pixels stay\nroot:\n")
    let record = darkroom(["record"], in: project.path)
    #expect(record.status == 0)
    #expect(snapshotOfFiles(project.golden) == before)
    let verify = darkroom(["verify", "--record", "all"], in: project.path)
    #expect(verify.status == 0)
    #expect(snapshotOfFiles(project.golden) == before)
  }

  @Test func aCompressedTextIsReadBackAndABombIsRefused() throws {
    let image = try PixelBuffer(width: 2, height: 2, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))
    let long = String(repeating: "a", count: 5 << 20)
    let png = try image.pngData(compressedText: (key: "darkroom-drawing", value: long))
    #expect(png.count < 64 << 10)
    #expect(PNGTextChunk.compressedValue(forKey: "darkroom-drawing", in: png, limit: 6 << 20) == long)
    // Five megabytes from a few kilobytes: past the limit, refused, not inflated.
    #expect(PNGTextChunk.compressedValue(forKey: "darkroom-drawing", in: png, limit: 4 << 20) == nil)
    #expect(DrawingSummary.stored(in: png) == nil)
    // Damaged: the stream cut short.
    var cut = png
    if let at = cut.firstIndex(of: UInt8(ascii: "z")), cut[at..<(at + 4)].elementsEqual("zTXt".utf8) {
      cut.replaceSubrange((at + 30)..<(at + 40), with: [UInt8](repeating: 0xff, count: 10))
    }
    #expect(PNGTextChunk.compressedValue(forKey: "darkroom-drawing", in: cut, limit: 6 << 20) == nil)
  }

  @Test func aSummaryOfTooManyNodesIsExplainedByItsColoursAlone() {
    let many = (0..<(ChangeExplainer.maximumNodes + 1)).map {
      DrawingSummary.Node(kind: "label", text: "\($0)", frame: [0, Double($0), 10, 10], source: "a.yml:1:1")
    }
    let before = DrawingSummary(
      width: 1, height: 1, colours: ["accent": .init(definition: "#000000", value: "#000000")], drawn: ["#000000"],
      nodes: many, images: [:], fonts: [:])
    var after = before
    after.colours["accent"] = .init(definition: "#ffffff", value: "#ffffff")
    after.nodes = many.reversed()
    #expect(ChangeExplainer.explain(before: before, after: after) == ["`accent` #000000 → #ffffff"])
  }

  @Test func imagesAndFontsWhoseFilesChangedAreNamed() {
    let node = DrawingSummary.Node(kind: "image", text: "logo", frame: [0, 0, 10, 10], source: "card.yml:3:5")
    var before = DrawingSummary(
      width: 10, height: 10, colours: [:], drawn: [], nodes: [node], images: ["logo": "aa"], fonts: ["Inter.ttf": "11"])
    var after = before
    #expect(ChangeExplainer.explain(before: before, after: after).isEmpty)
    after.images["logo"] = "bb"
    after.fonts["Inter.ttf"] = "22"
    #expect(ChangeExplainer.explain(before: before, after: after) == ["image `logo` changed", "font `Inter.ttf` changed"])
    before.nodes = []
    #expect(ChangeExplainer.explain(before: before, after: after).last == "added: image \"logo\" (card.yml:3:5)")
  }
}
