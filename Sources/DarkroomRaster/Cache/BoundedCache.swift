import Synchronization

/// A memo shared by every thread of a run, kept within a budget of cost (bytes, or
/// whatever unit the owner counts in).
///
/// Every memo Darkroom keeps — shaped text runs, glyph masks, laid-out labels,
/// blurred shadows, decoded and scaled images, font digests, open font faces — is one
/// of these, owned by a ``RenderCaches``-like context value and passed to the code
/// that needs it, never a process-wide global.
///
/// # Guarantees
/// - A memo never changes a result: its owners only cache values that depend on
///   nothing but their key, so a hit and a miss give the same pixels.
/// - Inserting past the budget lets go of the entries used longest ago, down to three
///   quarters of the budget (the sort that finds them is paid once per many inserts),
///   but never of the newest, so one entry larger than the budget is still kept until
///   the next insert.
/// - Values are made outside the lock: two threads missing the same key at once may
///   both make it, and the second insert wins (the values are equal).
///
/// Its methods are inlinable so that the memos of other modules get code specialised
/// for their key and value types: unspecialised, every lookup asked the runtime for
/// generic metadata, which cost a cold verify 1.5% of its instructions (callgrind).
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The most cost kept.
  public let budget: Int
  @usableFromInline let entries: Mutex<LeastRecentlyUsed<Key, Value>>

  /// An empty memo that keeps up to `budget` of cost.
  public init(budget: Int) {
    self.budget = budget
    entries = Mutex(LeastRecentlyUsed(budget: budget))
  }

  /// The value kept for `key`, marked as just used.
  @inlinable public func value(for key: Key) -> Value? {
    entries.withLock { $0[key] }
  }

  /// Keeps `value` for `key` at `cost`.
  @inlinable public func insert(_ value: Value, for key: Key, cost: Int) {
    entries.withLock { $0.insert(value, for: key, cost: cost) }
  }

  /// The value kept for `key`, or the one `make` returns, kept at the cost `cost`
  /// gives it.
  @inlinable public func value<E: Error>(
    for key: Key, cost: (Value) -> Int, make: () throws(E) -> Value
  ) throws(E) -> Value {
    if let known = value(for: key) { return known }
    let made = try make()
    insert(made, for: key, cost: cost(made))
    return made
  }

  /// How many entries are kept now.
  @inlinable public var count: Int { entries.withLock { $0.count } }
}

/// The bookkeeping behind ``BoundedCache``, used under its lock.
@usableFromInline struct LeastRecentlyUsed<Key: Hashable, Value> {
  @usableFromInline struct Entry {
    @usableFromInline let value: Value
    @usableFromInline let cost: Int
    @usableFromInline var lastUse: Int

    @inlinable init(value: Value, cost: Int, lastUse: Int) {
      self.value = value
      self.cost = cost
      self.lastUse = lastUse
    }
  }
  @usableFromInline var entries: [Key: Entry] = [:]
  @usableFromInline var total = 0
  @usableFromInline var clock = 0
  /// The most cost kept.
  @usableFromInline let budget: Int

  @inlinable init(budget: Int) { self.budget = budget }

  @inlinable var count: Int { entries.count }

  /// The value for `key`, marked as just used.
  @inlinable subscript(key: Key) -> Value? {
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
  @inlinable mutating func insert(_ value: Value, for key: Key, cost: Int) {
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
