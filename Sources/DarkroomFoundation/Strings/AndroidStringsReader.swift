import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android string resource file (`res/values-de/strings.xml`, or any other
/// file of a values folder: aapt2 merges them): `<string>`, `<item type="string">`
/// and `<plurals>` with their `<item quantity="…">`; other resources are passed
/// over.
///
/// Text is read as aapt2 reads it: entities the file declares are expanded
/// (``XMLEntities``), inline tags (`<xliff:g>`, `<b>`) give their text, CDATA and
/// character references are text; outside double quotes every run of ASCII
/// whitespace (space, tab, line feed, vertical tab, form feed, carriage return)
/// becomes one space, and when the text has no styling tags its ends are trimmed of
/// it — other spaces (U+00A0 `&#160;`, U+202F, U+3000) are kept exactly; the quotes
/// themselves are dropped and keep what they enclose as it is; escapes `\'`, `\"`,
/// `\\`, `\n`, `\t`, `\@`, `\?` and `\uXXXX` are decoded (two `\u` escapes of a
/// UTF-16 surrogate pair make one character). A `translatable="false"` string is
/// read and marked so: it lives in the default folder only, and every locale shows
/// it.
struct AndroidStringsReader {
  /// The file.
  let file: String
  /// The language of its folder, or nil for the default `values` folder, whose
  /// language is the `tools:locale` of its `<resources>`, else `en`; that language
  /// is also the table's source language.
  let language: String?
  /// How the file is read.
  let reader: InputReader

  /// The language of a resource folder (`values-de` → `de`, `values-pt-rBR` →
  /// `pt-BR`, `values-b+sr+Latn` → `sr-Latn`; Android's old codes `iw`, `in`, `ji`
  /// become `he`, `id`, `yi`); `.some(nil)` for the default `values` folder; nil
  /// for a folder that is not for strings of one language: one with any other
  /// qualifier (`values-night`, `values-land`, `values-v21`, `values-de-land`).
  static func language(ofFolder name: String) -> String?? {
    if name == "values" { return .some(nil) }
    guard name.hasPrefix("values-") else { return nil }
    var parts = name.dropFirst("values-".count).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    // Mobile country and network codes come before the language.
    while let first = parts.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") { parts.removeFirst() }
    guard parts.count == 1 || parts.count == 2 else { return nil }
    if parts[0].hasPrefix("b+") {
      guard parts.count == 1 else { return nil }
      let subtags = parts[0].split(separator: "+").dropFirst()
      guard let first = subtags.first, isLanguage(String(first)) else { return nil }
      return .some(([modern(String(first))] + subtags.dropFirst().map(String.init)).joined(separator: "-"))
    }
    guard isLanguage(parts[0]) else { return nil }
    var tag = modern(parts[0])
    if parts.count == 2 {
      let region = parts[1]
      guard region.count >= 3, region.hasPrefix("r") else { return nil }
      let code = region.dropFirst()
      guard (code.count == 2 && code.allSatisfy { $0.isASCII && $0.isUppercase }) || (code.count == 3 && code.allSatisfy(\.isNumber))
      else { return nil }
      tag += "-" + code
    }
    return .some(tag)
  }

  /// Two or three lowercase letters, and not a qualifier of the same shape (`car`,
  /// the car dock UI mode).
  private static func isLanguage(_ part: String) -> Bool {
    (2...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLowercase } && part != "car"
  }

  private static func modern(_ code: String) -> String {
    ["iw": "he", "in": "id", "ji": "yi"][code] ?? code
  }

  /// One string or plural of the file.
  struct Resource {
    let name: String
    let location: SourceLocation
    let value: LocalizedString
    /// False for `translatable="false"`.
    let translatable: Bool
  }

  /// The file's strings and plurals, in the order written, and the `tools:locale`
  /// of its `<resources>`.
  func read() throws(DarkroomError) -> (resources: [Resource], toolsLocale: String?) {
    // Entities the file declares are expanded first: Foundation's parser drops them.
    let text = try XMLEntities.expand(try reader.readText(file, what: "the string resources"), file: file)
    let collector = StringCollector(lines: text.components(separatedBy: "\n"), file: file)
    try AndroidResourceXML.read(text, file: file, into: collector)
    // libxml2 does not always report a file cut short; an element still open says so.
    guard collector.isComplete else {
      let lines = text.components(separatedBy: "\n")
      let end = SourceLocation(file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
      throw DarkroomError("malformed XML: \(AndroidResourceXML.describe(77))", at: end)
    }
    var resources: [Resource] = []
    if collector.resources.count > StringTable.maximumKeys {
      throw StringTable.tooManyKeys(at: collector.resources[StringTable.maximumKeys].location, file: file)
    }
    for resource in collector.resources {
      let value: LocalizedString
      switch resource.value {
      case .text(let pieces):
        value = .text(try Self.unescape(pieces, at: resource.location))
      case .plural(let items):
        var forms: [PluralCategory: String] = [:]
        for (category, pieces) in items { forms[category] = try Self.unescape(pieces, at: resource.location) }
        value = .plural(forms)
      }
      resources.append(Resource(name: resource.name, location: resource.location, value: value, translatable: resource.translatable))
    }
    return (resources, collector.toolsLocale)
  }

  /// A piece of a resource's text as the parser gives it: text, or the start or end
  /// of a styling tag (`<b>`; `<xliff:g>` is not one), across which quotes and
  /// whitespace do not carry.
  enum Piece: Equatable {
    case text(String)
    case span
  }

  /// The whitespace aapt2 collapses and trims: C's `isspace` in the C locale.
  static func isASCIISpace(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\u{0B}" || c == "\u{0C}" || c == "\r"
  }

  /// Android's reading of a resource's text: quotes, whitespace and escapes.
  static func unescape(_ raw: String, at location: SourceLocation) throws(DarkroomError) -> String {
    try unescape([.text(raw)], at: location)
  }

  /// Android's reading of a resource's text, given in pieces.
  static func unescape(_ pieces: [Piece], at location: SourceLocation) throws(DarkroomError) -> String {
    var pieces = pieces
    // Without styling tags, the ends are trimmed of ASCII whitespace first.
    if !pieces.contains(.span) {
      let texts = pieces.indices.filter { if case .text = pieces[$0] { true } else { false } }
      // Found by index and cut once: a scalar at a time through lazy views took
      // most of a second a megabyte of text.
      if let first = texts.first, case .text(let t) = pieces[first] {
        let scalars = t.unicodeScalars
        pieces[first] = .text(String(scalars[(scalars.firstIndex { !isASCIISpace($0) } ?? scalars.endIndex)...]))
      }
      if let last = texts.last, case .text(let t) = pieces[last] {
        let scalars = t.unicodeScalars
        let end = scalars.lastIndex { !isASCIISpace($0) }.map { scalars.index(after: $0) } ?? scalars.startIndex
        pieces[last] = .text(String(scalars[..<end]))
      }
    }
    var output: [UInt16] = []
    var quoted = false
    var lastWasSpace = false
    for piece in pieces {
      guard case .text(let text) = piece else {
        quoted = false
        lastWasSpace = false
        continue
      }
      var characters = text.unicodeScalars.makeIterator()
      while let c = characters.next() {
        if !quoted && isASCIISpace(c) {
          if !lastWasSpace { output.append(0x20) }
          lastWasSpace = true
          continue
        }
        lastWasSpace = false
        if c == "\\" {
          guard let e = characters.next() else { break }
          switch e {
          case "n": output.append(0x0A)
          case "t": output.append(0x09)
          case "u":
            var value: UInt16 = 0
            for _ in 0..<4 {
              guard let h = characters.next(), h.isASCII, let digit = Character(h).hexDigitValue else {
                throw DarkroomError("a '\\u' escape needs four hex digits", at: location)
              }
              value = value << 4 | UInt16(digit)
            }
            output.append(value)
          default: output.append(contentsOf: e.utf16)  // \' \" \\ \@ \? and any other character
          }
        } else if c == "\"" {
          quoted.toggle()
        } else {
          output.append(contentsOf: c.utf16)
        }
      }
    }
    guard let result = String(validating: output, as: UTF16.self) else {
      let lone = output.first { (0xD800...0xDFFF).contains($0) } ?? 0
      throw DarkroomError(
        "'\\u\(String(lone, radix: 16))' is a lone surrogate (a character beyond U+FFFF is two escapes, \\ud83e\\udd14)",
        at: location)
    }
    return result
  }
}

/// Gathers `<string>`, `<item type="string">` and `<plurals>` and their text, in
/// pieces, while libxml2 reads a file.
private final class StringCollector: NSObject, AndroidResourceCollector {
  enum Value {
    case text([AndroidStringsReader.Piece])
    case plural([PluralCategory: [AndroidStringsReader.Piece]])
  }

  struct Resource {
    let name: String
    let location: SourceLocation
    let translatable: Bool
    var value: Value
  }

  let positions: AndroidResourceXML
  let file: String
  var resources: [Resource] = []
  var sawResources = false
  var toolsLocale: String?
  var problem: DarkroomError?
  var errorLocation: SourceLocation?
  private var depth = 0
  private var budget = ElementBudget()
  /// Whether every element opened was closed.
  var isComplete: Bool { depth == 0 }
  /// The `<string>` or `<plurals>` being read, at depth 2.
  private var current: Resource?
  /// The quantity of the `<item>` being read inside `<plurals>`.
  private var quantity: PluralCategory?
  /// Depth of the element whose text is being gathered (the `<string>` or the
  /// `<item>`); text of tags inside it counts too.
  private var textDepth: Int?
  private var pieces: [AndroidStringsReader.Piece] = []

  init(lines: [String], file: String) {
    self.positions = AndroidResourceXML(lines: lines, file: file)
    self.file = file
  }

  /// Where the element whose start tag the parser has just read begins.
  private func startLocation(_ parser: XMLParser) -> SourceLocation { positions.startLocation(parser) }

  /// Whether a tag inside a text styles it (`<b>`, `<i>`, `<u>`, `<font>`…) rather
  /// than marking a placeholder (`<xliff:g>`), which aapt2 takes out.
  private static func isSpan(_ elementName: String) -> Bool { !elementName.contains(":") }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if let tooMany = budget.enter() { return fail(parser, tooMany) }
    depth += 1
    if depth == 1 {
      sawResources = elementName == "resources"
      if !sawResources { fail(parser, "expected a <resources> element, found <\(elementName)>") }
      if let locale = attributes["tools:locale"], !locale.isEmpty {
        toolsLocale = locale.replacingOccurrences(of: "_", with: "-")
      }
      return
    }
    if textDepth != nil {
      if Self.isSpan(elementName) { pieces.append(.span) }
      return
    }
    let isString = elementName == "string" || (elementName == "item" && attributes["type"] == "string")
    if depth == 2, isString || elementName == "plurals" {
      guard let name = attributes["name"], !name.isEmpty else {
        fail(parser, "a <\(elementName)> without a name")
        return
      }
      let location = startLocation(parser)
      let translatable = attributes["translatable"] != "false"
      if isString {
        current = Resource(name: name, location: location, translatable: translatable, value: .text([]))
        textDepth = depth
        pieces = []
      } else {
        current = Resource(name: name, location: location, translatable: translatable, value: .plural([:]))
      }
    } else if depth == 3, elementName == "item", current != nil {
      guard let value = attributes["quantity"], let category = PluralCategory(rawValue: value) else {
        fail(parser, "an <item> of <plurals> needs a quantity: zero, one, two, few, many or other")
        return
      }
      quantity = category
      textDepth = depth
      pieces = []
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if errorLocation == nil {
      errorLocation = positions.location(parser)
    }
  }

  private func add(_ text: String) {
    if case .text(let previous) = pieces.last {
      pieces[pieces.count - 1] = .text(previous + text)
    } else {
      pieces.append(.text(text))
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if textDepth != nil { add(string) }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    // CDATA is text that is not parsed as markup; Android still reads its escapes.
    if textDepth != nil { add(String(decoding: CDATABlock, as: UTF8.self)) }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    defer { depth -= 1 }
    if let textDepth, depth > textDepth {
      if Self.isSpan(elementName) { pieces.append(.span) }
      return
    }
    if depth == textDepth, var resource = current {
      textDepth = nil
      if let quantity, case .plural(var forms) = resource.value {
        forms[quantity] = pieces
        resource.value = .plural(forms)
        current = resource
        self.quantity = nil
      } else {
        resource.value = .text(pieces)
        resources.append(resource)
        current = nil
      }
    } else if depth == 2, let resource = current {
      resources.append(resource)
      current = nil
    }
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    guard problem == nil else { return }
    problem = DarkroomError(message, at: startLocation(parser))
    parser.abortParsing()
  }
}
