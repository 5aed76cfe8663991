/// A cache within a budget of cost (bytes): inserting past it lets go of the
/// entries used longest ago, but never of the newest, so one entry larger than the
/// budget is still kept until the next insert.
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
      guard entries[key] != nil else { return nil }
      clock += 1
      entries[key]?.lastUse = clock
      return entries[key]?.value
    }
  }

  /// Keeps `value` for `key`, letting go of the least recently used entries while
  /// the total is over the budget.
  mutating func insert(_ value: Value, for key: Key, cost: Int) {
    clock += 1
    if let old = entries.updateValue(Entry(value: value, cost: cost, lastUse: clock), forKey: key) { total -= old.cost }
    total += cost
    while total > budget, entries.count > 1,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      total -= oldest.value.cost
      entries[oldest.key] = nil
    }
  }
}
