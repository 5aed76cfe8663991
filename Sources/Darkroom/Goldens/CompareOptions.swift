import DarkroomRaster
/// How a render is compared with its golden, and how much difference passes.
///
/// The default is exact: Darkroom is deterministic, so any changed pixel is a real
/// change. Tolerances are opt-in, for a run (flags, `darkroom.yml`) or for one
/// layout (its `compare:` key), and every failure message states the options used.
public struct CompareOptions: Sendable, Equatable, Codable, CustomStringConvertible {
  /// How pixels are judged equal.
  public enum Method: String, Sendable, Codable, CaseIterable {
    /// Every byte of every pixel must match.
    case exact
    /// pixelmatch's YIQ distance under ``CompareOptions/threshold``, ignoring
    /// anti-aliasing unless ``CompareOptions/includeAA``.
    case perceptual
  }

  /// Default: `.exact`.
  public var method: Method = .exact
  /// The perceptual threshold, 0…1. Default: 0.1 (pixelmatch's).
  public var threshold: Double = 0.1
  /// Count anti-aliased pixels in perceptual mode. Default: false.
  public var includeAA = false
  /// The most differing pixels that still pass; `nil`: no allowance by count.
  public var maxPixels: Int?
  /// The largest fraction of differing pixels that still passes; `nil`: no
  /// allowance by ratio.
  public var maxRatio: Double?

  /// Exact comparison, nothing allowed.
  public init() {}

  /// Whether `differing` of `total` pixels pass. With no allowance set, only zero
  /// passes; with one or both set, every one that is set must hold.
  public func accepts(differing: Int, of total: Int) -> Bool {
    if maxPixels == nil && maxRatio == nil { return differing == 0 }
    let ratio = total == 0 ? 0 : Double(differing) / Double(total)
    return (maxPixels.map { differing <= $0 } ?? true) && (maxRatio.map { ratio <= $0 } ?? true)
  }

  /// `exact, no difference allowed`, or the method, threshold and allowances.
  public var description: String {
    var text = method == .exact ? "exact" : "perceptual (threshold \(YAMLNode.format(threshold))\(includeAA ? ", counting anti-aliasing" : ""))"
    var allowances: [String] = []
    if let maxPixels { allowances.append("\(maxPixels) pixels") }
    if let maxRatio { allowances.append(Self.percent(maxRatio)) }
    text += allowances.isEmpty ? ", no difference allowed" : ", allowing up to " + allowances.joined(separator: " and ")
    return text
  }

  static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    return value == value.rounded() ? "\(Int(value))%" : "\(String(format: "%.4g", value))%"
  }
}

/// Overrides of ``CompareOptions`` as written in a file: only what was given.
public struct CompareSettings: Sendable, Equatable {
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

  /// Reads a `compare:` mapping.
  static func parse(_ node: YAMLNode) throws(DarkroomError) -> CompareSettings {
    let entries = try node.mapping("compare")
    try entries.checkKeys(allowed: keys, in: "compare")
    var settings = CompareSettings()
    settings.method = try entries["method"]?.choice("compare method", as: CompareOptions.Method.self)
    settings.threshold = try entries["threshold"]?.number("threshold", in: 0...1)
    settings.includeAA = try entries["includeAA"]?.bool("includeAA")
    if let node = entries["maxPixels"] {
      let value = try node.number("maxPixels", in: 0...Double(PixelBuffer.maximumPixelCount))
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
