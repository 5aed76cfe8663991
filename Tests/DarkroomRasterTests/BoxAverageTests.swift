import Testing

@testable import DarkroomRaster

/// A box blur's average — `(sum + size / 2) / size`, rounded down — computed four
/// sums at a time in float lanes must be the integer quotient: every sum of the
/// narrow widths, the sums where the quotient steps at wide ones, and whole blurs
/// against windows summed afresh (blurs are compared by their bytes).
@Suite("Box averages")
struct BoxAverageTests {
  /// Every sum of `size` values of 0…255 listed by `sums`, four at a time, against
  /// integer division and the one-sum form.
  func check(size: Int, sums: some Sequence<Int>) -> Int {
    let average = AlphaMask.BoxAverage(size: size)
    var batch: [UInt32] = []
    var mismatches = 0
    func flush() {
      while batch.count < 4 { batch.append(batch.last ?? 0) }
      let lanes = average(SIMD4<UInt32>(batch[0], batch[1], batch[2], batch[3]))
      for lane in 0..<4 {
        let expected = (Int(batch[lane]) + size / 2) / size
        if Int(lanes[lane]) != expected || Int(average(batch[lane])) != expected { mismatches += 1 }
      }
      batch.removeAll(keepingCapacity: true)
    }
    for sum in sums {
      batch.append(UInt32(sum))
      if batch.count == 4 { flush() }
    }
    if !batch.isEmpty { flush() }
    return mismatches
  }

  @Test func everySumOfTheNarrowBoxesIsDividedExactly() {
    for size in stride(from: 1, through: 91, by: 2) {
      #expect(check(size: size, sums: 0...(255 * size)) == 0, "size \(size)")
    }
  }

  /// Wider boxes (σ up to 500 gives widths up to 1001): every sum at which the
  /// quotient steps, and the one before it — where a rounding error shows first — and
  /// the largest sums.
  @Test(arguments: [93, 255, 257, 511, 999, 1001])
  func theSumsWhereAWideBoxsQuotientStepsAreDividedExactly(size: Int) {
    // The quotient steps where sum + size / 2 reaches a multiple of the size.
    var steps: [Int] = []
    for multiple in 1...256 {
      let step = multiple * size - size / 2
      steps += [step - 1, step].filter { $0 <= 255 * size }
    }
    #expect(check(size: size, sums: steps) == 0)
    #expect(check(size: size, sums: (255 * size - 4000)...(255 * size)) == 0)
  }

  /// One box pass along rows or columns, summing each window afresh: values beyond
  /// the edges are zero, each average rounded as the blur rounds it.
  func reference(
    _ values: [UInt8], width: Int, height: Int, channels: Int, size: Int, alongRows: Bool
  ) -> [UInt8] {
    var out = values
    let radius = size / 2
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<channels {
          var sum = 0
          for offset in -radius...radius {
            let (sx, sy) = alongRows ? (x + offset, y) : (x, y + offset)
            guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
            sum += Int(values[(sy * width + sx) * channels + channel])
          }
          out[(y * width + x) * channels + channel] = UInt8((sum + radius) / size)
        }
      }
    }
    return out
  }

  /// Widths on both sides of the sixteen-column groups the column pass sums in
  /// lanes, with one channel (shadows) and four (backdrops), and heights below a
  /// box's radius (every window runs past both ends).
  @Test(arguments: [(1, 37, 29), (4, 9, 29), (1, 16, 29), (4, 21, 29), (1, 3, 29), (1, 40, 3), (4, 20, 2)])
  func aBoxBlurIsEachWindowsSumDivided(channels: Int, width: Int, height: Int) {
    var generator = SplitMix(seed: UInt64(channels * 1000 + width * 10 + height))
    let image = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let boxes = [7, 5, 9]
    var expected = image
    for size in boxes {
      expected = reference(expected, width: width, height: height, channels: channels, size: size, alongRows: true)
      expected = reference(expected, width: width, height: height, channels: channels, size: size, alongRows: false)
    }
    var blurred = image
    blurred.withUnsafeMutableBufferPointer {
      AlphaMask.boxBlur($0, width: width, height: height, channels: channels, boxes: boxes)
    }
    #expect(blurred == expected)
  }

  /// A backdrop wants only the values its reach inside the region: each pass then
  /// makes only what later passes read, and the wanted values are still the whole
  /// blur's. Widths on both sides of a sixteen-column group, a box of one width
  /// (no pass), and a wanted inside of three pixels.
  @Test(arguments: [
    (4, 45, 37, [7, 5, 9]), (4, 31, 26, [9, 9, 7]), (1, 53, 30, [7, 5, 9]), (4, 40, 20, [1, 7, 3]),
    (4, 27, 27, [9, 9, 9]),
  ])
  func aBlurOfTheWantedInsideIsTheWholeBlurThere(channels: Int, width: Int, height: Int, boxes: [Int]) {
    var generator = SplitMix(seed: UInt64(channels * 1000 + width * 10 + height))
    let image = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    var whole = image, inside = image
    whole.withUnsafeMutableBufferPointer {
      AlphaMask.boxBlur($0, width: width, height: height, channels: channels, boxes: boxes)
    }
    let reach = boxes.reduce(0) { $0 + $1 / 2 }
    inside.withUnsafeMutableBufferPointer {
      AlphaMask.boxBlur($0, width: width, height: height, channels: channels, boxes: boxes, wantedInset: reach)
    }
    var differing = 0
    for y in reach..<(height - reach) {
      let row = (y * width + reach) * channels..<(y * width + width - reach) * channels
      differing += zip(whole[row], inside[row]).filter { $0 != $1 }.count
    }
    #expect(differing == 0)
    // Something outside was left unblurred, or the test would not show that less was made.
    #expect(whole != inside)
  }

  @Test func theWidestBoxesOfTheLargestBlurAreAmongThoseChecked() {
    #expect(Set(AlphaMask.boxSizes(sigma: 500)).isSubset(of: [999, 1001]))
  }
}
