import DarkroomRaster
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android colour resource file (`res/values/colors.xml`): `<color>`
/// elements and `<item type="color">`, valued `#RGB`, `#ARGB`, `#RRGGBB` or
/// `#AARRGGBB`, or a reference (`@color/name`, `@android:color/white`).
///
/// Other resources in the file (strings, dimensions, styles) are passed over.
struct AndroidColorResources {
  /// The file.
  let file: String

  /// The framework colours a resource may name as `@android:color/…`.
  private static let frameworkColors = ["white": "white", "black": "black", "transparent": "clear"]

  func load() throws(DarkroomError) -> [SourceColor] {
    let text = try FileStore.readText(file, what: "the colour resources")
    let collector = ElementCollector(lines: text.components(separatedBy: "\n"), file: file)
    try AndroidResourceXML.read(text, file: file, into: collector)
    var entries: [SourceColor] = []
    var seen: [String: SourceLocation] = [:]
    for element in collector.colors {
      if let first = seen[element.name] {
        throw DarkroomError("colour '\(element.name)' is defined twice in this file: here and at \(first)", at: element.location)
      }
      seen[element.name] = element.location
      let (value, references) = try parse(element.text.trimmingCharacters(in: .whitespacesAndNewlines), at: element.location, name: element.name)
      entries.append(SourceColor(name: element.name, location: element.location, value: value, references: references))
    }
    return entries
  }

  private func parse(_ text: String, at location: SourceLocation, name: String) throws(DarkroomError) -> (ColorExpression, [ColorDefinition.Reference]) {
    if text.hasPrefix("#") {
      let digits = text.dropFirst().compactMap(\.hexDigitValue).map(UInt8.init)
      guard digits.count == text.count - 1 else {
        throw DarkroomError("colour '\(name)': '\(text)' has a character that is not a hex digit", at: location)
      }
      func pair(_ i: Int) -> UInt8 { digits[i] << 4 | digits[i + 1] }
      switch digits.count {
      case 3: return (.literal(RGBA8(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)), [])
      case 4: return (.literal(RGBA8(r: digits[1] * 17, g: digits[2] * 17, b: digits[3] * 17, a: digits[0] * 17)), [])
      case 6: return (.literal(RGBA8(r: pair(0), g: pair(2), b: pair(4))), [])
      case 8: return (.literal(RGBA8(r: pair(2), g: pair(4), b: pair(6), a: pair(0))), [])
      default:
        throw DarkroomError(
          "colour '\(name)': an Android colour is #RGB, #ARGB, #RRGGBB or #AARRGGBB, found \(Excerpt.quoted(text))", at: location)
      }
    }
    if text.hasPrefix("@color/") {
      let target = String(text.dropFirst("@color/".count))
      return (.named(target), [ColorDefinition.Reference(name: target, location: location)])
    }
    if text.hasPrefix("@android:color/") {
      let target = String(text.dropFirst("@android:color/".count))
      guard let builtIn = Self.frameworkColors[target] else {
        throw DarkroomError(
          "colour '\(name)': unknown framework colour '@android:color/\(target)'", at: location,
          suggestion: Suggestion.closest(to: target, in: Array(Self.frameworkColors.keys)).map { "@android:color/" + $0 })
      }
      return (.named(builtIn), [])
    }
    if text.hasPrefix("?") {
      throw DarkroomError("colour '\(name)': '\(text)' is a theme attribute, which has no value outside an Android theme", at: location)
    }
    throw DarkroomError("colour '\(name)': expected #AARRGGBB or @color/name, found \(Excerpt.quoted(text))", at: location)
  }
}

/// Gathers `<color>` elements and their text while libxml2 reads the file.
private final class ElementCollector: NSObject, AndroidResourceCollector {
  struct Element {
    let name: String
    let location: SourceLocation
    var text: String
  }

  let positions: AndroidResourceXML
  let file: String
  var colors: [Element] = []
  var sawResources = false
  var problem: DarkroomError?
  var errorLocation: SourceLocation?
  private var current: Element?
  private var depth = 0

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
      return
    }
    if current != nil {
      fail(parser, "<\(elementName)> inside a colour; a colour's value is text")
      return
    }
    let isColor = elementName == "color" || (elementName == "item" && attributes["type"] == "color")
    guard depth == 2, isColor else { return }
    guard let name = attributes["name"], !name.isEmpty else {
      fail(parser, "a <\(elementName)> without a name")
      return
    }
    current = Element(name: name, location: startLocation(parser), text: "")
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    // Where libxml2 stopped; by the time parse() returns it may have read on.
    if errorLocation == nil {
      errorLocation = positions.location(parser)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    current?.text += string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if depth == 2, let element = current {
      colors.append(element)
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
