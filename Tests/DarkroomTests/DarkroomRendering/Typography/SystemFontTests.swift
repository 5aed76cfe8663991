import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// SF Pro as UIKit draws it, when a project brings Apple's files: the Text cut below
/// 20 points, the Display cut from 20, and Apple's tracking by size; Inter, untracked,
/// when it does not.
@Suite("The system font")
struct SystemFontTests {
  @Test func theTrackingIsApplesTableAtItsRows() {
    // Rows of the HIG's SF Pro table (Typography › Specifications › Tracking values).
    let published: [(Double, Double)] = [(6, 0.24), (12, 0), (13, -0.08), (17, -0.43), (20, -0.45), (28, 0.38), (34, 0.40), (80, 0)]
    for (size, points) in published { #expect(SFProTracking.points(at: size) == points, "\(size) pt") }
  }

  @Test func sizesBetweenRowsAreTrackedInProportionAndOutsideTheTableAsItsEnds() {
    // 55 lies halfway between the table's 54 (+0.32) and 56 (+0.30).
    #expect(abs(SFProTracking.points(at: 55) - 0.31) < 1e-12)
    #expect(abs(SFProTracking.points(at: 17.5) - -0.435) < 1e-12)
    #expect(SFProTracking.points(at: 4) == 0.24)
    #expect(SFProTracking.points(at: 200) == 0)
    #expect(SFProTracking.points(at: .nan) == 0.24)
  }

  @Test func theCutFollowsTheSizeAndOnlyTheProjectsOwnFilesCount() {
    func file(_ family: String) -> FontFile {
      FontFile(
        path: "fonts/\(family).otf",
        face: FontDescription(index: 0, family: family, style: "Regular", version: "", weight: 400, width: 5, italic: false),
        origin: .project)
    }
    let both = [file("SF Pro Text"), file("SF Pro Display")]
    #expect(SystemFont.family(size: 17, project: []) == "Inter")
    #expect(SystemFont.family(size: 19.9, project: both) == "SF Pro Text")
    #expect(SystemFont.family(size: 20, project: both) == "SF Pro Display")
    #expect(SystemFont.family(size: 34, project: [file("SF Pro Text")]) == "SF Pro Text")
    #expect(SystemFont.family(size: 11, project: [file("SF Pro Display")]) == "SF Pro Display")
    // Inter takes SF Pro's tracking below 20 points (where it brings Inter's widths to
    // SF Pro Text's), and none from 20 on.
    #expect(SystemFont.tracking(size: 17, family: "Inter") == -0.43)
    #expect(SystemFont.tracking(size: 11, family: "Inter") == 0.06)
    #expect(SystemFont.tracking(size: 20, family: "Inter") == 0)
    #expect(SystemFont.tracking(size: 34, family: "Inter") == 0)
    #expect(SystemFont.tracking(size: 17, family: "DejaVu Sans") == 0)
    #expect(SystemFont.tracking(size: 17, family: "SF Pro Text") == -0.43)
  }

  @Test func aProjectWithSFProSetsEachSizeInItsCutWithApplesTracking() throws {
    // Stand-ins for Apple's files, which Darkroom may not ship: Inter renamed, the
    // Display cut also widened, so each cut is told apart by its advances.
    let inter = try FaceIdentityTests.interRegular()
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/fonts", withIntermediateDirectories: true)
    try Data(try Self.renamed(inter, family: "SF Pro Text")).write(to: URL(fileURLWithPath: folder.path + "/fonts/SF-Pro-Text-Regular.otf"))
    try Data(try Self.renamed(try FaceIdentityTests.widened(inter), family: "SF Pro Display"))
      .write(to: URL(fileURLWithPath: folder.path + "/fonts/SF-Pro-Display-Regular.otf"))
    try "colors:\n  tint: system.blue\nfonts:\n  files: [fonts]\n".write(
      toFile: folder.path + "/theme.yml", atomically: true, encoding: .utf8)
    let sfPro = LayoutProbe(theme: try Theme.load(file: folder.path + "/theme.yml"))
    let plain = LayoutProbe(theme: try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml"))

    let text = "Settings"
    let cases: [(style: String, size: Double, file: String)] = [
      ("body", 17, "SF-Pro-Text-Regular.otf"), ("title1", 28, "SF-Pro-Display-Regular.otf"),
    ]
    for (style, size, file) in cases {
      let label = "label: { text: \(text), style: \(style), weight: regular }"
      let line = try #require(sfPro.list(label).textLines.first?.line)
      #expect(line.face.path.hasSuffix("/" + file), "\(style)")
      #expect(line.size == size)
      // The Text cut is Inter's outlines, so its line is Inter's set untracked, less
      // the tracking between each pair of characters — as Inter itself is now set
      // below 20 points.
      if style == "body" {
        let inter = try #require(plain.list(label).textLines.first?.line)
        #expect(inter.face.path.contains("Inter"))
        let untracked = TextLine(text, face: inter.face, size: size)
        let expected = untracked.width + SFProTracking.points(at: size) * Double(text.count - 1)
        #expect(abs(inter.width - expected) < 1e-9, "\(inter.width) against \(expected)")
        #expect(abs(line.width - expected) < 1e-9, "\(line.width) against \(expected)")
      }
    }
    // A larger reader's size moves body text (17 → 28 points at AX1) into the Display cut.
    let large = try #require(
      sfPro.list("label: { text: \(text), style: body }", Traits(contentSize: .accessibilityMedium)).textLines.first?.line)
    #expect(large.size == 28)
    #expect(large.face.path.hasSuffix("/SF-Pro-Display-Regular.otf"))
  }

  /// `font` with a name table of its own naming the family `family`: what a face's
  /// family is read from.
  static func renamed(_ font: [UInt8], family: String) throws -> [UInt8] {
    let names: [(id: UInt16, text: String)] = [
      (1, family), (2, "Regular"), (4, family + " Regular"), (16, family), (17, "Regular"),
    ]
    func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    var strings: [UInt8] = []
    var table = u16(0) + u16(names.count) + u16(6 + 12 * names.count)
    for name in names {
      let utf16 = name.text.utf16.flatMap { u16(Int($0)) }
      table += u16(3) + u16(1) + u16(0x409) + u16(Int(name.id)) + u16(utf16.count) + u16(strings.count)
      strings += utf16
    }
    table += strings
    // The new table goes at the end, four-byte aligned; the old one's record points to it.
    var copy = font
    while copy.count % 4 != 0 { copy.append(0) }
    let old = try FaceIdentityTests.table("name", in: font)
    let count = Int(font[4]) << 8 | Int(font[5])
    func offset(_ record: Int) -> Int { font[record + 8..<record + 12].reduce(0) { $0 << 8 | Int($1) } }
    let records = (0..<count).map { 12 + 16 * $0 }
    let record = try #require(records.first { offset($0) == old.lowerBound })
    func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
    copy.replaceSubrange(record + 8..<record + 16, with: u32(copy.count) + u32(table.count))
    return copy + table
  }
}
