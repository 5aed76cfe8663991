import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// A file under the size limit must not ask for unbounded time or memory: every
/// reader counts what it builds while it parses and stops at its limit, located,
/// and a run's snapshots are counted before anything is drawn.
@Suite("Input costs")
struct InputCostTests {
  func failure(_ text: String, limits: YAMLDocument.Limits) -> YAMLDocument.Failure? {
    do {
      _ = try YAMLDocument(text, file: "f.yml", limits: limits)
      return nil
    } catch {
      return error
    }
  }

  @Test func aWideFlowMappingStopsAtTheValueLimitWhereItPassesIt() throws {
    let keys = (0..<100).map { "k\($0): 1" }.joined(separator: ", ")
    let text = "{\(keys)}"
    let stopped = try #require(failure(text, limits: .init(values: 50)))
    #expect(stopped.message == "the file holds more than 50 values (keys included); a file may hold at most 50")
    // The 51st value is k24's value (the mapping counts as one, then a key and a value each pair).
    let k24 = try #require(text.range(of: "k24: 1"))
    #expect(stopped.line == 1 && stopped.column == text.distance(from: text.startIndex, to: k24.lowerBound) + 6, "\(stopped)")
    #expect(failure("{\(keys)}", limits: .init(values: 201)) == nil)
  }

  @Test func aLongListAndDeepNestingStopAtTheirLimits() throws {
    let list = "[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]"
    #expect(try #require(failure(list, limits: .init(values: 999))).message.hasPrefix("the file holds more than 999 values"))
    let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    let nested = try #require(failure(deep, limits: .init(depth: 30)))
    #expect(nested.message == "nested more than 30 levels deep" && nested.column == 31, "\(nested)")
  }

  @Test func aliasesShareTheirValueAndCannotBeKeysOrHoldThemselves() throws {
    let shared = try YAMLDocument("a: &x [1, 2]\nb: *x\n", file: "f.yml")
    #expect(shared.records.count == 6, "the alias adds no copy: the mapping, a, the list and its two items, b")
    #expect(try #require(failure("a: &x 1\n? *x\n: 2\n", limits: .init())).message == "an alias may not be a mapping key (*x)")
    #expect(try #require(failure("a: &x [1, *x]\n", limits: .init())).message == "the alias '*x' refers to a value that holds it")
    let unknown = try #require(failure("a: 1\nb: *y\n", limits: .init()))
    #expect(unknown.message.hasPrefix("unknown alias '*y'") && unknown.line == 2 && unknown.column == 4, "\(unknown)")
  }

  @Test func aKeyWrittenTwiceIsReportedWhereItIsWrittenAgain() throws {
    let small = try #require(failure("a: 1\nb: 2\na: 3\n", limits: .init()))
    #expect(small.message == "duplicate key 'a' (first at line 1)" && small.line == 3 && small.column == 1)
    // Past sixteen keys the mapping's keys are hashed: the same answer.
    let many = (0..<40).map { "k\($0): 1" }.joined(separator: "\n") + "\nk3: 2\n"
    let big = try #require(failure(many, limits: .init()))
    #expect(big.message == "duplicate key 'k3' (first at line 4)" && big.line == 41)
  }

  @Test func jsonSurrogatePairsAndTabsReadAsJSONMeansThem() throws {
    let node = try YAMLNode.parseJSON("{\t\"a\": \"\\ud83d\\ude00 \\\\ud83d \\/\"}", file: "f.json")
    let value = try #require(try node.mapping("x").first).value
    #expect(try value.string("a") == "\u{1F600} \\ud83d /")
  }

  @Test func theDefaultLimitsAreThoseTheReadmeStates() throws {
    let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    for (limit, number) in [
      ("values", YAMLDocument.maximumValues), ("levels", YAMLDocument.maximumDepth),
      ("elements", ElementBudget.maximumElements), ("width", StringFormatter.maximumWidth),
      ("characters", Localization.maximumLength), ("snapshots", SnapshotCap.defaultLimit),
    ] {
      let spelled = number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
      #expect(readme.contains(spelled), "README does not state the \(limit) limit, \(spelled)")
    }
  }

  @Test func anXMLFileOfTooManyElementsIsRefusedAtTheOneOverTheLimit() throws {
    let project = try TestProject()
    let elements = String(repeating: "<a/>", count: ElementBudget.maximumElements)
    _ = try project.folder.write("res/values/strings.xml", "<resources>\n<string name=\"k\">v</string>\(elements)</resources>\n")
    try project.edit("Layouts/theme.yml", "palette:", "strings: [../res]\nlocales: [en]\npalette:")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("res/values/strings.xml:2:") && run.stderr.contains("more than 200000 elements"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/out"))
  }

  @Test func aFormatWidthIsRefusedBeforeItIsPadded() throws {
    #expect(throws: StringFormatError.self) { try StringFormatter.format("%1$1000000d", with: [.integer(1)]) }
    do {
      _ = try StringFormatter.format("%1$1000000d", with: [.integer(1)])
    } catch {
      #expect(error.message == "'%1$1000000d' asks for a width of 1000000; a specifier's width is at most 1000")
    }
    #expect(try StringFormatter.format("%1000d", with: [.integer(7)]).count == 1000)
    // The text stops growing at its limit, whatever the widths add up to.
    let many = String(repeating: "%1$900d", count: 20)
    do {
      _ = try StringFormatter.format(many, with: [.integer(1)])
      Issue.record("expected the limit")
    } catch {
      #expect(error.message.contains("gives more than 10000 characters"), "\(error.message)")
    }
  }

  @Test func aStringsFileWhoseFormatAsksForMegabytesFailsAtItsKey() throws {
    let project = try TestProject()
    let value = String(repeating: "%1$1000000d", count: 300)
    _ = try project.folder.write("en.lproj/Localizable.strings", "\"title\" = \"\(value)\";\n")
    try project.edit("Layouts/theme.yml", "palette:", "strings: [../en.lproj/Localizable.strings]\npalette:")
    try project.edit("Layouts/card.yml", "text: \"Orders\"", "text: { key: title, args: [3] }")
    let run = darkroom(["render", "--out", "out"], in: project.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("Layouts/card.yml:") && run.stderr.contains("asks for a width of 1000000"), "\(run.stderr)")
  }

  @Test func aRunPastTheSnapshotCapIsRefusedAtTheModesBeforeDrawing() throws {
    let project = try TestProject(goldens: false)
    let modes = (0..<400).map { "  m\($0): { style: dark }" }.joined(separator: "\n")
    let theme = try String(contentsOfFile: project.layouts + "/theme.yml", encoding: .utf8)
    let edited = theme.replacing(/\nmodes:\n(  .*\n)+/, with: "\nmodes:\n\(modes)\n")
    try edited.write(toFile: project.layouts + "/theme.yml", atomically: true, encoding: .utf8)
    let modesLine = edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "modes:" }.map { $0 + 1 }
    _ = try project.folder.write("darkroom.yml", "maxSnapshots: 1000\n")
    let refused = darkroom(["verify"], in: project.path)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix("Layouts/theme.yml:\(modesLine ?? 0):1: error: this run would draw 1200 snapshots (2 layouts and the palette sheet × 400 modes"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("--max-snapshots"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/.darkroom/report"))
    // The flag raises the cap; narrowing the modes brings the run under it.
    #expect(darkroom(["render", "--out", "out", "--modes", "m1", "--max-snapshots", "1000"], in: project.path).status == 0)
    let raised = darkroom(["render", "--out", "out2", "--max-snapshots", "1300", "--only", "card/m1"], in: project.path)
    #expect(raised.status == 0, "\(raised.stderr)")
  }

  @Test(arguments: [
    ["render", "--jobs", "9223372036854775807"], ["render", "--jobs", "0"], ["verify", "--max-pixels", "99999999999"],
    ["render", "--max-snapshots", "0"], ["bench", "--iterations", "9223372036854775807"],
    ["screenshots", "--jobs", "2000"],
  ])
  func aNumericFlagOutOfItsRangeIsOneLine(_ arguments: [String]) throws {
    let project = try TestProject()
    let run = darkroom(arguments, in: project.path)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("must be between"), "\(run.stderr)")
  }
}

extension Integration {
  /// A large input read at its real size: what a quadratic reader took minutes over.
  @Suite("Input costs: a property list of 20,000 keys")
  struct LargePropertyListTests {
    @Test func aPropertyListOfManyKeysIsReadInTimeProportionalToItsSize() throws {
      // A dict's entries grew by a copy each: 160,000 keys ran for minutes.
      let keys = (0..<20_000).map { "<key>k\($0)</key><string>v</string>" }.joined()
      let folder = try TemporaryFolder()
      let file = try folder.write("a.plist", "<plist version=\"1.0\"><dict>\(keys)</dict></plist>")
      guard case .dictionary(let entries, _) = try PropertyListNode.read(file, what: "a list") else {
        Issue.record("expected a dict")
        return
      }
      #expect(entries.count == 20_000 && entries.last?.key == "k19999")
    }
  }
}
