/// Sine and cosine computed by Darkroom itself, so a circle has the same points on
/// every machine.
///
/// The C library's `sin` and `cos` are not required to be correctly rounded, and
/// different versions differ in the last bit now and then; a last bit that moves an
/// edge can move a pixel. These use only IEEE addition, multiplication and
/// rounding in a fixed order: the argument is reduced to [-π/4, π/4] by quarter
/// turns (π/2 split in two parts so the reduction is accurate), then a Taylor
/// polynomial of degree 17 (error below 1e-16 on that interval) is evaluated by
/// Horner's rule.
enum Trigonometry {
  private static let twoOverPi = 0.636_619_772_367_581_4
  private static let halfPiHigh = 1.570_796_326_794_896_6
  private static let halfPiLow = 6.123_233_995_736_766e-17

  /// sin(x) for a finite x; exactly ±1 at the doubles nearest odd quarter turns.
  static func sine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    return sine(quadrant: quadrant, r)
  }

  /// cos(x) for a finite x: cos(x) = sin(x + π/2), one quadrant further on.
  static func cosine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    return sine(quadrant: (quadrant + 1) & 3, r)
  }

  /// sin(quadrant·π/2 + r) for r in [-π/4, π/4].
  private static func sine(quadrant: Int, _ r: Double) -> Double {
    switch quadrant {
    case 0: return sinePolynomial(r)
    case 1: return cosinePolynomial(r)
    case 2: return -sinePolynomial(r)
    default: return -cosinePolynomial(r)
    }
  }

  /// tan(x), away from odd quarter turns.
  static func tangent(_ x: Double) -> Double { sine(x) / cosine(x) }

  private static func reduce(_ x: Double) -> (quadrant: Int, remainder: Double) {
    let k = (x * twoOverPi).rounded()
    let r = (x - k * halfPiHigh) - k * halfPiLow
    let q = Int(k.truncatingRemainder(dividingBy: 4))
    return ((q + 4) & 3, r)
  }

  private static func sinePolynomial(_ r: Double) -> Double {
    let r2 = r * r
    var q = 1.0 / 355_687_428_096_000  // 1/17!
    q = q * r2 - 1.0 / 1_307_674_368_000
    q = q * r2 + 1.0 / 6_227_020_800
    q = q * r2 - 1.0 / 39_916_800
    q = q * r2 + 1.0 / 362_880
    q = q * r2 - 1.0 / 5_040
    q = q * r2 + 1.0 / 120
    q = q * r2 - 1.0 / 6
    return r + r * r2 * q
  }

  private static func cosinePolynomial(_ r: Double) -> Double {
    let r2 = r * r
    var c = -1.0 / 6_402_373_705_728_000  // -1/18!
    c = c * r2 + 1.0 / 20_922_789_888_000
    c = c * r2 - 1.0 / 87_178_291_200
    c = c * r2 + 1.0 / 479_001_600
    c = c * r2 - 1.0 / 3_628_800
    c = c * r2 + 1.0 / 40_320
    c = c * r2 - 1.0 / 720
    c = c * r2 + 1.0 / 24
    c = c * r2 - 0.5
    return 1 + r2 * c
  }
}
