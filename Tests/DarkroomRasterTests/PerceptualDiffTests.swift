import Foundation
import DarkroomRaster
import Testing

@testable import DarkroomRaster

/// pixelmatch's own test cases (v7.2.0, copied with their licence into
/// Fixtures/pixelmatch from shared/fixtures): the same mismatch counts and the same
/// diff images, pixel for pixel.
@Suite("Perceptual diff (pixelmatch cases)")
struct PerceptualDiffTests {
  struct Case: Sendable, CustomStringConvertible {
    let a: String, b: String, diff: String, options: String, expected: Int
    var description: String { "\(a) \(b) \(options)" }
  }

  static let cases: [Case] = {
    let url = Paths.fixtures.appendingPathComponent("pixelmatch/CASES.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let f = line.split(separator: "\t").map(String.init)
      guard f.count == 5, let n = Int(f[4]) else { return nil }
      return Case(a: f[0], b: f[1], diff: f[2], options: f[3], expected: n)
    }
  }()

  static func options(_ text: String) -> PerceptualDiff.Options {
    var options = PerceptualDiff.Options()
    func color(_ v: Substring) -> (UInt8, UInt8, UInt8) {
      let c = v.split(separator: ",").compactMap { UInt8($0) }
      return (c[0], c[1], c[2])
    }
    for word in text.split(separator: " ") {
      let parts = word.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "threshold": options.threshold = Double(parts[1]) ?? 0.1
      case "includeAA": options.includeAA = parts[1] == "true"
      case "diffMask": options.diffMask = parts[1] == "true"
      case "alpha": options.alpha = Double(parts[1]) ?? 0.1
      case "aaColor": options.aaColor = color(parts[1])
      case "diffColor": options.diffColor = color(parts[1])
      case "diffColorAlt": options.diffColorAlt = color(parts[1])
      default: Issue.record("unknown option \(parts[0])")
      }
    }
    return options
  }

  static func image(_ name: String) throws -> StraightImage {
    try StraightImage.decodePNG(try Paths.fixture("pixelmatch/" + name)).image
  }

  @Test func allTwelveCasesAreListed() { #expect(Self.cases.count == 12) }

  @Test(arguments: cases)
  func reproducesPixelmatch(_ c: Case) throws {
    let result = PerceptualDiff(try Self.image(c.a), try Self.image(c.b), options: Self.options(c.options))
    #expect(result.differingPixels == c.expected)
    let expected = try Self.image(c.diff)
    var wrong = 0
    var first: Int?
    for i in stride(from: 0, to: expected.bytes.count, by: 4)
    where expected.bytes[i..<(i + 4)] != result.image.bytes[i..<(i + 4)] {
      wrong += 1
      if first == nil { first = i / 4 }
    }
    #expect(wrong == 0, "\(wrong) diff-image pixels differ, first at index \(first ?? -1): expected \(first.map { Array(expected.bytes[($0 * 4)..<($0 * 4 + 4)]) } ?? []), got \(first.map { Array(result.image.bytes[($0 * 4)..<($0 * 4 + 4)]) } ?? [])")
  }
}
