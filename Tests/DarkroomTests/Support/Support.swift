import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Paths of the repository and of the test fixtures, found from this file.
enum Paths {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = tests.appendingPathComponent("Fixtures")
  /// The pixel module's fixtures (PNG files, pixelmatch's cases).
  static let rasterFixtures = repository.appendingPathComponent("Tests/DarkroomRasterTests/Fixtures")
  static let repository = tests.deletingLastPathComponent().deletingLastPathComponent()
  static let layouts = repository.appendingPathComponent("Layouts").path
  static let golden = repository.appendingPathComponent("Golden").path

  static func fixture(_ name: String) throws -> [UInt8] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return [UInt8](data)
  }

  /// Every Swift file below `Sources/`, by its path relative to it, with its text.
  static func swiftSources() throws -> [String: String] {
    let sources = repository.appendingPathComponent("Sources").path
    var files: [String: String] = [:]
    for case let relative as String in FileManager.default.enumerator(atPath: sources) ?? FileManager.DirectoryEnumerator()
    where relative.hasSuffix(".swift") {
      files[relative] = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
    }
    return files
  }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder: Sendable {
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
    var info = stat()
    // Regular files (through links) only: Foundation 6.0's contents(atPath:) waits on a FIFO for a writer.
    if stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
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

/// A copy of the small test project (`Fixtures/project`: a theme, two layouts and
/// an image, 9 snapshots with the palette sheet) in a temporary folder, with its
/// goldens recorded — the project most tests change and verify. A debug build
/// renders all of it in well under a second.
final class TestProject {
  let folder: TemporaryFolder
  var path: String { folder.path }
  var layouts: String { folder.path + "/Layouts" }
  var golden: String { folder.path + "/Golden" }

  /// The fixture's goldens, recorded once per test run and copied into each project.
  private static let recorded: Result<TemporaryFolder, Error> = Result {
    let folder = try TemporaryFolder()
    let project = try Project.load(layoutsDirectory: Paths.fixtures.appendingPathComponent("project/Layouts").path)
    _ = try SnapshotSession(project: project, modes: project.theme.modes).record(golden: folder.path + "/Golden")
    return folder
  }

  /// A fresh copy; `goldens: false` leaves out the golden folder.
  init(goldens: Bool = true) throws {
    folder = try TemporaryFolder()
    _ = try folder.copy(Paths.fixtures.appendingPathComponent("project/Layouts").path, as: "Layouts")
    if goldens { _ = try folder.copy(try Self.recorded.get().path + "/Golden", as: "Golden") }
  }

  /// Replaces `from` with `to` in a file of the project, which must contain it.
  func edit(_ file: String, _ from: String, _ to: String) throws {
    let full = path + "/" + file
    let text = try String(contentsOfFile: full, encoding: .utf8)
    guard text.contains(from) else { throw DarkroomError("'\(from)' is not in \(file)") }
    try text.replacingOccurrences(of: from, with: to).write(toFile: full, atomically: true, encoding: .utf8)
  }

  /// Adds `Layouts/cut.yml`: a label cut to one line, with a character no face
  /// draws, so laying it out finds a truncation and a warning.
  func addCutLabelLayout() throws {
    try folder.write(
      "Layouts/cut.yml",
      """
      size: [120, 40]
      root:
        vstack:
          children:
            - label: { text: "\u{1F9A9} A label much too long for its frame", size: 13, lines: 1 }
      """)
  }

  /// A session over the project as it is now.
  func session(_ options: RunOptions = RunOptions(), modes: [String]? = nil, threads: Int = 2) throws -> SnapshotSession {
    let project = try Project.load(layoutsDirectory: layouts)
    return SnapshotSession(project: project, modes: try project.modes(named: modes), threads: threads, options: options)
  }
}

/// The images a report holds for the snapshot `name`, as its `results.json` names
/// them (paths relative to the report folder).
func reportImages(_ report: String, _ name: String) throws -> ReportImages? {
  let data = try Data(contentsOf: URL(fileURLWithPath: report + "/results.json"))
  return try JSONDecoder().decode(RunSummary.self, from: data).outcomes.first { $0.name == name }?.images
}

/// The page's data file of a report, as text.
func reportData(_ report: String) throws -> String {
  try String(contentsOfFile: report + "/" + ReportPage.dataFile, encoding: .utf8)
}

/// Parses layout text and checks it against a theme, as `Project.load` does.
struct CheckingParser {
  let theme: Theme

  func parse(_ text: String, file: String, name: String) throws -> Layout {
    let layout = try LayoutParser().parse(text, file: file, name: name)
    try layout.check(against: theme)
    return layout
  }
}

/// The fonts tests set text with: Inter and the installed fallback faces.
let testFonts = FontBook()

/// Shaped runs and glyph masks for tests that set or draw text themselves.
let textCaches = TextCaches()

extension PixelBuffer {
  /// The offset of the first byte where `other` differs from this buffer, or nil
  /// when none does: two renders compared without printing them, so a failure
  /// names the byte instead of dumping megabytes.
  /// Compared a page at a time with `memcmp`: walked byte by byte through `zip` in
  /// a debug build, comparing two renders took longer than drawing them.
  func firstByteDiffering(from other: PixelBuffer) -> Int? {
    bytes.withUnsafeBytes { mine in
      other.bytes.withUnsafeBytes { theirs in
        let common = min(mine.count, theirs.count)
        var start = 0
        while start < common {
          let end = min(start + 4096, common)
          guard let a = mine.baseAddress, let b = theirs.baseAddress else { return nil }
          if memcmp(a + start, b + start, end - start) != 0 {
            return (start..<end).first { mine[$0] != theirs[$0] }
          }
          start = end
        }
        return mine.count == theirs.count ? nil : common
      }
    }
  }
}
