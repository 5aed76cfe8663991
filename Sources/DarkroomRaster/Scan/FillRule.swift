/// Which points a path's contours enclose.
public enum FillRule: String, Sendable, CaseIterable {
  /// Inside where the contours wind round a point a non-zero number of times:
  /// a contour drawn the other way round cuts a hole, one drawn the same way does not.
  case nonZero
  /// Inside where a ray from the point crosses the contours an odd number of times,
  /// whatever their direction: overlapping contours cut holes in each other.
  case evenOdd

  /// Coverage 0…255 from the area-weighted winding a pixel accumulated.
  ///
  /// Non-zero: |w| clamped to 1. Even-odd folds the winding into 0…1 as a triangle
  /// wave (0 → 0, 1 → 1, 2 → 0), which is the exact coverage wherever at most one
  /// edge crosses the pixel and a smooth blend where several do.
  @inline(__always)
  func coverage(_ winding: Float) -> UInt8 {
    let a = abs(winding)
    let c: Float
    switch self {
    case .nonZero:
      c = min(a, 1)
    case .evenOdd:
      let folded = a - 2 * (a * 0.5).rounded(.down)
      c = folded > 1 ? 2 - folded : folded
    }
    return UInt8(c * 255 + 0.5)
  }
}
