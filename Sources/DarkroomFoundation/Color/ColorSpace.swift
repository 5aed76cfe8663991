import DarkroomRaster
import Foundation

/// The colour spaces colour sources write components in, and their conversion to
/// the 8-bit sRGB Darkroom draws with.
///
/// Display P3 shares sRGB's transfer curve and white point and has wider
/// primaries: a P3 colour is linearised, moved to sRGB primaries by a matrix
/// derived here from both spaces' chromaticities, clamped to the sRGB gamut, and
/// encoded again. Grey spaces use a 2.2 gamma, as Apple's generic grey does.
public enum ColorSpace: String, Sendable, CaseIterable {
  /// sRGB, components 0…1.
  case sRGB = "srgb"
  /// sRGB with components allowed outside 0…1 (clamped here).
  case extendedSRGB = "extended-srgb"
  /// Linear-light sRGB primaries, components allowed outside 0…1.
  case extendedLinearSRGB = "extended-linear-srgb"
  /// Display P3, components 0…1.
  case displayP3 = "display-p3"
  /// Grey with a 2.2 gamma, one `white` component.
  case grayGamma22 = "gray-gamma-22"
  /// Grey with a 2.2 gamma, allowed outside 0…1.
  case extendedGray = "extended-gray"

  /// Whether the space has one grey component instead of red, green and blue.
  public var isGray: Bool { self == .grayGamma22 || self == .extendedGray }

  /// Whether components may lie outside 0…1.
  public var isExtended: Bool { self == .extendedSRGB || self == .extendedLinearSRGB || self == .extendedGray }

  /// The colour as 8-bit sRGB: `components` are red, green, blue (or the one grey
  /// value) in this space, `alpha` 0…1.
  public func sRGB(_ components: [Double], alpha: Double) -> RGBA8 {
    let c = components.count == 1 ? [components[0], components[0], components[0]] : components
    guard c.count == 3 else { return .clear }
    let encoded: [Double]
    switch self {
    case .sRGB, .extendedSRGB:
      encoded = c
    case .extendedLinearSRGB:
      encoded = c.map(Self.encode)
    case .displayP3 where c[0] == c[1] && c[1] == c[2]:
      // A grey is the same grey in both spaces (one white point, one transfer
      // curve); through the matrix it would land on half a byte by rounding noise.
      encoded = c
    case .displayP3:
      let linear = c.map(Self.decode)
      encoded = Self.p3ToSRGB.map { row in Self.encode(row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]) }
    case .grayGamma22, .extendedGray:
      encoded = c.map { Self.encode($0 <= 0 ? 0 : Self.power($0, 2.2)) }
    }
    return RGBA8(r: Self.byte(encoded[0]), g: Self.byte(encoded[1]), b: Self.byte(encoded[2]), a: Self.byte(alpha))
  }

  /// A 0…1 value (clamped) as the nearest byte.
  static func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }

  /// sRGB's transfer function, encoded value → linear light.
  static func decode(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : power((v + 0.055) / 1.055, 2.4)
  }

  /// Its inverse, linear light → encoded value.
  static func encode(_ v: Double) -> Double {
    v <= 0.0031308 ? v * 12.92 : 1.055 * power(v, 1 / 2.4) - 0.055
  }

  /// `x` to the power `y`, for `x` > 0 (0 otherwise), made of `+`, `×` and `÷` only:
  /// libm's `pow` may differ in its last bit between C libraries, which can move a
  /// colour that rounds at half a byte. Accurate to a few units in the last place
  /// (a test holds it to libm's and to every byte today's conversions give).
  static func power(_ x: Double, _ y: Double) -> Double {
    guard x > 0, x.isFinite else { return 0 }
    return exponential(y * logarithm(x))
  }

  /// ln 2 in two parts, the first with trailing zero bits, so `k × ln2High` is exact.
  private static let ln2High = 0.693_147_180_369_123_816_49
  private static let ln2Low = 1.908_214_929_270_587_700_02e-10
  private static let ln2 = 0.693_147_180_559_945_309_42

  /// The natural logarithm of `x` > 0: `x` = m × 2^e with m near 1 (both exact),
  /// ln m = 2 atanh((m − 1)/(m + 1)) by its series.
  static func logarithm(_ x: Double) -> Double {
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095_1 {
      m /= 2
      e += 1
    }
    let s = (m - 1) / (m + 1), s2 = s * s
    // |s| ≤ 0.1716: twenty terms leave less than 1e-30.
    var term = s, sum = 0.0
    // Odd denominators counted in integers: a stride over Doubles computes each as
    // start + i × step with a fused multiply-add, one more instruction that arm64 and
    // x86-64 need not agree on (exact here, but none is the rule).
    for k in 0..<20 {
      sum += term / Double(2 * k + 1)
      term *= s2
    }
    return e * ln2High + (e * ln2Low + 2 * sum)
  }

  /// e to the power `v`: `v` = k ln 2 + r with |r| ≤ ln 2 / 2, e^r by its series,
  /// then scaled by 2^k exactly.
  static func exponential(_ v: Double) -> Double {
    if v > 709 { return .infinity }
    if v < -745 { return 0 }
    let k = (v / ln2).rounded()
    let r = (v - k * ln2High) - k * ln2Low
    // |r| ≤ 0.347: terms to r^20/20! leave less than 1e-27.
    var term = 1.0, sum = 1.0
    for n in 1...20 {
      term *= r / Double(n)
      sum += term
    }
    return Double(sign: .plus, exponent: Int(k), significand: sum)
  }

  /// Linear Display P3 → linear sRGB, from the two spaces' primaries and D65.
  static let p3ToSRGB: [[Double]] = {
    let white = (x: 0.3127, y: 0.3290)
    let p3 = toXYZ(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: white)
    let srgb = toXYZ(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: white)
    return multiply(invert(srgb), p3)
  }()

  /// The matrix from linear RGB with these primaries to XYZ, scaled so RGB white
  /// is the white point with Y = 1.
  private static func toXYZ(
    red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (x: Double, y: Double)
  ) -> [[Double]] {
    func column(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
    let columns = [column(red), column(green), column(blue)]
    let primaries = (0..<3).map { row in columns.map { $0[row] } }
    let w = [white.x / white.y, 1, (1 - white.x - white.y) / white.y]
    let inverse = invert(primaries)
    let scale = inverse.map { row in row[0] * w[0] + row[1] * w[1] + row[2] * w[2] }
    return primaries.map { row in (0..<3).map { row[$0] * scale[$0] } }
  }

  private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    a.map { row in (0..<3).map { j in row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j] } }
  }

  /// The inverse of a 3×3 matrix by cofactors (the primaries matrices are well
  /// conditioned).
  private static func invert(_ m: [[Double]]) -> [[Double]] {
    func cofactor(_ r: Int, _ c: Int) -> Double {
      let rows = (0..<3).filter { $0 != r }, cols = (0..<3).filter { $0 != c }
      let minor = m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]] * m[rows[1]][cols[0]]
      return (r + c) % 2 == 0 ? minor : -minor
    }
    let determinant = (0..<3).map { m[0][$0] * cofactor(0, $0) }.reduce(0, +)
    return (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / determinant } }
  }
}
