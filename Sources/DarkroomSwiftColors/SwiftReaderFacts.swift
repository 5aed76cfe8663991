/// What every file read declares that changes how a colour is read: type aliases
/// of colour types (`typealias PlatformColor = UIColor`), initializers the app adds
/// to `Color` or `UIColor` (`init(red: Int, green: Int, blue: Int)`, whose
/// meaning is its own code), and the types declared, by path.
struct SwiftReaderFacts {
  /// Alias path (`A.B`) → target type text.
  private(set) var aliases: [String: String] = [:]
  /// `Color` or `UIColor` → label lists → where declared.
  private(set) var initializers: [String: [[String]: SwiftSourceLocation]] = [:]
  /// Declared types, by path joined with `.`.
  private(set) var types: Set<String> = []
  /// Functions and initializers a colour may call, by name, with their files.
  private(set) var helpers: [String: [SwiftHelper]] = [:]

  /// A function with the file it is written in.
  struct SwiftHelper {
    let function: SwiftFunction
    let file: SwiftFile
    let brackets: SwiftBrackets

    var location: SwiftSourceLocation { file.location(file.tokens[function.at]) }

    /// Which parameter each argument goes to (by label, in order; parameters with
    /// a default may be left out), nil when the labels do not fit.
    func bind(_ labels: [String?]) -> [Int?]? {
      var assignment: [Int?] = Array(repeating: nil, count: function.parameters.count)
      var next = 0
      for (index, label) in labels.enumerated() {
        while next < function.parameters.count, function.parameters[next].label != label,
          function.parameters[next].defaultValue != nil
        {
          next += 1
        }
        guard next < function.parameters.count, function.parameters[next].label == label else { return nil }
        assignment[next] = index
        next += 1
      }
      for (index, parameter) in function.parameters.enumerated() where assignment[index] == nil && parameter.defaultValue == nil {
        return nil
      }
      return assignment
    }
  }

  /// The function `name` declared in `scope` or a scope around it (an
  /// initializer: in the colour type `scope` names) whose parameters take these
  /// argument labels.
  func helper(_ name: String, scope: [String], labels: [String?], exact: Bool = false) -> (SwiftHelper, [Int?])? {
    guard let candidates = helpers[name] else { return nil }
    for count in stride(from: scope.count, through: 0, by: -1) {
      let path = Array(scope.prefix(count))
      for candidate in candidates where candidate.function.scope == path {
        if let binding = candidate.bind(labels) { return (candidate, binding) }
      }
      if exact || name == "init" { break }
    }
    return nil
  }

  /// Adds what `file`'s scan found.
  mutating func add(_ facts: SwiftFileFacts, of file: SwiftFile, brackets: SwiftBrackets) {
    for function in facts.functions {
      helpers[function.name, default: []].append(SwiftHelper(function: function, file: file, brackets: brackets))
    }
    for alias in facts.typeAliases { aliases[alias.path.joined(separator: ".")] = alias.target }
    for initializer in facts.initializers {
      guard let type = initializer.type.last, SwiftColorKind.named(type) != nil else { continue }
      if initializers[type]?[initializer.labels] == nil {
        initializers[type, default: [:]][initializer.labels] = file.location(file.tokens[initializer.at])
      }
    }
    for type in facts.types { types.insert(type.joined(separator: ".")) }
  }

  /// The colour kind an alias names, seen from `scope` (its own members first).
  func aliasKind(_ name: String, scope: [String], depth: Int = 0) -> SwiftColorKind? {
    guard depth < 8 else { return nil }
    for count in stride(from: scope.count, through: 0, by: -1) {
      let path = (scope.prefix(count) + [name]).joined(separator: ".")
      guard let target = aliases[path] else { continue }
      var text = Substring(target)
      while let last = text.last, last == "?" || last == "!" { text.removeLast() }
      for module in SwiftDeclarationScanner.modules where text.hasPrefix(module + ".") { text.removeFirst(module.count + 1) }
      return SwiftColorKind.named(String(text)) ?? aliasKind(String(text), scope: [], depth: depth + 1)
    }
    return nil
  }

  /// Where the app declares an initializer of `type` with these labels, if it does.
  func initializer(of type: String, labels: [String]) -> SwiftSourceLocation? {
    initializers[type]?[labels]
  }

  /// The path of the type `name` written in `scope`: its own nested type first.
  func typePath(_ name: String, scope: [String]) -> String {
    for count in stride(from: scope.count, through: 0, by: -1) {
      let path = (scope.prefix(count) + [name]).joined(separator: ".")
      if types.contains(path) { return path }
    }
    return name
  }
}
