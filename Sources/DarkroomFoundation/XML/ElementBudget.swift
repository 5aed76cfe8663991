/// The elements one XML file may hold, counted as libxml2 reads them: each element
/// costs a callback and the objects Foundation's parser makes for it, so a file of
/// 16 MB of tiny elements takes seconds however little the reader keeps.
///
/// Every XML reader's start-element callback goes through ``enter()``, and stops
/// the parse at the first element over the limit.
package struct ElementBudget {
  /// The most elements a resource file or property list may hold: forty times the
  /// largest `strings.xml` of the public apps measured.
  static let maximumElements = 200_000

  /// The limit this budget counts against.
  let limit: Int
  private var count = 0

  /// A budget of `limit` elements.
  package init(limit: Int = ElementBudget.maximumElements) { self.limit = limit }

  /// Counts one more element; the message to stop with when it is over the limit.
  package mutating func enter() -> String? {
    count += 1
    guard count > limit else { return nil }
    return "the file holds more than \(limit) elements; an XML file may hold at most \(limit)"
  }
}
