/// A name a colour refers to, as written, to be found among the colours of every
/// file read (``SwiftColorReader``).
struct SwiftReferenceRequest {
  /// The path as written: `["brand"]`, `["Color", "brand"]`, `["Theme", "Colors", "primary"]`.
  let path: [String]
  /// The type the reference is written in, whose members a bare name may mean.
  let scope: [String]
  /// Where it is written.
  let location: SwiftSourceLocation
  /// Whether it is written on a colour type (`Color.brand`, `.brand` where a colour
  /// is expected): a colour whether or not it is found, unlike a bare name.
  let typed: Bool
}

/// What an expression is, read as a colour.
enum SwiftRecognition {
  /// A colour; its references are requests (``SwiftReferenceRequest``), named
  /// `#0`, `#1`… until the reader resolves them.
  case color(SwiftColorValue)
  /// A colour the reader does not read, with why.
  case skipped(String)
  /// Not a colour at all (a string, a number, another type's value).
  case notAColor
}

/// Recognises the colours Swift writes: framework initializers with literal
/// arguments (arithmetic on literals included), hex helpers, named framework
/// colours, asset catalog names, references to other colours, `opacity` and
/// `withAlphaComponent`, and colours whose value depends on the appearance —
/// a `UIColor` dynamic provider deciding by `userInterfaceStyle`, and
/// initializers whose labels name the appearances (`Color(light:dark:)`).
///
/// Anything whose value is made when the app runs — a function call, a variable,
/// a condition on something other than the appearance — is not guessed: it is
/// skipped with a reason that says what it is.
struct SwiftColorRecognizer {
  /// The deepest a colour value may nest (opacity of a dynamic colour of…).
  static let maximumDepth = 16

  let file: SwiftFile
  let brackets: SwiftBrackets
  /// The type the declaration is in.
  let scope: [String]
  /// The colour type `Self` and `.init` mean in this scope, when it is one.
  let selfKind: SwiftColorKind?
  /// Type aliases and initializers declared in the files read.
  let facts: SwiftReaderFacts
  /// The references met, shared with the recognisers of the helpers a colour calls.
  private let log: RequestLog
  /// The references met, in order; `.reference("#n")` is the n-th.
  var requests: [SwiftReferenceRequest] { log.requests }
  private var depth = 0
  /// Inside a helper's body: its parameters' values, by name.
  private var parameters: [String: SwiftBound] = [:]
  /// How many helpers deep this recogniser reads.
  private var helperDepth = 0
  /// The most helpers deep a colour is read (a helper calling a helper…).
  static let maximumHelperDepth = 4

  init(file: SwiftFile, brackets: SwiftBrackets, scope: [String], selfKind: SwiftColorKind?, facts: SwiftReaderFacts) {
    self.file = file
    self.brackets = brackets
    self.scope = scope
    self.selfKind = selfKind
    self.facts = facts
    self.log = RequestLog()
  }

  /// The references of a colour, kept by reference: a helper's recogniser adds to
  /// the colour's own.
  final class RequestLog {
    var requests: [SwiftReferenceRequest] = []
  }

  /// What a helper's parameter is bound to: a literal number (`226`), a number
  /// made by arithmetic (which a conversion such as `Double(r)` does not take: its
  /// type would decide it), a colour, or why neither.
  enum SwiftBound {
    case literal(Double)
    case computed(Double)
    case colour(SwiftRecognition)
    case unknown(String)
  }

  /// The appearance a dynamic provider is evaluated in.
  enum Appearance { case light, dark }

  // MARK: Helpers

  /// The source text of the expression, as written (line breaks as spaces),
  /// shortened to 64 characters.
  private func shown(_ expression: SwiftExpression) -> String {
    let (start, end) = span(expression)
    guard start < file.tokens.count else { return "it" }
    var text = ""
    for index in start...min(end, file.tokens.count - 1) {
      if index > start, file.tokens[index].hasSpaceBefore { text += " " }
      text += file.text(file.tokens[index])
      if text.count > 64 { break }
    }
    return text.count > 64 ? "`\(text.prefix(63))…`" : "`\(text)`"
  }

  /// The indexes of the expression's first and last tokens.
  private func span(_ expression: SwiftExpression) -> (start: Int, end: Int) {
    switch expression {
    case .number(_, _, let at), .string(_, let at), .name(_, let at), .other(_, let at): return (at, at)
    case .implicitMember(_, let at): return (max(at - 1, 0), at)
    case .member(let base, _, let at): return (span(base).start, at)
    case .call(let callee, let arguments, let at):
      let start = span(callee).start
      if let last = arguments.last, case .closure(let closure) = last.value, closure.close > at { return (start, closure.close) }
      return (start, file.tokens[at].kind == .punctuation && brackets.isOpening(at) ? brackets.partner(of: at) : at)
    case .closure(let closure): return (closure.open, closure.close)
    case .prefix(_, let operand, let at): return (at, span(operand).end)
    case .postfix(_, let operand, let at): return (span(operand).start, at)
    case .binary(_, let left, let right, _): return (span(left).start, span(right).end)
    case .ternary(let condition, _, let otherwise, _): return (span(condition).start, span(otherwise).end)
    case .tuple(_, let at): return (at, brackets.partner(of: at))
    case .cast(let inner, _, let at): return (span(inner).start, at)
    }
  }

  private func location(_ expression: SwiftExpression) -> SwiftSourceLocation {
    let start = span(expression).start
    return start < file.tokens.count
      ? file.location(file.tokens[start]) : SwiftSourceLocation(file: file.path, line: 1, column: 1)
  }

  /// The colour type an expression's value has, when it shows: `UIColor(named:)!`,
  /// `Color.red`, `Color(…).opacity(…)`.
  private func inferredKind(_ expression: SwiftExpression) -> SwiftColorKind? {
    switch expression {
    case .call(.name(let type, _), _, _): return kind(ofType: type)
    case .call(.member(.name(let type, _), "init", _), _, _): return kind(ofType: type)
    case .call(.member(let base, let method, _), _, _) where method == "opacity" || method == "withAlphaComponent":
      return inferredKind(base)
    case .member(.name(let type, _), _, _): return kind(ofType: type)
    case .postfix(_, let inner, _), .cast(let inner, _, _): return inferredKind(inner)
    case .tuple(let elements, _) where elements.count == 1: return inferredKind(elements[0].value)
    case .number, .string, .name, .implicitMember, .member, .call, .closure, .prefix, .binary, .ternary,
      .tuple, .other:
      return nil
    }
  }

  /// Whether the reference `placeholder` (`#n`) was written on a colour type
  /// (`Color.brand`, `.brand` where a colour is expected) rather than as a bare name.
  private func isTyped(_ placeholder: String) -> Bool {
    guard let index = Int(placeholder.dropFirst()), index < requests.count else { return false }
    return requests[index].typed
  }

  /// The colour kind a type name means here: a framework type, an alias of one, or
  /// `Self` in an extension of one.
  func kind(ofType name: String) -> SwiftColorKind? {
    var text = Substring(name)
    while let last = text.last, last == "?" || last == "!" || last == " " { text.removeLast() }
    while text.first == " " { text.removeFirst() }
    for module in SwiftDeclarationScanner.modules where text.hasPrefix(module + ".") { text.removeFirst(module.count + 1) }
    if text == "Self" { return selfKind }
    if let kind = SwiftColorKind.named(String(text)) { return kind }
    return facts.aliasKind(String(text), scope: scope)
  }

  /// The names of a chain `A.B.c` (module prefixes removed), nil when it is not
  /// made of names alone.
  private func path(_ expression: SwiftExpression) -> [String]? {
    switch expression {
    case .name(let name, _): return [name]
    case .member(let base, let name, _):
      guard var path = self.path(base) else { return nil }
      path.append(name)
      if path.count > 2, SwiftDeclarationScanner.modules.contains(path[0]) { path.removeFirst() }
      return path
    case .number, .string, .implicitMember, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple,
      .cast, .other:
      return nil
    }
  }

  private mutating func reference(_ path: [String], at expression: SwiftExpression, typed: Bool = false) -> SwiftRecognition {
    log.requests.append(SwiftReferenceRequest(path: path, scope: scope, location: location(expression), typed: typed))
    return .color(.reference("#\(log.requests.count - 1)"))
  }

  // MARK: Helpers

  /// A call of a helper the files declare whose body is one expression of its
  /// parameters (`hex_col(r: 226, g: 168, b: 0)`, `.rgba(16, 21, 23)`): that
  /// expression, read with the arguments in the parameters' places. Nil when the
  /// helper's body is not one expression (the caller then says what it calls).
  private mutating func inline(
    _ helper: SwiftReaderFacts.SwiftHelper, _ binding: [Int?], _ arguments: [SwiftArgument], as kind: SwiftColorKind?,
    named name: String
  ) -> SwiftRecognition? {
    let function = helper.function
    var parser = SwiftExpressionParser(
      file: helper.file, brackets: helper.brackets, from: function.body.open + 1, to: function.body.close)
    guard let statements = try? parser.statements(), statements.count == 1 else { return nil }
    var body: SwiftExpression
    switch statements[0] {
    case .expression(let value), .return(let value?, _): body = value
    case .return, .if, .switch, .other: return nil
    }
    // An initializer's `self.init(…)` is a call of its type's initializer.
    if function.name == "init" {
      guard case .call(.member(.name("self", _), "init", _), let inner, let at) = body, let type = function.scope.last else {
        return nil
      }
      body = .call(.name(type, at: at), inner, at: at)
    }
    let place = "\(name)(…), \(helper.location.file.split(separator: "/").last.map(String.init) ?? ""):\(helper.location.line)"
    guard helperDepth < Self.maximumHelperDepth else { return .skipped("calls `\(place)` through more than \(Self.maximumHelperDepth) helpers") }
    var bound: [String: SwiftBound] = [:]
    for (index, parameter) in function.parameters.enumerated() {
      let parameterKind = self.kind(ofType: parameter.type)
      if let argument = binding[index] {
        // An integer parameter takes an integer literal only: given `0.5`, Swift
        // calls another initializer (the framework's), not this one.
        if Self.integerTypes.contains(parameter.type) {
          switch arguments[argument].value {
          case .number(_, _?, _), .prefix("-", .number(_, _?, _), _): break
          case .name(let name, _) where parameters[name] != nil: break
          case .number, .string, .name, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary,
            .ternary, .tuple, .cast, .other:
            return nil
          }
        }
        bound[parameter.name] = bind(arguments[argument].value, as: parameterKind)
      } else if let defaultValue = parameter.defaultValue {
        var defaults = SwiftExpressionParser(
          file: helper.file, brackets: helper.brackets, from: defaultValue.lowerBound, to: defaultValue.upperBound)
        guard let value = try? defaults.expression() else { return nil }
        var inner = SwiftColorRecognizer(file: helper.file, brackets: helper.brackets, sharing: self, scope: function.scope)
        bound[parameter.name] = inner.bind(value, as: parameterKind)
      }
    }
    let returns = function.name == "init" ? function.scope.last.flatMap(SwiftColorKind.named) : function.returns.flatMap { self.kind(ofType: $0) }
    // A helper that returns no colour, where none is expected, makes something else.
    guard returns != nil || kind != nil else { return .notAColor }
    var inner = SwiftColorRecognizer(file: helper.file, brackets: helper.brackets, sharing: self, scope: function.scope)
    inner.parameters = bound
    inner.helperDepth = helperDepth + 1
    switch inner.recognise(body, as: returns ?? kind) {
    case .color(let value): return .color(value)
    case .skipped(let why): return .skipped("in `\(place)`: \(why)")
    case .notAColor: return .skipped("`\(place)` returns no colour the reader knows")
    }
  }

  /// Swift's integer types, whose parameters take integer literals only.
  static let integerTypes: Set<String> = [
    "Int", "UInt", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
  ]

  /// A recogniser of a helper's body in `file`, adding to this one's references.
  private init(file: SwiftFile, brackets: SwiftBrackets, sharing outer: SwiftColorRecognizer, scope: [String]) {
    self.file = file
    self.brackets = brackets
    self.scope = scope
    self.selfKind = scope.last.flatMap(SwiftColorKind.named)
    self.facts = outer.facts
    self.log = outer.log
    self.depth = outer.depth
  }

  /// What an argument binds a helper's parameter to.
  private mutating func bind(_ value: SwiftExpression, as kind: SwiftColorKind?) -> SwiftBound {
    if kind != nil {
      let colour = recognise(value, as: kind)
      if case .notAColor = colour { return .unknown("\(shown(value)) is not a colour the reader knows") }
      return .colour(colour)
    }
    switch value {
    case .number, .prefix("-", .number, _):
      if case .success(let number) = number(value) { return .literal(number) }
    case .name(let name, _):
      if let outer = parameters[name] { return outer }
    case .string, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple,
      .cast, .other:
      break
    }
    switch number(value) {
    case .success(let number): return .computed(number)
    case .failure(let why): return .unknown(why.reason)
    }
  }

  /// A helper the files declare for this call, with how its arguments bind.
  private func helper(_ name: String, _ arguments: [SwiftArgument], in scope: [String], exact: Bool = false) -> (
    SwiftReaderFacts.SwiftHelper, [Int?]
  )? {
    facts.helper(name, scope: scope, labels: arguments.map(\.label), exact: exact)
  }

  // MARK: Expressions

  /// The colour `expression` is, where the context expects a colour of `kind`
  /// (nil: no type is expected); `appearance` inside a dynamic provider.
  mutating func recognise(
    _ expression: SwiftExpression, as kind: SwiftColorKind?, in appearance: Appearance? = nil
  ) -> SwiftRecognition {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { return .skipped("nests colours more than \(Self.maximumDepth) deep") }
    let result = recogniseUnchecked(expression, as: kind, in: appearance)
    if case .color(let value) = result, value.depth > Self.maximumDepth {
      return .skipped("nests colours more than \(Self.maximumDepth) deep")
    }
    return result
  }

  private mutating func recogniseUnchecked(
    _ expression: SwiftExpression, as kind: SwiftColorKind?, in appearance: Appearance?
  ) -> SwiftRecognition {
    switch expression {
    case .tuple(let elements, _) where elements.count == 1 && elements[0].label == nil:
      return recognise(elements[0].value, as: kind, in: appearance)
    case .postfix("!", let inner, _):
      return recognise(inner, as: kind, in: appearance)
    case .cast(let inner, let type, _):
      return recognise(inner, as: self.kind(ofType: type) ?? kind, in: appearance)
    case .prefix(let op, let inner, _) where op == "try" || op == "await":
      guard case .color = recognise(inner, as: kind, in: appearance) else { return .notAColor }
      return .skipped("uses `\(op)`: its value comes from code that runs")
    case .binary("??", let left, let right, _):
      let first = recognise(left, as: kind, in: appearance)
      let second = recognise(right, as: kind ?? inferredKind(left), in: appearance)
      switch (first, second) {
      case (.color(.catalog(let name)), .color(let otherwise)): return .color(.catalogOr(name, otherwise: otherwise))
      case (.color, _): return first
      case (.skipped, _): return first
      case (.notAColor, .color), (.notAColor, .skipped):
        return .skipped("\(shown(left)) is not a colour read here, and `??` takes its value when the app runs")
      case (.notAColor, .notAColor): return .notAColor
      }
    case .ternary(let condition, let then, let otherwise, _):
      guard case .color = recognise(then, as: kind, in: appearance) else {
        if case .color = recognise(otherwise, as: kind, in: appearance) {
          return .skipped("chooses by \(shown(condition)), decided when the app runs")
        }
        return .notAColor
      }
      if let appearance {
        switch decide(condition, appearance) {
        case true?: return recognise(then, as: kind, in: appearance)
        case false?: return recognise(otherwise, as: kind, in: appearance)
        case nil: return .skipped("chooses by \(shown(condition)), not by the appearance alone")
        }
      }
      if mentionsAppearance(condition) {
        return .skipped(
          "chooses by \(shown(condition)) once, when it is read: a fixed colour, not one that follows the appearance")
      }
      return .skipped("chooses by \(shown(condition)), decided when the app runs")
    case .name(let name, _):
      if let bound = parameters[name] {
        switch bound {
        case .colour(let colour): return colour
        case .unknown(let why): return .skipped(why)
        case .literal, .computed: return .notAColor
        }
      }
      if self.kind(ofType: name) != nil || ["self", "nil", "true", "false", "super"].contains(name) { return .notAColor }
      return reference([name], at: expression)
    case .implicitMember(let member, _):
      guard let kind else { return .notAColor }
      if let value = kind.builtIn(member) { return .color(value) }
      return typeMember(kind, member, at: expression)
    case .member(let base, let member, _):
      if let path = path(expression), let first = path.first {
        if path.count == 2, let type = self.kind(ofType: first) {
          if let value = type.builtIn(member) { return .color(value) }
          return typeMember(type, member, at: expression)
        }
        if first == "Self" {
          return reference(scope + path.dropFirst(), at: expression)
        }
        if first.first?.isUppercase == true || path.count > 1 { return reference(path, at: expression) }
      }
      if case .color = recognise(base, as: kind, in: appearance) {
        if member == "cgColor" || member == "ciColor" { return .skipped("takes `.\(member)` of a colour: not read") }
        return .skipped("takes `.\(member)` of a colour, made when the app runs")
      }
      return .notAColor
    case .call(let callee, let arguments, _):
      return call(callee, arguments, as: kind, in: appearance, whole: expression)
    case .number, .string:
      return kind == nil ? .notAColor : .skipped("\(shown(expression)) is not a colour")
    case .other(let what, _):
      return kind == nil ? .notAColor : .skipped("\(what) (\(shown(expression))) is not read")
    case .closure:
      return kind == nil ? .notAColor : .skipped("a closure is not a colour")
    case .prefix, .postfix, .binary:
      return kind == nil ? .notAColor : .skipped("\(shown(expression)) is computed when the app runs")
    case .tuple:
      return .notAColor
    }
  }

  /// `Type.member` that is not one of the framework's colours: another colour
  /// these files define in an extension, else nothing the reader knows.
  private mutating func typeMember(_ kind: SwiftColorKind, _ member: String, at expression: SwiftExpression) -> SwiftRecognition {
    switch kind {
    case .appKit: return .skipped("AppKit's NSColor.\(member): Darkroom reads colours as an iPhone app draws them")
    case .coreGraphics, .coreImage: return .skipped("\(kind.rawValue).\(member) is not read")
    case .swiftUI, .uiKit: return reference([kind.rawValue, member], at: expression, typed: true)
    }
  }

  // MARK: Calls

  private mutating func call(
    _ callee: SwiftExpression, _ arguments: [SwiftArgument], as kind: SwiftColorKind?, in appearance: Appearance?,
    whole: SwiftExpression
  ) -> SwiftRecognition {
    switch callee {
    case .name("#colorLiteral", _):
      return components(arguments, labels: ["red", "green", "blue", "alpha"], space: .extendedSRGB, whole: whole)
    case .name(let name, _):
      if let type = self.kind(ofType: name) { return initializer(type, arguments, whole: whole, in: appearance) }
      if name.first?.isUppercase == true { return kind == nil ? .notAColor : .skipped("makes a `\(name)`, not a colour") }
      if let dynamic = appearanceArguments(arguments, as: kind ?? .swiftUI, in: appearance, expected: kind != nil) {
        return dynamic
      }
      if let (helper, binding) = helper(name, arguments, in: scope) {
        if let inlined = inline(helper, binding, arguments, as: kind, named: name) { return inlined }
        let returnsColour = helper.function.returns.flatMap { self.kind(ofType: $0) } != nil
        if kind != nil || returnsColour {
          return .skipped(
            "calls `\(name)(…)` (\(helper.location)), a function whose body the reader does not follow: its value is made when the app runs")
        }
      }
      return kind == nil ? .notAColor : .skipped("calls `\(name)(…)`, a function: its value is made when the app runs")
    case .implicitMember("init", _):
      guard let kind else { return .notAColor }
      return initializer(kind, arguments, whole: whole, in: appearance)
    case .implicitMember(let member, _):
      guard let kind else { return .notAColor }
      if let dynamic = appearanceArguments(arguments, as: kind, in: appearance) { return dynamic }
      if let (helper, binding) = helper(member, arguments, in: [kind.rawValue], exact: true),
        let inlined = inline(helper, binding, arguments, as: kind, named: ".\(member)")
      {
        return inlined
      }
      return .skipped("calls `\(kind.rawValue).\(member)(…)`, a function: its value is made when the app runs")
    case .member(let base, let method, _):
      if method == "init", let path = path(base), path.count == 1, let type = self.kind(ofType: path[0]) {
        return initializer(type, arguments, whole: whole, in: appearance)
      }
      if let path = path(base), path.count == 1, let type = self.kind(ofType: path[0]) {
        if let dynamic = appearanceArguments(arguments, as: type, in: appearance) { return dynamic }
        if let (helper, binding) = helper(method, arguments, in: [type.rawValue], exact: true),
          let inlined = inline(helper, binding, arguments, as: type, named: "\(path[0]).\(method)")
        {
          return inlined
        }
        return .skipped("calls `\(path[0]).\(method)(…)`, a function: its value is made when the app runs")
      }
      let isAlpha = method == "opacity" || method == "withAlphaComponent"
      // `Self.make(…)`, `Palette.tint(…)`: a function of a type, not of a colour.
      if !isAlpha, let path = path(base), path.allSatisfy({ $0.first?.isUppercase == true }),
        path.count > 1 || self.kind(ofType: path[0]) == nil
      {
        let type = path == ["Self"] ? scope : path
        let helper = helper(method, arguments, in: type, exact: true)
        if let (helper, binding) = helper,
          let inlined = inline(helper, binding, arguments, as: kind, named: (path + [method]).joined(separator: "."))
        {
          return inlined
        }
        let returnsColour = helper?.0.function.returns.flatMap { self.kind(ofType: $0) } != nil
        if kind != nil || returnsColour {
          return .skipped("calls `\((path + [method]).joined(separator: "."))(…)`, a function: its value is made when the app runs")
        }
        return .notAColor
      }
      let base = recognise(base, as: kind, in: appearance)
      // A name's method (`UIFont.systemFont(…)`) says nothing of colour, unless it is
      // an alpha change or a colour type is expected.
      if case .color(.reference(let placeholder)) = base, !isAlpha, kind == nil, !isTyped(placeholder) { return .notAColor }
      guard case .color(let color) = base else {
        if case .skipped = base, method == "opacity" || method == "withAlphaComponent" { return base }
        return kind == nil ? .notAColor : .skipped("calls `.\(method)(…)`, a function: its value is made when the app runs")
      }
      if (method == "opacity" || method == "withAlphaComponent"), arguments.count == 1, arguments[0].label == nil {
        switch number(arguments[0].value) {
        case .success(let amount):
          guard (0...1).contains(amount) else { return .skipped("\(method) \(format(amount)) is outside 0…1") }
          return .color(method == "opacity" ? .opacity(color, amount) : .alpha(color, amount))
        case .failure(let why): return .skipped(why.reason)
        }
      }
      return .skipped("calls `.\(method)(…)` on a colour, computed when the app runs")
    case .closure(let closure) where arguments.isEmpty:
      // `{ … }()`: the value its body returns.
      return body(closure.bodyStart, closure.close, as: kind, in: appearance)
    case .number, .string, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple, .cast, .other:
      return kind == nil ? .notAColor : .skipped("\(shown(whole)) is computed when the app runs")
    }
  }

  /// An initializer of a framework colour type.
  private mutating func initializer(
    _ type: SwiftColorKind, _ arguments: [SwiftArgument], whole: SwiftExpression, in appearance: Appearance?
  ) -> SwiftRecognition {
    let labels = arguments.map { $0.label ?? "_" }
    // `UIColor { traits in … }`, `UIColor(dynamicProvider:)`.
    if type == .uiKit, arguments.count == 1, labels == ["_"] || labels == ["dynamicProvider"],
      case .closure(let closure) = arguments[0].value
    {
      return provider(closure)
    }
    if let dynamic = appearanceArguments(arguments, as: type, in: appearance) { return dynamic }
    if labels.first == "hex" { return hex(arguments, whole: whole) }
    // An initializer the app adds whose body is one `self.init(…)`: that call.
    if let (helper, binding) = helper("init", arguments, in: [type.rawValue]),
      let inlined = inline(helper, binding, arguments, as: type, named: "\(type.rawValue).init")
    {
      return inlined
    }
    if let declared = facts.initializer(of: type.rawValue, labels: labels) {
      return .skipped("calls `\(type.rawValue).init(\(labels.map { $0 + ":" }.joined()))`, declared at \(declared): the app's own code, not read")
    }
    switch type {
    case .appKit:
      return .skipped("AppKit's NSColor: Darkroom reads colours as an iPhone app draws them")
    case .coreGraphics, .coreImage:
      return .skipped("a \(type.rawValue) is not read")
    case .swiftUI:
      switch labels {
      case ["red", "green", "blue"], ["red", "green", "blue", "opacity"]:
        return components(arguments, labels: ["red", "green", "blue", "opacity"], space: .sRGB, whole: whole)
      case ["_", "red", "green", "blue"], ["_", "red", "green", "blue", "opacity"]:
        guard let space = swiftUISpace(arguments[0].value) else {
          return .skipped("colour space \(shown(arguments[0].value)) is not read (sRGB, sRGBLinear, displayP3)")
        }
        return components(Array(arguments.dropFirst()), labels: ["red", "green", "blue", "opacity"], space: space, whole: whole)
      case ["white"], ["white", "opacity"]:
        return components(arguments, labels: ["white", "opacity"], space: .sRGB, whole: whole)
      case ["_", "white"], ["_", "white", "opacity"]:
        guard let space = swiftUISpace(arguments[0].value) else {
          return .skipped("colour space \(shown(arguments[0].value)) is not read (sRGB, sRGBLinear, displayP3)")
        }
        return components(Array(arguments.dropFirst()), labels: ["white", "opacity"], space: space, whole: whole)
      case ["hue", "saturation", "brightness"], ["hue", "saturation", "brightness", "opacity"]:
        return hsb(arguments, whole: whole)
      case ["_"], ["_", "bundle"]:
        if case .string(let name, _) = arguments[0].value {
          guard let name else { return .skipped("the colour's name is interpolated, made when the app runs") }
          return catalog(name)
        }
        // `Color(.systemBackground)`, `Color(UIColor.label)`, `Color(someUIColor)`.
        return wrapped(arguments[0].value, as: .uiKit, in: appearance)
      case ["uiColor"]:
        return wrapped(arguments[0].value, as: .uiKit, in: appearance)
      default:
        return .skipped("`Color(\(labels.map { $0 + ":" }.joined()))` is not an initializer the reader knows")
      }
    case .uiKit:
      switch labels {
      case ["red", "green", "blue", "alpha"]:
        return components(arguments, labels: ["red", "green", "blue", "alpha"], space: .extendedSRGB, whole: whole)
      case ["displayP3Red", "green", "blue", "alpha"]:
        return components(arguments, labels: ["displayP3Red", "green", "blue", "alpha"], space: .displayP3, whole: whole)
      case ["white", "alpha"]:
        return components(arguments, labels: ["white", "alpha"], space: .gray, whole: whole)
      case ["hue", "saturation", "brightness", "alpha"]:
        return hsb(arguments, whole: whole)
      case ["named"], ["named", "in", "compatibleWith"], ["named", "in"]:
        guard case .string(let name, _) = arguments[0].value else {
          return .skipped("the colour's name \(shown(arguments[0].value)) is made when the app runs")
        }
        guard let name else { return .skipped("the colour's name is interpolated, made when the app runs") }
        return catalog(name)
      case ["_"]:
        // `UIColor(Color.red)`.
        return wrapped(arguments[0].value, as: .swiftUI, in: appearance)
      default:
        return .skipped("`UIColor(\(labels.map { $0 + ":" }.joined()))` is not an initializer the reader knows")
      }
    }
  }

  /// A colour of an asset catalog by name; a name longer than a folder's is none.
  private func catalog(_ name: String) -> SwiftRecognition {
    guard name.utf8.count <= 255 else { return .skipped("a catalog name of \(name.utf8.count) bytes: no folder is named so") }
    return .color(.catalog(name))
  }

  /// A colour handed to another type's initializer (`Color(uiColor:)`,
  /// `UIColor(Color)`): the same colour.
  private mutating func wrapped(_ value: SwiftExpression, as kind: SwiftColorKind, in appearance: Appearance?) -> SwiftRecognition {
    let inner = recognise(value, as: kind, in: appearance)
    if case .notAColor = inner { return .skipped("\(shown(value)) is not a colour the reader knows") }
    return inner
  }

  private func swiftUISpace(_ expression: SwiftExpression) -> SwiftColorSpace? {
    let member: String
    switch expression {
    case .implicitMember(let name, _): member = name
    case .member(_, let name, _): member = name
    case .number, .string, .name, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple, .cast, .other:
      return nil
    }
    return ["sRGB": .sRGB, "sRGBLinear": .linearSRGB, "displayP3": .displayP3][member]
  }

  /// Arguments whose labels name the appearances — `light:dark:`, `any:dark:`,
  /// `lightMode:darkMode:`, `lightColor:darkColor:` — as a dynamic colour; nil
  /// when the labels are not such.
  private mutating func appearanceArguments(
    _ arguments: [SwiftArgument], as kind: SwiftColorKind, in appearance: Appearance?, expected: Bool = true
  ) -> SwiftRecognition? {
    guard arguments.count == 2 else { return nil }
    var light: SwiftExpression?, dark: SwiftExpression?
    for argument in arguments {
      var label = argument.label ?? ""
      for suffix in ["Mode", "Color", "Colour", "Appearance", "Variant"] where label.hasSuffix(suffix) && label.count > suffix.count {
        label.removeLast(suffix.count)
      }
      switch label {
      case "light", "any", "default": light = argument.value
      case "dark": dark = argument.value
      default: return nil
      }
    }
    guard let light, let dark else { return nil }
    let lightValue = recognise(light, as: kind, in: appearance)
    let darkValue = recognise(dark, as: kind, in: appearance)
    switch (lightValue, darkValue) {
    case (.color(let a), .color(let b)): return .color(.dynamic(light: a, dark: b))
    // Where no colour is expected, `pick(light: 12, dark: 14)` is not one.
    case (.notAColor, _), (_, .notAColor): if !expected { return nil }
      return .skipped("its light or dark value is not a colour the reader knows")
    case (.skipped(let why), _): return .skipped("its light colour: \(why)")
    case (_, .skipped(let why)): return .skipped("its dark colour: \(why)")
    }
  }

  // MARK: Components

  /// A number from literals: `187 / 255`, `-0.5`, `(1 - 0.2) * 0.9`,
  /// `CGFloat(0.5)`; why not, otherwise.
  private func number(_ expression: SwiftExpression) -> Result<Double, SwiftNumberFailure> {
    func fail(_ reason: String) -> Result<Double, SwiftNumberFailure> { .failure(SwiftNumberFailure(reason: reason)) }
    switch expression {
    case .number(let value, _, _):
      return value.isFinite ? .success(value) : fail("\(shown(expression)) is not a finite number")
    case .prefix("-", let operand, _):
      return number(operand).map { -$0 }
    case .prefix("+", let operand, _):
      return number(operand)
    case .tuple(let elements, _) where elements.count == 1 && elements[0].label == nil:
      return number(elements[0].value)
    case .binary(let op, let left, let right, _) where ["+", "-", "*", "/"].contains(op):
      let a: Double, b: Double
      switch number(left) {
      case .success(let value): a = value
      case .failure(let why): return .failure(why)
      }
      switch number(right) {
      case .success(let value): b = value
      case .failure(let why): return .failure(why)
      }
      if op == "/" && b == 0 { return fail("\(shown(expression)) divides by zero") }
      let value = op == "+" ? a + b : op == "-" ? a - b : op == "*" ? a * b : a / b
      return value.isFinite ? .success(value) : fail("\(shown(expression)) is not a finite number")
    case .call(.name(let type, _), let arguments, _)
    where ["Double", "CGFloat", "Float"].contains(type) && arguments.count == 1 && arguments[0].label == nil:
      // Only a literal: with arithmetic inside, which of the number types Swift
      // picks (and so whether `187 / 255` is 0) is not guessed.
      switch arguments[0].value {
      case .number, .prefix("-", .number, _): return number(arguments[0].value)
      case .name(let name, _):
        // A helper's parameter bound to a literal: `Double(r)` with `r` 226.
        if case .literal(let value)? = parameters[name] { return .success(value) }
        fallthrough
      case .string, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple,
        .cast, .other:
        return fail("\(shown(expression)) converts a computed number, whose type Swift infers: not guessed")
      }
    case .name(let name, _):
      switch parameters[name] {
      case .literal(let value)?, .computed(let value)?: return .success(value)
      case .unknown(let why)?: return fail(why)
      case .colour?: return fail("`\(name)` is a colour, not a number")
      case nil: return fail("`\(name)` is a variable, known when the app runs")
      }
    case .member:
      return fail("\(shown(expression)) is a value known when the app runs")
    case .call:
      return fail("\(shown(expression)) calls a function, run when the app runs")
    case .string, .implicitMember, .closure, .prefix, .postfix, .binary, .ternary, .tuple, .cast, .other:
      return fail("\(shown(expression)) is not a number written in the source")
    }
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// Components under `labels` (the last, alpha or opacity, optional), each a
  /// number 0…1 written in the source.
  private func components(
    _ arguments: [SwiftArgument], labels: [String], space: SwiftColorSpace, whole: SwiftExpression
  ) -> SwiftRecognition {
    guard arguments.count <= labels.count else { return .skipped("\(shown(whole)) has more arguments than the reader knows") }
    var values: [Double] = []
    for (index, label) in labels.enumerated() {
      guard index < arguments.count else {
        guard index == labels.count - 1 else { return .skipped("\(shown(whole)) lacks `\(label):`") }
        values.append(1)
        break
      }
      guard arguments[index].label == label || (arguments[index].label == nil && label == "_") else {
        return .skipped("\(shown(whole)): expected `\(label):`")
      }
      switch number(arguments[index].value) {
      case .success(let value):
        guard (0...1).contains(value) else {
          return .skipped(
            "\(label) \(format(value)) is outside 0…1: iOS would draw it clamped unless an initializer of the app's reads 0–255; not guessed")
        }
        values.append(value)
      case .failure(let why):
        return .skipped("\(label): \(why.reason)")
      }
    }
    if values.count == 2 { return .color(.white(space, values[0], alpha: values[1])) }
    return .color(.rgb(space, red: values[0], green: values[1], blue: values[2], alpha: values[3]))
  }

  private func hsb(_ arguments: [SwiftArgument], whole: SwiftExpression) -> SwiftRecognition {
    let alphaLabel = arguments.count == 4 ? arguments[3].label ?? "" : "opacity"
    switch components(arguments, labels: ["hue", "saturation", "brightness", alphaLabel], space: .sRGB, whole: whole) {
    case .color(.rgb(_, let h, let s, let b, let a)): return .color(.hsb(hue: h, saturation: s, brightness: b, alpha: a))
    case let other: return other
    }
  }

  /// `init(hex: 0xF0F1F2)` or `init(hex: "#F0F1F2")`, with an optional `alpha:`
  /// or `opacity:`: six hex digits (or three, doubled), red first.
  private func hex(_ arguments: [SwiftArgument], whole: SwiftExpression) -> SwiftRecognition {
    var alpha = 1.0
    if arguments.count == 2 {
      guard arguments[1].label == "alpha" || arguments[1].label == "opacity" else {
        return .skipped("\(shown(whole)): a hex helper with `\(arguments[1].label ?? "_"):` is not read")
      }
      switch number(arguments[1].value) {
      case .success(let value):
        guard (0...1).contains(value) else { return .skipped("alpha \(format(value)) is outside 0…1") }
        alpha = value
      case .failure(let why): return .skipped("alpha: \(why.reason)")
      }
    } else if arguments.count != 1 {
      return .skipped("\(shown(whole)): a hex helper with more arguments is not read")
    }
    let rgb: UInt64
    switch arguments[0].value {
    case .number(_, let integer?, _):
      guard integer <= 0xFF_FFFF else {
        return .skipped("\(shown(arguments[0].value)) has more than six hex digits: whether alpha comes first or last is the helper's choice, not guessed")
      }
      rgb = integer
    case .string(let text?, _):
      var digits = Substring(text)
      if digits.hasPrefix("#") { digits = digits.dropFirst() } else if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2) }
      guard digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else {
        return .skipped("\(shown(arguments[0].value)) is not a hex colour")
      }
      switch digits.count {
      case 6: rgb = value
      case 3: rgb = (value >> 8 & 0xF) * 0x110000 + (value >> 4 & 0xF) * 0x1100 + (value & 0xF) * 0x11
      case 8: return .skipped("\(shown(arguments[0].value)) has eight hex digits: whether alpha comes first or last is the helper's choice, not guessed")
      default: return .skipped("\(shown(arguments[0].value)) is not a hex colour of 3 or 6 digits")
      }
    case .number, .string, .name, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary,
      .ternary, .tuple, .cast, .other:
      return .skipped("hex: \(shown(arguments[0].value)) is not a literal")
    }
    return .color(
      .rgb(
        .sRGB, red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
        alpha: alpha))
  }

  // MARK: Dynamic colours

  /// A `UIColor` dynamic provider: its body evaluated in light and in dark.
  private mutating func provider(_ closure: SwiftClosure) -> SwiftRecognition {
    let light = body(closure.bodyStart, closure.close, as: .uiKit, in: .light)
    let dark = body(closure.bodyStart, closure.close, as: .uiKit, in: .dark)
    switch (light, dark) {
    case (.color(let a), .color(let b)): return .color(a == b ? a : .dynamic(light: a, dark: b))
    case (.skipped(let why), _), (_, .skipped(let why)): return .skipped(why)
    case (.color, .notAColor), (.notAColor, .color), (.notAColor, .notAColor):
      return .skipped("its provider returns something the reader does not know as a colour")
    }
  }

  /// The colour a body of statements (a closure's, a getter's) returns.
  mutating func body(_ start: Int, _ end: Int, as kind: SwiftColorKind?, in appearance: Appearance?) -> SwiftRecognition {
    var parser = SwiftExpressionParser(file: file, brackets: brackets, from: start, to: end)
    let statements: [SwiftStatement]
    do {
      statements = try parser.statements()
    } catch {
      return kind == nil ? .notAColor : .skipped("not read: \(error.reason)")
    }
    if statements.count == 1, case .expression(let value) = statements[0] { return recognise(value, as: kind, in: appearance) }
    switch evaluate(statements, as: kind, in: appearance) {
    case .some(let result): return result
    case .none: return kind == nil ? .notAColor : .skipped("its body returns no colour the reader can follow")
    }
  }

  /// The value the statements return in `appearance`; nil when they return none.
  private mutating func evaluate(
    _ statements: [SwiftStatement], as kind: SwiftColorKind?, in appearance: Appearance?
  ) -> SwiftRecognition? {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { return .skipped("nests more than \(Self.maximumDepth) deep") }
    for statement in statements {
      switch statement {
      case .return(let value?, _):
        return recognise(value, as: kind, in: appearance)
      case .return(nil, _):
        return .skipped("returns nothing")
      case .expression:
        continue
      case .if(let conditions, let then, let otherwise, _):
        var decided: Bool? = true
        for condition in conditions {
          let value = appearance.flatMap { decide(condition, $0) }
          if value == false {
            decided = false
            break
          }
          if value == nil { decided = nil }
        }
        guard let decided else {
          let shownConditions = conditions.map { shown($0) }.joined(separator: ", ")
          if appearance == nil, conditions.contains(where: mentionsAppearance) {
            return .skipped("chooses by \(shownConditions) once, when it is read: a fixed colour, not one that follows the appearance")
          }
          return .skipped("chooses by \(shownConditions), decided when the app runs")
        }
        if let result = evaluate(decided ? then : otherwise ?? [], as: kind, in: appearance) { return result }
      case .switch(let subject, let cases, _):
        guard let appearance, isStyle(subject) else {
          return .skipped("switches on \(shown(subject)), decided when the app runs")
        }
        let wanted = appearance == .dark ? "dark" : "light"
        var chosen: [SwiftStatement]? = nil
        for entry in cases {
          guard let patterns = entry.patterns else {
            if chosen == nil { chosen = entry.body }
            continue
          }
          if patterns.contains(where: { styleName($0) == wanted }) {
            chosen = entry.body
            break
          }
        }
        guard let chosen else { return .skipped("its `switch` has no case for \(wanted) mode") }
        return evaluate(chosen, as: kind, in: appearance) ?? .skipped("its `\(wanted)` case returns no colour")
      case .other(let what, let at):
        return .skipped("its body has \(what) (line \(file.tokens[at].line)), which the reader does not follow")
      }
    }
    return nil
  }

  /// Whether `expression` is a trait collection's `userInterfaceStyle`.
  private func isStyle(_ expression: SwiftExpression) -> Bool {
    if case .member(_, "userInterfaceStyle", _) = expression { return true }
    return false
  }

  /// `.dark`, `.light`, `.unspecified`, `UIUserInterfaceStyle.dark`: the style named.
  private func styleName(_ expression: SwiftExpression) -> String? {
    switch expression {
    case .implicitMember(let name, _): return name
    case .member(.name("UIUserInterfaceStyle", _), let name, _): return name
    case .number, .string, .name, .member, .call, .closure, .prefix, .postfix, .binary, .ternary, .tuple,
      .cast, .other:
      return nil
    }
  }

  /// Whether a condition reads the appearance: `userInterfaceStyle`, or a
  /// SwiftUI `colorScheme`.
  private func mentionsAppearance(_ expression: SwiftExpression) -> Bool {
    switch expression {
    case .member(let base, let name, _): return name == "userInterfaceStyle" || name == "colorScheme" || mentionsAppearance(base)
    case .name(let name, _): return name == "colorScheme"
    case .binary(_, let a, let b, _): return mentionsAppearance(a) || mentionsAppearance(b)
    case .prefix(_, let a, _), .postfix(_, let a, _): return mentionsAppearance(a)
    case .tuple(let elements, _): return elements.contains { mentionsAppearance($0.value) }
    case .number, .string, .implicitMember, .call, .closure, .ternary, .cast, .other: return false
    }
  }

  /// The value of a condition in `appearance`; nil when it depends on anything
  /// else.
  private func decide(_ condition: SwiftExpression, _ appearance: Appearance) -> Bool? {
    switch condition {
    case .binary(let op, let left, let right, _) where op == "==" || op == "!=":
      let named: String?
      if isStyle(left) {
        named = styleName(right)
      } else if isStyle(right) {
        named = styleName(left)
      } else {
        return nil
      }
      guard let named, ["dark", "light", "unspecified"].contains(named) else { return nil }
      let equal = named == (appearance == .dark ? "dark" : "light")
      return op == "==" ? equal : !equal
    case .binary("&&", let left, let right, _):
      let (a, b) = (decide(left, appearance), decide(right, appearance))
      if a == false || b == false { return false }
      return a == true && b == true ? true : nil
    case .binary("||", let left, let right, _):
      let (a, b) = (decide(left, appearance), decide(right, appearance))
      if a == true || b == true { return true }
      return a == false && b == false ? false : nil
    case .prefix("!", let operand, _):
      return decide(operand, appearance).map { !$0 }
    case .tuple(let elements, _) where elements.count == 1:
      return decide(elements[0].value, appearance)
    case .number, .string, .name, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary,
      .ternary, .tuple, .cast, .other:
      return nil
    }
  }
}

/// Why a number could not be read from the source.
struct SwiftNumberFailure: Error {
  let reason: String
}
