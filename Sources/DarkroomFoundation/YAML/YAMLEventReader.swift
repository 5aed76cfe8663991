import CLibYAML

/// A YAML or JSON text read as libyaml's events, one at a time, in Swift values.
///
/// The only file that calls libyaml. Reading events rather than a finished tree is
/// what lets ``YAMLDocument`` count values and depth while the text is parsed, and
/// stop a hostile file before it costs more than the limits allow.
final class YAMLEventReader {
  /// Where an event starts: line and column from 1, the column in Unicode scalars.
  struct Mark: Equatable {
    var line: Int
    var column: Int
  }

  /// How a scalar was written.
  enum ScalarStyle {
    case plain, singleQuoted, doubleQuoted, literal, folded
  }

  /// One event of the parse.
  enum Event {
    case streamStart, streamEnd, documentStart, documentEnd
    case mappingStart(anchor: String?, at: Mark)
    case mappingEnd
    case sequenceStart(anchor: String?, at: Mark)
    case sequenceEnd
    case scalar(String, style: ScalarStyle, anchor: String?, at: Mark)
    case alias(String, at: Mark)
  }

  /// libyaml's description of text that does not parse, and where.
  struct Failure: Error {
    var problem: String
    var context: String?
    var at: Mark
  }

  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// The text, which libyaml reads in place for the parser's whole life.
  private let input: UnsafeMutableBufferPointer<UInt8>

  /// A reader of `text` (UTF-8).
  init(_ text: String) {
    let bytes = Array(text.utf8)
    input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = input.initialize(from: bytes)
    parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    yaml_parser_initialize(parser)
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
  }

  deinit {
    yaml_parser_delete(parser)
    parser.deallocate()
    input.deallocate()
  }

  /// The next event.
  ///
  /// - Throws: ``Failure`` where the text stops being YAML.
  func next() throws(Failure) -> Event {
    var event = yaml_event_t()
    guard yaml_parser_parse(parser, &event) == 1 else { throw failure() }
    defer { yaml_event_delete(&event) }
    let at = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    switch event.type {
    case YAML_STREAM_START_EVENT: return .streamStart
    case YAML_STREAM_END_EVENT: return .streamEnd
    case YAML_DOCUMENT_START_EVENT: return .documentStart
    case YAML_DOCUMENT_END_EVENT: return .documentEnd
    case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: Self.text(event.data.mapping_start.anchor), at: at)
    case YAML_MAPPING_END_EVENT: return .mappingEnd
    case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: Self.text(event.data.sequence_start.anchor), at: at)
    case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
    case YAML_ALIAS_EVENT: return .alias(Self.text(event.data.alias.anchor) ?? "", at: at)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let value = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
      let style: ScalarStyle
      switch scalar.style {
      case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
      case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
      case YAML_LITERAL_SCALAR_STYLE: style = .literal
      case YAML_FOLDED_SCALAR_STYLE: style = .folded
      default: style = .plain
      }
      return .scalar(value, style: style, anchor: Self.text(scalar.anchor), at: at)
    default:
      // YAML_NO_EVENT: libyaml gives it only after an error it has reported.
      throw failure()
    }
  }

  private func failure() -> Failure {
    let problem = parser.pointee.problem.map { String(cString: $0) } ?? "cannot be read"
    let context = parser.pointee.context.map { String(cString: $0) }
    // A scanner's problem is where it stopped; the mark may be past the end.
    let mark = parser.pointee.problem_mark
    return Failure(problem: problem, context: context, at: Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
  }

  private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafePointer($0)) }
  }
}
