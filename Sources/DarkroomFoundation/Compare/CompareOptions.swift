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

  package static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    return value == value.rounded() ? "\(Int(value))%" : "\(String(format: "%.4g", value))%"
  }
}
