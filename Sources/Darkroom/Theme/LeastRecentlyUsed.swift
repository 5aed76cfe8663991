/// A cache within a budget of cost (bytes): inserting past it lets go of the
/// entries used longest ago, down to three quarters of the budget (so the sort that
/// finds them is paid once per many inserts), but never of the newest, so one entry
/// larger than the budget is still kept until the next insert.
struct LeastRecentlyUsed<Key: Hashable, Value> {
  private struct Entry {
    let value: Value
    let cost: Int
    var lastUse: Int
  }
  private var entries: [Key: Entry] = [:]
  private var total = 0
  private var clock = 0
  /// The most cost kept.
  let budget: Int

  init(budget: Int) { self.budget = budget }

  /// The value for `key`, marked as just used.
  subscript(key: Key) -> Value? {
    mutating get {
      // One lookup: keys may be long (a label's text), so hashing is the cost.
      guard let index = entries.index(forKey: key) else { return nil }
      clock += 1
      entries.values[index].lastUse = clock
      return entries.values[index].value
    }
  }

  /// Keeps `value` for `key`, letting go of the least recently used entries while
  /// the total is over the budget.
  mutating func insert(_ value: Value, for key: Key, cost: Int) {
    clock += 1
    if let old = entries.updateValue(Entry(value: value, cost: cost, lastUse: clock), forKey: key) { total -= old.cost }
    total += cost
    guard total > budget, entries.count > 1 else { return }
    let newest = key
    for (oldKey, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard total > budget * 3 / 4, oldKey != newest else { break }
      total -= entry.cost
      entries[oldKey] = nil
    }
  }
}
