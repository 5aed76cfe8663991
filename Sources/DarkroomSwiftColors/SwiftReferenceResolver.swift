/// Finds what the colours of a set of files name: `brand` in `extension Color` is
/// `Color.brand`; `.brand` where a `Color` is expected is `Color.brand`;
/// `Theme.Colors.primary` is that path, looked up from the type it is written in
/// outwards, as Swift looks names up; `Color.theme.green`, where `theme` is a
/// `ColorTheme()`, is `ColorTheme.green`.
///
/// A property with no type whose value only names something (`static let accent =
/// brand`) is a colour when what it names is one. A name defined twice (two files
/// extend `Color` with the same member) is skipped, both times: which one an app
/// sees depends on its modules.
struct SwiftReferenceResolver {
  /// A property read as a possible colour.
  struct Candidate {
    let name: String
    let location: SwiftSourceLocation
    var recognition: SwiftRecognition
    let requests: [SwiftReferenceRequest]
    /// Whether it is a colour only if what it names is one.
    var tentative: Bool
    /// For a property holding an instance of a type (`ColorTheme()`), that type's path.
    let instanceOf: String?
  }

  let facts: SwiftReaderFacts
  private var candidates: [Candidate] = []
  private var instances: [String: String] = [:]

  init(facts: SwiftReaderFacts) { self.facts = facts }

  /// How many candidates were added.
  var count: Int { candidates.count }

  mutating func add(_ candidate: Candidate?) {
    guard let candidate else { return }
    if let type = candidate.instanceOf {
      if instances[candidate.name] == nil { instances[candidate.name] = type }
      return
    }
    candidates.append(candidate)
  }

  /// The declarations, references resolved.
  mutating func resolve() -> [SwiftColorDeclaration] {
    var definite = Set(candidates.filter { !$0.tentative }.map(\.name))
    // A tentative colour names a colour, possibly another tentative one: each name
    // settled settles those waiting on it, so a chain of any length costs its length.
    var waiting: [String: [Int]] = [:]
    for index in candidates.indices where candidates[index].tentative {
      guard let request = candidates[index].requests.first else { continue }
      for count in stride(from: request.scope.count, through: 0, by: -1) {
        waiting[(Array(request.scope.prefix(count)) + request.path).joined(separator: "."), default: []].append(index)
      }
    }
    var settled = Array(definite)
    while let name = settled.popLast() {
      for index in waiting[name] ?? [] where candidates[index].tentative {
        candidates[index].tentative = false
        if definite.insert(candidates[index].name).inserted { settled.append(candidates[index].name) }
      }
    }
    // Names reached through an instance (`Color.theme.green`): a few passes of the
    // full lookup, each settling at least one or stopping.
    var pending = candidates.indices.filter { candidates[$0].tentative }
    var passes = 0
    while !pending.isEmpty, passes < 4 {
      passes += 1
      let before = pending.count
      pending.removeAll { index in
        guard let request = candidates[index].requests.first, let target = find(request, in: definite) else { return false }
        if target != candidates[index].name { definite.insert(candidates[index].name) }
        candidates[index].tentative = false
        return true
      }
      if pending.count == before { break }
    }
    var counts: [String: [SwiftSourceLocation]] = [:]
    for candidate in candidates where !candidate.tentative { counts[candidate.name, default: []].append(candidate.location) }
    var declarations: [SwiftColorDeclaration] = []
    for candidate in candidates where !candidate.tentative {
      let places = counts[candidate.name] ?? []
      if places.count > 1 {
        let listed = places.map { "\(Self.fileName($0.file)):\($0.line)" }.joined(separator: ", ")
        declarations.append(
          .init(
            name: candidate.name, location: candidate.location,
            outcome: .skipped("defined \(places.count) times (\(listed)): which one the app sees is not decided here")))
        continue
      }
      declarations.append(.init(name: candidate.name, location: candidate.location, outcome: outcome(candidate, definite)))
    }
    return declarations
  }

  private func outcome(_ candidate: Candidate, _ known: Set<String>) -> SwiftColorDeclaration.Outcome {
    switch candidate.recognition {
    case .skipped(let why): return .skipped(why)
    case .notAColor: return .skipped("its value is not a colour the reader knows")
    case .color(let value):
      var missing: SwiftReferenceRequest? = nil
      let resolved = value.renamingReferences { placeholder in
        guard let index = Int(placeholder.dropFirst()), index < candidate.requests.count else { return placeholder }
        let request = candidate.requests[index]
        guard let target = find(request, in: known) else {
          if missing == nil { missing = request }
          return placeholder
        }
        return target
      }
      if let missing {
        var written = missing.path.joined(separator: ".")
        if written.count > 64 { written = String(written.prefix(63)) + "…" }
        let hint =
          ["Color", "UIColor"].contains(missing.path.first ?? "") && missing.path.count == 2
          ? " (a colour of an asset catalog has its catalog name: `Color(\"…\")`)" : ""
        return .skipped(
          "refers to `\(written)` (line \(missing.location.line)), which is not a colour these files define\(hint)")
      }
      return .color(resolved)
    }
  }

  /// The colour a reference names, looked up from its scope outwards; through a
  /// property holding an instance of a type, that type's members.
  private func find(_ request: SwiftReferenceRequest, in known: Set<String>) -> String? {
    for count in stride(from: request.scope.count, through: 0, by: -1) {
      var path = Array(request.scope.prefix(count)) + request.path
      for _ in 0..<4 {
        let name = path.joined(separator: ".")
        if known.contains(name) { return name }
        // `Color.theme.green` → `ColorTheme.green`.
        guard path.count > 1, let split = (1..<path.count).last(where: { instances[path.prefix($0).joined(separator: ".")] != nil }),
          let type = instances[path.prefix(split).joined(separator: ".")]
        else { break }
        path = type.split(separator: ".").map(String.init) + path.dropFirst(split)
      }
    }
    return nil
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
