import DarkroomRaster
import Foundation
import Synchronization

/// Blurred shadow masks.
///
/// A card's shadow has the same shape in every mode (only its colour changes), and
/// a list repeats the same card, so most blurs of a run are blurs already made. A
/// blur depends only on the shape's coverage values and σ; a shape is looked up by
/// a digest of its values and then compared value for value, so a shared blur is
/// exactly the blur that would have been made.
struct ShadowMasks: Sendable {
  private struct Key: Hashable, Sendable {
    let width: Int
    let height: Int
    let sigma: UInt64
    let digest: ContentHash
  }

  private struct Entry: Sendable {
    let shape: [UInt8]
    /// The blur, placed as if the shape's corner were at (0, 0).
    let blurred: AlphaMask
    /// Which entry this is, of every entry the memo made: what a place keeps of it.
    let serial: UInt64
  }

  /// A shadow as it was asked for: the name of its shape, placed on the canvas, σ
  /// and the canvas's size — everything its mask is made from.
  private struct PlacedKey: Hashable, Sendable {
    let shape: ShapeName
    let sigma: UInt64
    let width: Int
    let height: Int
  }

  /// Where a shadow asked for was found: its entry's key and serial (an entry that
  /// has since gone, or been replaced, is not it), and its shape's corner.
  private struct Placed: Sendable {
    let key: Key
    let serial: UInt64
    let x: Int
    let y: Int
  }

  private let entries: BoundedCache<Key, Entry>
  /// Shadows asked for again at the same place — in the other modes of a layout, in
  /// the next band of a screen drawn in bands — found without their shape being
  /// rasterized, hashed and compared again. Small (a key and a corner a place),
  /// within an eighth of the budget; the masks stay in `entries`, counted once.
  private let placed: BoundedCache<PlacedKey, Placed>
  private let serials: Serials

  /// Numbers for entries, one after another across threads.
  private final class Serials: Sendable {
    private let last = Mutex<UInt64>(0)
    func next() -> UInt64 { last.withLock { $0 += 1; return $0 } }
  }

  init(budget: Int) {
    entries = BoundedCache(budget: budget)
    placed = BoundedCache(budget: budget / 8)
    serials = Serials()
  }

  /// The same masks, with no place known: a benchmark that draws a snapshot again
  /// rasterizes and hashes its shadows' shapes each time, as a run's first drawing
  /// of a layout does (the blurs stay shared, as between the cards of a list).
  func forgettingPlaces() -> ShadowMasks {
    ShadowMasks(entries: entries, placed: BoundedCache(budget: placed.budget), serials: serials)
  }

  private init(entries: BoundedCache<Key, Entry>, placed: BoundedCache<PlacedKey, Placed>, serials: Serials) {
    self.entries = entries
    self.placed = placed
    self.serials = serials
  }

  /// The shadow mask of the path `outline` makes, blurred by σ over a canvas of
  /// the given size; `name` names the path exactly (``ShapeName``), so a shadow
  /// asked for again with the same name finds its mask without the path.
  func mask(named name: ShapeName, _ outline: () -> Path, sigma: Double, width: Int, height: Int) -> AlphaMask {
    let at = PlacedKey(shape: name, sigma: sigma.bitPattern, width: width, height: height)
    if let known = placed.value(for: at), let entry = entries.value(for: known.key), entry.serial == known.serial {
      return entry.blurred.offsetBy(dx: known.x, dy: known.y)
    }
    let shape = AlphaMask(shadowShape: outline(), sigma: sigma, width: width, height: height)
    guard shape.width > 0, shape.height > 0 else { return shape.blurred(sigma: sigma) }
    var hasher = ContentHasher()
    shape.values.withUnsafeBytes { hasher.update($0) }
    let key = Key(width: shape.width, height: shape.height, sigma: sigma.bitPattern, digest: hasher.finalize())
    var entry: Entry
    if let known = entries.value(for: key), Self.same(known.shape, shape.values) {
      entry = known
    } else {
      // Kept relative to the shape's corner, so the same shape anywhere finds it.
      entry = Entry(
        shape: shape.values, blurred: shape.blurred(sigma: sigma).offsetBy(dx: -shape.x, dy: -shape.y),
        serial: serials.next())
      entries.insert(entry, for: key, cost: entry.shape.count + entry.blurred.values.count)
    }
    placed.insert(Placed(key: key, serial: entry.serial, x: shape.x, y: shape.y), for: at, cost: 128 + name.cost)
    return entry.blurred.offsetBy(dx: shape.x, dy: shape.y)
  }

  /// Whether two shapes have the same values: compared as memory, not value by
  /// value (which took a cold verify 2.6% of its time).
  private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
      }
    }
  }
}
