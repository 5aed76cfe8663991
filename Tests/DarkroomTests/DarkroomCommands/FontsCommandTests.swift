import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// `darkroom fonts` lists the faces a run uses; `darkroom fonts vendor` copies them
/// into the project, which then draws with its own copies and still verifies.
@Suite("darkroom fonts")
struct FontsCommandTests {
  @Test func listsEveryFaceWithItsVersionAndOrigin() throws {
    let project = try TestProject()
    let run = darkroom(["fonts"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    let regular = run.stdout.split(separator: "\n").first { $0.hasPrefix("Inter Regular  Version ") }
    #expect(regular?.contains("(system: ") ?? false, "\(run.stdout)")
    #expect(run.stdout.contains("DejaVu Sans Book"))
  }

  @Test func vendoringCopiesTheFacesNamesThemAndKeepsGoldensPassing() throws {
    let project = try TestProject()
    let run = darkroom(["fonts", "vendor"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: project.layouts + "/fonts/Inter-Regular.otf"))
    // Debian keeps a font package's licence in its doc folder, not beside the faces;
    // faces from DARKROOM_FONT_DIR come with none.
    let fromPackage = (ProcessInfo.processInfo.environment["DARKROOM_FONT_DIR"] ?? "").isEmpty
    if fromPackage && FileManager.default.fileExists(atPath: "/var/lib/dpkg/info/fonts-inter.list") {
      #expect(FileManager.default.fileExists(atPath: project.layouts + "/fonts/COPYRIGHT.fonts-inter"))
    }
    let theme = try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8)
    #expect(theme.hasSuffix("fonts:\n  files: ['fonts']\n"))
    let listed = darkroom(["fonts"], in: project.path)
    #expect(listed.stdout.contains("Layouts/fonts/Inter-Regular.otf  (project)"), "\(listed.stdout)")
    // The same faces from the project's copies: the same pixels.
    let verify = darkroom(["verify", "--no-cache"], in: project.path)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    // A second vendor finds the theme already naming its fonts and copies nothing new.
    let again = darkroom(["fonts", "vendor"], in: project.path)
    #expect(again.status == 0 && again.stdout.contains("fonts vendor: 0 faces and 0 licence files"), "\(again.stdout)")
  }

  @Test func aThemeThatNamesFontsIsNotEditedBehindItsBack() throws {
    let project = try TestProject()
    let theme = project.layouts + "/theme.yml"
    let text = try String(contentsOfFile: theme, encoding: .utf8)
    let brand = try #require(testFonts.library.face(of: "Inter", weight: .bold))
    try FileManager.default.createDirectory(atPath: project.layouts + "/brand", withIntermediateDirectories: true)
    _ = try project.folder.copy(brand.path, as: "Layouts/brand/Brand.otf")
    try project.folder.write("Layouts/theme.yml", text + "\n\"fonts\": { brand: { regular: brand/Brand.otf } }\n")
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
    let run = darkroom(["fonts", "vendor"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("Layouts/theme.yml:\(line):1: error: theme.yml names its fonts already"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: project.layouts + "/fonts"))
    #expect(try String(contentsOfFile: theme, encoding: .utf8).hasSuffix("brand/Brand.otf } }\n"))
  }

  @Test(arguments: ["../outside", "/tmp/fonts", "", "a]", "my fonts, extra", "fonts/../..", "./fonts"])
  func aFolderOutsideTheLayoutsOrHardToWriteIsRefused(_ folder: String) throws {
    let project = try TestProject()
    let before = snapshotOfFiles(project.path)
    let run = darkroom(["fonts", "vendor", folder], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("error: the fonts folder is a path inside the layouts folder"), "\(run.stderr)")
    #expect(snapshotOfFiles(project.path) == before)
  }

  @Test func licencesOfOneNameFromTwoFoldersAreBothKept() throws {
    let project = try TestProject()
    // Regular and Bold installed in two folders, each with its own LICENSE.
    let installed = try TemporaryFolder()
    for (folder, weight, file) in [("a", FontWeight.regular, "Inter-Regular.otf"), ("b", .bold, "Inter-Bold.otf")] {
      let face = try #require(testFonts.library.face(of: "Inter", weight: weight))
      try FileManager.default.createDirectory(atPath: installed.path + "/" + folder, withIntermediateDirectories: true)
      _ = try installed.copy(face.path, as: "\(folder)/\(file)")
      _ = try installed.write("\(folder)/LICENSE", "the licence of folder \(folder)\n")
    }
    // The process's environment is where fonts are looked for: the built executable.
    var environment = ProcessInfo.processInfo.environment
    environment["DARKROOM_FONT_DIR"] = installed.path
    let run = try spawnDarkroom(["fonts", "vendor"], in: project.path, environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let fonts = project.layouts + "/fonts"
    #expect(try String(contentsOfFile: fonts + "/LICENSE", encoding: .utf8) == "the licence of folder a\n")
    #expect(try String(contentsOfFile: fonts + "/LICENSE.b", encoding: .utf8) == "the licence of folder b\n")
    #expect(FileManager.default.fileExists(atPath: fonts + "/Inter-Bold.otf"))
  }
}
