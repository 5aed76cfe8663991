/// A parsed YAML or JSON file: every value with where it was written, kept in flat
/// arrays, built from libyaml's events with its costs counted as they arrive.
///
/// A file under the size limit can still ask for gigabytes: 16 MB of `{k0: 1, k1: 1…}`
/// is 1.4 million keys. So the builder counts every value (keys included) and the
/// depth while it reads, and stops at ``maximumValues`` or ``maximumDepth`` with an
/// error at the value that went over — before the rest is parsed, and long before
/// anything walks the tree. A value costs one record of a few bytes and its text,
/// so a file at every limit stays within tens of megabytes.
///
/// Anchors and aliases are kept as YAML means them, an alias sharing its anchor's
/// value (not a copy): whatever walks a value counts what it visits. An alias may
/// not be a mapping's key (`? *bomb` would be compared with every other key, whole),
/// nor refer to a value that holds it. A key written twice in one mapping is an
/// error at its second occurrence.
package final class YAMLDocument {
  /// The most values (scalars, mappings, lists and aliases; a key is a value) one
  /// file may hold: about ten times the largest string catalog of the nine public
  /// apps measured, each a few bytes, so a file at the limit stays small and fast.
  static let maximumValues = 2_000_000
  /// The most mappings and lists one value may sit inside.
  static let maximumDepth = 1_000

  /// What one file may ask for.
  package struct Limits {
    /// The most values, keys included.
    var values = YAMLDocument.maximumValues
    /// The most collections one value may sit inside.
    var depth = YAMLDocument.maximumDepth
  }

  /// What a value is.
  enum Kind: UInt8 {
    case scalar, mapping, sequence
  }

  /// One value: what it is, where it starts, and where its text or children are.
  struct Record {
    var kind: Kind
    var style: YAMLEventReader.ScalarStyle
    var line: Int32
    var column: Int32
    /// A scalar's index in ``texts``; a collection's first child in ``children``.
    var first: Int32
    /// A collection's children (a mapping's keys and values, alternately).
    var count: Int32
  }

  /// The file the text came from, for locations.
  let file: String
  private(set) var records: [Record] = []
  private(set) var children: [Int32] = []
  private(set) var texts: [String] = []
  /// The root value's record.
  private(set) var root: Int32 = 0

  /// A text that does not parse, or asks for more than the limits.
  struct Failure: Error {
    var message: String
    var line: Int
    var column: Int
    /// Whether libyaml found the text is not YAML (else it parsed, and broke a rule
    /// of the builder's).
    var syntax = false
  }

  /// Parses `text` whole.
  ///
  /// - Throws: ``Failure`` at libyaml's problem, a value past the limits, a duplicate
  ///   key, an alias as a key, an unknown or enclosing alias, or a second document.
  init(_ text: String, file: String, limits: Limits = Limits()) throws(Failure) {
    self.file = file
    var builder = Builder(limits: limits)
    let reader = YAMLEventReader(text)
    var documents = 0
    while true {
      let event: YAMLEventReader.Event
      do {
        event = try reader.next()
      } catch {
        throw Failure(
          message: error.context.map { "\(error.problem) (\($0))" } ?? error.problem, line: error.at.line,
          column: error.at.column, syntax: true)
      }
      switch event {
      case .streamStart, .documentEnd: continue
      case .streamEnd:
        records = builder.records
        children = builder.children
        texts = builder.texts
        root = builder.root ?? -1
        return
      case .documentStart:
        documents += 1
        guard documents == 1 else {
          throw Failure(message: "the file holds more than one document (a second '---')", line: 1, column: 1)
        }
      case .mappingStart, .mappingEnd, .sequenceStart, .sequenceEnd, .scalar, .alias:
        try builder.take(event)
      }
    }
  }

  /// Turns events into records, counting.
  private struct Builder {
    let limits: Limits

    init(limits: Limits) { self.limits = limits }

    var records: [Record] = []
    var children: [Int32] = []
    var texts: [String] = []
    var root: Int32?
    /// The collections open, innermost last.
    var open: [Frame] = []
    var anchors: [String: Int32] = [:]
    /// Anchors of collections still open: an alias to one would hold itself.
    var enclosing: Set<String> = []

    struct Frame {
      var record: Int32
      var items: [Int32] = []
      var anchor: String?
      /// Whether it is a mapping.
      var isMapping: Bool
      /// A mapping's keys so far (scalars only), for duplicates: looked through in
      /// a small mapping, hashed once it grows (most of a file's mappings are small,
      /// and hashing each of their keys would cost more than the parse).
      var keys: [(String, Int32)] = []
      var keyIndex: [String: Int32]?

      mutating func firstOccurrence(of key: String, at index: Int32) -> Int32? {
        if keyIndex != nil {
          if let first = keyIndex?[key] { return first }
          keyIndex?[key] = index
          return nil
        }
        if let first = keys.first(where: { $0.0 == key }) { return first.1 }
        keys.append((key, index))
        if keys.count > 16 {
          keyIndex = Dictionary(keys, uniquingKeysWith: { first, _ in first })
          keys = []
        }
        return nil
      }
    }

    mutating func take(_ event: YAMLEventReader.Event) throws(Failure) {
      switch event {
      case .scalar(let value, let style, let anchor, let at):
        let index = try add(Record(kind: .scalar, style: style, line: Int32(at.line), column: Int32(at.column), first: Int32(texts.count), count: 0), at: at)
        texts.append(value)
        if let anchor { anchors[anchor] = index }
        try place(index, at: at, key: value)
      case .alias(let name, let at):
        guard let target = anchors[name] else {
          throw Failure(
            message: enclosing.contains(name)
              ? "the alias '*\(Quoted.text(name))' refers to a value that holds it"
              : "unknown alias '*\(Quoted.text(name))' (no value is anchored '&\(Quoted.text(name))' before it)",
            line: at.line, column: at.column)
        }
        if let frame = open.last, frame.isMapping, frame.items.count % 2 == 0 {
          throw Failure(message: "an alias may not be a mapping key (*\(Quoted.text(name)))", line: at.line, column: at.column)
        }
        try count(at: at)
        try place(target, at: at, key: nil)
      case .mappingStart(let anchor, let at), .sequenceStart(let anchor, let at):
        guard open.count < limits.depth else {
          throw Failure(message: "nested more than \(limits.depth) levels deep", line: at.line, column: at.column, syntax: true)
        }
        let isMapping: Bool
        if case .mappingStart = event { isMapping = true } else { isMapping = false }
        let index = try add(
          Record(kind: isMapping ? .mapping : .sequence, style: .plain, line: Int32(at.line), column: Int32(at.column), first: 0, count: 0),
          at: at)
        // Placed in its parent now, so the parent's order is the file's.
        try place(index, at: at, key: nil)
        if let anchor { enclosing.insert(anchor) }
        open.append(Frame(record: index, anchor: anchor, isMapping: isMapping))
      case .mappingEnd, .sequenceEnd:
        guard let frame = open.popLast() else { return }
        records[Int(frame.record)].first = Int32(children.count)
        records[Int(frame.record)].count = Int32(frame.items.count)
        children.append(contentsOf: frame.items)
        if let anchor = frame.anchor {
          enclosing.remove(anchor)
          anchors[anchor] = frame.record
        }
      case .streamStart, .streamEnd, .documentStart, .documentEnd:
        return
      }
    }

    /// Values read so far, aliases included.
    private var values = 0

    private mutating func count(at: YAMLEventReader.Mark) throws(Failure) {
      guard values < limits.values else { throw tooMany(at) }
      values += 1
    }

    private mutating func add(_ record: Record, at: YAMLEventReader.Mark) throws(Failure) -> Int32 {
      try count(at: at)
      records.append(record)
      return Int32(records.count - 1)
    }

    private func tooMany(_ at: YAMLEventReader.Mark) -> Failure {
      Failure(
        message: "the file holds more than \(limits.values) values (keys included); a file may hold at most \(limits.values)",
        line: at.line, column: at.column)
    }

    /// Puts a value into the collection open around it, checking a key written twice.
    private mutating func place(_ index: Int32, at: YAMLEventReader.Mark, key: String?) throws(Failure) {
      guard !open.isEmpty else {
        root = index
        return
      }
      let top = open.count - 1
      if open[top].isMapping && open[top].items.count % 2 == 0, let key,
        let first = open[top].firstOccurrence(of: key, at: index)
      {
        throw Failure(
          message: "duplicate key '\(Quoted.text(key))' (first at line \(records[Int(first)].line))", line: at.line,
          column: at.column)
      }
      open[top].items.append(index)
    }
  }
}
