import DarkroomRaster

/// A node of a parsed YAML file that knows where it was written, so every type
/// error can point at its line and column.
package struct YAMLNode {
  /// The parsed file the node belongs to.
  let document: YAMLDocument
  /// Its record in the document; -1 for the empty mapping of an empty file.
  let index: Int32

  /// The file the node was read from.
  var file: String { document.file }

  /// What the node is, for matching (`case .scalar(let s) = node.node`).
  package enum Shape {
    case scalar(Scalar)
    case mapping
    case sequence
  }

  /// A scalar's text and how it was written.
  package struct Scalar {
    /// The text, as written (Darkroom types it where it reads it).
    package let string: String
    /// Plain, quoted, or a block.
    let style: YAMLEventReader.ScalarStyle
  }

  /// What the node is.
  package var node: Shape {
    guard index >= 0 else { return .mapping }
    let record = document.records[Int(index)]
    switch record.kind {
    case .scalar: return .scalar(Scalar(string: document.texts[Int(record.first)], style: record.style))
    case .mapping: return .mapping
    case .sequence: return .sequence
    }
  }

  /// Parses a whole file. An empty file is an empty mapping.
  package static func parse(
    _ text: String, file: String, format: String = "YAML", limits: YAMLDocument.Limits = YAMLDocument.Limits()
  ) throws(DarkroomError) -> YAMLNode {
    let document: YAMLDocument
    do {
      document = try YAMLDocument(text, file: file, limits: limits)
    } catch {
      throw describe(error, file: file, format: format)
    }
    return YAMLNode(document: document, index: document.root)
  }

  /// Parses a JSON file, keeping line and column on every node: JSON is read as the
  /// YAML it nearly is. Tabs, which JSON allows between tokens and YAML does not,
  /// become spaces (a raw tab cannot occur inside a JSON string, so no value
  /// changes), and a character outside the Basic Multilingual Plane written as a
  /// JSON surrogate pair (`\ud83d\ude00`) is written as YAML's one escape for it.
  package static func parseJSON(
    _ text: String, file: String, limits: YAMLDocument.Limits = YAMLDocument.Limits()
  ) throws(DarkroomError) -> YAMLNode {
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
    guard trimmed.first == "{" || trimmed.first == "[" else {
      throw DarkroomError("malformed JSON: expected an object or a list", file: file)
    }
    return try parse(JSONAsYAML.text(text), file: file, format: "JSON", limits: limits)
  }

  /// Checks that JSON text another decoder will read (`JSONDecoder`, which builds
  /// its whole tree first) parses within the values and depth one file may hold,
  /// counting as it parses; the decoder then reads a bounded text.
  ///
  /// - Throws: ``DarkroomError`` located where the text breaks a limit or stops
  ///   being JSON.
  package static func checkJSON(_ text: String, file: String) throws(DarkroomError) {
    _ = try parseJSON(text, file: file)
  }

  private static func describe(_ failure: YAMLDocument.Failure, file: String, format: String) -> DarkroomError {
    let location = SourceLocation(file: file, line: failure.line, column: failure.column)
    return DarkroomError(failure.syntax ? "malformed \(format): \(failure.message)" : failure.message, at: location)
  }

  /// Where the node starts.
  package var location: SourceLocation {
    guard index >= 0 else { return SourceLocation(file: file, line: 1, column: 1) }
    let record = document.records[Int(index)]
    return SourceLocation(file: file, line: Int(record.line), column: Int(record.column))
  }

  /// Where the node's text starts: past the opening quote of a quoted scalar.
  package var textLocation: SourceLocation {
    if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
      return location.advanced(by: 1)
    }
    return location
  }

  /// A short description of the node for "expected X, found Y" messages.
  var kindDescription: String {
    switch node {
    case .scalar(let s): Excerpt.quoted(s.string)
    case .mapping: "a mapping"
    case .sequence: "a list"
    }
  }

  /// The children of a collection: a mapping's keys and values alternately.
  private var children: ArraySlice<Int32> {
    guard index >= 0 else { return [] }
    let record = document.records[Int(index)]
    return document.children[Int(record.first)..<Int(record.first + record.count)]
  }

  /// The node as a mapping of string keys, in file order.
  package func mapping(_ what: String) throws(DarkroomError) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
    guard case .mapping = node else {
      throw DarkroomError("expected a mapping for \(what), found \(kindDescription)", at: location)
    }
    let items = children
    var result: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
    result.reserveCapacity(items.count / 2)
    var i = items.startIndex
    while i + 1 < items.endIndex {
      let key = YAMLNode(document: document, index: items[i])
      guard case .scalar(let scalar) = key.node else {
        throw DarkroomError("expected a name as a key in \(what)", at: key.location)
      }
      result.append((scalar.string, key, YAMLNode(document: document, index: items[i + 1])))
      i += 2
    }
    return result
  }

  /// The node as a list.
  package func sequence(_ what: String) throws(DarkroomError) -> [YAMLNode] {
    guard case .sequence = node else {
      throw DarkroomError("expected a list for \(what), found \(kindDescription)", at: location)
    }
    return children.map { YAMLNode(document: document, index: $0) }
  }

  /// Whether the node is a list.
  package var isSequence: Bool { if case .sequence = node { true } else { false } }

  /// The node as a plain string.
  package func string(_ what: String) throws(DarkroomError) -> String {
    guard case .scalar(let scalar) = node else {
      throw DarkroomError("expected text for \(what), found \(kindDescription)", at: location)
    }
    return scalar.string
  }

  /// The node as a finite number.
  package func number(_ what: String) throws(DarkroomError) -> Double {
    guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string),
      value.isFinite
    else {
      throw DarkroomError("expected a number for \(what), found \(kindDescription)", at: location)
    }
    return value
  }

  /// The node as a number within `range`.
  package func number(_ what: String, in range: ClosedRange<Double>) throws(DarkroomError) -> Double {
    let value = try number(what)
    guard range.contains(value) else {
      throw DarkroomError(
        "\(what) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), found \(Self.format(value))",
        at: location)
    }
    return value
  }

  /// The node as a boolean (`true` or `false`).
  package func bool(_ what: String) throws(DarkroomError) -> Bool {
    guard case .scalar(let scalar) = node, scalar.style == .plain else {
      throw DarkroomError("expected true or false for \(what), found \(kindDescription)", at: location)
    }
    switch scalar.string {
    case "true": return true
    case "false": return false
    default: throw DarkroomError("expected true or false for \(what), found \(Excerpt.quoted(scalar.string))", at: location)
    }
  }

  /// The node as one of a fixed set of words.
  package func word(_ what: String, from choices: [String]) throws(DarkroomError) -> String {
    let value = try string(what)
    guard choices.contains(value) else {
      throw DarkroomError(
        "unknown \(what) '\(value)' (expected \(choices.joined(separator: ", ")))", at: textLocation,
        suggestion: Suggestion.closest(to: value, in: choices))
    }
    return value
  }

  /// The node as one case of a string enumeration.
  package func choice<T: RawRepresentable & CaseIterable>(_ what: String, as type: T.Type) throws(DarkroomError) -> T
  where T.RawValue == String {
    let word = try word(what, from: T.allCases.map(\.rawValue))
    guard let value = T(rawValue: word) else {
      throw DarkroomError("unknown \(what) '\(word)'", at: textLocation)
    }
    return value
  }

  package static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension Array where Element == (key: String, keyNode: YAMLNode, value: YAMLNode) {
  /// Rejects keys outside `allowed`, suggesting the closest allowed key.
  package func checkKeys(allowed: [String], in what: String) throws(DarkroomError) {
    for entry in self where !allowed.contains(entry.key) {
      throw DarkroomError(
        "unknown key '\(entry.key)' in \(what)", at: entry.keyNode.location,
        suggestion: Suggestion.closest(to: entry.key, in: allowed))
    }
  }

  /// The value of `key`, if present.
  package subscript(key: String) -> YAMLNode? {
    first { $0.key == key }?.value
  }
}
