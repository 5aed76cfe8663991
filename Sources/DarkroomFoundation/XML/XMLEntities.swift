/// The general entities a resource file declares in its own DTD, expanded before
/// libxml2 reads the file.
///
/// Foundation's XMLParser on Linux passes the text of an internal entity to no
/// callback — `About &app;` would read as "About" — so the references are replaced
/// here, as the XML specification (and aapt2's parser) expands them: character
/// references in a declared value are resolved when it is declared, entity
/// references when it is used, and the result is read as the document's own text
/// (it may hold markup). References inside comments, CDATA sections and the DTD
/// itself are left alone. An external entity (`SYSTEM`, `PUBLIC`) is never read: a
/// reference to one is an error. Expansion is bounded — entities nest at most 16
/// deep and the file grows to at most 16 MB — so an entity bomb is an error, not a
/// hang. A file without an internal subset is returned as it is.
package enum XMLEntities {
  /// How deep entity references may nest.
  static let maximumDepth = 16
  /// The most text expansion may add.
  static let maximumLength = 16 << 20

  /// `text` with the references to its internal entities replaced by their values.
  ///
  /// - Throws: ``DarkroomError`` at the reference for an external entity, or for
  ///   entities that nest or grow too far.
  package static func expand(_ text: String, file: String) throws(DarkroomError) -> String {
    let scalars = Array(text.unicodeScalars)
    guard let subset = internalSubset(scalars) else { return text }
    let declarations = declarations(in: Array(scalars[subset]))
    guard !declarations.isEmpty else { return text }
    var output = String.UnicodeScalarView()
    output.append(contentsOf: scalars[..<subset.upperBound])
    var index = subset.upperBound
    // Bytes the expansions added, counted as they are made (the view's count is not
    // constant time).
    var added = 0
    var line = 1 + scalars[..<index].filter { $0 == "\n" }.count
    var column = 1 + (scalars[..<index].lastIndex(of: "\n").map { index - $0 - 1 } ?? index)
    func skip(to end: [Unicode.Scalar]) {
      // Copies through the end marker of a comment or CDATA section.
      while index < scalars.count {
        if scalars[index...].starts(with: end) {
          output.append(contentsOf: end)
          index += end.count
          column += end.count
          return
        }
        if scalars[index] == "\n" {
          line += 1
          column = 0
        }
        output.append(scalars[index])
        index += 1
        column += 1
      }
    }
    while index < scalars.count {
      let c = scalars[index]
      if c == "<", scalars[index...].starts(with: Array("<!--".unicodeScalars)) {
        skip(to: Array("-->".unicodeScalars))
      } else if c == "<", scalars[index...].starts(with: Array("<![CDATA[".unicodeScalars)) {
        skip(to: Array("]]>".unicodeScalars))
      } else if c == "&", let (name, end) = reference(scalars, at: index), let entity = declarations[name] {
        let at = SourceLocation(file: file, line: line, column: column)
        let expanded = try replacement(entity, named: name, declarations, depth: 1, at: at)
        added += expanded.utf8.count
        guard added <= maximumLength else { throw bomb(at) }
        output.append(contentsOf: expanded.unicodeScalars)
        column += end - index
        index = end
      } else {
        if c == "\n" {
          line += 1
          column = 0
        }
        output.append(c)
        index += 1
        column += 1
      }
    }
    return String(output)
  }

  /// A declared general entity.
  enum Entity {
    /// Its value, with character references resolved.
    case value(String)
    /// `SYSTEM` or `PUBLIC`: a file or address, never read.
    case external
  }

  private static func bomb(_ at: SourceLocation) -> DarkroomError {
    DarkroomError("malformed XML: entities that refer to each other or expand too far", at: at)
  }

  private static func replacement(
    _ entity: Entity, named name: String, _ declarations: [String: Entity], depth: Int, at: SourceLocation
  ) throws(DarkroomError) -> String {
    guard depth <= maximumDepth else { throw bomb(at) }
    guard case .value(let value) = entity else {
      throw DarkroomError(
        "'&\(Quoted.text(name));' is an external entity; Darkroom never reads a file or address an entity names", at: at)
    }
    let scalars = Array(value.unicodeScalars)
    var result = ""
    var index = 0
    while index < scalars.count {
      if scalars[index] == "&", let (inner, end) = reference(scalars, at: index), let nested = declarations[inner] {
        result += try replacement(nested, named: inner, declarations, depth: depth + 1, at: at)
        guard result.utf8.count <= maximumLength else { throw bomb(at) }
        index = end
      } else {
        result.unicodeScalars.append(scalars[index])
        index += 1
      }
    }
    return result
  }

  /// The name of the entity reference `&name;` at `start`, and the index after it.
  private static func reference(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
    var i = start + 1
    var name = String.UnicodeScalarView()
    while i < s.count, isNameCharacter(s[i]) {
      name.append(s[i])
      i += 1
    }
    guard !name.isEmpty, i < s.count, s[i] == ";" else { return nil }
    return (String(name), i + 1)
  }

  private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
    c.properties.isAlphabetic || c.properties.numericType == .decimal || "_-.:".unicodeScalars.contains(c)
  }

  /// The range of the DOCTYPE's internal subset, between its `[` and `]`.
  private static func internalSubset(_ s: [Unicode.Scalar]) -> Range<Int>? {
    let doctype = Array("<!DOCTYPE".unicodeScalars)
    guard let start = s.indices.first(where: { s[$0...].starts(with: doctype) }) else { return nil }
    var i = start + doctype.count
    var quote: Unicode.Scalar?
    while i < s.count {
      if let q = quote {
        if s[i] == q { quote = nil }
      } else if s[i] == "\"" || s[i] == "'" {
        quote = s[i]
      } else if s[i] == ">" {
        return nil
      } else if s[i] == "[" {
        break
      }
      i += 1
    }
    guard i < s.count else { return nil }
    let open = i + 1
    quote = nil
    var j = open
    while j < s.count {
      if let q = quote {
        if s[j] == q { quote = nil }
      } else if s[j] == "\"" || s[j] == "'" {
        quote = s[j]
      } else if s[j] == "]" {
        return open..<j
      }
      j += 1
    }
    return nil
  }

  /// The general entities `<!ENTITY name "value">` of an internal subset (parameter
  /// entities, `<!ENTITY % …>`, are passed over); the first declaration of a name
  /// wins, as XML says.
  private static func declarations(in s: [Unicode.Scalar]) -> [String: Entity] {
    var result: [String: Entity] = [:]
    let keyword = Array("<!ENTITY".unicodeScalars)
    var i = 0
    func spaces() { while i < s.count, s[i].properties.isWhitespace { i += 1 } }
    while i < s.count {
      guard s[i...].starts(with: keyword) else {
        i += 1
        continue
      }
      i += keyword.count
      spaces()
      if i < s.count, s[i] == "%" { continue }
      var name = String.UnicodeScalarView()
      while i < s.count, isNameCharacter(s[i]) {
        name.append(s[i])
        i += 1
      }
      spaces()
      guard !name.isEmpty, i < s.count else { continue }
      let entity: Entity
      if s[i] == "\"" || s[i] == "'" {
        let quote = s[i]
        i += 1
        var value = String.UnicodeScalarView()
        while i < s.count, s[i] != quote {
          value.append(s[i])
          i += 1
        }
        entity = .value(resolvingCharacterReferences(String(value)))
      } else {
        entity = .external
      }
      if result[String(name)] == nil { result[String(name)] = entity }
    }
    return result
  }

  /// `&#65;` and `&#x41;` replaced by their characters.
  private static func resolvingCharacterReferences(_ text: String) -> String {
    guard text.contains("&#") else { return text }
    let s = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var i = 0
    while i < s.count {
      if s[i] == "&", i + 2 < s.count, s[i + 1] == "#", let end = s[(i + 2)...].firstIndex(of: ";") {
        let body = String(String.UnicodeScalarView(s[(i + 2)..<end]))
        let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
        if let value, let scalar = Unicode.Scalar(value) {
          result.append(scalar)
          i = end + 1
          continue
        }
      }
      result.append(s[i])
      i += 1
    }
    return String(result)
  }
}
