import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What the Android resource readers (colours and strings) share about an XML file
/// libxml2 is reading: where an element's start tag begins, and libxml2's errors in
/// words.
struct XMLResourcePositions: Sendable {
  /// The file's lines, to find a tag's `<`.
  let lines: [String]
  /// The file, for locations.
  let file: String

  /// Where the element whose start tag the parser has just read begins: the last
  /// `<` before the parser's position on its line.
  func startLocation(_ parser: XMLParser) -> SourceLocation {
    let line = max(parser.lineNumber, 1)
    var column = max(parser.columnNumber, 1)
    if line <= lines.count {
      let scalars = Array(lines[line - 1].unicodeScalars)
      let end = min(column - 1, scalars.count)
      if let open = scalars[..<end].lastIndex(of: "<") { column = open + 1 }
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// Where the parser is now.
  func location(_ parser: XMLParser) -> SourceLocation {
    SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
  }

  /// libxml2's error numbers for the mistakes people make by hand, and for hostile
  /// entities.
  static func describe(_ code: Int) -> String {
    switch code {
    case 4: "the document is empty"
    case 5: "content after the root element"
    case 9, 68: "a character that is not allowed here (an unescaped '<' or '&'?)"
    case 26: "an entity that is not defined"
    case 41: "an attribute without a value"
    case 73: "'>' expected to end a tag"
    case 76: "a closing tag does not match its opening tag"
    case 77: "the file ends inside an element"
    case 89: "entities that refer to each other or expand too far"
    default: "libxml2 error \(code)"
    }
  }
}
