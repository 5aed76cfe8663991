import Foundation
import Testing

/// The layers of `docs/architecture.md`, held to: a target depends on, and its files
/// import, only targets on a lower line of the map's list. The compiler refuses an
/// import a target does not declare; this refuses a declaration that reaches up.
@Suite("Layers")
struct LayerTests {
  /// A target's line in the map's list of layers, by name.
  typealias Layers = [String: Int]

  /// Something that reaches a layer it may not.
  struct Violation: Equatable, CustomStringConvertible {
    let target: String
    let reaches: String
    let through: String
    var description: String { "\(target) reaches \(reaches), not below it, through \(through)" }
  }

  /// The numbered list under "## Layers".
  static func layers(in map: String) throws -> Layers {
    let start = try #require(map.range(of: "## Layers"))
    let rest = map[start.upperBound...]
    let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    var layers: Layers = [:]
    for line in section.split(separator: "\n") {
      guard let dot = line.firstIndex(of: "."), let level = Int(line[..<dot]) else { continue }
      // Names stand between backticks: every other piece of the line.
      for (index, piece) in line[dot...].split(separator: "`", omittingEmptySubsequences: false).enumerated()
      where index % 2 == 1 {
        layers[String(piece)] = level
      }
    }
    return layers
  }

  /// Each target of a manifest and the targets its `dependencies:` name (products
  /// of other packages left out).
  static func dependencies(in manifest: String) throws -> [String: [String]] {
    let target = try NSRegularExpression(
      pattern: #"\.(?:target|executableTarget|systemLibrary)\(\s*name: "([A-Za-z]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
    // A target's name stands alone in the list; `name:` and `package:` are a product's.
    let quoted = try NSRegularExpression(pattern: #"(?<!: )"([A-Za-z]+)""#)
    var result: [String: [String]] = [:]
    for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
      guard let name = Range(match.range(at: 1), in: manifest).map({ String(manifest[$0]) }) else { continue }
      let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
      result[name] = quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)).compactMap {
        Range($0.range(at: 1), in: list).map { String(list[$0]) }
      }
    }
    return result
  }

  /// The modules a Swift file imports: `import M`, `@testable import M`, and a
  /// declaration's import (`import struct M.Name`).
  static func imports(in source: String) -> [String] {
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
    return source.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else {
        return nil
      }
      let rest = words[(index + 1)...].drop { kinds.contains($0) }
      return rest.first.map { String($0.prefix { $0 != "." }) }
    }
  }

  /// What reaches sideways or up: each target's dependencies and each file's imports
  /// (`files` by target), against `layers`. A target not in `layers` is a violation of
  /// its own.
  static func violations(layers: Layers, dependencies: [String: [String]], files: [String: [String: String]])
    -> [Violation]
  {
    var found: [Violation] = []
    for (target, needs) in dependencies.sorted(by: { $0.key < $1.key }) {
      guard let level = layers[target] else {
        found.append(Violation(target: target, reaches: "no layer", through: "docs/architecture.md"))
        continue
      }
      for need in needs where (layers[need] ?? Int.max) >= level {
        found.append(Violation(target: target, reaches: need, through: "Package.swift"))
      }
      for (file, source) in (files[target] ?? [:]).sorted(by: { $0.key < $1.key }) {
        for module in imports(in: source) where dependencies[module] != nil && (layers[module] ?? Int.max) >= level {
          found.append(Violation(target: target, reaches: module, through: file))
        }
      }
    }
    return found
  }

  /// The Swift files of each target under `Sources/`, by path.
  static func sourceFiles() throws -> [String: [String: String]] {
    var files: [String: [String: String]] = [:]
    for (relative, text) in try Paths.swiftSources() {
      files[String(relative.prefix { $0 != "/" }), default: [:]][relative] = text
    }
    return files
  }

  @Test func everyTargetDependsOnAndImportsOnlyTheLayersBelowIt() throws {
    let root = Paths.repository
    let map = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let layers = try Self.layers(in: map)
    let dependencies = try Self.dependencies(in: manifest)
    #expect(dependencies.count >= 20)
    #expect(dependencies["DarkroomRendering"] == ["DarkroomFoundation", "DarkroomRaster", "DarkroomSwiftColors"])
    #expect(Self.violations(layers: layers, dependencies: dependencies, files: try Self.sourceFiles()) == [])
  }

  @Test func aTargetThatReachesUpOrSidewaysIsNamedWithHowItDoes() throws {
    let layers = try Self.layers(in: "## Layers\n\n1. `Low`\n2. `Middle`, `Side`\n3. `High`\n\n## Next\n4. `Ignored`")
    #expect(layers == ["Low": 1, "Middle": 2, "Side": 2, "High": 3])
    let manifest = """
      .target(name: "Low"),
      .target(
        name: "Middle",
        dependencies: ["Low", "High", .product(name: "Parser", package: "parser")]),
      .target(name: "Side", dependencies: ["Low"]),
      .target(name: "High", dependencies: ["Middle"]),
      .target(name: "Stray"),
      """
    let dependencies = try Self.dependencies(in: manifest)
    #expect(dependencies["Middle"] == ["Low", "High"])
    let files = [
      "Side": ["Side/A.swift": "import Foundation\n@testable import Middle\n"],
      "High": ["High/B.swift": "@_exported import Middle\nimport Low\n"],
      "Low": ["Low/C.swift": "import struct High.Thing\n"],
    ]
    #expect(
      Self.violations(layers: layers, dependencies: dependencies, files: files) == [
        Violation(target: "Low", reaches: "High", through: "Low/C.swift"),
        Violation(target: "Middle", reaches: "High", through: "Package.swift"),
        Violation(target: "Side", reaches: "Middle", through: "Side/A.swift"),
        Violation(target: "Stray", reaches: "no layer", through: "docs/architecture.md"),
      ])
  }
}
