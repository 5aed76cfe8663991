extension Layout {
  /// The device whose variations a string catalog's `device` variations pick for
  /// this layout: `ipad` for the iPad preset, else `iphone` (every other preset, and
  /// a size in points, is a phone).
  package var stringDevice: String { device == .iPad ? "ipad" : "iphone" }
}
