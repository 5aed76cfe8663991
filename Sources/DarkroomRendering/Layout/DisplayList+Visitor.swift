import DarkroomFoundation
import DarkroomRaster

/// Something that reads a display list command by command: painting it, bounding
/// it, hashing it, summarising it, printing it.
///
/// Every walk over a display list goes through ``DisplayList/Command/accept(_:at:)``,
/// the one `switch` over commands, so a new kind of command is a compile error in
/// every visitor until each says what it does with it — there is no default case.
/// A group's children and a nested screen (a store page's device screen) are each
/// one method: a visitor chooses, in ``group(clip:opacity:commands:at:)`` and
/// ``snapshot(_:frame:at:)``, whether to descend (``descend(into:)``) or to take it
/// as one frame — the choice is written where the visitor is, never left to a
/// default.
package protocol DisplayListVisitor {
  /// What a visit can fail with (`Never` for most).
  associatedtype Failure: Error = Never

  mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) throws(Failure)
  mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) throws(Failure)
  mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) throws(Failure)
  mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) throws(Failure)
  mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) throws(Failure)
  mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) throws(Failure)
  mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) throws(Failure)
  mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) throws(Failure)
  mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) throws(Failure)
  /// Commands drawn together, through `clip` and at `opacity`.
  mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) throws(Failure)
  /// Another display list drawn into `frame` (a device's screen on a store page).
  mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) throws(Failure)
}

extension DisplayListVisitor {
  /// Visits `commands` in drawing order, each with its index among them.
  package mutating func descend(into commands: [DisplayList.Command]) throws(Failure) {
    for (index, command) in commands.enumerated() { try command.accept(&self, at: index) }
  }
}

extension DisplayList.Command {
  /// Hands the command to the visitor's method for its kind: the one switch over
  /// commands.
  func accept<V: DisplayListVisitor>(_ visitor: inout V, at index: Int) throws(V.Failure) {
    switch self {
    case .fill(let shape, let paint): try visitor.fill(shape, paint: paint, at: index)
    case .border(let shape, let width, let dashes, let color):
      try visitor.border(shape, width: width, dashes: dashes, color: color, at: index)
    case .text(let line, let origin, let color): try visitor.text(line, origin: origin, color: color, at: index)
    case .shadow(let shape, let shadow): try visitor.shadow(shape, shadow, at: index)
    case .icon(let icon, let frame, let lineWidth, let color):
      try visitor.icon(icon, frame: frame, lineWidth: lineWidth, color: color, at: index)
    case .symbol(let symbol, let frame, let color): try visitor.symbol(symbol, frame: frame, color: color, at: index)
    case .line(let from, let to, let width, let color): try visitor.line(from: from, to: to, width: width, color: color, at: index)
    case .image(let image, let frame): try visitor.image(image, frame: frame, at: index)
    case .backdropBlur(let shape, let sigma): try visitor.backdropBlur(shape, sigma: sigma, at: index)
    case .group(let clip, let opacity, let commands): try visitor.group(clip: clip, opacity: opacity, commands: commands, at: index)
    case .snapshot(let list, let frame): try visitor.snapshot(list, frame: frame, at: index)
    }
  }
}

extension DisplayList.Command {
  /// A group's commands; nil for every other command.
  var groupChildren: [DisplayList.Command]? {
    var finder = GroupChildren()
    accept(&finder, at: 0)
    return finder.children
  }
}

/// Reads a group's commands, and nothing else.
private struct GroupChildren: DisplayListVisitor {
  var children: [DisplayList.Command]?

  mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
    children = commands
  }
  mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {}
  mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {}
  mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {}
  mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {}
  mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {}
  mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {}
  mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {}
  mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {}
  mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {}
  mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {}
}
