import DarkroomRaster

/// Overrides of ``CompareOptions`` as written in a file: only what was given.
public struct CompareOverrides: Sendable, Equatable {
  /// The method, if given.
  public var method: CompareOptions.Method?
  /// The threshold, if given.
  public var threshold: Double?
  /// Whether to count anti-aliasing, if given.
  public var includeAA: Bool?
  /// The pixel allowance, if given.
  public var maxPixels: Int?
  /// The ratio allowance, if given.
  public var maxRatio: Double?

  /// No overrides.
  public init() {}

  /// `base` with every given setting applied. A threshold or `includeAA` given
  /// without a method means the perceptual method: they mean nothing to an exact
  /// comparison, and silently ignoring them would compare exactly when the user
  /// asked for a tolerance.
  public func applied(to base: CompareOptions) -> CompareOptions {
    var options = base
    if let method {
      options.method = method
    } else if threshold != nil || includeAA != nil {
      options.method = .perceptual
    }
    if let threshold { options.threshold = threshold }
    if let includeAA { options.includeAA = includeAA }
    if let maxPixels { options.maxPixels = maxPixels }
    if let maxRatio { options.maxRatio = maxRatio }
    return options
  }

  static let keys = ["method", "threshold", "includeAA", "maxPixels", "maxRatio"]

  /// The pixels `maxPixels` (and `--max-pixels`) may allow: up to the largest image.
  public static let maxPixelsRange = 0...PixelBuffer.maximumPixelCount

  /// Reads a `compare:` mapping.
  package static func parse(_ node: YAMLNode) throws(DarkroomError) -> CompareOverrides {
    let entries = try node.mapping("compare")
    try entries.checkKeys(allowed: keys, in: "compare")
    var settings = CompareOverrides()
    settings.method = try entries["method"]?.choice("compare method", as: CompareOptions.Method.self)
    settings.threshold = try entries["threshold"]?.number("threshold", in: 0...1)
    settings.includeAA = try entries["includeAA"]?.bool("includeAA")
    if let node = entries["maxPixels"] {
      let value = try node.number("maxPixels", in: 0...Double(Self.maxPixelsRange.upperBound))
      guard value == value.rounded() else {
        throw DarkroomError("maxPixels must be a whole number, found \(value)", at: node.location)
      }
      settings.maxPixels = Int(value)
    }
    settings.maxRatio = try entries["maxRatio"]?.number("maxRatio", in: 0...1)
    if settings.method == .exact, let key = ["threshold", "includeAA"].first(where: { entries[$0] != nil }),
      let node = entries[key]
    {
      throw DarkroomError("\(key) applies to the perceptual method only; remove it or write method: perceptual", at: node.location)
    }
    return settings
  }
}
