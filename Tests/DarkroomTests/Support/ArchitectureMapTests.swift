import Foundation
import Testing

/// `docs/architecture.md` is the map of the code; these tests keep it true, as the
/// compiler keeps a module's index of files true: every target and folder is on it,
/// nothing it names is missing, and its lists of the files that call C and that touch
/// unsafe pointers are exactly those files.
@Suite("Architecture map")
struct ArchitectureMapTests {
  let map: String
  let sources = Paths.repository.appendingPathComponent("Sources").path

  init() throws {
    map = try String(contentsOf: Paths.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
  }

  /// Every folder below `Sources/`, relative to it, deepest included.
  func folders() -> [String] {
    let manager = FileManager.default
    var found: [String] = []
    for case let relative as String in manager.enumerator(atPath: sources) ?? FileManager.DirectoryEnumerator() {
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: sources + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
        found.append(relative)
      }
    }
    return found.sorted()
  }

  /// The Swift files below `Sources/` whose text matches `pattern`, relative to it.
  func swiftFiles(matching pattern: String) throws -> Set<String> {
    let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    return Set(
      try Paths.swiftSources().filter { _, text in
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
      }.keys)
  }

  /// The `Target/…/File.swift` paths written in backticks in one section of the map.
  func listedFiles(in heading: String) throws -> Set<String> {
    let start = try #require(map.range(of: "## " + heading))
    let rest = map[start.upperBound...]
    let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    let expression = try NSRegularExpression(pattern: "`([A-Za-z]+/[A-Za-z+/]+\\.swift)`")
    let text = String(section)
    return Set(
      expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range(at: 1), in: text).map { String(text[$0]) }
      })
  }

  @Test func everyFolderUnderSourcesIsOnTheMap() {
    // A target's own folder is named in the table of targets; the folders in it by path.
    for folder in folders() {
      let name = folder.contains("/") ? "`\(folder)/`" : "`\(folder)`"
      let mentioned = map.contains(name)
      #expect(mentioned, "docs/architecture.md does not mention \(name)")
    }
  }

  @Test func everyFolderTheMapNamesExists() throws {
    let expression = try NSRegularExpression(pattern: "`((?:C|Darkroom)[A-Za-z]*/[A-Za-z./]*/)`")
    let named = expression.matches(in: map, range: NSRange(map.startIndex..., in: map)).compactMap {
      Range($0.range(at: 1), in: map).map { String(map[$0]) }
    }
    #expect(named.count > 30)
    for folder in named {
      var isFolder: ObjCBool = false
      #expect(
        FileManager.default.fileExists(atPath: sources + "/" + folder, isDirectory: &isFolder) && isFolder.boolValue,
        "docs/architecture.md names \(folder), which is not a folder under Sources/")
    }
  }

  @Test func everyTargetIsOnTheMap() throws {
    let package = try String(contentsOf: Paths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
    let expression = try NSRegularExpression(pattern: "\\.(?:target|testTarget|executableTarget|systemLibrary)\\(\\s*name: \"([A-Za-z]+)\"")
    let targets = expression.matches(in: package, range: NSRange(package.startIndex..., in: package)).compactMap {
      Range($0.range(at: 1), in: package).map { String(package[$0]) }
    }
    #expect(targets.count >= 18)
    for target in targets {
      let mentioned = map.contains("`\(target)`")
      #expect(mentioned, "docs/architecture.md does not mention the target \(target)")
    }
  }

  @Test func theFilesThatCallCAreTheOnesTheMapLists() throws {
    let importing = try swiftFiles(matching: "^import C[A-Z][A-Za-z]*$")
    #expect(!importing.isEmpty)
    #expect(try listedFiles(in: "Where C is called") == importing)
  }

  @Test func theFilesThatTouchUnsafePointersAreTheOnesTheMapLists() throws {
    let unsafe = try swiftFiles(matching: "Unsafe[A-Za-z]*Pointer|withUnsafe")
    #expect(!unsafe.isEmpty)
    #expect(try listedFiles(in: "Where unsafe pointers appear") == unsafe)
  }
}
