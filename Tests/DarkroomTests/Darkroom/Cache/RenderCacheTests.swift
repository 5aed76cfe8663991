import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The warm cache: a verify with nothing changed draws nothing, and anything that
/// decides pixels — a colour, a font file, an image file, the build — misses it.
@Suite("Render cache")
struct RenderCacheTests {
  /// A project whose badge is set in a font and shows an image from the project's
  /// own files, so both can be changed.
  func project() throws -> TestProject {
    let project = try TestProject()
    try FileManager.default.createDirectory(atPath: project.layouts + "/fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: try #require(testFonts.library.face(of: "Inter", weight: .regular)).path, toPath: project.layouts + "/fonts/Brand.otf")
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
    #expect(
      run.stderr.contains(
        ".darkroom/cache/renders: warning: the render cache was damaged, unreadable or not signed with this user's key; it is rebuilt"))
    #expect(verify(project).cached == 9, "rewritten whole")
    // A cache whose entries lie, signed with this user's key, still cannot pass a
    // change: its digest is compared with the golden's, and a mismatch draws. Both
    // kinds lie: by display list, and by inputs (`i <key>\t<digest>`).
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lie = "v2 xxh3:" + String(repeating: "0", count: 32)
    let lines = text.split(separator: "\n").map(String.init).dropLast().map { line in
      if line.hasPrefix("i "), let tab = line.firstIndex(of: "\t") { return String(line[..<tab]) + "\t" + lie }
      guard let space = line.firstIndex(of: " "), line.count == 32 + 1 + 40 else { return line }
      return String(line[..<space]) + " " + lie
    }
    let body = lines.joined(separator: "\n") + "\n"
    let key = try #require(CacheAuthentication(file: testCacheKey))
    try (body + "mac \(key.mac(Array(body.utf8)))\n").write(toFile: file, atomically: true, encoding: .utf8)
    let (lied, liedCached) = verify(project)
    #expect(lied.status == 0 && liedCached == 0, "\(lied.stdout)")
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
    #expect(verify(project).0.status == 0, "a folder where the file belongs is no error either")
  }

  @Test func aForgedCacheIsAMissNeverAPass() throws {
    // The attack: a changed theme, and a cache that maps every snapshot's new key to
    // its golden's digest — what a pull request or a poisoned CI cache could write.
    let project = try project()
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let loaded = try Project.load(layoutsDirectory: project.layouts)
    let fonts = FontDigests(budget: 64)
    var body = "darkroom render cache 3\nbuild \(try #require(BuildIdentity.current))\n"
    for snapshot in loaded.snapshots(modes: loaded.theme.modes) {
      let list = try snapshot.displayList(theme: loaded.theme)
      let golden = try Paths.read(project.golden + "/\(snapshot.name).png")
      body += "\(try #require(RenderKey.of(list, fonts: fonts))) \(try #require(PixelDigest.stored(in: golden)))\n"
    }
    let file = project.path + "/.darkroom/cache/renders"
    // Signed with a key of the attacker's own, and with the old format's checksum.
    let otherKey = try TemporaryFolder()
    let forger = try #require(CacheAuthentication(file: otherKey.path + "/key"))
    for forged in ["mac \(forger.mac(Array(body.utf8)))\n", "check \(ContentHash(body))\n"] {
      try (body + forged).write(toFile: file, atomically: true, encoding: .utf8)
      let (run, cached) = verify(project)
      #expect(run.status == 1 && cached == 0, "the change is drawn and fails: \(run.stdout)")
      #expect(run.stderr.contains("not signed with this user's key") || forged.hasPrefix("check"), "\(run.stderr)")
    }
  }

  @Test func aKeyOthersMayReadIsNotUsed() throws {
    let folder = try TemporaryFolder()
    let file = folder.path + "/key"
    #expect(CacheAuthentication(file: file) != nil, "made on first use")
    var info = stat()
    #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "readable by its owner only")
    chmod(file, 0o644)
    #expect(CacheAuthentication(file: file) == nil, "a key others may read is not used (and not replaced)")
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
