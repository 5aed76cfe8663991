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

    let bounded = InputReader(boundary: InputBoundary(root: project))
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
}
