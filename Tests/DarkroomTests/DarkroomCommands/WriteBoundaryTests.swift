import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Every command that writes checks its destination with one rule before its first
/// write: whatever the checkout's links say, a write stays in the work tree, unless
/// the command line named a place outside it.
@Suite("Write boundary")
struct WriteBoundaryTests {
  /// A project with `git init` run in it (the work tree is its folder), and a
  /// folder outside it.
  func projectAndOutside() throws -> (project: TestProject, outside: TemporaryFolder) {
    let project = try TestProject()
    try GitFixture.git(["init", "-q"], in: project.path)
    return (project, try TemporaryFolder())
  }

  @Test func fontsVendorRefusesAFontsFolderLinkedOutsideTheWorkTree() throws {
    let (project, outside) = try projectAndOutside()
    let planted = try outside.write("Inter-Regular.otf", "not written by darkroom")
    try FileManager.default.createSymbolicLink(atPath: project.layouts + "/fonts", withDestinationPath: outside.path)
    let theme = try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8)
    let run = darkroom(["fonts", "vendor"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("refusing the fonts folder") && run.stderr.contains("outside the project"), "\(run.stderr)")
    #expect(try String(contentsOfFile: planted, encoding: .utf8) == "not written by darkroom")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["Inter-Regular.otf"])
    #expect(try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8) == theme)
  }

  @Test(arguments: [
    (["export", "xcassets", "--out", "linked/Theme.xcassets"], "the catalog folder"),
    (["screenshots", "--out", "linked"], "the store images' folder"),
    (["render", "--out", "linked/out"], "the render folder"),
    (["sheet", "--out", "linked/sheets"], "the contact sheets' folder"),
    (["palette", "--out", "linked/palette"], "the palette sheets' folder"),
    (["verify", "--report", "linked/report"], "the report folder"),
  ])
  func aDestinationThroughALinkOutOfTheWorkTreeIsRefused(_ arguments: [String], _ what: String) throws {
    let (project, outside) = try projectAndOutside()
    try FileManager.default.createSymbolicLink(atPath: project.path + "/linked", withDestinationPath: outside.path)
    let run = darkroom(arguments, in: project.path)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("refusing \(what)") && run.stderr.contains("outside the project"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
  }

  @Test func aDestinationTheCommandLineNamesOutsideTheWorkTreeIsTheCallers() throws {
    let (project, outside) = try projectAndOutside()
    let run = darkroom(["render", "--out", outside.path + "/out"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: outside.path + "/out/card/light.png"))
  }
}
