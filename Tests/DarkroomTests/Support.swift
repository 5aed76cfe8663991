import Foundation
import Testing

@testable import Darkroom

/// Paths of the repository and of the test fixtures, found from this file.
enum Paths {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let fixtures = tests.appendingPathComponent("Fixtures")
  static let repository = tests.deletingLastPathComponent().deletingLastPathComponent()
  static let layouts = repository.appendingPathComponent("Layouts").path
  static let golden = repository.appendingPathComponent("Golden").path

  static func fixture(_ name: String) throws -> [UInt8] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return [UInt8](data)
  }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "darkroom-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes a text file relative to the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = (path as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Copies a file or folder into this folder under `name`.
  func copy(_ source: String, as name: String) throws -> String {
    let destination = (path as NSString).appendingPathComponent(name)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
    return destination
  }
}

/// Every file below `root` with its bytes, for "nothing changed" checks.
func snapshotOfFiles(_ root: String) -> [String: Data] {
  var files: [String: Data] = [:]
  guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
  for case let relative as String in enumerator {
    let full = (root as NSString).appendingPathComponent(relative)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
      files[relative] = FileManager.default.contents(atPath: full)
    }
  }
  return files
}

/// A small theme for tests, written the way users write them.
let testTheme = """
  palette:
    blue40: "#3c64f4"
    grey10: "#f5f7fa"
    grey60: "#5e637a"
    grey70: "#313440"
  colors:
    background: { any: "#ffffff", dark: "#000000", dark-elevated: "#20222a" }
    primaryText: { any: grey70, dark: grey10 }
    actionBackground: { any: blue40, dark: grey60 }
    actionBorder: darken(actionBackground, 0.2)
  """
