/// A property declared at the top of a file or in a type's body (a struct, class,
/// enum, actor, protocol or extension), as written: where it is, its modifiers,
/// its type annotation, and where its initial value or getter is.
struct SwiftProperty {
  /// Whether its `#if` clauses are taken in an iPhone build.
  enum Condition: Equatable {
    /// Taken (or under no `#if`).
    case active
    /// Not taken: `#if os(macOS)`.
    case inactive
    /// Decided by something Darkroom cannot know, written as the condition.
    case undecided(String)
  }

  /// The enclosing types' path: `["IceCubeDark"]`, `["Color", "Palette"]`; empty
  /// at the top of a file.
  let scope: [String]
  /// Whether the scope is an extension (its path names the extended type).
  let inExtension: Bool
  /// Whether the scope is a protocol (a requirement has no value).
  let inProtocol: Bool
  let name: String
  /// The index of its name's token.
  let nameToken: Int
  /// `static` or `class`.
  let isStatic: Bool
  /// The names of its attributes (`State`, `MainActor`, `available`).
  let attributes: [String]
  /// Its type annotation's tokens, when it has one.
  let type: Range<Int>?
  /// Its initial value's tokens (`= value`), when it has one; the end is where
  /// the expression ends, nil when it could not be parsed (with why).
  let initializer: (start: Int, end: Int?)?
  /// Why the initial value could not be parsed.
  let initializerFailure: SwiftParseFailure?
  /// The `{` and `}` of its getter or accessors, for a computed property.
  let body: (open: Int, close: Int)?
  let condition: Condition
}

/// What a file's scan found besides properties, for reading colours across files.
struct SwiftFileFacts {
  /// The types declared (not extended), by path: `["Color", "Palette"]`.
  var types: Set<[String]> = []
  /// `typealias Name = Target`: the alias's path and the target type's text.
  var typeAliases: [(path: [String], target: String)] = []
  /// Initializers declared in a type's body or an extension: the type's path and
  /// the argument labels (`_` for none), with where.
  var initializers: [(type: [String], labels: [String], at: Int)] = []
  /// Functions and initializers declared at the top of the file or in a type,
  /// with their parameters and bodies: helpers a colour may call.
  var functions: [SwiftFunction] = []
}

/// A function or initializer a colour may call (`func hex_col(r: UInt8, …) -> Color`,
/// `static func rgba(_ r: CGFloat, …) -> UIColor`, `init(r: Int, g: Int, b: Int)`):
/// where it is, its parameters and its body, read only when its body is one
/// expression (or one `self.init(…)`) of its parameters.
struct SwiftFunction {
  /// One parameter: its argument label (nil for `_`), its name in the body, its
  /// type as written and its default value's tokens.
  struct Parameter {
    let label: String?
    let name: String
    let type: String
    let defaultValue: Range<Int>?
  }

  /// The type it is declared in (empty at the top of a file).
  let scope: [String]
  /// Its name; `init` for an initializer.
  let name: String
  let parameters: [Parameter]
  /// Its return type as written (nil for an initializer or none).
  let returns: String?
  /// The `{` and `}` of its body.
  let body: (open: Int, close: Int)
  /// Where it is declared.
  let at: Int
}

/// Finds the declarations of a file that can hold a colour: properties at the top
/// of the file or in a type's body, with the type paths that name them, the `#if`
/// clauses they are under, and the types, type aliases and initializers declared.
///
/// Bodies of functions, closures and accessors are skipped in one step (their
/// brackets are matched), so local variables are never taken for properties and
/// the scan is linear in the file's tokens.
struct SwiftDeclarationScanner {
  let file: SwiftFile
  let brackets: SwiftBrackets

  private struct TypeScope {
    let path: [String]
    let isExtension: Bool
    let isProtocol: Bool
    let close: Int
  }

  private struct ConditionGroup {
    /// Whether a clause so far was surely taken.
    var taken: Bool
    /// Whether a clause so far was undecided (a later one may or may not be taken).
    var undecidedBefore: Bool
    /// This clause's state.
    var state: SwiftProperty.Condition
  }

  static let modifiers: Set<String> = [
    "static", "class", "public", "private", "fileprivate", "internal", "open", "package", "final", "override", "lazy",
    "weak", "unowned", "dynamic", "nonisolated", "optional", "required", "mutating", "nonmutating", "convenience",
    "indirect", "isolated", "distributed", "unsafe",
  ]

  /// The deepest nesting of types read: a path longer than this names no colour a
  /// team writes, and each nested type copies its path.
  static let maximumTypeNesting = 64

  /// Every property and the file's facts.
  ///
  /// - Throws: ``SwiftSourceError`` when types nest deeper than
  ///   ``maximumTypeNesting``.
  func scan() throws(SwiftSourceError) -> (properties: [SwiftProperty], facts: SwiftFileFacts) {
    let tokens = file.tokens
    var properties: [SwiftProperty] = []
    var facts = SwiftFileFacts()
    var scopes: [TypeScope] = []
    var groups: [ConditionGroup] = []
    var i = 0
    while i < tokens.count {
      let token = tokens[i]
      if let scope = scopes.last, i >= scope.close {
        scopes.removeLast()
        i = max(i, scope.close + 1)
        continue
      }
      switch token.kind {
      case .directive:
        i = directive(at: i, groups: &groups)
        continue
      case .punctuation:
        // A body that is not a type's — a function's, a closure's, an accessor's —
        // holds no property.
        if file.token(token, is: "{") || file.token(token, is: "(") || file.token(token, is: "[") {
          i = brackets.partner(of: i) + 1
          continue
        }
      case .identifier:
        let text = file.text(token)
        let afterDot = i > 0 && tokens[i - 1].kind == .operator && file.token(tokens[i - 1], is: ".")
        if afterDot { break }
        if isTypeKeyword(at: i), let (path, open, isExtension) = typeDeclaration(at: i, in: scopes.last) {
          guard scopes.count < Self.maximumTypeNesting else {
            throw SwiftSourceError("types nest more than \(Self.maximumTypeNesting) deep", at: file.location(token))
          }
          if !isExtension { facts.types.insert(path) }
          scopes.append(
            TypeScope(path: path, isExtension: isExtension, isProtocol: text == "protocol", close: brackets.partner(of: open)))
          i = open + 1
          continue
        }
        if text == "let" || text == "var", scopes.last != nil || isDeclarationStart(at: i) {
          let condition = self.condition(groups)
          let (found, next) = bindings(at: i, scope: scopes.last, condition: condition)
          properties += found
          i = max(next, i + 1)
          continue
        }
        if text == "typealias", i + 3 < tokens.count, tokens[i + 1].kind == .identifier, file.token(tokens[i + 2], is: "=") {
          let end = SwiftTypes.end(of: file, brackets: brackets, from: i + 3, limit: scopes.last?.close ?? tokens.count)
          facts.typeAliases.append(
            ((scopes.last?.path ?? []) + [file.name(tokens[i + 1])], SwiftTypes.text(of: file, from: i + 3, to: end)))
          i = max(end, i + 1)
          continue
        }
        if text == "init", let scope = scopes.last, !scope.isProtocol, let labels = initializerLabels(at: i) {
          facts.initializers.append((scope.path, labels, i))
        }
        if (text == "init" && scopes.last.map { !$0.isProtocol } == true) || text == "func",
          let function = function(at: i, scope: scopes.last?.path ?? [])
        {
          facts.functions.append(function)
          i = function.body.close + 1
          continue
        }
      case .integer, .float, .string, .regex, .`operator`:
        break
      }
      i += 1
    }
    return (properties, facts)
  }

  // MARK: Conditions

  /// `#if`, `#elseif`, `#else`, `#endif`: the clause's state; returns the index
  /// after the directive and its condition (the rest of its line).
  private func directive(at index: Int, groups: inout [ConditionGroup]) -> Int {
    let tokens = file.tokens
    let word = file.text(tokens[index])
    guard ["#if", "#elseif", "#else", "#endif"].contains(word) else { return index + 1 }
    // The condition is the rest of the line.
    var end = index + 1
    while end < tokens.count, !tokens[end].startsLine,
      !(tokens[end].kind == .punctuation && (file.token(tokens[end], is: "{") || file.token(tokens[end], is: "}")))
    {
      end = nextIndex(end)
    }
    switch word {
    case "#if", "#elseif":
      var parser = SwiftExpressionParser(file: file, brackets: brackets, from: index + 1, to: end)
      let parsed = try? parser.expression(trailingClosures: false)
      let value = parsed.map(SwiftBuildCondition.evaluate) ?? .undecided
      let text = "#\(word.dropFirst()) " + SwiftTypes.text(of: file, from: index + 1, to: end)
      if word == "#if" || groups.isEmpty {
        groups.append(
          ConditionGroup(
            taken: value == .yes, undecidedBefore: value == .undecided,
            state: value == .yes ? .active : value == .no ? .inactive : .undecided(text)))
      } else {
        var group = groups[groups.count - 1]
        if group.taken || value == .no {
          group.state = .inactive
        } else if group.undecidedBefore || value == .undecided {
          group.state = .undecided(group.undecidedBefore ? "an `#if` whose earlier condition is undecided" : text)
        } else {
          group.state = .active
        }
        group.taken = group.taken || (value == .yes && !group.undecidedBefore)
        group.undecidedBefore = group.undecidedBefore || value == .undecided
        groups[groups.count - 1] = group
      }
    case "#else":
      if var group = groups.popLast() {
        group.state =
          group.taken ? .inactive : group.undecidedBefore ? .undecided("the `#else` of an undecided `#if`") : .active
        group.taken = true
        groups.append(group)
      }
    case "#endif":
      _ = groups.popLast()
    default:
      break
    }
    return end
  }

  private func nextIndex(_ i: Int) -> Int {
    file.tokens[i].kind == .punctuation && brackets.isOpening(i) ? brackets.partner(of: i) + 1 : i + 1
  }

  private func condition(_ groups: [ConditionGroup]) -> SwiftProperty.Condition {
    if groups.contains(where: { $0.state == .inactive }) { return .inactive }
    for group in groups.reversed() {
      if case .undecided = group.state { return group.state }
    }
    return .active
  }

  // MARK: Types

  private func isTypeKeyword(at i: Int) -> Bool {
    let tokens = file.tokens
    guard i + 1 < tokens.count else { return false }
    // `extension [Element]`, `extension (A, B)`: sugared types.
    if file.token(tokens[i], is: "extension"), tokens[i + 1].kind == .punctuation,
      file.token(tokens[i + 1], is: "[") || file.token(tokens[i + 1], is: "(")
    {
      return true
    }
    guard tokens[i + 1].kind == .identifier else { return false }
    switch file.text(tokens[i]) {
    case "struct", "enum", "actor", "extension", "protocol":
      return true
    case "class":
      let next = file.text(tokens[i + 1])
      return !Self.modifiers.contains(next)
        && !["var", "let", "func", "subscript", "init", "deinit", "typealias"].contains(next)
    default:
      return false
    }
  }

  /// The type declared or extended at `i`: its path, the index of its body's `{`,
  /// and whether it is an extension.
  private func typeDeclaration(at i: Int, in scope: TypeScope?) -> (path: [String], open: Int, isExtension: Bool)? {
    let tokens = file.tokens
    let isExtension = file.token(tokens[i], is: "extension")
    var path: [String] = []
    var j = i + 1
    if isExtension {
      // `extension SwiftUI.Color`, `extension Color.Palette`: the path; a sugared
      // type (`[Element]`, `String?`) is named as written.
      let end = SwiftTypes.end(of: file, brackets: brackets, from: j, limit: scope?.close ?? tokens.count)
      var k = j
      while k < end {
        if tokens[k].kind == .identifier {
          path.append(file.name(tokens[k]))
          k += 1
        } else if tokens[k].kind == .operator, file.token(tokens[k], is: "."), !path.isEmpty {
          k += 1
        } else if tokens[k].kind == .operator, file.token(tokens[k], is: "<"),
          let close = SwiftTypes.genericClose(file: file, brackets: brackets, from: k, limit: end)
        {
          k = close + 1
        } else {
          break
        }
      }
      if k < end || path.isEmpty {
        path = [SwiftTypes.text(of: file, from: j, to: end)]
      } else if path.count > 1, Self.modules.contains(path[0]) {
        path.removeFirst()
      }
      j = max(end, j + 1)
    } else {
      path = (scope?.path ?? []) + [file.name(tokens[j])]
      j += 1
    }
    let limit = scope?.close ?? tokens.count
    while j < limit, !(tokens[j].kind == .punctuation && file.token(tokens[j], is: "{")) {
      if tokens[j].kind == .punctuation, file.token(tokens[j], is: "}") || file.token(tokens[j], is: ";") { return nil }
      // `extension ShapeStyle where Self == Color`: its members are `Color`'s.
      if isExtension, file.token(tokens[j], is: "Self"), j + 2 < limit, file.token(tokens[j + 1], is: "=="),
        tokens[j + 2].kind == .identifier, j > 0, file.token(tokens[j - 1], is: "where")
      {
        var same = [file.name(tokens[j + 2])]
        if Self.modules.contains(same[0]), j + 4 < limit, file.token(tokens[j + 3], is: "."), tokens[j + 4].kind == .identifier {
          same = [file.name(tokens[j + 4])]
        }
        path = same
      }
      j = nextIndex(j)
    }
    guard j < limit else { return nil }
    return (path, j, isExtension)
  }

  /// Modules whose name may prefix a type's (`SwiftUI.Color`).
  static let modules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Foundation", "CoreGraphics", "Swift"]

  // MARK: Properties

  /// Whether the `let` or `var` at `i`, at the top of a file, begins a
  /// declaration (not `if let`, `guard let`, `case let` in top-level code); in a
  /// type's body every one does.
  private func isDeclarationStart(at i: Int) -> Bool {
    guard i > 0 else { return true }
    let before = file.tokens[i - 1]
    switch before.kind {
    case .identifier:
      return !["if", "guard", "while", "case", "for", "catch", "where", "in", "some", "any"].contains(file.text(before))
    case .punctuation:
      return !file.token(before, is: ",") && !file.token(before, is: "(")
    case .operator:
      // The end of the line before (`let a: Int?`), not `x = let`.
      return file.tokens[i].startsLine
    case .integer, .float, .string, .regex, .directive:
      return true
    }
  }

  /// The modifiers and attributes written before the `let` or `var` at `i`.
  private func modifiers(before i: Int) -> (isStatic: Bool, attributes: [String]) {
    let tokens = file.tokens
    var isStatic = false
    var attributes: [String] = []
    var j = i - 1
    while j >= 0 {
      let token = tokens[j]
      if token.kind == .identifier, j > 0, tokens[j - 1].kind == .punctuation, file.token(tokens[j - 1], is: "@") {
        attributes.append(file.name(token))
        j -= 2
      } else if token.kind == .identifier, Self.modifiers.contains(file.text(token)),
        !(j > 0 && tokens[j - 1].kind == .operator && file.token(tokens[j - 1], is: "."))
      {
        if file.token(token, is: "static") || file.token(token, is: "class") { isStatic = true }
        j -= 1
      } else if token.kind == .punctuation, file.token(token, is: ")"), brackets.partner(of: j) > 0,
        tokens[brackets.partner(of: j) - 1].kind == .identifier
      {
        // `private(set)`, `@AppStorage("key")`.
        j = brackets.partner(of: j) - 1
      } else {
        break
      }
    }
    return (isStatic, attributes.reversed())
  }

  /// The bindings of the declaration whose `let` or `var` is at `i` (`let a = x, b
  /// = y`), and the index after it.
  private func bindings(at i: Int, scope: TypeScope?, condition: SwiftProperty.Condition) -> ([SwiftProperty], Int) {
    let tokens = file.tokens
    let limit = scope?.close ?? tokens.count
    let (isStatic, attributes) = modifiers(before: i)
    var found: [SwiftProperty] = []
    var j = i + 1
    while j < limit {
      let nameToken = j
      var name: String? = nil
      if tokens[j].kind == .identifier {
        name = file.name(tokens[j])
        j += 1
      } else if tokens[j].kind == .punctuation, brackets.isOpening(j) {
        j = brackets.partner(of: j) + 1  // a tuple pattern
      } else {
        break
      }
      var type: Range<Int>? = nil
      if j < limit, tokens[j].kind == .punctuation, file.token(tokens[j], is: ":") {
        let end = SwiftTypes.end(of: file, brackets: brackets, from: j + 1, limit: limit)
        type = (j + 1)..<end
        j = end
      }
      var initializer: (start: Int, end: Int?)? = nil
      var failure: SwiftParseFailure? = nil
      var body: (open: Int, close: Int)? = nil
      if j < limit, tokens[j].kind == .operator, file.token(tokens[j], is: "=") {
        var parser = SwiftExpressionParser(file: file, brackets: brackets, from: j + 1, to: limit)
        do {
          _ = try parser.expression()
          initializer = (j + 1, parser.index)
          j = parser.index
        } catch {
          initializer = (j + 1, nil)
          failure = error
          j = limit
        }
      }
      if j < limit, tokens[j].kind == .punctuation, file.token(tokens[j], is: "{") {
        body = (j, brackets.partner(of: j))
        j = brackets.partner(of: j) + 1
      }
      if let name {
        found.append(
          SwiftProperty(
            scope: scope?.path ?? [], inExtension: scope?.isExtension ?? false, inProtocol: scope?.isProtocol ?? false,
            name: name, nameToken: nameToken, isStatic: isStatic, attributes: attributes, type: type,
            initializer: initializer, initializerFailure: failure, body: body, condition: condition))
      }
      guard j < limit, tokens[j].kind == .punctuation, file.token(tokens[j], is: ",") else { break }
      j += 1
    }
    return (found, j)
  }

  /// The argument labels of the initializer declared at `i` (`init(hex: Int,
  /// opacity: Double = 1)` → `["hex", "opacity"]`), nil when it is not one.
  /// The function or initializer declared at `i` (its `func` or `init`), when it
  /// has a body.
  private func function(at i: Int, scope: [String]) -> SwiftFunction? {
    let tokens = file.tokens
    var j = i + 1
    var name = "init"
    if file.token(tokens[i], is: "func") {
      guard j < tokens.count, tokens[j].kind == .identifier else { return nil }
      name = file.name(tokens[j])
      j += 1
    } else if j < tokens.count, tokens[j].kind == .operator,
      file.token(tokens[j], is: "?") || file.token(tokens[j], is: "!")
    {
      j += 1
    }
    if j < tokens.count, tokens[j].kind == .operator, file.token(tokens[j], is: "<"),
      let close = SwiftTypes.genericClose(file: file, brackets: brackets, from: j, limit: tokens.count)
    {
      j = close + 1
    }
    guard j < tokens.count, tokens[j].kind == .punctuation, file.token(tokens[j], is: "(") else { return nil }
    let open = j, close = brackets.partner(of: j)
    var parameters: [SwiftFunction.Parameter] = []
    var start = open + 1
    while start < close {
      var stop = start
      while stop < close, !(tokens[stop].kind == .punctuation && file.token(tokens[stop], is: ",")) { stop = nextIndex(stop) }
      // `label name: Type = default`, `_ name: Type`, `name: Type`.
      var k = start
      var names: [String] = []
      while k < stop, tokens[k].kind == .identifier, names.count < 2 {
        names.append(file.name(tokens[k]))
        k += 1
      }
      guard !names.isEmpty, k < stop, file.token(tokens[k], is: ":") else { return nil }
      let typeEnd = SwiftTypes.end(of: file, brackets: brackets, from: k + 1, limit: stop)
      let type = SwiftTypes.text(of: file, from: k + 1, to: typeEnd)
      var defaultValue: Range<Int>? = nil
      if typeEnd < stop, file.token(tokens[typeEnd], is: "="), typeEnd + 1 < stop { defaultValue = (typeEnd + 1)..<stop }
      let label = names[0] == "_" ? nil : names[0]
      parameters.append(.init(label: label, name: names.count == 2 ? names[1] : names[0], type: type, defaultValue: defaultValue))
      start = stop + 1
    }
    j = close + 1
    var returns: String? = nil
    // Effects, a return type, a `where` clause, then the body.
    while j < tokens.count, !(tokens[j].kind == .punctuation && file.token(tokens[j], is: "{")) {
      if tokens[j].kind == .operator, file.token(tokens[j], is: "->") {
        let end = SwiftTypes.end(of: file, brackets: brackets, from: j + 1, limit: tokens.count)
        returns = SwiftTypes.text(of: file, from: j + 1, to: end)
        j = max(end, j + 1)
        continue
      }
      if tokens[j].kind == .punctuation, file.token(tokens[j], is: "}") || file.token(tokens[j], is: ";") { return nil }
      if tokens[j].startsLine, tokens[j].kind == .identifier,
        !["where", "async", "throws", "rethrows"].contains(file.text(tokens[j]))
      {
        return nil  // a requirement without a body
      }
      j = nextIndex(j)
    }
    guard j < tokens.count else { return nil }
    return SwiftFunction(
      scope: scope, name: name, parameters: parameters, returns: returns, body: (j, brackets.partner(of: j)), at: i)
  }

  private func initializerLabels(at i: Int) -> [String]? {
    let tokens = file.tokens
    var open = i + 1
    if open < tokens.count, tokens[open].kind == .operator, file.token(tokens[open], is: "?") || file.token(tokens[open], is: "!") {
      open += 1
    }
    if open < tokens.count, tokens[open].kind == .operator, file.token(tokens[open], is: "<"),
      let close = SwiftTypes.genericClose(file: file, brackets: brackets, from: open, limit: tokens.count)
    {
      open = close + 1
    }
    guard open < tokens.count, tokens[open].kind == .punctuation, file.token(tokens[open], is: "(") else { return nil }
    let close = brackets.partner(of: open)
    var labels: [String] = []
    var start = open + 1
    while start < close {
      if tokens[start].kind == .identifier { labels.append(file.name(tokens[start])) }
      var stop = start
      while stop < close, !(tokens[stop].kind == .punctuation && file.token(tokens[stop], is: ",")) { stop = nextIndex(stop) }
      start = stop + 1
    }
    return labels
  }
}
