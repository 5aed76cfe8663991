import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android resource file (`res/values*/…xml`) with libxml2, for the colour
/// and string readers alike: it runs the parser over a collector of elements
/// (``read(_:file:into:)``), never resolving external entities, says where an
/// element's start tag begins, and puts libxml2's errors into words.
package struct AndroidResourceXML: Sendable {
  /// The file's lines as Unicode scalars, made once: a file written on one line
  /// (generated, or hostile) has every tag on it, and turning the line into scalars
  /// again for each tag made reading it quadratic.
  private let lines: [[Unicode.Scalar]]
  /// The file, for locations.
  let file: String

  /// Positions in `file`, whose text is `lines`.
  package init(lines: [String], file: String) {
    self.lines = lines.map { Array($0.unicodeScalars) }
    self.file = file
  }

  /// Where the element whose start tag the parser has just read begins: the last
  /// `<` before the parser's position on its line.
  package func startLocation(_ parser: XMLParser) -> SourceLocation {
    let line = max(parser.lineNumber, 1)
    var column = max(parser.columnNumber, 1)
    if line <= lines.count {
      let scalars = lines[line - 1]
      let end = min(column - 1, scalars.count)
      if let open = scalars[..<end].lastIndex(of: "<") { column = open + 1 }
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// Where the parser is now.
  package func location(_ parser: XMLParser) -> SourceLocation {
    SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
  }

  /// The most attributes a tag may have. A resource's tags have a few; libxml2
  /// compares each attribute of a tag with every other (300,000 on one tag ran for
  /// minutes), so a tag with more is refused before it parses.
  static let maximumAttributes = 1_000

  /// Refuses a tag with more than ``maximumAttributes`` attributes, counted as the
  /// quoted values an `=` introduces (spaces allowed between) from a `<` to the `>`
  /// that ends it outside a quoted value.
  private static func checkAttributeCounts(_ text: String, file: String) throws(DarkroomError) {
    var line = 1, column = 0, count = 0
    var inTag = false, afterEquals = false, quote: UInt8 = 0
    var tagLine = 1, tagColumn = 1
    for byte in text.utf8 {
      column += byte & 0xC0 == 0x80 ? 0 : 1
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 0
      }
      if quote != 0 {
        if byte == quote { quote = 0 }
        continue
      }
      switch byte {
      case UInt8(ascii: "<"):
        (inTag, afterEquals, count, tagLine, tagColumn) = (true, false, 0, line, column)
      case UInt8(ascii: ">"):
        inTag = false
      case UInt8(ascii: "="):
        afterEquals = inTag
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard inTag else { break }
        quote = byte
        guard afterEquals else { break }
        afterEquals = false
        count += 1
        guard count <= maximumAttributes else {
          throw DarkroomError(
            "a tag with more than \(maximumAttributes) attributes", at: SourceLocation(file: file, line: tagLine, column: tagColumn))
        }
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        break
      default:
        afterEquals = false
      }
    }
  }

  /// libxml2's error numbers for the mistakes people make by hand, and for hostile
  /// entities.
  package static func describe(_ code: Int) -> String {
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

/// A delegate gathering an Android resource file's elements: what it found wrong
/// itself, where libxml2 stopped, and whether the root was `<resources>`.
package protocol AndroidResourceCollector: XMLParserDelegate {
  /// A mistake the collector found (an unknown quantity, a bad name), located.
  var problem: DarkroomError? { get }
  /// Where libxml2 reported its error, before it read on.
  var errorLocation: SourceLocation? { get }
  /// Whether the root element was `<resources>`.
  var sawResources: Bool { get }
}

extension AndroidResourceXML {
  /// Runs libxml2 over `text` with `collector`, never resolving external entities.
  ///
  /// - Throws: ``DarkroomError``: the collector's problem, libxml2's error in words at
  ///   its line and column, or a root that is not `<resources>`.
  package static func read(_ text: String, file: String, into collector: some AndroidResourceCollector) throws(DarkroomError) {
    try checkAttributeCounts(text, file: file)
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldResolveExternalEntities = false
    parser.delegate = collector
    let parsed = parser.parse()
    if let problem = collector.problem { throw problem }
    guard parsed else {
      let location =
        collector.errorLocation ?? SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw DarkroomError("malformed XML: \(describe(code))", at: location)
    }
    guard collector.sawResources else { throw DarkroomError("expected a <resources> element", file: file) }
  }
}
