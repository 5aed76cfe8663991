import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android string resource file (`res/values-de/strings.xml`): `<string>`
/// and `<plurals>` with their `<item quantity="…">`; other resources are passed over.
///
/// Text is read as Android's resource compiler reads it: inline tags
/// (`<xliff:g>`, `<b>`) give their text, CDATA and entities are text; outside double
/// quotes every run of whitespace becomes one space and the ends are trimmed, while
/// the quotes themselves are dropped and keep what they enclose as it is; escapes
/// `\'`, `\"`, `\\`, `\n`, `\t`, `\@`, `\?` and `\uXXXX` are decoded. Strings marked
/// `translatable="false"` are read too.
struct AndroidStringsReader {
  /// The file.
  let file: String
  /// The language of its folder, or nil for the default `values` folder, whose
  /// language is the `tools:locale` of its `<resources>`, else `en`; that language
  /// is also the table's source language.
  let language: String?

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

  func load() throws(DarkroomError) -> StringTable {
    let text = try FileStore.readText(file, what: "the string resources")
    let collector = StringCollector(lines: text.components(separatedBy: "\n"), file: file)
    try AndroidResourceXML.read(text, file: file, into: collector)
    let language = self.language ?? collector.toolsLocale ?? "en"
    var table = StringTable()
    if self.language == nil { table.sourceLanguage = language }
    for resource in collector.resources {
      switch resource.value {
      case .text(let raw):
        table.add(resource.name, language: language, .text(try Self.unescape(raw, at: resource.location)), origin: file)
      case .plural(let items):
        var forms: [PluralCategory: String] = [:]
        for (category, raw) in items { forms[category] = try Self.unescape(raw, at: resource.location) }
        table.add(resource.name, language: language, .plural(forms), origin: file)
      }
    }
    return table
  }

  /// Android's reading of a resource's text: quotes, whitespace and escapes.
  static func unescape(_ raw: String, at location: SourceLocation) throws(DarkroomError) -> String {
    var output = ""
    var quoted = false
    var pendingSpace = false
    var characters = raw.unicodeScalars.makeIterator()
    func append(_ scalar: Unicode.Scalar) {
      if pendingSpace {
        output.append(" ")
        pendingSpace = false
      }
      output.unicodeScalars.append(scalar)
    }
    while let c = characters.next() {
      if c == "\\" {
        guard let e = characters.next() else { break }
        switch e {
        case "n": append("\n")
        case "t": append("\t")
        case "u":
          var value: UInt32 = 0
          for _ in 0..<4 {
            guard let h = characters.next(), h.isASCII, let digit = Character(h).hexDigitValue else {
              throw DarkroomError("a '\\u' escape needs four hex digits", at: location)
            }
            value = value << 4 | UInt32(digit)
          }
          guard let scalar = Unicode.Scalar(value) else {
            throw DarkroomError("'\\u\(String(value, radix: 16))' is a lone surrogate", at: location)
          }
          append(scalar)
        default: append(e)  // \' \" \\ \@ \? and any other character stand for themselves
        }
      } else if c == "\"" {
        quoted.toggle()
      } else if !quoted && c.properties.isWhitespace {
        if !output.isEmpty { pendingSpace = true }
      } else {
        append(c)
      }
    }
    return output
  }
}

/// Gathers `<string>` and `<plurals>` and their raw text while libxml2 reads a file.
private final class StringCollector: NSObject, AndroidResourceCollector {
  enum Value {
    case text(String)
    case plural([PluralCategory: String])
  }

  struct Resource {
    let name: String
    let location: SourceLocation
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
  /// The `<string>` or `<plurals>` being read, at depth 2.
  private var current: Resource?
  /// The quantity of the `<item>` being read inside `<plurals>`.
  private var quantity: PluralCategory?
  /// Depth of the element whose text is being gathered (the `<string>` or the
  /// `<item>`); text of tags inside it counts too.
  private var textDepth: Int?
  private var text = ""

  init(lines: [String], file: String) {
    self.positions = AndroidResourceXML(lines: lines, file: file)
    self.file = file
  }

  /// Where the element whose start tag the parser has just read begins.
  private func startLocation(_ parser: XMLParser) -> SourceLocation { positions.startLocation(parser) }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    depth += 1
    if depth == 1 {
      sawResources = elementName == "resources"
      if !sawResources { fail(parser, "expected a <resources> element, found <\(elementName)>") }
      if let locale = attributes["tools:locale"], !locale.isEmpty {
        toolsLocale = locale.replacingOccurrences(of: "_", with: "-")
      }
      return
    }
    if textDepth != nil { return }  // an inline tag: only its text counts
    if depth == 2, elementName == "string" || elementName == "plurals" {
      guard let name = attributes["name"], !name.isEmpty else {
        fail(parser, "a <\(elementName)> without a name")
        return
      }
      let location = startLocation(parser)
      if elementName == "string" {
        current = Resource(name: name, location: location, value: .text(""))
        textDepth = depth
        text = ""
      } else {
        current = Resource(name: name, location: location, value: .plural([:]))
      }
    } else if depth == 3, elementName == "item", current != nil {
      guard let value = attributes["quantity"], let category = PluralCategory(rawValue: value) else {
        fail(parser, "an <item> of <plurals> needs a quantity: zero, one, two, few, many or other")
        return
      }
      quantity = category
      textDepth = depth
      text = ""
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if errorLocation == nil {
      errorLocation = positions.location(parser)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if textDepth != nil { text += string }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    // CDATA is text that is not parsed as markup; Android still reads its escapes.
    if textDepth != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if depth == textDepth, var resource = current {
      textDepth = nil
      if let quantity, case .plural(var forms) = resource.value {
        forms[quantity] = text
        resource.value = .plural(forms)
        current = resource
        self.quantity = nil
      } else {
        resource.value = .text(text)
        resources.append(resource)
        current = nil
      }
    } else if depth == 2, let resource = current {
      resources.append(resource)
      current = nil
    }
    depth -= 1
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    guard problem == nil else { return }
    problem = DarkroomError(message, at: startLocation(parser))
    parser.abortParsing()
  }
}
