import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// docs/fidelity.md's colour, Dynamic Type and tracking tables are what Darkroom draws, so the
/// document a reviewer checks against Apple's values cannot drift from the code.
@Suite("docs/fidelity.md")
struct FidelityDocTests {
  let rows: [[String]]
  init() throws {
    let text = try String(contentsOf: Paths.repository.appendingPathComponent("docs/fidelity.md"), encoding: .utf8)
    rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
      line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
    }
  }

  @Test func theColourTableIsWhatEverySystemColourResolvesTo() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let table = rows.filter { $0[0].hasPrefix("system.") && !$0[0].hasPrefix("system.chrome.") }
    #expect(table.count == SystemColor.allCases.count)
    for row in table {
      for (traits, written) in zip(SystemColorValueTests.traits, row[2...9]) {
        let hex = theme.resolve(.named(row[0]), in: traits).hex.dropFirst()
        #expect(hex == written || hex + "ff" == written, "\(row[0]) \(traits)")
      }
      #expect(SystemColors.name(forUIKit: row[1]) == row[0])
    }
  }

  @Test func theChromeColourTableIsWhatTheComponentsDrawWith() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    let table = rows.filter { $0[0].hasPrefix("system.chrome.") }
    #expect(table.count == ChromeColor.allCases.count)
    for row in table {
      let name = String(row[0].split(separator: " ")[0])
      for (traits, written) in zip([Traits(), Traits(style: .dark)], row[1...2]) {
        let hex = theme.resolve(.named(name), in: traits).hex.dropFirst()
        #expect(hex == written || hex + "ff" == written, "\(name) \(traits)")
      }
    }
  }

  @Test func theDynamicTypeTableIsEveryStylesSizeAndLeading() throws {
    let table = rows.filter { TextStyle(rawValue: $0[0]) != nil }
    #expect(table.count == TextStyle.allCases.count)
    for row in table {
      let style = try #require(TextStyle(rawValue: row[0]))
      #expect(row[1] == style.weight.rawValue && row[2] == style.emphasizedWeight.rawValue, "\(style)")
      for (size, cell) in zip(Traits.ContentSize.allCases, row[3...]) {
        #expect(cell == "\(Int(style.size(at: size))) / \(Int(style.lineHeight(at: size)))", "\(style) at \(size)")
      }
    }
  }

  @Test func theTrackingTableIsSFProsTrackingAtEverySize() throws {
    let text = try String(contentsOf: Paths.repository.appendingPathComponent("docs/fidelity.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## The system font").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    var written: [(size: Double, points: Double)] = []
    for line in section.split(separator: "\n") where line.hasPrefix("| ") && line.first(where: \.isNumber) != nil {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      for pair in stride(from: 0, to: cells.count - 1, by: 2) {
        let size = try #require(Double(cells[pair].replacingOccurrences(of: " pt", with: "")))
        let points = try #require(Double(cells[pair + 1].replacingOccurrences(of: "−", with: "-")))
        written.append((size, points))
      }
    }
    #expect(written.count == SFProTracking.rows.count)
    for (row, cell) in zip(SFProTracking.rows, written) {
      #expect(row.size == cell.size && row.points == cell.points, "\(row) against \(cell)")
    }
  }
}
