import DarkroomRaster
import Yams

/// A node of a parsed YAML file that knows where it was written, so every type
/// error can point at its line and column.
struct YAMLNode {
  let node: Yams.Node
  let file: String

  /// Parses a whole file. An empty file is an empty mapping.
  static func parse(_ text: String, file: String, format: String = "YAML") throws(DarkroomError) -> YAMLNode {
    try AliasKeyScan(file: file).check(text)
    do {
      // Scalars are read as text and typed by the spec that reads them, so Yams need
      // not resolve tags: without its regular expressions, a mapping's duplicate-key
      // check (which hashes every key) is several times faster on long files. The
      // encoding is given: Yams's default reads the whole environment on every parse,
      // and prints a line to standard output when YAMS_DEFAULT_ENCODING is set.
      guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else {
        return YAMLNode(node: .mapping(Yams.Node.Mapping([])), file: file)
      }
      return YAMLNode(node: node, file: file)
    } catch let error as YamlError {
      throw Self.describe(error, file: file, format: format)
    } catch {
      throw DarkroomError("cannot parse \(format): \(error)", file: file)
    }
  }

  /// Parses a JSON file, keeping line and column on every node: JSON is read as the
  /// YAML it nearly is. Tabs, which JSON allows between tokens and YAML does not,
  /// become spaces (a raw tab cannot occur inside a JSON string, so no value changes).
  static func parseJSON(_ text: String, file: String) throws(DarkroomError) -> YAMLNode {
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
    guard trimmed.first == "{" || trimmed.first == "[" else {
      throw DarkroomError("malformed JSON: expected an object or a list", file: file)
    }
    return try parse(text.replacingOccurrences(of: "\t", with: " "), file: file, format: "JSON")
  }

  private static func describe(_ error: YamlError, file: String, format: String) -> DarkroomError {
    func located(_ problem: String, _ mark: Mark, _ context: YamlError.Context?) -> DarkroomError {
      // libyaml's own depth limit (1000), said without its API's name.
      if problem.hasPrefix("Maximum nesting level reached") {
        return DarkroomError(
          "malformed \(format): nested more than 1000 levels deep",
          at: SourceLocation(file: file, line: mark.line, column: mark.column))
      }
      var message = "malformed \(format): \(problem)"
      if let context { message += " (\(context.text) at \(context.mark))" }
      return DarkroomError(message, at: SourceLocation(file: file, line: mark.line, column: mark.column))
    }
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      return located(problem, mark, context)
    case .duplicatedKeysInMapping(let duplicates, let context):
      // Yams points at the first occurrence; the mistake is the second.
      let key = duplicates.first ?? ""
      let first = SourceLocation(file: file, line: context.mark.line, column: context.mark.column)
      guard let second = DuplicateKeyFinder(text: context.text).second(key, firstAt: first.line, column: first.column) else {
        return DarkroomError("duplicate key '\(duplicates.joined(separator: "', '"))'", at: first)
      }
      return DarkroomError(
        "duplicate key '\(key)' (first at line \(first.line))",
        at: SourceLocation(file: file, line: second.line, column: second.column))
    case .reader(let problem, _, _, _):
      return DarkroomError("malformed \(format): \(problem)", file: file)
    default:
      return DarkroomError("malformed \(format): \(error)", file: file)
    }
  }

  /// Where the node starts.
  var location: SourceLocation {
    let mark = node.mark
    return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
  }

  /// Where the node's text starts: past the opening quote of a quoted scalar.
  var textLocation: SourceLocation {
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
    case .alias: "an alias"
    }
  }

  /// The node as a mapping of string keys, in file order.
  func mapping(_ what: String) throws(DarkroomError) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
    guard case .mapping(let mapping) = node else {
      throw DarkroomError("expected a mapping for \(what), found \(kindDescription)", at: location)
    }
    var result: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
    for (key, value) in mapping {
      guard case .scalar(let scalar) = key else {
        throw DarkroomError("expected a name as a key in \(what)", at: YAMLNode(node: key, file: file).location)
      }
      result.append((scalar.string, YAMLNode(node: key, file: file), YAMLNode(node: value, file: file)))
    }
    return result
  }

  /// The node as a list.
  func sequence(_ what: String) throws(DarkroomError) -> [YAMLNode] {
    guard case .sequence(let sequence) = node else {
      throw DarkroomError("expected a list for \(what), found \(kindDescription)", at: location)
    }
    return sequence.map { YAMLNode(node: $0, file: file) }
  }

  /// Whether the node is a list.
  var isSequence: Bool { if case .sequence = node { true } else { false } }

  /// The node as a plain string.
  func string(_ what: String) throws(DarkroomError) -> String {
    guard case .scalar(let scalar) = node else {
      throw DarkroomError("expected text for \(what), found \(kindDescription)", at: location)
    }
    return scalar.string
  }

  /// The node as a finite number.
  func number(_ what: String) throws(DarkroomError) -> Double {
    guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string),
      value.isFinite
    else {
      throw DarkroomError("expected a number for \(what), found \(kindDescription)", at: location)
    }
    return value
  }

  /// The node as a number within `range`.
  func number(_ what: String, in range: ClosedRange<Double>) throws(DarkroomError) -> Double {
    let value = try number(what)
    guard range.contains(value) else {
      throw DarkroomError(
        "\(what) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), found \(Self.format(value))",
        at: location)
    }
    return value
  }

  /// The node as a boolean (`true` or `false`).
  func bool(_ what: String) throws(DarkroomError) -> Bool {
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
  func word(_ what: String, from choices: [String]) throws(DarkroomError) -> String {
    let value = try string(what)
    guard choices.contains(value) else {
      throw DarkroomError(
        "unknown \(what) '\(value)' (expected \(choices.joined(separator: ", ")))", at: textLocation,
        suggestion: Suggestion.closest(to: value, in: choices))
    }
    return value
  }

  /// The node as one case of a string enumeration.
  func choice<T: RawRepresentable & CaseIterable>(_ what: String, as type: T.Type) throws(DarkroomError) -> T
  where T.RawValue == String {
    let word = try word(what, from: T.allCases.map(\.rawValue))
    guard let value = T(rawValue: word) else {
      throw DarkroomError("unknown \(what) '\(word)'", at: textLocation)
    }
    return value
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension Array where Element == (key: String, keyNode: YAMLNode, value: YAMLNode) {
  /// Rejects keys outside `allowed`, suggesting the closest allowed key.
  func checkKeys(allowed: [String], in what: String) throws(DarkroomError) {
    for entry in self where !allowed.contains(entry.key) {
      throw DarkroomError(
        "unknown key '\(entry.key)' in \(what)", at: entry.keyNode.location,
        suggestion: Suggestion.closest(to: entry.key, in: allowed))
    }
  }

  /// The value of `key`, if present.
  subscript(key: String) -> YAMLNode? {
    first { $0.key == key }?.value
  }
}
