import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom

/// The warm cache: a verify with nothing changed draws nothing, and anything that
/// decides pixels — a colour, a font file, an image file, the build — misses it.
@Suite("Render cache", .serialized)
struct RenderCacheTests {
  /// A project whose badge is set in a font and shows an image from the project's
  /// own files, so both can be changed.
  func project() throws -> TestProject {
    let project = try TestProject()
    try FileManager.default.createDirectory(atPath: project.layouts + "/fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", toPath: project.layouts + "/fonts/Brand.otf")
    try project.edit("Layouts/theme.yml", "images:", "fonts:\n  brand: { regular: fonts/Brand.otf }\n\nimages:")
    try project.edit("Layouts/badge.yml", "size: 13, color", "size: 13, font: brand, color")
    #expect(darkroom(["record"], in: project.path).status == 0)
    return project
  }

  func verify(_ project: TestProject, _ extra: [String] = []) -> (CommandRun, cached: Int) {
    let run = darkroom(["verify"] + extra, in: project.path)
    let match = run.stdout.firstMatch(of: /passed \((\d+) from the cache\)/)
    return (run, match.flatMap { Int($0.1) } ?? 0)
  }

  @Test func aSecondVerifyDrawsNothingAndEachInputOfThePixelsMissesIt() throws {
    let project = try project()
    // record taught the cache every snapshot; verify draws none of them.
    let (warm, cached) = verify(project)
    #expect(warm.status == 0 && cached == 9, "\(warm.stdout)")
    // The same font with a byte appended: same glyphs, other bytes, so the badge
    // (in every mode) is drawn again, and passes.
    var font = try Paths.read(project.layouts + "/fonts/Brand.otf")
    font.append(0)
    try Data(font).write(to: URL(fileURLWithPath: project.layouts + "/fonts/Brand.otf"))
    let (afterFont, fontCached) = verify(project)
    #expect(afterFont.status == 0 && fontCached == 6, "badge's 3 modes drawn: \(afterFont.stdout)")
    // An image file with bytes after its end: the same pixels, another file.
    var logo = try Paths.read(project.layouts + "/images/logo.png")
    logo += Array("trailing".utf8)
    try Data(logo).write(to: URL(fileURLWithPath: project.layouts + "/images/logo.png"))
    let (afterImage, imageCached) = verify(project)
    #expect(afterImage.status == 0 && imageCached == 8, "only the badge's light mode uses logo.png: \(afterImage.stdout)")
    // A changed colour misses and fails: the cache never passes what differs.
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let (changed, changedCached) = verify(project)
    #expect(changed.status == 1, "\(changed.stdout)")
    #expect(changed.stdout.contains("FAIL card/light"))
    #expect(changedCached < 9)
  }

  @Test func anotherBuildMissesEveryKey() throws {
    let project = try TestProject()
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let list = try loaded.snapshots(modes: loaded.theme.modes)[0].displayList(theme: loaded.theme)
    let fonts = FontDigests(budget: 16)
    let here = try #require(RenderKey.of(list, fonts: fonts))
    #expect(RenderKey.of(list, fonts: fonts) == here, "the same list, the same key")
    #expect(RenderKey.of(list, fonts: fonts, build: ContentHash("another build")) != here)
    #expect(RenderKey.of(list, fonts: fonts, build: nil) == nil, "no identity, no cache")
  }

  @Test func aDamagedCacheIsIgnoredAndRewrittenNeverAnError() throws {
    let project = try project()
    let file = project.path + "/.darkroom/cache/renders"
    var bytes = try Paths.read(file)
    bytes[bytes.count / 2] ^= 0x20
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let (run, cached) = verify(project)
    #expect(run.status == 0 && cached == 0, "\(run.stdout)")
    #expect(run.stderr.contains(".darkroom/cache/renders: warning: the render cache was damaged or unreadable; it is rebuilt"))
    #expect(verify(project).cached == 9, "rewritten whole")
    // A cache whose entries lie (with a valid checksum) still cannot pass a change:
    // its digest is compared with the golden's, and a mismatch draws the snapshot.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init).dropLast().map { line in
      guard let space = line.firstIndex(of: " "), line.count == 32 + 1 + 40 else { return line }
      return String(line[..<space]) + " v2 xxh3:" + String(repeating: "0", count: 32)
    }
    let body = lines.joined(separator: "\n") + "\n"
    try (body + "check \(ContentHash(body))\n").write(toFile: file, atomically: true, encoding: .utf8)
    let (lied, liedCached) = verify(project)
    #expect(lied.status == 0 && liedCached == 0, "\(lied.stdout)")
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
    #expect(verify(project).0.status == 0, "a folder where the file belongs is no error either")
  }

  @Test func noCacheNeitherReadsNorWritesIt() throws {
    let project = try TestProject()
    #expect(darkroom(["record", "--no-cache"], in: project.path).status == 0)
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom/cache"))
    #expect(verify(project).cached == 0)
    #expect(verify(project).cached == 9)
    #expect(verify(project, ["--no-cache"]).cached == 0)
    try project.folder.write("darkroom.yml", "cache: false\n")
    #expect(verify(project).cached == 0)
    // --full and --sheets need the pixels, so they draw.
    try FileManager.default.removeItem(atPath: project.path + "/darkroom.yml")
    #expect(verify(project, ["--full"]).cached == 0)
    #expect(verify(project, ["--sheets"]).cached == 0)
  }
}
