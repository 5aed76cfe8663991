import DarkroomFoundation
import DarkroomRaster

/// A type a spec's field may have, read from a layout file's value: the type says
/// how it is written, so a spec lists its keys and fields and nothing else.
package protocol SpecValue {
  /// The value written at `node` under `key`; `reader` records where colour names
  /// stand.
  static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Self
}

/// A word of a fixed set, named in messages by ``what`` ("unknown text style …").
package protocol SpecWord: SpecValue, RawRepresentable, CaseIterable where RawValue == String {
  /// What a value of this type is called in messages.
  static var what: String { get }
}

extension SpecWord {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Self {
    try node.choice(what, as: Self.self)
  }
}

extension Double: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Double {
    try node.number(key)
  }
}

extension Int: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Int {
    try SpecReader.whole(node, key)
  }
}

extension Bool: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Bool {
    try node.bool(key)
  }
}

extension String: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> String {
    try node.string(key)
  }
}

extension LocalizedText: SpecValue {
  /// `Orders`, or `{ key: orders.count, count: 3, args: [Ana] }`.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> LocalizedText {
    guard case .mapping = node.node else { return LocalizedText(verbatim: try node.string(key)) }
    var r = try SpecReader(
      node, what: "a localized \(key)", at: node.location, prefix: reader.prefix + key + ".", depth: reader.depth,
      budget: reader.budget)
    guard let keyNode = r.value("key") else {
      throw DarkroomError("a localized \(key) needs 'key' (a key of the theme's strings)", at: node.location)
    }
    var text = LocalizedText.localized(try keyNode.string("the key"))
    text.location = keyNode.textLocation
    if let count = r.value("count") { text.count = try SpecReader.whole(count, "count") }
    if let args = r.value("args") {
      text.arguments = try args.sequence("args").map { (item: YAMLNode) throws(DarkroomError) in
        let word = try item.string("a format argument")
        if let integer = Int(word) { return .integer(integer) }
        if let number = Double(word), number.isFinite { return .number(number) }
        return .text(word)
      }
    }
    try r.finish()
    return text
  }
}

extension Optional: SpecValue where Wrapped: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Wrapped? {
    try Wrapped.read(node, key: key, reader: &reader)
  }
}

extension ColorExpression: SpecValue {
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> ColorExpression {
    try reader.color(node, path: reader.prefix + key)
  }
}

extension Insets: SpecValue {
  /// `8`, `[vertical, horizontal]` or `[top, right, bottom, left]`.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> Insets {
    guard node.isSequence else { return .all(try node.number(key)) }
    let numbers = try [Double].read(node, key: key, reader: &reader)
    switch numbers.count {
    case 2: return .symmetric(vertical: numbers[0], horizontal: numbers[1])
    case 4: return Insets(top: numbers[0], leading: numbers[3], bottom: numbers[2], trailing: numbers[1])
    default:
      throw DarkroomError(
        "\(key) is a number, [vertical, horizontal] or [top, right, bottom, left], found \(numbers.count) values",
        at: node.location)
    }
  }
}

extension CornerRadii: SpecValue {
  /// `12` or `[topLeft, topRight, bottomRight, bottomLeft]`.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> CornerRadii {
    guard node.isSequence else { return CornerRadii(try node.number(key)) }
    let values = try [Double].read(node, key: key, reader: &reader)
    guard values.count == 4 else {
      throw DarkroomError(
        "\(key) is a radius or [topLeft, topRight, bottomRight, bottomLeft], found \(values.count) values",
        at: node.location)
    }
    return CornerRadii(topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
  }
}

extension Array: SpecValue where Element: SpecValue {
  /// A list, each item read as the element type; every item counts against the
  /// layout's node budget.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> [Element] {
    var values: [Element] = []
    for item in try node.sequence(key) {
      try reader.budget.count(at: item.location)
      values.append(try Element.read(item, key: key, reader: &reader))
    }
    return values
  }
}

extension TextStyle: SpecWord { package static var what: String { "text style" } }
extension FontWeight: SpecWord { package static var what: String { "weight" } }
extension TextAlign: SpecWord { package static var what: String { "text alignment" } }
extension ParagraphStyle.Truncation: SpecWord { package static var what: String { "truncation" } }
extension CornerCurve: SpecWord { package static var what: String { "corner curve" } }
extension Icon: SpecWord { package static var what: String { "icon" } }
extension StackSpec.Distribution: SpecWord { package static var what: String { "distribution" } }
extension ZStackSpec.Alignment: SpecWord { package static var what: String { "align" } }
extension GradientFill.Direction: SpecWord { package static var what: String { "gradient direction" } }
extension ButtonSpec.Style: SpecWord { package static var what: String { "button style" } }
extension ButtonSpec.State: SpecWord { package static var what: String { "button state" } }
extension ActivitySpec.Style: SpecWord { package static var what: String { "activity indicator style" } }
extension Traits.Style: SpecWord { package static var what: String { "style" } }
extension Traits.Level: SpecWord { package static var what: String { "level" } }
extension Traits.Contrast: SpecWord { package static var what: String { "contrast" } }
