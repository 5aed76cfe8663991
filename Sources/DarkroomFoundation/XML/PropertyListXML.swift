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

  /// Reads the property list `file` through `reader`.
  static func read(_ file: String, what: String, reader: InputReader = .unbounded) throws(DarkroomError) -> PropertyListNode {
    let bytes = try reader.read(file, what: what, limit: FileStore.maximumTextBytes)
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

  /// An open container, or a value whose text is being read. Its contents grow in
  /// place (`stack[last].entries.append`): a copy per element would make a dict of
  /// many keys cost their square.
  private struct Open {
    enum Kind: Equatable {
      case dictionary, array, plist
      case text(element: String)
    }
    var kind: Kind
    var location: SourceLocation
    var entries: [(key: String, location: SourceLocation, value: PropertyListNode)] = []
    var pendingKey: (String, SourceLocation)?
    var items: [PropertyListNode] = []
    var text = ""
  }
  private var stack: [Open] = []
  /// Whether every element opened was closed.
  var isComplete: Bool { stack.isEmpty }
  private var budget = ElementBudget()

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
    if let tooMany = budget.enter() { return fail(parser, tooMany) }
    guard stack.count < 64 else { return fail(parser, "the property list nests more than 64 deep") }
    if case .text = stack.last?.kind { return fail(parser, "<\(elementName)> inside a value; a <string> or <key> holds text") }
    switch elementName {
    case "plist":
      guard stack.isEmpty else { return fail(parser, "<plist> inside a property list") }
      stack.append(Open(kind: .plist, location: location))
    case "dict": stack.append(Open(kind: .dictionary, location: location))
    case "array": stack.append(Open(kind: .array, location: location))
    default:
      guard !stack.isEmpty else { return fail(parser, "expected a property list, found <\(elementName)>") }
      stack.append(Open(kind: .text(element: elementName), location: location))
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if case .text = stack.last?.kind { stack[stack.count - 1].text += string }
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
    switch top.kind {
    case .plist: return
    case .dictionary:
      if let pending = top.pendingKey { return fail(parser, "key '\(Quoted.text(pending.0))' has no value") }
      value = .dictionary(top.entries, top.location)
    case .array: value = .array(top.items, top.location)
    case .text(let element):
      if element == "key" {
        guard let last = stack.last, last.kind == .dictionary, last.pendingKey == nil else {
          return fail(parser, "a <key> outside a <dict>, or two keys in a row")
        }
        stack[stack.count - 1].pendingKey = (top.text, top.location)
        return
      }
      value = element == "string" ? .string(top.text, top.location) : .other(element, top.location)
    }
    guard let last = stack.last else {
      if root == nil { root = value }
      return
    }
    switch last.kind {
    case .dictionary:
      guard let pending = last.pendingKey else {
        return fail(parser, "\(value.kind) in a <dict> without a <key> before it")
      }
      stack[stack.count - 1].entries.append((pending.0, pending.1, value))
      stack[stack.count - 1].pendingKey = nil
    case .array:
      stack[stack.count - 1].items.append(value)
    case .plist:
      if root == nil { root = value }
    case .text:
      break
    }
  }
}
