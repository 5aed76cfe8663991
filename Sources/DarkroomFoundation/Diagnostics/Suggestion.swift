/// Finding the known name a user probably meant.
package enum Suggestion {
  /// The candidate closest to `name` by edit distance, if it is close enough to be a
  /// plausible typo: at most a third of the name's length (and at least 1), a bound
  /// that accepts "primaryTxt" → "primaryText" and refuses "red" → "bold".
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(1, name.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates.sorted() {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Edit distance with insertions, deletions, substitutions and transpositions of
  /// neighbours each costing 1 (optimal string alignment), so "drak" is one typo
  /// away from "dark", as a person would count it.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
