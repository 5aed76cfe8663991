extension RoundedRect {
  /// The whole pixels a fill of this shape (in pixel coordinates) covers
  /// completely — coverage 255 — as at most two rectangles: the shape without the
  /// square each corner's curve lies in, once cut across and once down. A pixel in
  /// one is inside every straight side and clear of every corner, so the sum of the
  /// areas its row accumulates is 1 up to float rounding, far from where rounding to
  /// 8 bits could give 254. Empty for an empty shape or one with a coordinate that
  /// is not finite.
  public var coveredPixels: [PixelRect] {
    guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return [] }
    // Each corner's curve starts (1 + smoothing) × radius from the corner along both
    // sides, and runs inside that square (its control points do).
    let extents = corners().map { $0.radius * (1 + $0.smoothing) }  // TR, BR, BL, TL
    guard extents.allSatisfy(\.isFinite) else { return [] }
    let (topRight, bottomRight, bottomLeft, topLeft) = (extents[0], extents[1], extents[2], extents[3])
    let limit = Double(PixelBuffer.maximumSide) * 4
    func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(max(-limit, min(limit, v)).rounded(rule)) }
    let left = whole(rect.x, .up), right = whole(rect.maxX, .down)
    let top = whole(rect.y, .up), bottom = whole(rect.maxY, .down)
    let across = PixelRect(
      left: left, top: whole(rect.y + max(topLeft, topRight), .up), right: right,
      bottom: whole(rect.maxY - max(bottomLeft, bottomRight), .down))
    let down = PixelRect(
      left: whole(rect.x + max(topLeft, bottomLeft), .up), top: top,
      right: whole(rect.maxX - max(topRight, bottomRight), .down), bottom: bottom)
    if across == down { return across.isEmpty ? [] : [across] }
    return [across, down].filter { !$0.isEmpty }
  }
}
