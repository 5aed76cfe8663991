import XCTest

#if canImport(Testing)
  import Testing
#endif

/// Fails the running test with a message, in whichever framework runs it: Swift
/// Testing records an issue at the assertion's source location; XCTest fails at
/// its file and line.
enum IssueReporter {
  static func fail(_ message: String, at location: TestLocation) {
    #if canImport(Testing)
      if Test.current != nil {
        let source = Testing.SourceLocation(
          fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
          column: Int(location.column))
        Issue.record(Comment(rawValue: message), sourceLocation: source)
        return
      }
    #endif
    XCTFail(message, file: location.filePath, line: location.line)
  }
}
