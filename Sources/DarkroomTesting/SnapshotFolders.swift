import Darkroom
import Foundation

/// Where an assertion's goldens and artifacts go, and which record mode it runs in.
enum SnapshotFolders {
  /// The environment variable naming the folder failure artifacts are written to.
  static let artifactsVariable = "DARKROOM_ARTIFACTS"

  /// `<test file's folder>/__Snapshots__/<TestFile>`.
  static func goldens(for location: TestLocation) -> String {
    "\(location.folder)/__Snapshots__/\(location.fileName)"
  }

  /// `$DARKROOM_ARTIFACTS/<TestFile>`, else `<temporary folder>/darkroom-artifacts/<TestFile>`:
  /// renders and difference images of modes that did not pass, kept out of the
  /// source tree.
  static func artifacts(for location: TestLocation) -> String {
    let environment = ProcessInfo.processInfo.environment[artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
    let root = environment ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("darkroom-artifacts")
    return "\(root)/\(location.fileName)"
  }

  /// `DARKROOM_RECORD`, else never.
  static func recordMode() throws(DarkroomError) -> RecordMode {
    try RecordMode.fromEnvironment() ?? .never
  }
}
