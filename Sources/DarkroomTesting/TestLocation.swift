/// Where an assertion was written, as the test frameworks name it: used to place
/// goldens beside the test file and to point a failure at the assertion's line.
public struct TestLocation: Sendable {
  /// `Module/File.swift`.
  public let fileID: StaticString
  /// The test file's full path; its folder holds `__Snapshots__`.
  public let filePath: StaticString
  /// The test function (`#function`), which names the goldens.
  public let function: String
  /// The assertion's line.
  public let line: UInt
  /// The assertion's column.
  public let column: UInt

  /// A location, normally from the assertion's defaulted arguments.
  public init(fileID: StaticString, filePath: StaticString, function: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.function = function
    self.line = line
    self.column = column
  }

  /// The test file's name without `.swift`: `ButtonTests`.
  var fileName: String {
    let last = "\(filePath)".split(separator: "/").last.map(String.init) ?? "Tests"
    return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
  }

  /// The test's name as a file name: `testButtons()` → `testButtons`, a Swift
  /// Testing function with arguments `buttons(in:)` → `buttons`.
  var testName: String {
    let base = function.split(separator: "(").first.map(String.init) ?? function
    return String(base.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "-" })
  }

  /// The folder the test file is in.
  var folder: String {
    let path = "\(filePath)"
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
