import DarkroomRaster

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

  private let entries: BoundedCache<Key, Entry>

  init(budget: Int) { entries = BoundedCache(budget: budget) }

  /// The shadow mask of `path` blurred by σ over a canvas of the given size.
  func mask(of path: Path, sigma: Double, width: Int, height: Int) -> AlphaMask {
    let shape = AlphaMask(shadowShape: path, sigma: sigma, width: width, height: height)
    guard shape.width > 0, shape.height > 0 else { return shape.blurred(sigma: sigma) }
    var hasher = ContentHasher()
    shape.values.withUnsafeBytes { hasher.update($0) }
    let key = Key(width: shape.width, height: shape.height, sigma: sigma.bitPattern, digest: hasher.finalize())
    if let entry = entries.value(for: key), entry.shape == shape.values {
      return entry.blurred.offsetBy(dx: shape.x, dy: shape.y)
    }
    let blurred = shape.blurred(sigma: sigma)
    // Kept relative to the shape's corner, so the same shape anywhere finds it.
    let stored = blurred.offsetBy(dx: -shape.x, dy: -shape.y)
    entries.insert(Entry(shape: shape.values, blurred: stored), for: key, cost: shape.values.count + blurred.values.count)
    return blurred
  }
}
