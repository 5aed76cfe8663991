extension AlphaMask {
  /// A shadow's mask: the coverage of `path` blurred by σ, rasterized over the
  /// canvas grown by the blur's reach, so the part of a shape just outside the canvas
  /// still blurs into it.
  public init(blurring path: Path, sigma: Double, width canvasWidth: Int, height canvasHeight: Int) {
    self = AlphaMask(shadowShape: path, sigma: sigma, width: canvasWidth, height: canvasHeight).blurred(sigma: sigma)
  }

  /// The unblurred coverage a shadow of `path` starts from: the path rasterized over
  /// the canvas grown by the reach of a blur of σ. Its blur is `blurred(sigma:)`,
  /// which depends on nothing but these values and σ, so equal shapes (a card's
  /// shadow in every mode) may share one blur.
  public init(shadowShape path: Path, sigma: Double, width canvasWidth: Int, height canvasHeight: Int) {
    let blurs = sigma >= 0.5 && sigma.isFinite
    let reach = blurs ? Self.boxSizes(sigma: min(sigma, 500)).reduce(0) { $0 + $1 / 2 } : 0
    self.init(
      path.flattened(), rule: .nonZero, clipLeft: -reach, clipTop: -reach, clipRight: canvasWidth + reach,
      clipBottom: canvasHeight + reach)
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
    let w = grown.width, h = grown.height
    grown.values.withUnsafeMutableBufferPointer { target in
      values.withUnsafeBufferPointer { source in
        guard let to = target.baseAddress, let from = source.baseAddress else { return }
        for row in 0..<height {
          (to + (row + margin) * w + margin).update(from: from + row * width, count: width)
        }
      }
    }
    grown.values.withUnsafeMutableBufferPointer { values in
      Self.boxBlur(values, width: w, height: h, channels: 1, boxes: boxes)
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

  /// Division by a box's width as a multiplication: `(sum + size / 2) / size`,
  /// exactly. With m = ⌈2⁴⁰ / size⌉ the product n·m / 2⁴⁰ exceeds n / size by less
  /// than n·size / (size·2⁴⁰), too little to reach the next integer while
  /// n·size < 2⁴⁰; n is at most 256·size and size at most ~2,000 (σ ≤ 500).
  ///
  /// Four sums at once go through float lanes instead: x86-64's baseline (SSE2)
  /// has no 64-bit lane multiply, so the integer form runs a sum at a time. For
  /// n = sum + size / 2 (an integer below 2²³, so a float holds it exactly),
  /// ⌊n / size⌋ = ⌊(n + ½) / size⌋, and (n + ½) / size lies at least ½ / size ≥ 2⁻¹³
  /// from every integer; the float product (n + ½) · (1 / size) is at most 256
  /// and off by at most two roundings of 2⁻²⁴ relative, under 2⁻¹⁵, so rounding
  /// it less ½ to the nearest integer gives the same quotient. Conversions go
  /// through the bits (a float of exponent 2²³ holds an integer in its low bits),
  /// which SSE2 does in lanes where Swift's generic conversions go a lane at a
  /// time. (Checked once for every sum of every odd width up to 4001, four times the
  /// widest box; `BoxAverageTests` checks the narrow widths whole.)
  struct BoxAverage {
    let size: Int
    let radius: Int
    let multiplier: UInt64
    let reciprocal: Float

    init(size: Int) {
      self.size = size
      radius = size / 2
      multiplier = (UInt64(1) << 40) / UInt64(size) + 1
      reciprocal = Float(1 / Double(size))
    }

    @inline(__always)
    func callAsFunction(_ sum: UInt32) -> UInt8 {
      UInt8(truncatingIfNeeded: (UInt64(sum &+ UInt32(radius)) &* multiplier) >> 40)
    }

    /// The average of each of four sums (each at most 255 · size), as the one-sum
    /// form gives it.
    ///
    /// Written lane by lane: the same float arithmetic in each lane, as fast in a
    /// release build (the showcase's render, the same bytes) and run by a debug build
    /// (the tests') without the standard library's generic vector calls.
    @inline(__always)
    func callAsFunction(_ sums: SIMD4<UInt32>) -> SIMD4<UInt32> {
      var result = SIMD4<UInt32>()
      let half = UInt32(truncatingIfNeeded: radius)
      for lane in 0..<4 {
        // 2²³ as a float's bits: adding an integer below 2²³ to its mantissa makes
        // the float 2²³ + n.
        let n = Float(bitPattern: (sums[lane] &+ half) | 0x4B00_0000) - 8_388_608
        // 1.5 · 2²³: sums between −2²² and 2²² round to integers in its low bits.
        let rounded = ((n + 0.5) * reciprocal - 0.5) + 12_582_912
        result[lane] = rounded.bitPattern &- 0x4B40_0000
      }
      return result
    }
  }

  /// Three box blurs (of `boxes`' widths) of an image of `channels` interleaved
  /// channels, in place: each channel blurred on its own, along every row and then
  /// down every column, values beyond the edges read as zero.
  ///
  /// A pixel's result depends only on the pixels within the sum of the boxes' radii
  /// of it — each pass reads no further than its own radius — so a caller that needs
  /// the blur of a region (a backdrop) passes that region grown by the reach, and
  /// the results inside it are those of a blur of the whole plane.
  ///
  /// Such a caller wants only the values at least `inset` pixels from every edge
  /// (the reach), and each pass then makes what the passes after it read: the wanted
  /// rectangle grown by their radii (the four-channel row pass and the column pass
  /// make no more). Those values are each the same as the whole plane's; the others
  /// are left unspecified. Default: every value is wanted.
  static func boxBlur(
    _ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, channels: Int, boxes: [Int],
    wantedInset inset: Int = 0
  ) {
    guard width > 0, height > 0 else { return }
    let radii = boxes.map { $0 > 1 ? $0 / 2 : 0 }
    var lines = [UInt8](repeating: 0, count: width * height * channels)
    var sums = [UInt32](repeating: 0, count: width * channels)
    lines.withUnsafeMutableBufferPointer { lines in
      sums.withUnsafeMutableBufferPointer { sums in
        for (index, size) in boxes.enumerated() where size > 1 {
          let average = BoxAverage(size: size)
          // What the passes after this box's read, beyond the wanted rectangle.
          let after = radii[(index + 1)...].reduce(0, +)
          let columns = Self.wanted(width, margin: inset - after)
          // The row pass: every row the column passes from this one on read.
          for row in Self.wanted(height, margin: inset - after - radii[index]) {
            let start = row * width * channels
            if channels == 4 {
              boxRowOfPixels(values, start: start, count: width, wanted: columns, average: average, scratch: lines)
            } else {
              for channel in 0..<channels {
                boxRow(values, start: start + channel, count: width, stride: channels, average: average, scratch: lines)
              }
            }
          }
          boxColumns(
            values, width: width * channels, height: height,
            wanted: (columns.lowerBound * channels)..<(columns.upperBound * channels),
            rows: Self.wanted(height, margin: inset - after), average: average, copy: lines, sums: sums)
        }
      }
    }
  }

  /// The indices of `count` at least `margin` from both ends (all of them for a
  /// margin of 0 or less; callers keep the margin under half the count).
  private static func wanted(_ count: Int, margin: Int) -> Range<Int> {
    let margin = min(max(0, margin), count / 2)
    return margin..<(count - margin)
  }

  /// A centred moving average of odd width along one row of a channel (`count`
  /// values `stride` apart from `start`), treating values beyond the ends as zero.
  private static func boxRow(
    _ values: UnsafeMutableBufferPointer<UInt8>, start: Int, count: Int, stride: Int, average: BoxAverage,
    scratch: UnsafeMutableBufferPointer<UInt8>
  ) {
    let radius = average.radius
    for i in 0..<count { scratch[i] = values[start + i * stride] }
    var sum: UInt32 = 0
    for i in 0..<min(radius, count) { sum &+= UInt32(scratch[i]) }
    for i in 0..<count {
      let entering = i + radius
      if entering < count { sum &+= UInt32(scratch[entering]) }
      let leaving = i - radius - 1
      if leaving >= 0 { sum &-= UInt32(scratch[leaving]) }
      values[start + i * stride] = average(sum)
    }
  }

  /// ``boxRow(_:start:count:stride:average:scratch:)`` for the four channels of
  /// `count` RGBA pixels at once, a lane each, making the pixels `wanted` only. A
  /// pixel is read and written as one 4-byte vector, not four bytes (a backdrop's
  /// row pass read eight bytes and wrote four one at a time), and the loop runs in
  /// three parts — the window growing, sliding and shrinking — so its turns have no
  /// tests of the row's ends.
  private static func boxRowOfPixels(
    _ values: UnsafeMutableBufferPointer<UInt8>, start: Int, count: Int, wanted: Range<Int>, average: BoxAverage,
    scratch: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard let from = values.baseAddress, let copy = scratch.baseAddress, !wanted.isEmpty else { return }
    let radius = average.radius
    // The pixels the wanted ones' windows hold, and the one before them, which the
    // running sum starts with and drops before the first wanted pixel.
    let read = max(0, wanted.lowerBound - radius - 1)..<min(count, wanted.upperBound + radius)
    (copy + read.lowerBound * 4).update(from: from + start + read.lowerBound * 4, count: read.count * 4)
    let source = UnsafeRawPointer(copy), target = UnsafeMutableRawPointer(from + start)
    @inline(__always) func pixel(_ i: Int) -> SIMD4<UInt32> { PixelLanes.widened(source, at: i &* 4) }
    @inline(__always) func store(_ sum: SIMD4<UInt32>, at i: Int) {
      target.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: average(sum)), toByteOffset: i &* 4, as: SIMD4<UInt8>.self)
    }
    // Pixel i's window is i - radius ... i + radius, cut to the row; the sum starts
    // as the window of the pixel before the first wanted one.
    var sum = SIMD4<UInt32>(repeating: 0)
    for j in max(0, wanted.lowerBound - radius - 1)..<min(wanted.lowerBound + radius, count) { sum &+= pixel(j) }
    let end = wanted.upperBound
    var i = wanted.lowerBound
    while i < end && i &- radius &- 1 < 0 {
      if i &+ radius < count { sum &+= pixel(i &+ radius) }
      store(sum, at: i)
      i &+= 1
    }
    while i < end && i &+ radius < count {
      sum &+= pixel(i &+ radius)
      sum &-= pixel(i &- radius &- 1)
      store(sum, at: i)
      i &+= 1
    }
    while i < end {
      sum &-= pixel(i &- radius &- 1)
      store(sum, at: i)
      i &+= 1
    }
  }

  /// The same moving average down every column at once, row by row, so memory is
  /// read in order: one running sum per column, from a copy of the values. Only
  /// the `wanted` columns of the `rows` wanted are made.
  ///
  /// Sixteen columns a turn: their bytes are read as four 32-bit words, and the
  /// byte at each of a word's four places is a lane of its own sum vector (columns
  /// 4j + k of the group in lane j of sum k), so the running sums, the averages and
  /// the packing of the results back into bytes are all lane arithmetic, which
  /// x86-64's baseline does four lanes at a time where widening bytes one column
  /// at a time did not vectorize. (Results are stored at the byte places their
  /// values were read from, so the columns match whatever the byte order.) Columns
  /// past the last group of sixteen are summed one at a time.
  private static func boxColumns(
    _ values: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, wanted: Range<Int>, rows: Range<Int>,
    average: BoxAverage, copy: UnsafeMutableBufferPointer<UInt8>, sums: UnsafeMutableBufferPointer<UInt32>
  ) {
    typealias Words = SIMD4<UInt32>
    let radius = average.radius
    guard let from = values.baseAddress, let to = copy.baseAddress, let running = sums.baseAddress,
      !wanted.isEmpty, !rows.isEmpty
    else { return }
    // The rows the wanted ones' windows hold, and the one before them (as in the
    // row pass), whole.
    let read = max(0, rows.lowerBound - radius - 1)..<min(height, rows.upperBound + radius)
    (to + read.lowerBound * width).update(from: from + read.lowerBound * width, count: read.count * width)
    for column in wanted { sums[column] = 0 }
    let grouped = wanted.lowerBound + wanted.count / 16 * 16
    @inline(__always) func words(row: Int, column: Int) -> Words {
      UnsafeRawPointer(to + row * width + column).loadUnaligned(as: Words.self)
    }
    @inline(__always) func sum(_ index: Int) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(running + index) }
    // Row `entering` joins every column's sum and row `leaving` leaves it (either
    // may be absent); then row `output`, when given, gets the averages.
    @inline(__always) func move(entering: Int?, leaving: Int?, output: Int?) {
      var group = wanted.lowerBound
      while group < grouped {
        let joining = entering.map { words(row: $0, column: group) } ?? Words()
        let parting = leaving.map { words(row: $0, column: group) } ?? Words()
        var averaged = Words()
        for place in 0..<4 {
          let shift = UInt32(8 * place)
          let lanes = sum(group + 4 * place)
          var total = lanes.loadUnaligned(as: Words.self)
          // Lane by lane: the same wrapping arithmetic, without a generic vector
          // call per shift and mask in a debug build (the tests').
          for lane in 0..<4 {
            total[lane] = total[lane] &+ ((joining[lane] &>> shift) & 0xFF) &- ((parting[lane] &>> shift) & 0xFF)
          }
          lanes.storeBytes(of: total, as: Words.self)
          let mean = average(total)
          for lane in 0..<4 { averaged[lane] |= mean[lane] &<< shift }
        }
        if let output {
          UnsafeMutableRawPointer(from + output * width + group).storeBytes(of: averaged, as: Words.self)
        }
        group += 16
      }
      for column in grouped..<wanted.upperBound {
        if let entering { sums[column] &+= UInt32(copy[entering * width + column]) }
        if let leaving { sums[column] &-= UInt32(copy[leaving * width + column]) }
        if let output { values[output * width + column] = average(sums[column]) }
      }
    }
    // The sums start as the window of the row before the first wanted one.
    for row in read.lowerBound..<min(rows.lowerBound + radius, height) { move(entering: row, leaving: nil, output: nil) }
    for row in rows {
      let entering = row + radius, leaving = row - radius - 1
      move(entering: entering < height ? entering : nil, leaving: leaving >= 0 ? leaving : nil, output: row)
    }
  }
}
