import Foundation
import DarkroomSwiftColors

/// The small Swift files the reader's tests read, written here.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The fixture `name`, read as a Swift file named by its file name.
  static func file(_ name: String) throws -> SwiftFile {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    return try SwiftFile(path: name, text: text)
  }

  /// The colours of the fixtures `names`, read together, by name.
  static func colours(_ names: String...) throws -> [String: SwiftColorDeclaration] {
    let declarations = try SwiftColorReader.read(try names.map(file))
    return Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
