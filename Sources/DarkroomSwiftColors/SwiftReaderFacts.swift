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

  /// Adds what `file`'s scan found.
  mutating func add(_ facts: SwiftFileFacts, of file: SwiftFile) {
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
