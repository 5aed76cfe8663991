import DarkroomRaster
import Foundation
import Testing

@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Every file a theme names is read through the reader it is loaded with, so a link
/// a pull request commits cannot make a load read (and quote) a file outside the
/// project — whichever loader reads it: strings in each format, colour sources,
/// symbols, fonts and images.
@Suite("Theme files stay inside the project")
struct ThemeFileBoundaryTests {
  /// What a theme names (its YAML, after the palette), and the file, inside the
  /// project, that is a link to a file outside it.
  static let cases: [(yaml: String, link: String)] = [
    ("strings: [Localizable.xcstrings]", "Localizable.xcstrings"),
    ("strings: [en.lproj/Localizable.strings]", "en.lproj/Localizable.strings"),
    ("strings: [en.lproj/Localizable.stringsdict]", "en.lproj/Localizable.stringsdict"),
    ("strings: [res]", "res/values/strings.xml"),
    ("sources: [Colors.xcassets]", "Colors.xcassets/brand.colorset/Contents.json"),
    ("sources: [colors.xml]", "colors.xml"),
    ("sources: [tokens.json]", "tokens.json"),
    ("sources: [Colors.swift]", "Colors.swift"),
    ("symbols: [star.svg]", "star.svg"),
    ("fonts:\n  brand: { regular: brand.ttf }", "brand.ttf"),
    ("fonts:\n  files: [brand.ttf]", "brand.ttf"),
    ("images:\n  logo: logo.png", "logo.png"),
  ]

  @Test(arguments: cases.indices)
  func aLinkOutOfTheProjectIsRefusedByWhicheverLoaderReadsIt(_ index: Int) throws {
    let (yaml, link) = Self.cases[index]
    let folder = try TemporaryFolder()
    let project = folder.path + "/project"
    let secret = try folder.write("outside/secret", "the runner's own file\n")
    try FileManager.default.createDirectory(
      atPath: FileStore.parent(of: project + "/" + link), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: project + "/Colors.xcassets", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: project + "/" + link, withDestinationPath: secret)
    let themeFile = project + "/theme.yml"
    try "palette:\n  ink: \"#101010\"\ncolors:\n  text: ink\n\(yaml)\n".write(toFile: themeFile, atomically: true, encoding: .utf8)

    let bounded = InputReader(boundary: InputBoundary(root: project), working: .root)
    let refused = try #require(throws: DarkroomError.self) { try Theme.load(file: themeFile, reader: bounded) }
    #expect(refused.description.contains("refusing to read a file outside the project"), "\(yaml): \(refused)")
    #expect(!refused.description.contains("the runner's own file"), "nothing of the file is quoted")
    // Without a boundary the same theme gets as far as the file's contents: the
    // refusal is the reader's.
    let unbounded = Result { try Theme.load(file: themeFile) }
    if case .failure(let error) = unbounded {
      #expect(!"\(error)".contains("outside the project"), "\(yaml): \(error)")
    }
  }

  /// A Mac resource fork holding `sfnt` as its one `sfnt` resource: what FreeType,
  /// given a path it cannot read as a font, looks for under other names beside it.
  static func resourceFork(_ sfnt: [UInt8]) -> [UInt8] {
    func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    func be16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    let data = be32(sfnt.count) + sfnt
    let dataOffset = 256, mapOffset = dataOffset + data.count
    // One type (`sfnt`, one resource, its references 10 bytes into the type list),
    // one reference (ID 128, no name, data at 0), no names.
    let types = be16(0) + Array("sfnt".utf8) + be16(0) + be16(2 + 8)
    let references = be16(128) + be16(0xFFFF) + [0, 0, 0, 0] + [0, 0, 0, 0]
    let body = [0, 0, 0, 0] + be16(0) + be16(0) + be16(28) + be16(28 + types.count + references.count) + types + references
    let header = be32(dataOffset) + be32(mapOffset) + be32(data.count) + be32(16 + body.count)
    return header + [UInt8](repeating: 0, count: dataOffset - 16) + data + header + body
  }

  @Test func aFontFileFreeTypeCannotReadIsRefusedWhateverLiesBesideIt() throws {
    let folder = try TemporaryFolder()
    let inter = try #require(testFonts.library.face(of: "Inter", weight: .regular))
    let outside = try folder.write("outside/font.rsrc", "")
    try Data(Self.resourceFork(try FileStore.read(inter.path, what: "a font", from: .root))).write(to: URL(fileURLWithPath: outside))
    let project = folder.path + "/project"
    _ = try folder.write("project/fonts/brand.ttf", "not a font at all")
    for beside in ["fonts/resource.frk/brand.ttf", "fonts/._brand.ttf", "fonts/.AppleDouble/brand.ttf"] {
      try FileManager.default.createDirectory(
        atPath: FileStore.parent(of: project + "/" + beside), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: project + "/" + beside, withDestinationPath: outside)
    }
    // The resource fork is a font FreeType reads when it is the file named.
    #expect((try? FontFace.descriptions(ofFileAt: outside))?.isEmpty == false)
    let themeFile = project + "/theme.yml"
    try "colors:\n  text: \"#101010\"\nfonts:\n  files: [fonts/brand.ttf]\n".write(
      toFile: themeFile, atomically: true, encoding: .utf8)
    let refused = try #require(throws: DarkroomError.self) {
      try Theme.load(file: themeFile, reader: InputReader(boundary: InputBoundary(root: project), working: .root))
    }
    #expect(refused.description.contains("brand.ttf") || refused.description.contains("FreeType"), "\(refused)")
    #expect(throws: (any Error).self) { try FontFace(path: project + "/fonts/brand.ttf") }
  }
}
