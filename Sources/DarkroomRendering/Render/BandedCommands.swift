import DarkroomRaster

/// A display list prepared to be drawn a band of rows at a time: where to cut it
/// into bands, the rows each command reaches (a band draws only the commands that
/// reach it), and the clip and cover of each group, made in the first band that
/// draws the group and kept for the others while they fit a budget.
///
/// A band draws exactly the pixels the whole canvas has in its rows. Most drawing
/// only needs its own rows; what reads others is never cut: a backdrop blur reads
/// rows around its shape, and a translucent group holding one blurs its own layer's
/// (`BandedCommands.cuts` keeps each in one band). A nested screen is drawn whole
/// wherever it shows, so it is kept in one band too, to be drawn once.
///
/// Used by one drawing on one thread; it is not shared.
final class BandedCommands {
  /// For each command, the canvas rows it can touch (`DisplayBounds`); empty when
  /// it touches none.
  let rows: [Range<Int>]
  /// For each group command, its children's.
  let children: [BandedCommands?]
  /// What the groups' kept clips and covers may take, shared by the whole list.
  private let budget: Budget
  /// Clips and covers made so far, by command.
  private var made: [Int: (clip: AlphaMask?, cover: Occluders)] = [:]

  /// The commands of a list `width` × `height` pixels at `scale`, keeping clips of
  /// up to `budget` bytes in all.
  convenience init(_ commands: [DisplayList.Command], scale: Double, width: Int, height: Int, budget: Int) {
    self.init(commands, scale: scale, canvas: (0, 0, width, height), budget: Budget(bytes: budget))
  }

  private init(_ commands: [DisplayList.Command], scale: Double, canvas: (Int, Int, Int, Int), budget: Budget) {
    rows = commands.map { command in
      DisplayBounds.pixels(of: [command], scale: scale, within: canvas).map { $0.top..<$0.bottom } ?? 0..<0
    }
    children = commands.map { command in
      guard let children = command.groupChildren else { return nil }
      return BandedCommands(children, scale: scale, canvas: canvas, budget: budget)
    }
    self.budget = budget
  }

  /// The clip and cover of group `index`, when made already.
  func kept(_ index: Int) -> (AlphaMask?, Occluders)? { made[index] }

  /// Keeps the clip and cover of group `index` for the next bands, if they fit what
  /// is left of the budget; `madeClip`: the group cut its clip (a group without a
  /// shape holds its parent's, already counted).
  func keep(_ clip: AlphaMask?, _ cover: Occluders, at index: Int, madeClip: Bool) {
    let cost = (madeClip ? clip?.values.count ?? 0 : 0) + cover.footprint
    guard cost <= budget.bytes else { return }
    budget.bytes -= cost
    made[index] = (clip, cover)
  }

  private final class Budget {
    var bytes: Int
    init(bytes: Int) { self.bytes = bytes }
  }

  /// The bands of a list `height` rows tall: `every` rows each, except that a band
  /// grows past that to hold whole what must not be cut (see the type's overview).
  static func cuts(
    of commands: [DisplayList.Command], scale: Double, width: Int, height: Int, every: Int
  ) -> [Range<Int>] {
    var uncut = Uncut(scale: scale, canvas: (0, 0, width, height))
    uncut.descend(into: commands)
    let whole = uncut.whole.sorted { $0.lowerBound < $1.lowerBound }
    var bands: [Range<Int>] = []
    var top = 0
    while top < height {
      var bottom = min(height, top + max(1, every))
      // Sorted by their tops, a span that holds the cut moves it to its end, and no
      // span seen before can hold the new one (it would have held the old).
      for span in whole where span.lowerBound < bottom && bottom < span.upperBound { bottom = span.upperBound }
      bands.append(top..<bottom)
      top = bottom
    }
    return bands
  }

  /// The rows of each command that must be drawn in one band: a backdrop blur's with
  /// its reach, a nested screen's frame (drawn whole, once), a translucent layer
  /// that holds a blur.
  private struct Uncut: DisplayListVisitor {
    let scale: Double
    let canvas: (Int, Int, Int, Int)
    var whole: [Range<Int>] = []

    private func rows(of commands: [DisplayList.Command]) -> Range<Int>? {
      DisplayBounds.pixels(of: commands, scale: scale, within: canvas).map { $0.top..<$0.bottom }
    }

    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {
      guard let r = rows(of: [.backdropBlur(shape, sigma: sigma)]) else { return }
      let reach = PixelBuffer.backdropReach(sigma: sigma * scale)
      whole.append(max(canvas.1, r.lowerBound - reach)..<min(canvas.3, r.upperBound + reach))
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {
      if let r = rows(of: [.snapshot(list, frame: frame)]) { whole.append(r) }
    }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      // A translucent group's layer is a blur's backdrop: the layer is not cut.
      if opacity < 1, commands.contains(where: \.readsBackdrop), let r = rows(of: commands) { whole.append(r) }
      descend(into: commands)
    }
    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {}
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {}
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {}
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {}
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {}
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {}
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {}
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {}
  }
}
