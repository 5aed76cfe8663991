import Darkroom
import Foundation

/// Renders `layout` in every mode of `theme` (or those in `modes`) and fails the
/// test unless each matches its golden, `__Snapshots__/<TestFile>/<test>.<mode>.png`
/// beside the test file.
///
/// The failure names each mode that does not match, the measured difference, and the
/// paths of the golden, the render and a difference image. Goldens are written only
/// when recording is on — `record`, else the `DARKROOM_RECORD` environment variable
/// (`all`, `missing`, `failed`, `never`), else never — and a run that records fails,
/// so no golden is ever accepted silently. Works in XCTest and in Swift Testing.
///
/// ```swift
/// @Test func ordersScreen() throws {
///   let theme = try Theme.load(file: "Layouts/theme.yml")
///   assertSnapshots(of: Layout("orders", width: 390, height: nil) {
///     Node.label("Orders", style: .title1)
///   }, theme: theme)
/// }
/// ```
public func assertSnapshots(
  of layout: Layout, theme: Theme, modes: [String]? = nil, named name: String? = nil, record: RecordMode? = nil,
  compare: CompareOptions = CompareOptions(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let location = TestLocation(fileID: fileID, filePath: filePath, function: testName, line: line, column: column)
  do {
    let verification = try SnapshotVerification.verify(
      layout, theme: theme, modes: modes, name: name ?? location.testName, goldens: SnapshotFolders.goldens(for: location),
      artifacts: SnapshotFolders.artifacts(for: location), record: try record ?? SnapshotFolders.recordMode(),
      compare: compare, test: location.testName)
    if let message = verification.failureMessage { IssueReporter.fail(message, at: location) }
  } catch {
    IssueReporter.fail("Snapshots of \"\(name ?? location.testName)\" could not be checked: \(error)", at: location)
  }
}

/// Loads the layout file at `path` (its theme is the `theme.yml` beside it; a
/// relative path starts at the current folder, the package's root under `swift
/// test`) and asserts its snapshots like
/// ``assertSnapshots(of:theme:modes:named:record:compare:fileID:filePath:testName:line:column:)``;
/// the goldens are named after the test unless `named` is given.
public func assertSnapshots(
  ofLayoutFile path: String, modes: [String]? = nil, named name: String? = nil, record: RecordMode? = nil,
  compare: CompareOptions = CompareOptions(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let location = TestLocation(fileID: fileID, filePath: filePath, function: testName, line: line, column: column)
  do {
    let folder = FileStore.parent(of: path)
    let theme = try Theme.load(file: (folder.isEmpty ? "." : folder) + "/theme.yml")
    let layout = try Layout.load(path, theme: theme)
    assertSnapshots(
      of: layout, theme: theme, modes: modes, named: name, record: record, compare: compare, fileID: fileID,
      filePath: filePath, testName: testName, line: line, column: column)
  } catch {
    IssueReporter.fail("The layout file could not be loaded: \(error)", at: location)
  }
}
