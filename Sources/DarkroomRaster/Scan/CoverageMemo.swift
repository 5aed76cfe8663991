/// The coverage of shapes already rasterized, kept so a shape drawn again gets its
/// spans without a second scan.
///
/// A screen repeats its shapes: twelve cells of a list have twelve identical cards,
/// each with the same button, and every mode of a layout draws the same geometry in
/// other colours. Coverage is a pure function of a shape's edges relative to the
/// pixel window they are scanned in (``CoverageRasterizer``: the window's size, the
/// edges' end points measured from its corner, the fill rule), so the key is exactly
/// that — the bit patterns of every end point, not a rounded or hashed summary — and
/// a hit gives the spans a scan would give, bit for bit, moved to where the window
/// is. Two cards at other heights on a screen hit only when their end points, once
/// the window's corner is subtracted, have the same bits; when floating-point
/// rounding differs with position, they miss and are scanned, as without the memo.
///
/// A shape can also be named by what its outline is made from (``ShapeName``): a
/// card's frame and corners, an icon and its frame. The name leads to the entry of
/// its edges, so a shape drawn again is replayed without its outline being made,
/// flattened and turned into a key first.
public struct CoverageMemo: Sendable {
  private let shapes: BoundedCache<Key, RecordedCoverage>
  private let names: BoundedCache<Key, Named>

  /// A memo keeping up to `budget` bytes of spans, and names of shapes within an
  /// eighth of that.
  public init(budget: Int) {
    shapes = BoundedCache(budget: budget)
    names = BoundedCache(budget: budget / 8)
  }

  /// The most bytes of spans kept (names of shapes take up to an eighth more).
  public var budget: Int { shapes.budget }

  /// How many shapes are kept now.
  public var count: Int { shapes.count }

  /// The spans recorded for `key`, if any.
  func coverage(for key: Key) -> RecordedCoverage? { shapes.value(for: key) }

  /// The most bytes one shape's spans may take to be kept: an eighth of the budget.
  var largestEntry: Int { shapes.budget / 8 }

  /// Keeps the spans a scan gave for `key`, counted at the memory their arrays
  /// hold; false when they take more than ``largestEntry`` and are not kept.
  @discardableResult
  func keep(_ coverage: RecordedCoverage, for key: Key) -> Bool {
    let cost = 64 + key.words.capacity * 8 + coverage.cost
    guard cost <= largestEntry else { return false }
    shapes.insert(coverage, for: key, cost: cost)
    return true
  }

  /// What a named shape is: the key of its edges (nil when none crosses a row) and
  /// the pixels it reaches, `left..<right` × `top..<bottom` from the origin it is
  /// drawn from.
  struct Named: Sendable {
    let shape: Key?
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
  }

  /// The shape kept for a name's key (``Key/init(name:rule:repeatsRows:)``).
  func named(_ key: Key) -> Named? { names.value(for: key) }

  /// Keeps what the shape named by `key` is.
  func name(_ named: Named, for key: Key) {
    names.insert(named, for: key, cost: 64 + key.words.capacity * 8 + (named.shape?.words.capacity ?? 0) * 8)
  }

  /// A shape as the scan sees it: the window's size, the fill rule, whether rows are
  /// repeated, and the end points of its edges from the window's corner.
  struct Key: Hashable, Sendable {
    let width: Int
    let height: Int
    let rule: FillRule
    let repeatsRows: Bool
    /// Four bit patterns an edge: from x, from y, to x, to y.
    let words: [UInt64]
    /// A digest of everything above, so a lookup hashes one word; equality still
    /// compares every word.
    private let digest: UInt64

    init(width: Int, height: Int, rule: FillRule, repeatsRows: Bool, words: [UInt64]) {
      self.width = width
      self.height = height
      self.rule = rule
      self.repeatsRows = repeatsRows
      self.words = words
      var h = UInt64(truncatingIfNeeded: width) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: height)
      h ^= rule == .nonZero ? 0x5555 : 0xAAAA
      h ^= repeatsRows ? 1 : 0
      for word in words {
        h = (h ^ word) &* 0x0000_0100_0000_01B3
        h ^= h >> 29
      }
      digest = h
    }

    /// A named shape's key. Its size is -1 × -1, which no window of edges has.
    init(name: ShapeName, rule: FillRule, repeatsRows: Bool) {
      self.init(width: -1, height: -1, rule: rule, repeatsRows: repeatsRows, words: name.words)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (a: Key, b: Key) -> Bool {
      a.digest == b.digest && a.width == b.width && a.height == b.height && a.rule == b.rule
        && a.repeatsRows == b.repeatsRows && a.words == b.words
    }
  }
}

/// The spans one scan gave, relative to its window's top-left corner: runs of rows
/// with the same spans, top to bottom, as ``CoverageRasterizer`` hands them on.
struct RecordedCoverage: Sendable {
  /// A run of rows `top..<bottom` (from the window's top) whose spans are
  /// `spans[firstSpan..<endSpan]`.
  struct Run: Sendable {
    var top: Int32
    var bottom: Int32
    var firstSpan: Int32
    var endSpan: Int32
  }

  private(set) var runs: [Run] = []
  /// Columns from the window's left.
  private(set) var spans: [CoverageRasterizer.Span] = []

  /// Bytes held, growth room included.
  var cost: Int {
    runs.capacity * MemoryLayout<Run>.stride + spans.capacity * MemoryLayout<CoverageRasterizer.Span>.stride
  }

  /// Adds the run of rows `top..<bottom` handed on by a scan of a window whose
  /// corner is (`left`, `windowTop`).
  mutating func record(
    top: Int, bottom: Int, spans runSpans: UnsafeBufferPointer<CoverageRasterizer.Span>, left: Int, windowTop: Int
  ) {
    let first = spans.count
    for s in runSpans { spans.append(CoverageRasterizer.Span(x0: s.x0 - left, x1: s.x1 - left, coverage: s.coverage)) }
    runs.append(
      Run(
        top: Int32(top - windowTop), bottom: Int32(bottom - windowTop), firstSpan: Int32(first),
        endSpan: Int32(spans.count)))
  }

  /// Hands on every run as the scan did, for a window whose corner is (`left`, `top`).
  func replay(
    left: Int, top: Int, rows: (_ top: Int, _ bottom: Int, _ spans: UnsafeBufferPointer<CoverageRasterizer.Span>) -> Void
  ) {
    let widest = runs.lazy.map { Int($0.endSpan - $0.firstSpan) }.max() ?? 0
    withUnsafeTemporaryAllocation(of: CoverageRasterizer.Span.self, capacity: widest) { moved in
      spans.withUnsafeBufferPointer { spans in
        for run in runs {
          var count = 0
          for i in Int(run.firstSpan)..<Int(run.endSpan) {
            let s = spans[i]
            moved.initializeElement(
              at: count, to: CoverageRasterizer.Span(x0: s.x0 + left, x1: s.x1 + left, coverage: s.coverage))
            count += 1
          }
          rows(top + Int(run.top), top + Int(run.bottom), UnsafeBufferPointer(rebasing: moved[0..<count]))
        }
      }
    }
  }
}

/// A shape named by everything its outline is made from, to the bit: what kind of
/// outline (a number its maker chooses, one for each way of making one) and the
/// values it is made from. Two shapes with the same name must have the same outline
/// — the maker's promise — so a name can stand for the outline's edges in
/// ``CoverageMemo``.
public struct ShapeName: Sendable, Hashable {
  /// The ways outlines are made, each its own kind of name.
  public enum Kind: UInt64, Sendable {
    /// A rectangle's four sides (``Path/addRect(_:)``).
    case rectangle = 1
    /// A rounded rectangle (``Path/addRoundedRect(_:reversed:)``).
    case roundedRect
    /// A rounded rectangle less the same inset by a width: a border.
    case ring
    /// The dashed stroke, with butt caps and mitred joins, of a rounded rectangle
    /// inset by half its width.
    case dashedRing
    /// An icon's outline in a frame (``Icon/outline(in:lineWidth:)``).
    case icon
    /// A straight line's stroke with round caps.
    case line
  }

  let words: [UInt64]

  /// The bytes a name holds, for a memo's budget.
  public var cost: Int { words.capacity * 8 }

  /// The outline of kind `kind` made from `values` (their bit patterns: 0 and -0
  /// are two names).
  public init(_ kind: Kind, _ values: [Double]) {
    words = [kind.rawValue] + values.map(\.bitPattern)
  }

  /// The outline of kind `kind` made from `shape` and `values`.
  public init(_ kind: Kind, _ shape: RoundedRect, _ values: [Double] = []) {
    let r = shape.rect, radii = shape.radii
    self.init(
      kind,
      [r.x, r.y, r.width, r.height, radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft,
       shape.curve == .continuous ? 1 : 0] + values)
  }
}
