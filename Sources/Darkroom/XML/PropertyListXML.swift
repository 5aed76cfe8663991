import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An XML property list (`.stringsdict`) read with libxml2 into a tree whose every
/// value knows its line and column, so a mistake in it is reported where it is
/// written. A binary property list (`bplist00`) is read with Foundation, its values
/// located at the file.
indirect enum PropertyListNode {
  /// `<dict>`: keys in the order written, each with where it is written.
  case dictionary([(key: String, location: SourceLocation, value: PropertyListNode)], SourceLocation)
  /// `<string>`.
  case string(String, SourceLocation)
  /// `<array>`.
  case array([PropertyListNode], SourceLocation)
  /// Any other value (`<integer>`, `<true/>`, `<data>`…), by its element's name.
  case other(String, SourceLocation)

  /// Where the value is written.
  var location: SourceLocation {
    switch self {
    case .dictionary(_, let l), .string(_, let l), .array(_, let l), .other(_, let l): l
    }
  }

  /// What the value is, in words, for messages.
  var kind: String {
    switch self {
    case .dictionary: "a <dict>"
    case .string: "a <string>"
    case .array: "an <array>"
    case .other(let name, _): "<\(name)>"
    }
  }

  /// Reads the property list `file`.
  static func read(_ file: String, what: String) throws(DarkroomError) -> PropertyListNode {
    let bytes = try FileStore.read(file, what: what, limit: FileStore.maximumTextBytes)
    if bytes.starts(with: Array("bplist".utf8)) { return try binary(bytes, file: file) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DarkroomError("cannot read \(what): the file is not UTF-8 text", file: file)
    }
    let builder = PropertyListBuilder(lines: text.components(separatedBy: "\n"), file: file)
    let parser = XMLParser(data: Data(try XMLEntities.expand(text, file: file).utf8))
    parser.shouldResolveExternalEntities = false
    parser.delegate = builder
    let parsed = parser.parse()
    if let problem = builder.problem { throw problem }
    guard parsed else {
      let location =
        builder.errorLocation ?? SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw DarkroomError("malformed XML: \(AndroidResourceXML.describe(code))", at: location)
    }
    // libxml2 does not always report a file cut short; what is still open says so.
    guard builder.isComplete else {
      let lines = text.components(separatedBy: "\n")
      let end = SourceLocation(file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
      throw DarkroomError("malformed XML: \(AndroidResourceXML.describe(77))", at: end)
    }
    guard let root = builder.root else { throw DarkroomError("expected a property list: <plist> with a <dict>", file: file) }
    return root
  }

  private static func binary(_ bytes: [UInt8], file: String) throws(DarkroomError) -> PropertyListNode {
    let here = SourceLocation(file: file, line: 1, column: 1)
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    } catch {
      throw DarkroomError("cannot read the binary property list: \((error as NSError).localizedDescription)", file: file)
    }
    func convert(_ value: Any, depth: Int) throws(DarkroomError) -> PropertyListNode {
      guard depth < 64 else { throw DarkroomError("the property list nests more than 64 deep", file: file) }
      switch value {
      case let text as String: return .string(text, here)
      case let dictionary as [String: Any]:
        var entries: [(key: String, location: SourceLocation, value: PropertyListNode)] = []
        for key in dictionary.keys.sorted() {
          guard let item = dictionary[key] else { continue }
          entries.append((key, here, try convert(item, depth: depth + 1)))
        }
        return .dictionary(entries, here)
      case let array as [Any]:
        var items: [PropertyListNode] = []
        for item in array { items.append(try convert(item, depth: depth + 1)) }
        return .array(items, here)
      default: return .other("value", here)
      }
    }
    return try convert(object, depth: 0)
  }
}

/// Builds the tree while libxml2 reads the file.
private final class PropertyListBuilder: NSObject, XMLParserDelegate {
  let positions: AndroidResourceXML
  let file: String
  var root: PropertyListNode?
  var problem: DarkroomError?
  var errorLocation: SourceLocation?

  /// An open container, or a value whose text is being read.
  private enum Open {
    case dictionary(
      [(key: String, location: SourceLocation, value: PropertyListNode)], pendingKey: (String, SourceLocation)?,
      SourceLocation)
    case array([PropertyListNode], SourceLocation)
    case text(element: String, String, SourceLocation)
    case plist
  }
  private var stack: [Open] = []
  /// Whether every element opened was closed.
  var isComplete: Bool { stack.isEmpty }

  init(lines: [String], file: String) {
    self.positions = AndroidResourceXML(lines: lines, file: file)
    self.file = file
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    guard problem == nil else { return }
    problem = DarkroomError(message, at: positions.startLocation(parser))
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let location = positions.startLocation(parser)
    guard stack.count < 64 else { return fail(parser, "the property list nests more than 64 deep") }
    if case .text = stack.last { return fail(parser, "<\(elementName)> inside a value; a <string> or <key> holds text") }
    switch elementName {
    case "plist":
      guard stack.isEmpty else { return fail(parser, "<plist> inside a property list") }
      stack.append(.plist)
    case "dict": stack.append(.dictionary([], pendingKey: nil, location))
    case "array": stack.append(.array([], location))
    default:
      guard !stack.isEmpty else { return fail(parser, "expected a property list, found <\(elementName)>") }
      stack.append(.text(element: elementName, "", location))
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if case .text(let element, let text, let location) = stack.last {
      stack[stack.count - 1] = .text(element: element, text + string, location)
    }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if errorLocation == nil { errorLocation = positions.location(parser) }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard let top = stack.popLast() else { return }
    let value: PropertyListNode
    switch top {
    case .plist: return
    case .dictionary(let entries, let pending, let location):
      if let pending { return fail(parser, "key '\(Quoted.text(pending.0))' has no value") }
      value = .dictionary(entries, location)
    case .array(let items, let location): value = .array(items, location)
    case .text(let element, let text, let location):
      if element == "key" {
        guard case .dictionary(let entries, nil, let at) = stack.last else {
          return fail(parser, "a <key> outside a <dict>, or two keys in a row")
        }
        stack[stack.count - 1] = .dictionary(entries, pendingKey: (text, location), at)
        return
      }
      value = element == "string" ? .string(text, location) : .other(element, location)
    }
    switch stack.last {
    case .dictionary(var entries, let pending?, let at)?:
      entries.append((pending.0, pending.1, value))
      stack[stack.count - 1] = .dictionary(entries, pendingKey: nil, at)
    case .dictionary?:
      fail(parser, "\(value.kind) in a <dict> without a <key> before it")
    case .array(var items, let at)?:
      items.append(value)
      stack[stack.count - 1] = .array(items, at)
    case .plist?, nil:
      if root == nil { root = value }
    case .text?:
      break
    }
  }
}
