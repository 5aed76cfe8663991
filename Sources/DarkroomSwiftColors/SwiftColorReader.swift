/// Reads the colours Swift files define, as source: never compiled, never run.
///
/// A colour is a property — stored or computed, static or not, in a type or an
/// extension, or at the top of a file — whose type is `Color` or `UIColor` (or an
/// alias of one), or whose initial value is such a colour (`static let brand =
/// Color(red: …)`), or that names another colour of these files. Its name is its
/// Swift path: `IceCubeDark.tintColor`, `Color.brand`. What it is set to is read by
/// ``SwiftColorRecognizer``; a value made when the app runs is skipped with why.
///
/// The files are read together: a colour may name one defined in another file, an
/// extension of `Color` adds to every file's `Color`, and an initializer the app
/// declares changes what a call to it means. Under `#if`, an iPhone build's
/// clauses are read (`os(iOS)`, `canImport(UIKit)`), others left out, and a colour
/// under a build flag (`#if DEBUG`) is skipped with the flag.
public enum SwiftColorReader {
  /// Attributes that do not wrap a property's value.
  static let plainAttributes: Set<String> = [
    "available", "MainActor", "objc", "nonobjc", "inlinable", "usableFromInline", "IBInspectable", "IBOutlet",
    "preconcurrency", "_spi", "frozen", "discardableResult", "NSManaged", "GKInspectable", "backDeployed",
    "_disfavoredOverload", "exclusivity", "_alwaysEmitIntoClient", "_transparent", "_silgen_name", "retroactive",
  ]

  /// The most colour properties read: ten times the most colours a Darkroom theme
  /// takes, and a bound on the work of resolving their names.
  public static let maximumColors = 20_000

  /// The colours `files` define, in file order and then source order.
  ///
  /// - Throws: ``SwiftSourceError`` when a file's brackets do not balance (text no
  ///   compiler accepts), or the files define more than ``maximumColors``
  ///   colours; what a single colour does wrong skips that colour.
  public static func read(_ files: [SwiftFile]) throws(SwiftSourceError) -> [SwiftColorDeclaration] {
    var scanned: [(file: SwiftFile, brackets: SwiftBrackets, properties: [SwiftProperty])] = []
    var facts = SwiftReaderFacts()
    for file in files {
      let brackets = try SwiftBrackets(file)
      let (properties, fileFacts) = try SwiftDeclarationScanner(file: file, brackets: brackets).scan()
      facts.add(fileFacts, of: file, brackets: brackets)
      scanned.append((file, brackets, properties))
    }
    var resolver = SwiftReferenceResolver(facts: facts)
    for (file, brackets, properties) in scanned {
      for property in properties {
        resolver.add(read(property, in: file, brackets: brackets, facts: facts))
        guard resolver.count <= maximumColors else {
          throw SwiftSourceError(
            "more than \(maximumColors) colour properties: far more than a palette", at: file.location(file.tokens[property.nameToken]))
        }
      }
    }
    return resolver.resolve()
  }

  /// One property as a candidate colour; nil when it is not one.
  private static func read(
    _ property: SwiftProperty, in file: SwiftFile, brackets: SwiftBrackets, facts: SwiftReaderFacts
  ) -> SwiftReferenceResolver.Candidate? {
    guard property.condition != .inactive, !property.inProtocol else { return nil }
    let name = (property.scope + [property.name]).joined(separator: ".")
    let location = file.location(file.tokens[property.nameToken])
    let selfKind = property.scope.last.flatMap(SwiftColorKind.named)
    var recognizer = SwiftColorRecognizer(
      file: file, brackets: brackets, scope: property.scope, selfKind: selfKind, facts: facts)
    let annotation = property.type.map { SwiftTypes.text(of: file, from: $0.lowerBound, to: $0.upperBound) }
    let kind = annotation.flatMap { recognizer.kind(ofType: $0) }
    var instanceOf: String? = nil
    var recognition: SwiftRecognition
    if let initializer = property.initializer {
      guard let end = initializer.end else {
        // Unparsed: a colour when its type says so, or its value begins with a
        // colour type (`Color.red.opacity(…)…`).
        let first = file.tokens[initializer.start]
        let startsWithColour = first.kind == .identifier && recognizer.kind(ofType: file.name(first)) != nil
        guard kind != nil || startsWithColour, let failure = property.initializerFailure else { return nil }
        let at = file.tokens[min(failure.at, file.tokens.count - 1)]
        return .init(
          name: name, location: location,
          recognition: .skipped("not read: \(failure.reason) (line \(at.line), column \(at.column))"), requests: [],
          tentative: false, instanceOf: nil)
      }
      var parser = SwiftExpressionParser(file: file, brackets: brackets, from: initializer.start, to: end)
      guard let expression = try? parser.expression() else { return nil }
      recognition = recognizer.recognise(expression, as: kind)
      if case .notAColor = recognition {
        instanceOf = instanceType(expression, annotation: annotation)
      }
    } else if let body = property.body, let getter = getter(body, in: file, brackets: brackets) {
      recognition = recognizer.body(getter.start, getter.end, as: kind, in: nil)
    } else {
      return nil
    }
    if case .notAColor = recognition {
      guard kind != nil else {
        return instanceOf.map {
          .init(name: name, location: location, recognition: .notAColor, requests: [], tentative: true, instanceOf: facts.typePath($0, scope: property.scope))
        }
      }
      recognition = .skipped("its value is not a colour the reader knows")
    }
    if annotation != nil, kind == nil { return nil }
    if let wrapper = property.attributes.first(where: { !plainAttributes.contains($0) }) {
      recognition = .skipped(
        wrapper == "AppStorage" || wrapper == "SceneStorage"
          ? "stored by `@\(wrapper)` in the app's settings: known when the app runs"
          : "wrapped by `@\(wrapper)`: its value is the app's state when it runs")
    }
    if case .undecided(let condition) = property.condition {
      recognition = .skipped("under `\(condition)`, a condition of the build Darkroom does not decide")
    }
    var tentative = false
    if annotation == nil, case .color(.reference) = recognition, recognizer.requests.first?.typed == false { tentative = true }
    return .init(
      name: name, location: location, recognition: recognition, requests: recognizer.requests, tentative: tentative,
      instanceOf: nil)
  }

  /// The type an initial value makes an instance of — `ColorTheme()`, `.init()`
  /// under `: ColorTheme` — so `Color.theme.green` can name `ColorTheme.green`.
  private static func instanceType(_ expression: SwiftExpression, annotation: String?) -> String? {
    switch expression {
    case .call(.name(let type, _), let arguments, _) where arguments.isEmpty && type.first?.isUppercase == true:
      return type
    case .call(.implicitMember("init", _), let arguments, _) where arguments.isEmpty:
      guard let annotation, annotation.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
      return annotation
    case .number, .string, .name, .implicitMember, .member, .call, .closure, .prefix, .postfix, .binary,
      .ternary, .tuple, .cast, .other:
      return nil
    }
  }

  /// The statements a computed property's value comes from: its whole body, or
  /// its `get { }`; nil for observers (`didSet`) or a setter alone.
  private static func getter(
    _ body: (open: Int, close: Int), in file: SwiftFile, brackets: SwiftBrackets
  ) -> (start: Int, end: Int)? {
    let tokens = file.tokens
    guard body.open + 1 < body.close else { return nil }
    let first = tokens[body.open + 1]
    let accessors = ["get", "set", "willSet", "didSet", "_read", "_modify", "init"]
    guard first.kind == .identifier, accessors.contains(file.text(first)) else { return (body.open + 1, body.close) }
    var i = body.open + 1
    while i < body.close {
      if tokens[i].kind == .identifier, file.token(tokens[i], is: "get") {
        var open = i + 1
        while open < body.close, !(tokens[open].kind == .punctuation && file.token(tokens[open], is: "{")) { open += 1 }
        guard open < body.close else { return nil }
        return (open + 1, brackets.partner(of: open))
      }
      i = tokens[i].kind == .punctuation && brackets.isOpening(i) ? brackets.partner(of: i) + 1 : i + 1
    }
    return nil
  }
}
