/// Pixels that later drawing paints over completely — opaque paint at full
/// coverage, with no clip — so whatever is drawn there before never shows: the
/// drawing calls that take one skip those pixels, and the result is the same bytes.
///
/// Built from rectangles (``RoundedRect/coveredPixels``); kept as bands of rows in
/// which the same columns are covered, so a span asks one band.
public struct Occlusion: Sendable {
  /// Rows `top..<bottom`, and where their covered columns are in ``columns``:
  /// `columns[first..<end]`, sorted, disjoint, half-open intervals that do not touch.
  /// Plain integers, so finding a row's columns, which every span does, copies no
  /// array and counts no references.
  struct Band {
    let top: Int
    let bottom: Int
    let first: Int
    let end: Int
  }

  /// Sorted by row, disjoint; only bands that cover something.
  let bands: [Band]
  /// The covered columns of every band, one band after another.
  let columns: [Range<Int>]

  /// The union of `rectangles` (empty ones are ignored).
  public init(_ rectangles: [PixelRect]) {
    let rects = rectangles.filter { !$0.isEmpty }
    // Every command builds one of these, so the arrays are made once, not once a band.
    var rows: [Int] = []
    rows.reserveCapacity(rects.count * 2)
    for r in rects {
      rows.append(r.y)
      rows.append(r.bottom)
    }
    rows.sort()
    var unique = 0
    for i in rows.indices where unique == 0 || rows[unique - 1] != rows[i] {
      rows[unique] = rows[i]
      unique += 1
    }
    rows.removeLast(rows.count - unique)
    var bands: [Band] = []
    var columns: [Range<Int>] = []
    var spans: [Range<Int>] = []
    var merged: [Range<Int>] = []
    for (top, bottom) in zip(rows, rows.dropFirst()) {
      spans.removeAll(keepingCapacity: true)
      for r in rects where r.y <= top && r.bottom >= bottom { spans.append(r.x..<r.right) }
      spans.sort { $0.lowerBound < $1.lowerBound }
      merged.removeAll(keepingCapacity: true)
      for span in spans {
        if let last = merged.last, span.lowerBound <= last.upperBound {
          merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
        } else {
          merged.append(span)
        }
      }
      guard !merged.isEmpty else { continue }
      if let last = bands.last, last.bottom == top, columns[last.first..<last.end].elementsEqual(merged) {
        bands[bands.count - 1] = Band(top: last.top, bottom: bottom, first: last.first, end: last.end)
      } else {
        bands.append(Band(top: top, bottom: bottom, first: columns.count, end: columns.count + merged.count))
        columns.append(contentsOf: merged)
      }
    }
    self.bands = bands
    self.columns = columns
  }

  /// Whether nothing is covered.
  public var isEmpty: Bool { bands.isEmpty }

  /// The index of the first band that ends below row `y` (`bands.count` when none does).
  @inline(__always)
  private func firstBand(endingBelow y: Int) -> Int {
    var low = 0, high = bands.count
    while low < high {
      let middle = (low + high) / 2
      if bands[middle].bottom <= y { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Where the covered columns of row `y` are in ``columns`` (empty when none are).
  @inline(__always)
  private func coveredRange(row y: Int) -> Range<Int> {
    guard let first = bands.first, let last = bands.last, y >= first.top, y < last.bottom else { return 0..<0 }
    let index = firstBand(endingBelow: y)
    guard index < bands.count, bands[index].top <= y else { return 0..<0 }
    return bands[index].first..<bands[index].end
  }

  /// The covered columns of row `y`, sorted and disjoint (empty when none are).
  func coveredColumns(row y: Int) -> ArraySlice<Range<Int>> { columns[coveredRange(row: y)] }

  /// Calls `body(top, bottom, covered)` for the rows `0..<height` in runs that share
  /// their covered columns, top to bottom: `covered` indexes ``columns`` (empty for
  /// rows nothing covers).
  func forEachBand(rows height: Int, _ body: (Int, Int, Range<Int>) -> Void) {
    forEachBand(rows: 0..<height, body)
  }

  /// The same for the rows `rows`: one band is found by a search, the next ones
  /// follow it.
  @inline(__always)
  func forEachBand(rows: Range<Int>, _ body: (Int, Int, Range<Int>) -> Void) {
    var y = rows.lowerBound
    var index = firstBand(endingBelow: y)
    while y < rows.upperBound {
      guard index < bands.count, bands[index].top < rows.upperBound else {
        body(y, rows.upperBound, 0..<0)
        return
      }
      let band = bands[index]
      if y < band.top {
        body(y, band.top, 0..<0)
        y = band.top
      }
      let end = min(band.bottom, rows.upperBound)
      body(y, end, band.first..<band.end)
      y = end
      index += 1
    }
  }

  /// Calls `body(start, end)` for each run of columns `x0..<x1` of row `y` that is
  /// not covered, left to right.
  @inline(__always)
  func forEachVisible(row y: Int, from x0: Int, to x1: Int, _ body: (Int, Int) -> Void) {
    forEachVisible(covered: coveredRange(row: y), from: x0, to: x1, body)
  }

  /// The same for a row whose covered columns are `columns[covered]` (a band's,
  /// from ``forEachBand(rows:_:)``).
  @inline(__always)
  func forEachVisible(covered: Range<Int>, from x0: Int, to x1: Int, _ body: (Int, Int) -> Void) {
    var start = x0
    for index in covered {
      let covered = columns[index]
      if covered.upperBound <= start { continue }
      if covered.lowerBound >= x1 { break }
      if covered.lowerBound > start { body(start, covered.lowerBound) }
      start = covered.upperBound
      if start >= x1 { return }
    }
    if start < x1 { body(start, x1) }
  }
}
