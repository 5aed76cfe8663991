import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// `darkroom review --base REF` in real git repositories made here: the fixture
/// project committed, changed, and reviewed against its first commit.
@Suite("Review")
struct ReviewTests {
  private func repository() throws -> TestProject { try GitFixture.repository() }
  private func git(_ arguments: [String], in folder: String) throws { try GitFixture.git(arguments, in: folder) }
  private func commit(_ message: String, in folder: String) throws { try GitFixture.commit(message, in: folder) }
  private func edit(_ file: String, _ change: (String) -> String) throws { try GitFixture.edit(file, change) }

  @Test func nothingChangedIsAnEmptyReview() throws {
    let project = try repository()
    let run = darkroom(["review", "--base", "main"], in: project.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("0 changed, 0 added, 0 removed"))
    // The work tree is as it was: nothing to commit, no goldens written.
    #expect(try GitRepository.git(["status", "--porcelain", "--", "Layouts"], in: project.path).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: project.golden))
  }

  @Test func aChangedPaletteColourExplainsEverySnapshotItChangedInOneGroup() throws {
    let project = try repository()
    // A dirty work tree is reviewed as it is: no commit needed.
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    let run = darkroom(["review", "--base", "main"], in: project.path)
    #expect(run.status == 1)
    let changed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }
    #expect(!changed.isEmpty)
    for line in changed { #expect(line.contains("`blue40` #3c64f4 → #e0642a"), "\(line)") }
    // The semantic colours that alias it follow it, and are named.
    #expect(changed.contains { $0.contains("followed by") && $0.contains("`key`") })
    let summary = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    // The card and the palette sheet in their three modes are one group: that colour
    // and nothing else. The sheet prints the colour's values too, which is the
    // colour's own change, not another cause.
    #expect(
      summary.contains(
        "- `blue40` changed: 6 — `blue40` #3c64f4 → #e0642a (theme\\.yml\\:6\\:3); nothing else differs in their drawings — `card/light`, `card/dark`, `card/elevated`, `palette/light`, `palette/dark`, `palette/elevated`"
      ), "\(summary)")
    #expect(!summary.contains("mixed"), "\(summary)")
    let data = try reportData(project.path + "/.darkroom/report")
    #expect(data.contains(#""cause":["`blue40` #3c64f4 → #e0642a (theme.yml:6:3)"]"#), "\(data.prefix(2000))")
    // The base's render is the golden of each changed snapshot.
    let images = try #require(try reportImages(project.path + "/.darkroom/report", "card/light"))
    #expect(FileManager.default.fileExists(atPath: project.path + "/.darkroom/report/" + (images.golden ?? "")))
  }

  /// The project reads its colours and strings where an app keeps them, beside the
  /// layouts folder (`../Design/Colors.xcassets`), as `init --from xcassets` writes:
  /// the base reads them at the base revision too, and a change to each is a change.
  @Test func theBaseReadsTheFilesTheThemeNamesOutsideTheLayoutsFolder() throws {
    let project = try repository()
    func colorSet(_ hex: String) -> String {
      let (r, g, b) = (hex.prefix(2), hex.dropFirst(2).prefix(2), hex.suffix(2))
      return """
        { "colors": [ { "idiom": "universal", "color": { "color-space": "srgb",
          "components": { "red": "0x\(r)", "green": "0x\(g)", "blue": "0x\(b)", "alpha": "1.000" } } } ],
          "info": { "author": "xcode", "version": 1 } }
        """
    }
    func catalog(_ text: String) -> String {
      "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"title\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(text)\"}}}}}}"
    }
    _ = try project.folder.write("Design/Colors.xcassets/Contents.json", "{ \"info\": { \"author\": \"xcode\", \"version\": 1 } }")
    _ = try project.folder.write("Design/Colors.xcassets/Brand.colorset/Contents.json", colorSet("3C64F4"))
    _ = try project.folder.write("Text/Localizable.xcstrings", catalog("Orders"))
    try edit(project.layouts + "/theme.yml") {
      $0.replacingOccurrences(of: "palette:", with: "sources: [../Design/Colors.xcassets]\nstrings: [../Text/Localizable.xcstrings]\npalette:")
        .replacingOccurrences(of: "  key: blue40", with: "  key: Brand")
    }
    try edit(project.layouts + "/card.yml") { $0.replacingOccurrences(of: "text: \"Orders\"", with: "text: { key: title }") }
    try GitFixture.commit("read the app's own catalogs", in: project.path)
    #expect(darkroom(["review", "--base", "HEAD"], in: project.path).status == 0)

    _ = try project.folder.write("Design/Colors.xcassets/Brand.colorset/Contents.json", colorSet("E0642A"))
    let colour = darkroom(["review", "--base", "HEAD"], in: project.path)
    #expect(colour.status == 1, "\(colour.stderr)")
    #expect(colour.stdout.contains("CHANGED card/light: `Brand` #3c64f4 → #e0642a"), "\(colour.stdout)")

    try GitFixture.git(["checkout", "-q", "--", "Design"], in: project.path)
    _ = try project.folder.write("Text/Localizable.xcstrings", catalog("Invoices"))
    let text = darkroom(["review", "--base", "HEAD"], in: project.path)
    #expect(text.status == 1, "\(text.stderr)")
    #expect(text.stdout.contains("CHANGED card/light: text \"Orders\" → \"Invoices\""), "\(text.stdout)")
  }

  /// A review over the session API, so the base's drawings can be counted.
  private func review(_ project: TestProject, cache: RenderCache?) throws -> (RunSummary, drawn: Int) {
    let session = try project.session()
    let repository = try GitRepository(containing: project.path)
    let cached = SnapshotSession(project: session.project, modes: session.modes, threads: 2, context: session.context, cache: cache)
    let baseline = ReviewBaseline(
      repository: repository, commit: try repository.commit("main"), label: "main", layouts: project.layouts, modes: nil,
      locales: nil, context: session.context, cache: cache)
    let summary = try cached.verify(against: baseline, report: project.path + "/.darkroom/report")
    return (summary, baseline.drawnCount)
  }

  @Test func aSnapshotWhoseDrawingDidNotChangeIsNotDrawnOnEitherSide() throws {
    let project = try repository()
    let (same, drawnSame) = try review(project, cache: nil)
    #expect(same.succeeded)
    #expect(same.outcomes.count > 1)
    // The base lays every snapshot out into the work tree's drawing: nothing is drawn.
    #expect(same.outcomes.allSatisfy { $0.status == .passed && $0.sameDrawing == true })
    #expect(drawnSame == 0)
    #expect(same.decodedGoldens == 0)

    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    let (changed, drawnChanged) = try review(project, cache: nil)
    let failed = changed.outcomes.filter { $0.status == .failed }
    #expect(!failed.isEmpty)
    #expect(changed.outcomes.contains { $0.status == .passed })
    // Only the changed snapshots are drawn (the base's once each, and the members
    // of a mixed cause once more for their full-size images); the others pass on
    // their drawing alone.
    let mixed = failed.filter { ($0.explanation ?? []).count > 1 }.count
    #expect(drawnChanged >= failed.count && drawnChanged <= failed.count + mixed, "\(drawnChanged) of \(failed.count)")
    for outcome in changed.outcomes {
      #expect((outcome.status == .passed) == (outcome.sameDrawing == true), "\(outcome.name)")
    }
  }

  @Test func aSecondReviewFindsTheBasesPixelsInTheCacheAndSaysTheSame() throws {
    let project = try repository()
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    let folder = project.path + "/.darkroom/cache"
    let cache = { RenderCache(folder: folder, keyFile: project.path + "/cache-key") }
    let (first, _) = try review(project, cache: cache())
    let (second, _) = try review(project, cache: cache())
    #expect(first.count(.failed) > 0)
    // The same groups, causes and images from the cache as from drawing.
    #expect(first.outcomes.map(\.status) == second.outcomes.map(\.status))
    #expect(first.outcomes.map(\.cause) == second.outcomes.map(\.cause))
    #expect(first.outcomes.map(\.images) == second.outcomes.map(\.images))
    #expect(second.outcomes.allSatisfy { $0.status == .failed || $0.sameDrawing == true })
    // The cache holds the renders of both sides of every change (header, build and
    // signature lines aside).
    let entries = try String(contentsOfFile: folder + "/renders", encoding: .utf8).split(separator: "\n").count - 3
    #expect(entries >= first.count(.failed) * 2, "\(entries)")
  }

  @Test func aReviewOfInputsAVerifyKnowsLaysOutNeitherSide() throws {
    let project = try repository()
    // A record (a verify would do) learns what every snapshot's inputs draw. The
    // base's files are the work tree's, checked out elsewhere: the same keys.
    #expect(darkroom(["record", "--layouts", project.layouts], in: project.path).status == 0)
    let cache = { RenderCache(folder: project.path + "/.darkroom/cache", keyFile: testCacheKey) }
    let (same, drawn) = try review(project, cache: cache())
    #expect(same.succeeded)
    #expect(same.outcomes.count > 1)
    #expect(same.outcomes.allSatisfy { $0.status == .passed && $0.unchangedInputs == true }, "\(same.outcomes)")
    #expect(drawn == 0)
    // A changed colour changes the work tree's keys, not the base's: the changes are
    // found, and the base is drawn for their images.
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    let (changed, drawnChanged) = try review(project, cache: cache())
    let failed = changed.outcomes.filter { $0.status == .failed }
    #expect(!failed.isEmpty)
    #expect(drawnChanged >= failed.count)
    #expect(failed.allSatisfy { $0.unchangedInputs == nil && $0.images?.golden != nil }, "\(failed)")
    #expect(changed.outcomes.filter { $0.status == .passed }.allSatisfy { $0.sameDrawing == true || $0.fromCache == true })
  }

  @Test func aVerifyAfterAReviewReportsTheWarningsAndCutLabelsTheBaseNeverGathered() throws {
    let project = try repository()
    try project.addCutLabelLayout()
    try commit("cut", in: project.path)
    #expect(darkroom(["record"], in: project.path).status == 0)
    // A commit that changes the file but not its drawing: new input keys, which the
    // review's base learns first, from its pixels alone.
    try edit(project.layouts + "/cut.yml") { "# A comment.\n" + $0 }
    try commit("comment", in: project.path)
    #expect(darkroom(["review", "--base", "HEAD"], in: project.path).status == 0)
    let warm = darkroom(["verify"], in: project.path)
    let cold = darkroom(["verify", "--no-cache", "--report", ".darkroom/cold"], in: project.path)
    #expect(warm.status == 0 && cold.status == 0, "\(warm.stdout)\(cold.stdout)")
    func outcome(_ report: String) throws -> SnapshotOutcome? {
      let data = try Data(contentsOf: URL(fileURLWithPath: project.path + "/" + report + "/results.json"))
      return try JSONDecoder().decode(RunSummary.self, from: data).outcomes.first { $0.name == "cut/dark" }
    }
    let laidOut = try #require(try outcome(".darkroom/cold"))
    let afterReview = try #require(try outcome(".darkroom/report"))
    #expect(!(laidOut.truncations ?? []).isEmpty && !(laidOut.warnings ?? []).isEmpty)
    #expect(afterReview.truncations == laidOut.truncations)
    #expect(afterReview.warnings == laidOut.warnings)
    #expect(try outcome(".darkroom/report")?.unchangedInputs == nil, "laid out once, to learn them")
    #expect(darkroom(["verify"], in: project.path).status == 0)
    #expect(try outcome(".darkroom/report")?.unchangedInputs == true, "and known from then on")
  }

  @Test func aMovedNodeAChangedTextAnAddedLayoutAndARemovedModeAreSaid() throws {
    let project = try repository()
    try edit(project.layouts + "/card.yml") {
      $0.replacingOccurrences(of: "padding: 10\n", with: "padding: 14\n")
        .replacingOccurrences(of: "text: \"Orders\"", with: "text: \"Returns\"")
    }
    try FileManager.default.copyItem(atPath: project.layouts + "/badge.yml", toPath: project.layouts + "/badge2.yml")
    try edit(project.layouts + "/theme.yml") {
      $0.replacingOccurrences(of: "  elevated: { style: dark, level: elevated, scale: 1 }\n", with: "")
    }
    try commit("change", in: project.path)
    let run = darkroom(["review", "--base", "HEAD~1"], in: project.path)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("CHANGED card/light"))
    // The padded stack is named by where it is written.
    #expect(run.stdout.contains("stack (card.yml:7:9) moved from"), "\(run.stdout)")
    #expect(run.stdout.contains("text \"Orders\" → \"Returns\""))
    #expect(run.stdout.contains("ADDED badge2/light"))
    #expect(run.stdout.contains("REMOVED card/elevated"))
    #expect(run.stdout.contains("REMOVED badge/elevated"))
    let results = try String(contentsOfFile: project.path + "/.darkroom/report/summary.md", encoding: .utf8)
    #expect(results.contains("Removed snapshots"))
  }

  @Test func badRefsAndFoldersOutsideGitAreBadInput() throws {
    let project = try repository()
    let unknown = darkroom(["review", "--base", "mian"], in: project.path)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown git revision 'mian'; did you mean 'main'?"), "\(unknown.stderr)")
    #expect(unknown.stderr.split(separator: "\n").count == 1)
    let option = darkroom(["review", "--base", "--output=x"], in: project.path)
    #expect(option.status == 2)
    let outside = try TestProject(goldens: false)
    let noRepository = darkroom(["review", "--base", "main"], in: outside.path)
    #expect(noRepository.status == 2)
    #expect(noRepository.stderr.contains("not a git repository"))
    #expect(!FileManager.default.fileExists(atPath: outside.path + "/.darkroom"))
  }

  @Test func aTagNamedLikeTheBaseCannotChooseWhatTheReviewComparesWith() throws {
    let project = try repository()
    try git(["update-ref", "refs/remotes/origin/main", "main"], in: project.path)
    try git(["checkout", "-q", "-b", "pr"], in: project.path)
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    try commit("pr", in: project.path)
    #expect(darkroom(["review", "--base", "origin/main"], in: project.path).status == 1)
    // A tag `origin/main` on the pull request's own commit: git would take it first
    // and find nothing changed.
    try git(["tag", "origin/main", "HEAD"], in: project.path)
    let tagged = darkroom(["review", "--base", "origin/main"], in: project.path)
    #expect(tagged.status == 2)
    #expect(
      tagged.stderr.contains("ambiguous git revision 'origin/main':") && tagged.stderr.contains("refs/tags/origin/main")
        && tagged.stderr.contains("refs/remotes/origin/main"), "\(tagged.stderr)")
    #expect(darkroom(["review", "--base", "origin/main~0"], in: project.path).status == 2, "the name it starts from")
    #expect(darkroom(["review", "--base", "refs/remotes/origin/main"], in: project.path).status == 1)
    // The default base is the remote branch by its full name.
    #expect(darkroom(["review"], in: project.path).status == 1)
    // A tag naming the same commit as the branch is no ambiguity.
    try git(["tag", "-f", "origin/main", "main"], in: project.path)
    #expect(darkroom(["review", "--base", "origin/main"], in: project.path).status == 1)
  }

  @Test func aToleranceOrANarrowingInTheCheckoutHidesNothingFromAReview() throws {
    let project = try repository()
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "blue40: \"#3c64f4\"", with: "blue40: \"#e0642a\"") }
    let exact = darkroom(["review", "--base", "main"], in: project.path)
    #expect(exact.status == 1)
    let changed = exact.stdout.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }.count
    // The pull request allows every pixel to differ and looks at one mode only, in
    // darkroom.yml and in the changed layout.
    try project.folder.write("darkroom.yml", "compare: { maxRatio: 1 }\nmodes: [light]\n")
    try edit(project.layouts + "/card.yml") { $0.replacingOccurrences(of: "size: [160, 110]", with: "size: [160, 110]\ncompare: { maxRatio: 1 }") }
    let loosened = darkroom(["review", "--base", "main"], in: project.path)
    #expect(loosened.status == 1)
    #expect(loosened.stdout.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }.count == changed, "\(loosened.stdout)")
    // The command line still decides.
    #expect(darkroom(["review", "--base", "main", "--max-ratio", "1"], in: project.path).status == 0)
    // A record mode for verify in darkroom.yml is not a review's: it writes nothing.
    try project.folder.write("darkroom.yml", "record: failed\n")
    #expect(darkroom(["review", "--base", "main"], in: project.path).status == 1)
  }

  @Test func aThemeThatNoLongerLoadsAtTheBaseIsSaidToBeTheBases() throws {
    let project = try repository()
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "  key: blue40\n", with: "  key: bleu40\n") }
    try commit("broken", in: project.path)
    try edit(project.layouts + "/theme.yml") { $0.replacingOccurrences(of: "  key: bleu40\n", with: "  key: blue40\n") }
    let run = darkroom(["review", "--base", "HEAD"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("Layouts/theme.yml:"), "\(run.stderr)")
    #expect(run.stderr.contains("at HEAD:"))
  }
}
