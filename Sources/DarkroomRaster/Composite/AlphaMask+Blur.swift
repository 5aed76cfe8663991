extension AlphaMask {
  /// A shadow's mask: the coverage of `path` blurred by σ, rasterized over the
  /// canvas grown by the blur's reach, so the part of a shape just outside the canvas
  /// still blurs into it.
  public init(blurring path: Path, sigma: Double, width canvasWidth: Int, height canvasHeight: Int) {
    let blurs = sigma >= 0.5 && sigma.isFinite
    let reach = blurs ? Self.boxSizes(sigma: min(sigma, 500)).reduce(0) { $0 + $1 / 2 } : 0
    let shape = AlphaMask(
      path.flattened(), rule: .nonZero, clipLeft: -reach, clipTop: -reach, clipRight: canvasWidth + reach,
      clipBottom: canvasHeight + reach)
    self = shape.blurred(sigma: sigma)
  }

  /// The mask blurred by a Gaussian of standard deviation `sigma` pixels,
  /// approximated by three box blurs in each direction (the approximation SVG's
  /// feGaussianBlur allows), computed with integer sums and correctly rounded
  /// averages, so it gives the same values everywhere. The mask grows by 3σ on
  /// every side so nothing is cut off.
  public func blurred(sigma: Double) -> AlphaMask {
    guard sigma >= 0.5, sigma.isFinite, width > 0, height > 0 else { return self }
    let boxes = Self.boxSizes(sigma: min(sigma, 500))
    let margin = boxes.reduce(0) { $0 + $1 / 2 }
    var grown = AlphaMask(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    for row in 0..<height {
      for column in 0..<width {
        grown.values[(row + margin) * grown.width + column + margin] = values[row * width + column]
      }
    }
    let w = grown.width, h = grown.height
    var scratch = [UInt8](repeating: 0, count: max(w, h))
    grown.values.withUnsafeMutableBufferPointer { values in
      scratch.withUnsafeMutableBufferPointer { scratch in
        for size in boxes {
          for row in 0..<h { Self.box(values, start: row * w, step: 1, count: w, size: size, scratch: scratch) }
          for column in 0..<w { Self.box(values, start: column, step: w, count: h, size: size, scratch: scratch) }
        }
      }
    }
    return grown
  }

  /// Three odd box widths whose combined standard deviation is closest to σ (a box
  /// of width n has variance (n² - 1) / 12): two neighbouring odd widths, and the
  /// number of boxes taking the wider one chosen by the smallest error.
  static func boxSizes(sigma: Double) -> [Int] {
    let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    lower = max(1, lower)
    let upper = lower + 2
    var best: [Int] = []
    var bestError = Double.infinity
    for wider in 0...3 {
      let boxes = Array(repeating: upper, count: wider) + Array(repeating: lower, count: 3 - wider)
      let variance = boxes.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
      let error = abs(variance.squareRoot() - sigma)
      if error < bestError {
        best = boxes
        bestError = error
      }
    }
    return best
  }

  /// A centred moving average of odd width `size` along one line of values,
  /// treating values beyond the ends as zero.
  private static func box(
    _ values: UnsafeMutableBufferPointer<UInt8>, start: Int, step: Int, count: Int, size: Int,
    scratch: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard size > 1 else { return }
    let radius = size / 2
    for i in 0..<count { scratch[i] = values[start + i * step] }
    var sum = 0
    for i in 0..<min(radius, count) { sum += Int(scratch[i]) }
    let half = size / 2
    for i in 0..<count {
      let entering = i + radius
      if entering < count { sum += Int(scratch[entering]) }
      let leaving = i - radius - 1
      if leaving >= 0 { sum -= Int(scratch[leaving]) }
      values[start + i * step] = UInt8((sum + half) / size)
    }
  }
}
