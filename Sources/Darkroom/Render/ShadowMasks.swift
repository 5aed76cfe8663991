import DarkroomRaster
import Foundation

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
  }

  /// A shadow as it was asked for: the name of its shape, placed on the canvas, σ
  /// and the canvas's size — everything its mask is made from.
  private struct PlacedKey: Hashable, Sendable {
    let shape: ShapeName
    let sigma: UInt64
    let width: Int
    let height: Int
  }

  private let entries: BoundedCache<Key, Entry>
  /// Shadows asked for again at the same place — in the other modes of a layout, in
  /// the next band of a screen drawn in bands — found without their shape being
  /// rasterized, hashed and compared again: the entry, and where the shape's
  /// corner was.
  private let placed: BoundedCache<PlacedKey, Placed>

  /// A shadow's entry and where its shape's corner was.
  private struct Placed: Sendable {
    let entry: Entry
    let x: Int
    let y: Int
  }

  init(budget: Int) {
    entries = BoundedCache(budget: budget)
    placed = BoundedCache(budget: budget)
  }

  /// The shadow mask of the path `outline` makes, blurred by σ over a canvas of
  /// the given size; `name` names the path exactly (``ShapeName``), so a shadow
  /// asked for again with the same name finds its mask without the path.
  func mask(named name: ShapeName, _ outline: () -> Path, sigma: Double, width: Int, height: Int) -> AlphaMask {
    let at = PlacedKey(shape: name, sigma: sigma.bitPattern, width: width, height: height)
    if let known = placed.value(for: at) { return known.entry.blurred.offsetBy(dx: known.x, dy: known.y) }
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
      entry = Entry(shape: shape.values, blurred: shape.blurred(sigma: sigma).offsetBy(dx: -shape.x, dy: -shape.y))
      entries.insert(entry, for: key, cost: entry.shape.count + entry.blurred.values.count)
    }
    placed.insert(Placed(entry: entry, x: shape.x, y: shape.y), for: at, cost: entry.shape.count + entry.blurred.values.count)
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
