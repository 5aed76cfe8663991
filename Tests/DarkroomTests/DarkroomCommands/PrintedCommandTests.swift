import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Every command Darkroom prints for a person to run is made of words quoted for
/// POSIX shells: pasted into `sh`, it runs `darkroom` with exactly those words,
/// whatever a pull request named its folders.
@Suite("Printed commands")
struct PrintedCommandTests {
  /// Words a pull request could choose, each of which a shell would act on unquoted.
  static let hostile = [
    "G$(touch PWNED)", "G`touch PWNED`", "G; touch PWNED", "G | touch PWNED", "G'quote\"double", "-rf",
    "Gölden ✓", "G*", "~/G", "G&&touch PWNED", "#G", "G\\", "",
  ]

  /// What `sh` passes to a program for `text`: the words, each on a line of its own
  /// (a word holding no newline), with nothing else run.
  func wordsAsTheShellReadsThem(_ text: String) throws -> (words: [String], sideEffects: [String]) {
    let folder = try TemporaryFolder()
    let script = "darkroom() { for word in \"$@\"; do printf '%s\\n' \"$word\"; done; }\n" + text + "\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let created = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    var words = String(decoding: output, as: UTF8.self).components(separatedBy: "\n")
    words.removeLast()
    return (words, created)
  }

  @Test(arguments: hostile)
  func aWordFromInputReachesTheProgramAsItIs(_ word: String) throws {
    let command = ShellCommand(["darkroom", "record"]).adding("--golden", word).adding("--only", "card/dark")
    let text = try #require(command.text)
    let read = try wordsAsTheShellReadsThem(text)
    #expect(read.sideEffects.isEmpty, "the shell ran something: \(read.sideEffects) from \(text)")
    // A value starting with `-` is joined to its option, so it is not read as one.
    let expected = word.hasPrefix("-") ? ["record", "--golden=" + word] : ["record", "--golden", word]
    #expect(read.words == expected + ["--only", "card/dark"], "\(text)")
  }

  @Test(arguments: ["G\nnext line", "G\u{1B}[31m", "G\u{202E}deliver", "G\u{2028}", "G\u{7}"])
  func aWordThatCannotBePrintedOnOneLineGivesNoCommand(_ word: String) {
    let command = ShellCommand(["darkroom", "record"]).adding("--golden", word)
    #expect(command.text == nil)
    guard case .instruction(let text) = Acceptance.running(command) else {
      Issue.record("expected an instruction")
      return
    }
    #expect(!text.contains(word))
  }

  @Test func plainWordsStayAsTheyAre() {
    let command = ShellCommand(["darkroom", "record"]).adding("--golden", "Golden/ios_16").adding("--only", "cells/dark.de,a/b")
    #expect(command.text == "darkroom record --golden Golden/ios_16 --only cells/dark.de,a/b")
    let test = ShellCommand(["swift", "test"], environment: [.init("DARKROOM_RECORD", "failed")]).adding("--filter", "a b")
    #expect(test.text == "DARKROOM_RECORD=failed swift test --filter 'a b'")
  }

  @Test func aGroupsCommandJoinsItsMembersNamesAndStaysQuoted() throws {
    let golden = "G$(touch PWNED)"
    func outcome(_ name: String) -> SnapshotOutcome {
      var outcome = SnapshotOutcome(name: name, layout: "card", mode: String(name.dropFirst(5)), status: .failed)
      outcome.accept = .running(ShellCommand(["darkroom", "record"]).adding("--golden", golden).adding("--only", name))
      return outcome
    }
    let joined = try #require(ChangeGroups.acceptance([outcome("card/light"), outcome("card/dark")]))
    #expect(joined.isCommand)
    let read = try wordsAsTheShellReadsThem(joined.description)
    #expect(read.sideEffects.isEmpty)
    #expect(read.words == ["record", "--golden", golden, "--only", "card/light,card/dark"])
  }

  /// The accept command of a project whose `darkroom.yml` names a hostile golden
  /// folder, everywhere a run writes it: the terminal, `results.json`,
  /// `report-data.js` (the page copies exactly that text).
  @Test func theAcceptCommandsOfAHostileGoldenFolderAreQuotedInEveryOutput() throws {
    let project = try TestProject()
    let golden = "G$(touch PWNED);x"
    try FileManager.default.moveItem(atPath: project.golden, toPath: project.path + "/" + golden)
    _ = try project.folder.write("darkroom.yml", "golden: '\(golden)'\n")
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#3c64f5\"")
    let run = darkroom(["verify"], in: project.path)
    #expect(run.status == 1, "\(run.stderr)")
    let results = try String(contentsOfFile: project.path + "/.darkroom/report/results.json", encoding: .utf8)
    let data = try reportData(project.path + "/.darkroom/report")
    var commands: [String] = []
    for text in [results, data] {
      for match in text.matches(of: /"(?:accept|command)":"((?:[^"\\]|\\.)*)"/) {
        let decoded = try JSONDecoder().decode(String.self, from: Data("\"\(match.1)\"".utf8))
        if decoded.hasPrefix("darkroom ") { commands.append(decoded) }
      }
    }
    #expect(!commands.isEmpty, "no accept command found in \(results.prefix(400))")
    for command in commands {
      let read = try wordsAsTheShellReadsThem(command)
      #expect(read.sideEffects.isEmpty, "\(command)")
      #expect(read.words.prefix(3) == ["record", "--golden", golden], "\(command)")
    }
  }
}
