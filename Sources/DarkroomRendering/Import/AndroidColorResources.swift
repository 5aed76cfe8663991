import DarkroomFoundation
import DarkroomRaster
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an Android colour resource file (`res/values/colors.xml`, or any other
/// file of a values folder): `<color>` elements and `<item type="color">`, valued
/// `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`, or a reference (`@color/name`, a
/// framework colour `@android:color/white`).
///
/// Other resources in the file (strings, dimensions, styles) are passed over. A
/// colour whose value Darkroom cannot know outside the app — a theme attribute
/// (`?attr/colorPrimary`), a framework colour it does not list, another kind of
/// resource — is read as a name without a value: an error only where it is used.
struct AndroidColorResources {
  /// The file.
  let file: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// The framework's colours a resource may name as `@android:color/…`, with the
  /// values of Android's own `colors.xml`.
  static let frameworkColors: [String: RGBA8] = [
    "white": RGBA8(r: 255, g: 255, b: 255), "black": RGBA8(r: 0, g: 0, b: 0), "transparent": .clear,
    "darker_gray": RGBA8(r: 0xAA, g: 0xAA, b: 0xAA), "background_dark": RGBA8(r: 0, g: 0, b: 0),
    "background_light": RGBA8(r: 255, g: 255, b: 255),
    "holo_blue_light": RGBA8(r: 0x33, g: 0xB5, b: 0xE5), "holo_blue_dark": RGBA8(r: 0x00, g: 0x99, b: 0xCC),
    "holo_blue_bright": RGBA8(r: 0x00, g: 0xDD, b: 0xFF), "holo_green_light": RGBA8(r: 0x99, g: 0xCC, b: 0x00),
    "holo_green_dark": RGBA8(r: 0x66, g: 0x99, b: 0x00), "holo_red_light": RGBA8(r: 0xFF, g: 0x44, b: 0x44),
    "holo_red_dark": RGBA8(r: 0xCC, g: 0x00, b: 0x00), "holo_orange_light": RGBA8(r: 0xFF, g: 0xBB, b: 0x33),
    "holo_orange_dark": RGBA8(r: 0xFF, g: 0x88, b: 0x00), "holo_purple": RGBA8(r: 0xAA, g: 0x66, b: 0xCC),
  ]

  func load() throws(DarkroomError) -> [SourceColor] {
    // Entities the file declares are expanded first: Foundation's parser drops them.
    let text = try XMLEntities.expand(try reader.readText(file, what: "the colour resources"), file: file)
    let collector = ElementCollector(lines: text.components(separatedBy: "\n"), file: file)
    try AndroidResourceXML.read(text, file: file, into: collector)
    // libxml2 does not always report a file cut short; an element still open says so.
    guard collector.isComplete else {
      let lines = text.components(separatedBy: "\n")
      let end = SourceLocation(file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
      throw DarkroomError("malformed XML: \(AndroidResourceXML.describe(77))", at: end)
    }
    var entries: [SourceColor] = []
    var seen: [String: SourceLocation] = [:]
    for element in collector.colors {
      if let first = seen[element.name] {
        throw DarkroomError(
          "colour '\(Quoted.text(element.name))' is defined twice in this file: here and at \(first)", at: element.location)
      }
      seen[element.name] = element.location
      let value = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
      entries.append(try parse(value, at: element.location, name: element.name))
    }
    return entries
  }

  private func parse(_ text: String, at location: SourceLocation, name: String) throws(DarkroomError) -> SourceColor {
    func color(_ value: ColorExpression, _ references: [ColorDefinition.Reference] = []) -> SourceColor {
      SourceColor(name: name, location: location, value: value, references: references, mayReferToOthers: true)
    }
    func none(_ reason: String) -> SourceColor {
      var result = color(.literal(.clear))
      result.unavailable = "colour '\(Quoted.text(name))' (\(location)) is '\(Quoted.text(text))', \(reason)"
      return result
    }
    if text.hasPrefix("#") {
      let digits = text.dropFirst().compactMap(\.hexDigitValue).map(UInt8.init)
      guard digits.count == text.count - 1 else {
        throw DarkroomError(
          "colour '\(Quoted.text(name))': '\(Quoted.text(text))' has a character that is not a hex digit", at: location)
      }
      func pair(_ i: Int) -> UInt8 { digits[i] << 4 | digits[i + 1] }
      switch digits.count {
      case 3: return color(.literal(RGBA8(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)))
      case 4: return color(.literal(RGBA8(r: digits[1] * 17, g: digits[2] * 17, b: digits[3] * 17, a: digits[0] * 17)))
      case 6: return color(.literal(RGBA8(r: pair(0), g: pair(2), b: pair(4))))
      case 8: return color(.literal(RGBA8(r: pair(2), g: pair(4), b: pair(6), a: pair(0))))
      default:
        throw DarkroomError(
          "colour \(Excerpt.quoted(name)): an Android colour is #RGB, #ARGB, #RRGGBB or #AARRGGBB, found \(Excerpt.quoted(text))",
          at: location)
      }
    }
    if text.hasPrefix("@color/") {
      let target = String(text.dropFirst("@color/".count))
      return color(.named(target), [ColorDefinition.Reference(name: target, location: location)])
    }
    if text.hasPrefix("@android:color/") {
      let target = String(text.dropFirst("@android:color/".count))
      guard let value = Self.frameworkColors[target] else {
        let close = Suggestion.closest(to: target, in: Array(Self.frameworkColors.keys)).map {
          " (did you mean '@android:color/\($0)'?)"
        }
        return none("a framework colour whose value Darkroom does not know\(close ?? "")")
      }
      return color(.literal(value))
    }
    if text.hasPrefix("?") {
      return none("a theme attribute, which has no value outside an Android theme")
    }
    if text.hasPrefix("@") {
      return none("a reference to a resource that is not a colour")
    }
    throw DarkroomError("colour \(Excerpt.quoted(name)): expected #AARRGGBB or @color/name, found \(Excerpt.quoted(text))", at: location)
  }
}

/// Gathers `<color>` elements and their text while libxml2 reads the file.
private final class ElementCollector: NSObject, AndroidResourceCollector {
  package struct Element {
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
  private var budget = ElementBudget()
  /// Whether every element opened was closed.
  var isComplete: Bool { depth == 0 }

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
    if let tooMany = budget.enter() { return fail(parser, tooMany) }
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
