import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A face is known by the tables that draw its glyphs, goldens record the faces they
/// were drawn with, and verify names a machine whose faces differ in one line a face
/// instead of failing every snapshot.
@Suite("Faces goldens were drawn with")
struct FaceIdentityTests {
  /// This machine's Inter Regular, found as a run finds it.
  static func interRegular() throws -> [UInt8] {
    let file = try #require(testFonts.library.face(of: "Inter", weight: .regular))
    return try FileStore.read(file.path, what: "a font", from: .root)
  }

  /// The byte range of table `tag` of a font file that is not a collection.
  static func table(_ tag: String, in bytes: [UInt8]) throws -> Range<Int> {
    func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    for n in 0..<count {
      let record = 12 + 16 * n
      if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
        return u32(record + 8)..<u32(record + 8) + u32(record + 12)
      }
    }
    throw DarkroomError("no \(tag) table")
  }

  /// The face with every advance width 100 units wider: other glyph positions.
  static func widened(_ bytes: [UInt8]) throws -> [UInt8] {
    var copy = bytes
    let hmtx = try table("hmtx", in: bytes)
    for at in stride(from: hmtx.lowerBound, to: hmtx.upperBound - 1, by: 4) {
      let advance = (Int(copy[at]) << 8 | Int(copy[at + 1])) + 100
      copy[at] = UInt8((advance >> 8) & 0xFF)
      copy[at + 1] = UInt8(advance & 0xFF)
    }
    return copy
  }

  /// Makes `project` draw with fonts of its own: `faces` (file name → bytes) in
  /// `Layouts/fonts`, named by its theme's `fonts: { files: [fonts] }`.
  static func useOwnFonts(_ faces: [String: [UInt8]], in project: TestProject) throws {
    let fonts = project.layouts + "/fonts"
    try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
    for (name, bytes) in faces { try FileStore.writeAtomically(bytes, to: fonts + "/" + name, from: .root, interruption: Interruption()) }
    try project.folder.write(
      "Layouts/theme.yml",
      try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8) + "\nfonts:\n  files: [fonts]\n")
  }

  @Test func identityIgnoresDatesNamesAndSignaturesButNotGlyphs() throws {
    let bytes = try Self.interRegular()
    let identity = try #require(FaceIdentity.of(bytes))

    // Rebuilt by another packager: new dates in head, another name table.
    var repackaged = bytes
    let head = try Self.table("head", in: bytes)
    for i in head.lowerBound + 20..<head.lowerBound + 36 { repackaged[i] ^= 0x5A }
    for i in head.lowerBound + 8..<head.lowerBound + 12 { repackaged[i] ^= 0x33 }
    let name = try Self.table("name", in: bytes)
    repackaged[name.upperBound - 1] ^= 0xFF
    #expect(FaceIdentity.of(repackaged) == identity)

    // Other advances: another face.
    #expect(FaceIdentity.of(try Self.widened(bytes)) != identity)
    // Another unitsPerEm in head (byte 18): another face too.
    var scaled = bytes
    scaled[head.lowerBound + 18] ^= 0x01
    #expect(FaceIdentity.of(scaled) != identity)
  }

  @Test func damagedFontFilesHaveNoIdentity() {
    #expect(FaceIdentity.of([]) == nil)
    #expect(FaceIdentity.of(Array("not a font at all, just text".utf8)) == nil)
    // A table that claims to run past the end of the file.
    var lying: [UInt8] = [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    lying += Array("hmtx".utf8) + [0, 0, 0, 0] + [0, 0, 0, 28] + [0x7F, 0xFF, 0xFF, 0xFF]
    #expect(FaceIdentity.of(lying) == nil)
    // A collection asked for a face it does not hold.
    let collection: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
    #expect(FaceIdentity.of(collection, index: 3) == nil)
    // Recorded all the same, by the file's bytes, so such a face is never left out
    // of a golden; a readable face is recorded by its identity.
    #expect(FaceIdentity.recorded(lying) == "file:\(ContentHash(lying))")
    #expect(FaceIdentity.recorded(collection, index: 3) != FaceIdentity.recorded(lying))
  }

  @Test func aReadableFaceIsRecordedByItsIdentity() throws {
    let bytes = try Self.interRegular()
    let identity = try #require(FaceIdentity.of(bytes))
    #expect(FaceIdentity.recorded(bytes) == "\(identity)")
  }

  @Test func goldensRecordTheirFacesAndLibraries() throws {
    let project = try TestProject()
    let golden = try FileStore.read(project.golden + "/card/light.png", what: "a golden", from: .root)
    let summary = try #require(DrawingSummary.stored(in: golden))
    let faces = try #require(summary.faces)
    #expect(faces.values.contains { $0.family == "Inter" && !$0.style.isEmpty && !$0.version.isEmpty })
    let libraries = try #require(summary.libraries)
    #expect(Set(libraries.keys) == ["Darkroom", "HarfBuzz", "FreeType", "ICU"])
    #expect(libraries.values.allSatisfy { $0.first?.isNumber ?? false })
  }

  @Test func verifyNamesADifferentFaceInOneLineAndWritesNoReport() throws {
    let project = try TestProject()
    // The project now brings its own Inter, whose advances differ from the one the
    // goldens were drawn with.
    try Self.useOwnFonts(["Inter-Regular.otf": try Self.widened(try Self.interRegular())], in: project)

    let run = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    let regular = lines.filter { $0.contains("was drawn with Inter Regular") }
    #expect(regular.count == 1, "\(run.stderr)")
    #expect(regular.first?.contains("this machine has") ?? false)
    #expect(regular.first?.contains("run `darkroom fonts vendor` where the goldens were recorded, or re-record") ?? false)
    #expect(!run.stdout.contains("FAIL"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom/report"))
  }

  @Test func theStopTakesBackTheGoldensRecordMissingAdded() throws {
    let project = try TestProject()
    // One golden deleted, and a new layout whose goldens' folder does not exist.
    try FileManager.default.removeItem(atPath: project.golden + "/card/dark.png")
    try FileManager.default.copyItem(atPath: project.layouts + "/card.yml", toPath: project.layouts + "/extra.yml")
    let before = try FileManager.default.subpathsOfDirectory(atPath: project.golden).sorted()
    try Self.useOwnFonts(["Inter-Regular.otf": try Self.widened(try Self.interRegular())], in: project)

    let run = darkroom(["verify", "--no-cache", "--record", "missing"], in: project.path)
    #expect(run.status == 2, "\(run.stdout)\n\(run.stderr)")
    #expect(run.stderr.contains("was drawn with Inter Regular"), "\(run.stderr)")
    #expect(try FileManager.default.subpathsOfDirectory(atPath: project.golden).sorted() == before, "nothing written")
  }

  @Test func aRepackagedFacePassesWithOneWarningLine() throws {
    let project = try TestProject()
    // Inter Regular rebuilt with other dates: other bytes, the same glyphs.
    var repackaged = try Self.interRegular()
    let head = try Self.table("head", in: repackaged)
    for i in head.lowerBound + 20..<head.lowerBound + 36 { repackaged[i] ^= 0x5A }
    // The project's own Inter: every weight as this machine has it, Regular repackaged.
    var faces: [String: [UInt8]] = [:]
    for weight in FontWeight.allCases {
      guard let face = testFonts.library.face(of: "Inter", weight: weight) else { continue }
      faces[(face.path as NSString).lastPathComponent] = try FileStore.read(face.path, what: "a font", from: .root)
    }
    faces["Inter-Regular.otf"] = repackaged
    try Self.useOwnFonts(faces, in: project)
    for arguments in [["verify", "--no-cache"], ["verify"], ["verify"]] {
      let run = darkroom(arguments, in: project.path)
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
      let lines = run.stderr.split(separator: "\n").filter { $0.contains("is not the file Golden was drawn with") }
      #expect(lines.count == 1, "\(arguments): \(run.stderr)")
      #expect(lines.first?.contains("Inter Regular") ?? false)
    }
    // The goldens' own faces: no such line.
    try FileStore.writeAtomically(try Self.interRegular(), to: project.layouts + "/fonts/Inter-Regular.otf", from: .root, interruption: Interruption())
    let same = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(same.status == 0 && !same.stderr.contains("was drawn with"), "\(same.stderr)")
  }

  @Test func aRegressionIsNeverHiddenBehindOtherFaces() throws {
    let project = try TestProject()
    try Self.useOwnFonts(["Inter-Regular.otf": try Self.widened(try Self.interRegular())], in: project)
    // Other faces and a colour that changed: the colour is a failure to report.
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let run = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(run.status == 1, "\(run.stderr)")
    let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL card/light") } ?? ""
    #expect(line.contains("`blue40` #3c64f4 → #e0642a") && line.contains("; font Inter "), "\(line)")
  }

  @Test func explanationsBlameOnlyFacesThatDrawOtherGlyphs() throws {
    func summary(identity: String, file: String, harfbuzz: String) throws -> DrawingSummary {
      let json = """
        {"format":1,"width":10,"height":10,"colours":{},"drawn":[],"nodes":[],"images":{},
         "fonts":{"DejaVuSans.ttf":"\(file)"},
         "faces":{"DejaVuSans.ttf":{"family":"DejaVu Sans","style":"Book","version":"Version 2.37","identity":"\(identity)"}},
         "libraries":{"Darkroom":"1","HarfBuzz":"\(harfbuzz)","FreeType":"2.12.1","ICU":"72.1"}}
        """
      return try JSONDecoder().decode(DrawingSummary.self, from: Data(json.utf8))
    }
    // Repackaged (another file digest, the same identity): no font is blamed.
    let before = try summary(identity: "aaaa", file: "f1", harfbuzz: "6.0.0")
    #expect(ChangeExplainer.fontChanges(before, try summary(identity: "aaaa", file: "f2", harfbuzz: "6.0.0")).isEmpty)
    // The same faces shaped by another HarfBuzz: both versions are named.
    #expect(
      ChangeExplainer.fontChanges(before, try summary(identity: "aaaa", file: "f2", harfbuzz: "10.2.0"))
        == ["same faces, other libraries: HarfBuzz 6.0.0 → 10.2.0"])
    // Other glyphs: the face is named with both versions.
    #expect(
      ChangeExplainer.fontChanges(before, try summary(identity: "bbbb", file: "f1", harfbuzz: "6.0.0"))
        == ["font DejaVu Sans Book: 2.37 (aaaa…) → 2.37 (bbbb…), other glyph tables under the same version"])
  }
}
